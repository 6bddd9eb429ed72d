"""A lasting bodily trait of the speaker ("I'm left-handed", 我是左撇子, "I'm colour-blind", "I'm O positive",
我身高180) is a fact about who the user is (``extract.bodily``): a closed list, so an adjective of the moment after
"I'm" ("I'm tired", "I'm late", "I'm left out") stays none, and an occupation ("I'm a nurse") stays the
occupation."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor
from memstrata.extract.taxonomy import key_spec
from memstrata.types import Fact

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.statement) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "expected"), [
    ("I'm left-handed.", ("identity.handedness", "left-handed", "is left-handed")),
    ("我是左撇子。", ("identity.handedness", "左撇子", "是左撇子")),
    ("I'm a lefty", ("identity.handedness", "left-handed", "is left-handed")),
    ("I'm colour-blind", ("identity.color_vision", "colour-blind", "is colour-blind")),
    ("I'm color blind", ("identity.color_vision", "colour-blind", "is colour-blind")),
    ("我是色盲", ("identity.color_vision", "色盲", "是色盲")),
    ("I'm short-sighted", ("identity.eyesight", "nearsighted", "is nearsighted")),
    ("我有点近视", ("identity.eyesight", "近视", "近视")),
    ("I'm O positive", ("identity.blood_type", "O positive", "blood type is O positive")),
    ("I'm type A", ("identity.blood_type", "A", "blood type is A")),
    ("My blood type is O", ("identity.blood_type", "O", "blood type is O")),
    ("我是O型血", ("identity.blood_type", "O型", "血型是O型")),
    ("我的血型是O型", ("identity.blood_type", "O型", "血型是O型")),
    ("I'm 180 cm tall", ("identity.height", "180 cm", "is 180 cm tall")),
    ("My height is 180 cm", ("identity.height", "180 cm", "is 180 cm tall")),
    ("我身高180", ("identity.height", "180", "身高180")),
])
def test_a_bodily_trait_is_who_the_user_is(text: str, expected: tuple[str, str, str]) -> None:
    # before, "I'm left-handed", 我是左撇子, "colour-blind", 色盲, "O positive" and "180 cm tall" stored nothing, and
    # "My blood type is O" / 我的血型是O型 opened keys of their own words (user.blood_type, user.血型)
    assert _read(text) == [expected]


@pytest.mark.parametrize("text", ["I'm tired", "I'm late", "I'm left out", "I'm a", "I'm all right", "我是右边那个"])
def test_a_moment_is_no_trait(text: str) -> None:
    assert not [k for k, _, _ in _read(text) if k.startswith("identity.")]


def test_an_occupation_stays_the_occupation() -> None:
    assert _read("I'm a nurse") == [("identity.occupation", "nurse", "works as nurse")]


def test_the_keys_are_described_in_both_languages() -> None:
    spec = key_spec("identity.handedness")
    assert (spec.cardinality, spec.description_zh) == ("one", "用户是左撇子还是右撇子")


def test_a_trait_in_the_other_language_restates_it_and_a_new_one_supersedes(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add("I'm left-handed.")
        assert [c.action for c in mem.add("我是左撇子。").facts] == ["touch"]
        assert [c.action for c in mem.add("I'm right-handed, actually.").facts] == ["supersede"]
        mem.add("My blood type is O")
        assert [c.action for c in mem.add("I'm type O").facts] == ["touch"]
        assert sorted((f.key, f.value) for f in mem.list() if isinstance(f, Fact)) == [
            ("identity.blood_type", "O"), ("identity.handedness", "right-handed")]
