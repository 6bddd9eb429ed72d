"""Questions about the present: "where does the user live now?", "what car do I drive currently?",
他现在开什么车？, 用户目前住在哪里？

Such a word says *when* the question asks about, not *what* about: every current memory is of the
present, and almost none says "now". Counted as a term of the question it halved the match evidence of
the answer ("lives in York" held "live" of "live" and "now", 0.50, below ``recall.evidence.MATCH_EVIDENCE``),
so a context block answered "nothing matched the query" while search ranked the York fact first. So
match strength counts a question's terms without them (``without_present``), as it leaves out the
words naming a period the period lists answer (``recall.periods``); full-text search still reads
them. And a question about now is answered by the current value before a former one
(``recall.search``: a memory stating only what used to hold, ``extract.former``'s
``identity.former``, "I used to live in London", ranks as an outdated one does).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from memstrata.extract.former import FORMER_KEY
from memstrata.recall.outdated import retired
from memstrata.text.hanzi import simplified
from memstrata.text.regex import lazy_regex
from memstrata.types import Hit, Scope

if TYPE_CHECKING:
    from memstrata.store.protocol import Store
    from memstrata.store.records import Citation

#: Words and phrases that place a question in the present (English lower case, whole words; Chinese
#: in Simplified characters, matched in the Simplified form of the question): now, currently, 现在
#: (now), 目前 (at present), 当前 (current), 如今 / 现今 (nowadays), 眼下 (at the moment).
PRESENT_EN = (r"right\s+now", r"just\s+now", "now", "nowadays", "currently", "current", "presently",
              r"at\s+present", r"these\s+days", r"at\s+the\s+moment", r"at\s+this\s+point")
PRESENT_ZH = ("现在", "目前", "当前", "如今", "现今", "眼下")

_PRESENT = lazy_regex(r"\b(?:" + "|".join(PRESENT_EN) + r")\b|" + "|".join(PRESENT_ZH), re.IGNORECASE)


def asks_now(query: str) -> bool:
    """Whether ``query`` places its question in the present (``PRESENT_EN``, ``PRESENT_ZH``).

    >>> [asks_now(q) for q in ("where does the user live now?", "他現在開什麼車？", "where do I live?", "known")]
    [True, True, False, False]
    """
    return bool(_PRESENT.search(simplified(query)))


def without_present(query: str) -> str:
    """``query`` with its present-time words blanked (``asks_now``), in Simplified characters where it had
    any; ``query`` itself when it has none.

    >>> without_present("where does the user live now?"), without_present("他现在开什么车？")
    ('where does the user live  ?', '他 开什么车？')
    """
    text, blanked = _PRESENT.subn(" ", simplified(query))
    return text if blanked else query


def is_former_only(hit: Hit, keys: Mapping[int, str], own: Sequence[Citation], as_of: datetime | None = None) -> bool:
    """Whether ``hit`` states only values that used to hold: a fact under ``FORMER_KEY`` ("used to live
    in London before Leeds"), or a message every fact of which is one or was superseded, at least one a
    former value (``keys``: the citing facts' keys by id; ``own``: the message's own citations). A
    message no fact cites, or one stating something current, is not. With ``as_of``, as the system held it
    then (``status_then``): "I live in Leeds now, I used to live in London" stated a current home until York
    replaced Leeds, and a fact recorded later says nothing of it."""
    if hit.kind == "fact":
        return hit.fact is not None and hit.fact.key == FORMER_KEY
    held = [(status, c.fact_id) for c in own if (status := status_then(c, as_of)) is not None]
    former = [status == "active" and keys.get(fact_id) == FORMER_KEY for status, fact_id in held]
    return any(former) and all(f or status == "superseded" for f, (status, _) in zip(former, held, strict=True))


def status_then(cited: Citation, as_of: datetime | None) -> str | None:
    """The status of a citing fact at ``as_of`` (now when ``None``): superseded if it was by then
    (``recall.outdated.retired``), active if it was superseded only later, its status otherwise; ``None`` when it
    was recorded after ``as_of``."""
    gone = retired(cited.status, cited.recorded_at, cited.expired_at, as_of)
    if gone is None:
        return None
    return "superseded" if gone else ("active" if cited.status == "superseded" else cited.status)


def rank_former_down(hits: Sequence[Hit], cited: Sequence[Citation], store: Store, scope: Scope,
                     weight: float, as_of: datetime | None = None) -> None:
    """For a question about now (``asks_now``): multiply by ``weight`` (``Settings.superseded_weight``,
    as an outdated hit's) the score of each of ``hits`` that states only former values
    (``is_former_only``, at ``as_of`` when given, as ``recall.outdated.mark_outdated`` marks them), and mark it
    ``signals["former"]``, so "where does the user live now?" ranks
    "lives in York" before "I used to live in London before Leeds.". A hit already outdated (a former value
    since replaced) is lowered once, not twice. The hit is not outdated: it is
    still true of the past, and shown unlabelled. In place; ``cited`` are the episode hits' citations
    (``Store.citing_facts``), whose keys are read here (one read of the citing facts) and which are
    grouped by message once, not scanned again for each hit."""
    ids = [c.fact_id for c in cited if status_then(c, as_of) == "active" and c.fact_id > 0]
    keys = {i: f.key for i, f in store.get_facts(scope, ids).items()} if ids else {}
    by_episode: dict[int, list[Citation]] = {}
    for c in cited:
        by_episode.setdefault(c.episode_id, []).append(c)
    for hit in hits:
        # an outdated hit (``recall.outdated.mark_outdated``, run first) was lowered by the same weight already
        if not hit.superseded and is_former_only(hit, keys, by_episode.get(hit.id, []), as_of):
            object.__setattr__(hit, "score", hit.score * weight)
            hit.signals["former"] = 1.0
