"""What the user cannot do (``extract.abilities``): 我不会开车, 我不会游泳 stored nothing; now ``ability.cannot``, many
at a time, a relative's under the relative, and 我会开车了 (learned since) withdraws it. 不会 that says what one
will not do (a promise, a refusal, a guess) stores none."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor
from memstrata.extract.taxonomy import key_spec

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str, bool]]:
    return [(c.key, c.value, c.subject, c.retracts)
            for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "expected"), [
    ("我不会开车", [("ability.cannot", "开车", "", False)]),
    ("我不会游泳", [("ability.cannot", "游泳", "", False)]),
    ("我完全不会做饭", [("ability.cannot", "做饭", "", False)]),
    ("我到现在还不会骑自行车", [("ability.cannot", "骑自行车", "", False)]),
    ("我不会用Excel", [("ability.cannot", "用Excel", "", False)]),
    ("我妈不会用微信", [("ability.cannot", "用微信", "mom", False)]),
    ("我会开车了", [("ability.cannot", "开车", "", True), ("ability.can", "开车", "", False)]),
])
def test_what_one_cannot_do_is_kept(text: str, expected: list[tuple[str, str, str, bool]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", [
    "我不会告诉他", "我不会再买了", "我不会去的", "不会太久", "我不会打扰你", "我不会用这个", "我不会说的",
    "我不会放弃", "我不会开车吗？", "我不会说谎", "我不会看错", "我不会做这种事", "我会开车",
])
def test_a_will_not_or_a_question_is_no_ability(text: str) -> None:
    assert [k for k, *_ in _read(text) if k == "ability.cannot"] == []


def test_the_key_holds_many_and_says_what_it_is_in_both_languages() -> None:
    spec = key_spec("ability.cannot")
    assert (spec.cardinality, spec.description_zh) == ("many", "用户不会做的事，比如开车、游泳、做饭")
