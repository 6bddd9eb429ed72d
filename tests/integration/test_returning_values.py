"""A value that comes back reads current again, and a date or time restated in the
other language is the same value, through the public SDK on a real SQLite file with the
real embedding model."""

from __future__ import annotations

from memstrata import Memory
from memstrata.types import Fact


def _active(mem: Memory, key: str, user: str) -> list[str]:
    return sorted(f.value for f in mem.list(key=key, user_id=user) if isinstance(f, Fact))


def test_returning_carrier_makes_the_first_message_current_again(memory: Memory) -> None:
    first = memory.add("I prefer UPS for delivery, please leave it with the doorman", user_id="r1")
    memory.add("Actually, make it FedEx", user_id="r1")
    back = memory.add("On second thought, UPS", user_id="r1")
    [change] = back.facts
    assert change.fact.value == "UPS" and [p.value for p in change.previous] == ["FedEx"]
    # the new UPS fact cites the first message, which states the current value again
    assert set(change.fact.citations) == {first.episode_id, back.episode_id}
    assert _active(memory, "shipping.carrier", "r1") == ["UPS"]
    block = memory.context("which carrier for delivery, UPS or FedEx?", user_id="r1")
    first_line = next(line for line in block.splitlines() if "doorman" in line)
    assert "outdated" not in first_line
    fedex_line = next(line for line in block.splitlines() if "make it FedEx" in line)
    assert "[outdated]" in fedex_line
    # the audit trail keeps every step: UPS superseded by FedEx, FedEx by the returning UPS
    timeline = memory.history(key="shipping.carrier", user_id="r1")
    assert [(f.value, f.status) for f, _ in timeline] == [("UPS", "superseded"), ("FedEx", "superseded"),
                                                          ("UPS", "active")]
    created = next(e for e in timeline[2][1] if e.action == "create")
    assert created.detail["returns_to"] == [timeline[0][0].id]


def test_returning_carrier_in_chinese(memory: Memory) -> None:
    first = memory.add("我以后都用顺丰，别放门口", user_id="r2")
    memory.add("算了，以后用京东", user_id="r2")
    back = memory.add("还是用顺丰吧", user_id="r2")
    carrier = next(c for c in back.facts if c.fact.key == "shipping.carrier")
    assert carrier.fact.value == "顺丰" and first.episode_id in carrier.fact.citations
    block = memory.context("快递用哪家？", user_id="r2")
    line = next(line for line in block.splitlines() if "别放门口" in line)
    assert "过时" not in line and "outdated" not in line


def test_a_value_that_never_returns_leaves_the_first_message_outdated(memory: Memory) -> None:
    first = memory.add("I prefer UPS for delivery", user_id="r3")
    memory.add("Actually, make it FedEx", user_id="r3")
    [change] = memory.add("On second thought, DHL", user_id="r3").facts
    assert change.fact.citations == (first.episode_id + 2,)
    block = memory.context("which carrier for delivery?", user_id="r3")
    assert "[outdated] I prefer UPS for delivery" in block


def test_birthday_restated_in_chinese_is_the_same_value(memory: Memory) -> None:
    memory.add("My birthday is March 3", user_id="b1")
    [change] = memory.add("我的生日是3月3号", user_id="b1").facts
    assert change.action == "touch" and change.fact.value == "March 3"
    assert _active(memory, "identity.birthday", "b1") == ["March 3"]
    assert memory.list(key="identity.birthday", status="superseded", user_id="b1") == []
    block = memory.context("when is my birthday?", user_id="b1")
    assert "outdated" not in block and "过时" not in block


def test_birthday_restated_in_english_is_the_same_value_and_another_day_is_not(memory: Memory) -> None:
    memory.add("我的生日是三月三号", user_id="b2")
    [same] = memory.add("My birthday is the 3rd of March", user_id="b2").facts
    assert same.action == "touch"
    [other] = memory.add("My birthday is March 4", user_id="b2").facts
    assert other.action == "supersede" and [p.value for p in other.previous] == ["三月三号"]


def test_not_allergic_to_a_category_withdraws_its_kinds(memory: Memory) -> None:
    memory.add("I'm allergic to shrimp and peanuts", user_id="c1")
    memory.add("我对螃蟹过敏", user_id="c1")
    result = memory.add("I'm not allergic to seafood", user_id="c1")
    assert sorted(c.fact.value for c in result.facts if c.action == "retract") == ["shrimp", "螃蟹"]
    assert _active(memory, "health.allergy", "c1") == ["peanuts"]


def test_not_allergic_to_a_category_in_chinese_withdraws_its_kinds(memory: Memory) -> None:
    memory.add("I'm allergic to lobster", user_id="c2")
    memory.add("我对虾过敏，也对花生过敏", user_id="c2")
    memory.add("我对海鲜不过敏", user_id="c2")
    assert _active(memory, "health.allergy", "c2") == ["花生"]


def test_not_allergic_to_a_kind_keeps_the_category(memory: Memory) -> None:
    memory.add("I'm allergic to seafood", user_id="c3")
    memory.add("我对虾不过敏", user_id="c3")
    memory.add("I'm not allergic to crab", user_id="c3")
    assert _active(memory, "health.allergy", "c3") == ["seafood"]


def test_a_category_withdrawn_with_an_exception_keeps_the_kind(memory: Memory) -> None:
    memory.add("I'm allergic to shrimp", user_id="c4")
    memory.add("I'm allergic to seafood", user_id="c4")
    memory.add("I'm not allergic to seafood except shrimp", user_id="c4")
    assert _active(memory, "health.allergy", "c4") == ["shrimp"]
    memory.add("除了虾，我对海鲜不过敏", user_id="c5")
    memory.add("我对虾过敏", user_id="c5")
    assert _active(memory, "health.allergy", "c5") == ["虾"]
