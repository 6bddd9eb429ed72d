"""A former value ranked down for a question about now (``recall.present.rank_former_down``) is lowered
once: a hit already outdated (``recall.outdated.mark_outdated``, which runs first) carries that weight
already, and was multiplied by it a second time; a current former value is lowered as before."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.former import FORMER_KEY
from memstrata.recall.present import rank_former_down
from memstrata.types import Fact, Hit, Scope

SCOPE = Scope(user_id="u")
AT = datetime(2026, 12, 6, tzinfo=UTC)


def _former(superseded: bool) -> Hit:
    fact = Fact(id=1, scope=SCOPE, kind="fact", key=FORMER_KEY, value="London", tag="", confidence=0.9,
                importance=0.5, sensitivity="low", citations=(1,), observed_at=AT, valid_from=None, valid_to=None,
                expires_at=None, status="superseded" if superseded else "active", access_count=0,
                last_accessed_at=None, created_at=AT, subject=None, statement="used to live in London")
    return Hit(kind="fact", id=1, text="used to live in London", matched="used to live in London", score=0.8,
               relevance=0.8, created_at=AT, citations=(1,), scope=SCOPE, fact=fact, superseded=superseded)


@pytest.mark.parametrize(("superseded", "score", "former"), [(False, 0.4, True), (True, 0.8, False)])
def test_a_former_value_is_lowered_once(superseded: bool, score: float, former: bool) -> None:
    hit = _former(superseded)  # an outdated hit's score was lowered by its weight already
    rank_former_down([hit], [], store=None, scope=SCOPE, weight=0.5)  # type: ignore[arg-type]  # no citations: no read
    assert hit.score == pytest.approx(score)
    assert ("former" in hit.signals) is former
