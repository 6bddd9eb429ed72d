"""Plain standing states of the user, said without a word of change: the car they drive, an aid they wear, a
chronotype, a diet kept for health, a medicine taken, a provider of a service, a habit begun at the new year and a
drink switched to. Each is stored under a key of its own (before: nothing, a bare habit or a thing used), in both
languages; the wordings that only look like them store nothing."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor
from memstrata.types import Fact

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT) if not c.retracts]


@pytest.mark.parametrize(("text", "expected"), [
    ("I drive a Tesla Model 3.", ("user.car", "Tesla Model 3")),  # the key of "The car I drive is a Tesla"
    ("I drive an SUV.", ("user.car", "SUV")),
    ("我开特斯拉。", ("user.car", "特斯拉")),  # the key of 我的车是特斯拉
    ("我开一辆比亚迪。", ("user.car", "比亚迪")),
    ("I wear glasses.", ("identity.vision_aid", "glasses")),
    ("我戴眼镜。", ("identity.vision_aid", "眼镜")),
    ("I wear contacts now.", ("identity.vision_aid", "contact lenses")),
    ("I'm a night owl.", ("identity.chronotype", "night owl")),
    ("我是夜猫子。", ("identity.chronotype", "夜猫子")),
    ("I'm a morning person.", ("identity.chronotype", "early bird")),
    ("I'm on a low-sodium diet.", ("health.diet", "low-sodium")),
    ("我在吃低盐饮食。", ("health.diet", "低盐")),
    ("I'm on a vegan diet.", ("food.diet", "vegan")),  # a diet of conviction keeps its key
    ("我在吃降压药。", ("health.medication", "降压药")),
    ("I take metformin every morning.", ("health.medication", "metformin")),  # before: a bare habit
    ("I'm on lisinopril.", ("health.medication", "lisinopril")),
    ("My phone plan is with Verizon.", ("user.phone_plan", "Verizon")),
    ("My insurance is with Geico.", ("user.insurance", "Geico")),
    ("I switched to decaf.", ("user.drinks", "decaf")),  # before: tool.uses = decaf
    ("我改喝低因咖啡了。", ("user.drinks", "低因咖啡")),
    ("我换成燕麦奶了。", ("user.drinks", "燕麦奶")),
])
def test_a_standing_state_is_stored_under_its_own_key(text: str, expected: tuple[str, str]) -> None:
    assert _read(text) == [expected]


@pytest.mark.parametrize("text", [
    "I drive to work.", "I drive a hard bargain.", "I drive Uber.", "I drive my kids to school.", "我开车上班。",
    "我开会。",
    "I wear many hats.", "I wear a suit to work.", "我不戴眼镜。", "I'm not a morning person today.", "I'm on a diet.",
    "I'm on a new diet.", "I take the bus every morning.", "I'm taking antibiotics this week.", "我在吃药。",
    "My heart is with you.", "My daughter is with Tom.", "I switched to Firefox.",
])
def test_what_only_looks_like_a_standing_state_stores_none_of_these_keys(text: str) -> None:
    keys = {"user.car", "user.车", "identity.vision_aid", "identity.chronotype", "health.diet", "health.medication",
            "user.drinks", "user.heart", "user.daughter"}
    assert not [k for k, _ in _read(text) if k in keys]


@pytest.mark.parametrize(("text", "habit"), [
    ("I've been running every morning since the new year.", "run every morning"),
    ("我从年初开始每天早上跑步。", "每天早上跑步"),
    ("从元旦开始我每天早上跑步。", "每天早上跑步"),
])
def test_a_habit_begun_at_the_new_year_is_dated_from_it(text: str, habit: str) -> None:
    """"since January" was read (as "in January"); "since the new year", 年初 and 元旦 named no time the reader knew."""
    found = RuleExtractor().extract(text=text, role="user", said_at=_AT)
    assert ("preference.habit", habit) in [(c.key, c.value) for c in found]
    assert {c.valid_from for c in found} == {datetime(2026, 1, 1, tzinfo=UTC)}


def _facts(mem: Memory) -> list[tuple[str, str]]:
    return sorted((f.key, f.value) for f in mem.list() if isinstance(f, Fact))


def test_standing_states_supersede_their_own_kind_and_keep_the_others(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        for text in ("I'm vegetarian.", "I'm on a low-sodium diet.", "I take metformin every morning.",
                     "I'm on lisinopril.", "I wear glasses.", "I'm an introvert.", "I'm a night owl.",
                     "I drink coffee.", "I drive a Honda Civic."):
            mem.add(text)
        for text in ("I wear contacts now.", "I switched to decaf.", "I drive a Tesla Model 3."):
            mem.add(text)
        assert _facts(mem) == sorted([
            ("food.diet", "vegetarian"), ("health.diet", "low-sodium"), ("health.medication", "metformin"),
            ("health.medication", "lisinopril"), ("identity.vision_aid", "contact lenses"),
            ("identity.personality", "introvert"), ("identity.chronotype", "night owl"), ("user.drinks", "decaf"),
            ("user.car", "Tesla Model 3")])


@pytest.mark.parametrize(("said", "ended", "key"), [
    ("I take metformin every morning.", "I stopped taking metformin.", "health.medication"),
    ("I'm on lisinopril.", "I don't take lisinopril anymore.", "health.medication"),
    ("我在吃降压药。", "我不吃降压药了。", "health.medication"),  # before: food.dislike = 降压药
    ("I wear glasses.", "I don't wear glasses anymore.", "identity.vision_aid"),
    ("我戴眼镜。", "我不戴眼镜了。", "identity.vision_aid"),
    ("I drive a Tesla.", "I don't drive a Tesla anymore.", "user.car"),
])
def test_a_standing_state_given_up_is_withdrawn(tmp_path: Path, said: str, ended: str, key: str) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add(said)
        assert [c.action for c in mem.add(ended).facts] == ["retract"]
        assert _facts(mem) == []


@pytest.mark.parametrize("text", ["我不吃降压药。", "I don't take metformin.", "I don't wear glasses."])
def test_a_plain_negation_of_a_medicine_or_an_aid_states_nothing(text: str) -> None:
    assert _read(text) == []
