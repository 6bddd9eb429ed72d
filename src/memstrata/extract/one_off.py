"""A preference said for this once is no standing preference.

"Ship it with UPS this time (only)", "Just for today, ship with DHL", 这次用顺丰就行, 这一单今天先用京东: the user
asks for one order, one answer, one trip, and means nothing for the next. Such a sentence states no
standing choice (a key of kind ``preference`` in ``extract.taxonomy`` that is no taste: a carrier, a seat, a
channel); what else it says (a like, an allergy, a name, an event) is read as usual.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memstrata.extract.clauses import Finding
from memstrata.extract.for_now import STANDING_EN, STANDING_ZH, THIS_TIME_EN, THIS_TIME_ZH, TODAY_EN
from memstrata.extract.taxonomy import key_spec
from memstrata.text.regex import lazy_regex

#: The words that make a request one-off, wherever they stand: "this time (only)", "just this once", "for this
#: order", "this one", "(just) for today", "today", "tonight"; 这次, 这一次, 这回, 这一单, 仅此一次, 今天先 / 今天就
#: (下次 / 以后 say the opposite and are not here; ``_STANDING`` outweighs them). The ``extract.for_now`` words a
#: prohibition reads and this list does not ("tomorrow", "for now", "right now", "yet") leave a choice standing: "Ship
#: it with UPS for now" is the carrier until another is said, while "Don't ship with UPS for now" lifts itself later
#: unsaid. "today" said as a start ("from today on", "starting today") is ``_STANDING``'s.
ONE_OFF = lazy_regex(rf"\b(?:{THIS_TIME_EN}|this\s+one|"
                     r"(?:for\s+)?this\s+(?:order|parcel|package|shipment|delivery|trip|flight|booking)|"
                     rf"(?<!from\s)(?<!starting\s)(?<!as\sof\s)(?<!since\s)(?:{TODAY_EN})(?!\s+on\b))\b|"
                     rf"{THIS_TIME_ZH}|这一单|仅此一次|今天先|今天就|今天暂时|今天临时",
                     re.IGNORECASE)
#: A word that makes the choice standing though a one-off word is said too: "From now on, and this time too, ship
#: with UPS", 以后都用顺丰，这次也是.
_STANDING = lazy_regex(rf"\b(?:{STANDING_EN}|always|every time|from today on|starting today|"
                       r"as of today|next time)\b|" + STANDING_ZH + "|一直|每次|下次",
                       re.IGNORECASE)


#: Where a second statement of the speaker's begins: "I'm flying today and I prefer an aisle seat" limits only the
#: flight to today.
_SECOND_STATEMENT = lazy_regex(r"[;；]|\s*[,，]?\s*\b(?:and|but|so)\s+(?=(?:i|we)\b)|[，,]\s*(?:但是?|不过|而且)(?=我)",
                               re.IGNORECASE)


def standing_only(sentence: str, found: Sequence[tuple[Finding, str]]) -> list[tuple[Finding, str]]:
    """``found`` (findings with their language) without its standing preferences said for this once
    (``ONE_OFF``, in the finding's own statement of ``sentence``, and no ``_STANDING`` word there); all of
    ``found`` otherwise."""
    parts = [p for p in _SECOND_STATEMENT.split(sentence) if p and p.strip()]
    return [(f, lang) for f, lang in found if not (_is_request(f.key) and _one_off(_statement_of(f, parts)))]


def _statement_of(finding: Finding, parts: Sequence[str]) -> str:
    """The part of the sentence that holds ``finding``'s clause (the whole sentence when none alone does)."""
    clause = finding.clause.casefold().strip(" .!。！")
    return next((p for p in parts if clause and clause in p.casefold()), " ".join(parts))


def _one_off(said: str) -> bool:
    """Whether ``said`` limits what it asks for to this once."""
    return ONE_OFF.search(said) is not None and _STANDING.search(said) is None


def _is_request(key: str) -> bool:
    """A standing choice one asks for (a carrier, a seat, a channel), not a taste: "This time I loved the food"
    says a like whatever the occasion, and a budget is one of the occasion it names."""
    if key.endswith((".like", ".dislike")) or key.split(".")[0] == "budget":
        return False  # a budget names its occasion: "My budget for this trip is $2000", 这次酒店预算500
    try:
        return key_spec(key).kind == "preference"
    except KeyError:
        return False
