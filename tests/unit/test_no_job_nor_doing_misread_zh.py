"""在 + a place + 学 / 练 + 做… is what is learned there, never a workplace and a job (我在家里学做饭 stored the
employer 家里学 and the occupation 饭); a couple's years (我和老婆结婚五年了) are no doing kept up (it stored
和老婆结婚)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _keys(text: str) -> dict[str, str]:
    return {c.key: c.value for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)}


@pytest.mark.parametrize("text", ["最近我在家里学做饭。", "我在网上学做蛋糕", "我在健身房练做俯卧撑"])
def test_what_is_learned_somewhere_is_no_job(text: str) -> None:
    said = _keys(text)
    assert "identity.employer" not in said and "identity.occupation" not in said, said


@pytest.mark.parametrize(("text", "employer", "job"), [("我在大学当老师。", "大学", "老师"),
                                                     ("我在清华大学做研究员。", "清华大学", "研究员")])
def test_a_school_is_still_a_workplace(text: str, employer: str, job: str) -> None:
    said = _keys(text)
    assert (said.get("identity.employer"), said.get("identity.occupation")) == (employer, job), said


@pytest.mark.parametrize("text", ["我和老婆结婚五年了。", "我跟男朋友在一起三年了。", "我们认识十年了。"])
def test_a_couples_years_are_no_doing_kept_up(text: str) -> None:
    assert "activity.current" not in _keys(text), _keys(text)


def test_a_doing_kept_up_is_still_read() -> None:
    assert _keys("我弹吉他十年了。").get("activity.current") == "弹吉他"
