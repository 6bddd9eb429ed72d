"""``types.assemble`` builds the same frozen values as their constructors (the search's rows and hits
are built with it), and refuses a missing or unknown field as the constructor does."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from memstrata.types import Episode, Fact, Hit, Scope, Segment, assemble

AT = datetime(2026, 3, 1, tzinfo=UTC)
SCOPE = Scope(user_id="ann", session_id="s1")
EPISODE: dict[str, Any] = dict(id=7, scope=SCOPE, role="user", content="我家门口的快递柜坏了。", created_at=AT,
                               sequence_num=3)
FACT: dict[str, Any] = dict(id=2, scope=SCOPE, kind="preference", key="delivery.carrier", value="顺丰", tag="",
                            confidence=0.9, importance=0.7, sensitivity="low", citations=(7,), observed_at=AT,
                            valid_from=None, valid_to=None, expires_at=None, status="active", access_count=0,
                            last_accessed_at=None, created_at=AT, statement="I prefer SF Express")


@pytest.mark.parametrize(("cls", "values"), [
    (Episode, EPISODE),
    (Episode, {**EPISODE, "producer_id": "Ann", "metadata": {"image": "a.jpg"}, "expires_at": AT}),
    (Segment, dict(id=1, episode_id=7, index=0, text="The gate code is 4417.", derivative="Ann: gate code 4417")),
    (Fact, FACT),
    (Hit, dict(kind="episode", id=7, text="x", matched="x", score=0.5, relevance=0.4, created_at=AT, citations=(7,),
               scope=SCOPE, episode=Episode(**EPISODE), signals={"match": 1.0})),
    (Hit, dict(kind="fact", id=2, text="I prefer SF Express", matched="", score=0.5, relevance=0.4, created_at=AT,
               citations=(7,), scope=SCOPE, fact=Fact(**{**FACT, "subject": "Ann"}))),
])
def test_assemble_builds_what_the_constructor_builds(cls: type, values: dict[str, Any]) -> None:
    built, made = assemble(cls, **values), cls(**values)
    assert built == made and type(built) is cls
    assert vars(built) == vars(made)  # defaults, default factories and __post_init__'s fields alike


def test_assemble_gives_each_value_its_own_default_container() -> None:
    one, two = assemble(Episode, **EPISODE), assemble(Episode, **EPISODE)
    assert one.metadata == {} and one.metadata is not two.metadata


@pytest.mark.parametrize("values", [
    {k: v for k, v in EPISODE.items() if k != "content"},  # a field without a default is missing
    {**EPISODE, "colour": "red"},  # no such field
    {**{k: v for k, v in EPISODE.items() if k != "content"}, "colour": "red"},  # both at once
])
def test_assemble_refuses_a_missing_or_unknown_field(values: dict[str, Any]) -> None:
    with pytest.raises(TypeError, match="Episode"):
        assemble(Episode, **values)
