"""A preference said for this once is no standing preference.

"Ship it with UPS this time only", "Just this once, use FedEx", 这次用顺丰就行, 就这一次用京东: the user
asks for one order, one answer, one trip, and means nothing for the next. Such a sentence states no
standing choice (a key of kind ``preference`` in ``extract.taxonomy`` that is no taste: a carrier, a seat, a
channel); what else it says (a like, an allergy, a name, an event) is read as usual.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memstrata.extract.clauses import Finding
from memstrata.extract.taxonomy import key_spec
from memstrata.text.regex import lazy_regex

#: The words that make a request one-off: "this time (only)", "just this once", "only this once", "for this
#: order"; 这次, 这一次, 就这一次, 这一单, 仅此一次 (下次 / 以后 say the opposite and are not here).
ONE_OFF = lazy_regex(r"\b(?:this\s+time\s+only|(?:only|just)\s+this\s+(?:time|once)|this\s+once|"
                     r"for\s+this\s+(?:order|parcel|package|shipment|delivery))\b|"
                     r"(?:这次|这一次|这回|这单|这一单|仅此一次)[^，。！？,]{0,6}?(?:用|寄|发|送|走|选|订|坐)",
                     re.IGNORECASE)


def standing_only(sentence: str, found: Sequence[tuple[Finding, str]]) -> list[tuple[Finding, str]]:
    """``found`` (findings with their language) without its standing preferences when ``sentence`` asks for
    this once (``ONE_OFF``); all of ``found`` otherwise."""
    if not ONE_OFF.search(sentence):
        return list(found)
    return [(f, lang) for f, lang in found if not _is_request(f.key)]


def _is_request(key: str) -> bool:
    """A standing choice one asks for (a carrier, a seat, a channel), not a taste: "This time I loved the food"
    says a like whatever the occasion."""
    if key.endswith((".like", ".dislike")):
        return False
    try:
        return key_spec(key).kind == "preference"
    except KeyError:
        return False
