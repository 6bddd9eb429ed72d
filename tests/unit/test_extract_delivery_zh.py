"""Where deliveries go, said in Chinese as in English: 快递送到公司，别送家里 reads as "Please deliver to my office, not
my home" does (the destination, in place of the one it is not)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor
from memstrata.types import Fact

SAID = datetime(2026, 11, 30, 12, tzinfo=UTC)


def _read(text: str) -> set[tuple[str, str, str]]:
    found = RuleExtractor().extract(text=text, role="user", said_at=SAID)
    return {(c.key, c.value, c.instead_of) for c in found if not c.retracts}


@pytest.mark.parametrize(("text", "read"), [
    ("Please deliver to my office, not my home.", ("shipping.dropoff", "office", "my home")),
    ("快递送到公司，别送家里。", ("shipping.dropoff", "公司", "家里")),
    ("快递送到公司，不要送到家里", ("shipping.dropoff", "公司", "家里")),
    ("快遞送到公司，別送家裡。", ("shipping.dropoff", "公司", "家里")),
    ("包裹送到前台，别送家里", ("shipping.dropoff", "前台", "家里")),
    ("快递送到公司", ("shipping.dropoff", "公司", "")),
    ("请寄到公司吧", ("shipping.dropoff", "公司", "")),
    # as a rule, said with how often (before, nothing was stored)
    ("快递一般寄到公司前台", ("shipping.dropoff", "公司前台", "")),
    ("外卖平时送到小区门口", ("shipping.dropoff", "小区门口", "")),
    ("快递一般放门卫", ("shipping.dropoff", "放门卫", "")),
])
def test_the_destination_is_read_with_the_one_it_is_not(text: str, read: tuple[str, str, str]) -> None:
    assert _read(text) == {read}


@pytest.mark.parametrize("text", ["快递送到了", "快递送到公司了", "快递送到公司了吗", "我妈让快递送到公司",
                                  "快递一般寄到公司前台了", "外卖一般送到小区门口吗", "快递一般放门口被偷了"])
def test_a_delivery_that_happened_or_someone_elses_is_no_instruction(text: str) -> None:
    assert _read(text) == set()


def test_a_place_to_leave_it_and_one_not_to_stay_two_instructions() -> None:
    assert {v for _, v, _ in _read("请放快递柜，别放门口")} == {"放快递柜", "不放门口"}


def test_the_new_destination_supersedes_the_old_one(memory: Memory) -> None:
    memory.add("以后快递送到家里")
    memory.add("快递送到公司，别送家里。")
    assert {(f.key, f.value) for f in memory.list() if isinstance(f, Fact)} == {("shipping.dropoff", "公司")}
    assert [f.value for f, _ in memory.history(key="shipping.dropoff")] == ["家里", "公司"]
