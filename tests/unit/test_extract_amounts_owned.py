"""What one weighs and what one has an amount of, said as chat says them: "I weigh 70 kg", 我体重70公斤, "My weight
is 70 kg" and 我的体重是140斤 are one bodily trait, ``identity.weight`` (as height is; they stored nothing,
``user.weight`` and ``user.体重``), one value at a time; 我月薪两万, 我房租每月三千五 and 我每个月房租三千五 are the
amount of the pay or the rent as 我的房租每月三千五 is (before: nothing, and a habit 每个月房租三千五). A verb with an
amount (我跑了5公里, 我花了五千), "I weigh my options" and a weight that is no amount state none."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "fact"), [
    ("I weigh 70 kg", ("identity.weight", "70 kg")),
    ("I weigh about 150 pounds.", ("identity.weight", "about 150 pounds")),
    ("My weight is 70 kg", ("identity.weight", "70 kg")),
    ("我体重70公斤", ("identity.weight", "70公斤")),
    ("我的体重是140斤", ("identity.weight", "140斤")),
    ("我月薪两万", ("user.salary", "两万")),
    ("我房租每月三千五", ("user.rent", "每月三千五")),
    ("我每个月房租三千五", ("user.rent", "每月三千五")),
])
def test_a_weight_or_an_owned_amount_is_read(text: str, fact: tuple[str, str]) -> None:
    assert _read(text) == [fact]


@pytest.mark.parametrize("text", ["I weigh my options", "我的体重是我的秘密", "我跑了5公里", "我花了五千", "我瘦了5斤"])
def test_a_verb_with_an_amount_or_no_amount_is_none(text: str) -> None:
    assert _read(text) == []


def test_a_weight_said_later_in_the_other_language_replaces_it(memory: Memory) -> None:
    memory.add("I weigh 75 kg", user_id="u")
    memory.add("我体重70公斤", user_id="u")
    assert [(f.key, f.value) for f in memory.list(user_id="u") if f.key == "identity.weight"] == [
        ("identity.weight", "70公斤")]
