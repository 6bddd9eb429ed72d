"""The value types a search builds by the hundred (episodes, segments, facts, hits) take the same
arguments, defaults and default factories as a plain frozen dataclass, stay frozen, and a hit still
derives who said it; only how ``__init__`` stores the fields differs (``types._fills_own_dict``)."""

from __future__ import annotations

import dataclasses
import inspect
from datetime import UTC, datetime

import pytest

from memstrata.types import Episode, Fact, Hit, Scope, Segment, _fills_own_dict

T = datetime(2026, 12, 5, 9, 0, tzinfo=UTC)
SCOPE = Scope("acme", "app", "u1")


@pytest.mark.parametrize("cls", [Episode, Segment, Fact, Hit])
def test_constructor_takes_the_fields_in_order_with_their_defaults(cls: type) -> None:
    params = list(inspect.signature(cls).parameters.values())
    every = dataclasses.fields(cls)
    assert [p.name for p in params] == [f.name for f in every]
    for p, f in zip(params, every, strict=True):
        if f.default is not dataclasses.MISSING:
            assert p.default == f.default, f.name
        elif f.default_factory is not dataclasses.MISSING:
            assert repr(p.default) == "<factory>", f.name
        else:
            assert p.default is inspect.Parameter.empty, f.name


def test_default_factories_give_each_instance_its_own_value() -> None:
    one, two = Episode(1, SCOPE, "user", "hi", T, 1), Episode(2, SCOPE, "user", "hi", T, 2)
    assert one.metadata == {} and one.metadata is not two.metadata
    given = {"source": "mail"}
    assert Episode(3, SCOPE, "user", "hi", T, 3, metadata=given).metadata is given


def test_instances_stay_frozen_and_compare_by_value() -> None:
    segment = Segment(7, 1, 0, "I prefer UPS.", "i prefer ups")
    with pytest.raises(dataclasses.FrozenInstanceError):
        segment.text = "changed"  # type: ignore[misc]
    assert segment == Segment(7, 1, 0, "I prefer UPS.", "i prefer ups")
    assert hash(segment) == hash(Segment(7, 1, 0, "I prefer UPS.", "i prefer ups"))
    assert dataclasses.replace(segment, index=2) == Segment(7, 1, 2, "I prefer UPS.", "i prefer ups")
    assert repr(segment).startswith("Segment(id=7, episode_id=1, index=0")


def test_hit_still_derives_its_speaker_role_and_subject() -> None:
    said = Episode(1, SCOPE, "user", "我一般用顺丰", T, 1)
    hit = Hit(kind="episode", id=1, text=said.content, matched=said.content, score=0.9, relevance=0.8,
              created_at=T, citations=(1,), scope=SCOPE, episode=said)
    assert (hit.speaker, hit.role, hit.signals) == ("u1", "user", {})
    fact = Fact(5, SCOPE, "preference", "shipping.carrier", "顺丰", "shipping", 0.9, 0.8, "low", (1,), T,
                None, None, None, "active", 0, None, T, subject="alice")
    assert Hit(kind="fact", id=5, text="x", matched="x", score=0.5, relevance=0.5, created_at=T, citations=(1,),
               scope=SCOPE, fact=fact).subject == "alice"


def test_a_field_it_cannot_write_is_refused() -> None:
    @dataclasses.dataclass(frozen=True)
    class Derived:
        a: int
        b: int = dataclasses.field(init=False, default=0)

    with pytest.raises(TypeError, match=r"Derived\.b"):
        _fills_own_dict(Derived)
