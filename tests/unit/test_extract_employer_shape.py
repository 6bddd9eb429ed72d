"""What "I work at X" names as the employer: an organisation or a workplace, not where or when one works."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 11, 30, 12, tzinfo=UTC)


def _employers(text: str) -> list[str]:
    found = RuleExtractor().extract(text=text, role="user", said_at=SAID)
    return [c.value for c in found if c.key == "identity.employer" and not c.retracts]


@pytest.mark.parametrize("text", [
    "I work at a standing desk", "I work at my desk", "I work at home", "I work at night",
    "I work at the kitchen table", "I work at weekends",
    # 在 before a verb is the progressive: looking for, thinking about, applying for work (a MemoryBank-zh turn)
    "最近我在考虑找新工作，不知道你有没有什么建议？", "我在找工作。", "我在想换工作。",
    "我在申请新工作。", "我在做设计工作。",
])
def test_where_or_when_one_works_names_no_employer(text: str) -> None:
    assert _employers(text) == []


@pytest.mark.parametrize(("text", "employer"), [
    ("I work at Acme", "Acme"), ("I work at a hospital", "hospital"), ("I work at a bank", "bank"),
    ("I work for a bank", "bank"), ("I work at my dad's restaurant", "my dad's restaurant"),
    ("I work at 3M", "3M"), ("我在医院工作", "医院"), ("我在腾讯上班", "腾讯"),
    # a name typed in lower case, as chat often is
    ("i work at google", "google"), ("i work at stripe now", "stripe"),
])
def test_an_organisation_or_workplace_is_the_employer(text: str, employer: str) -> None:
    assert _employers(text) == [employer]


def test_a_workplace_with_a_role_keeps_both() -> None:
    found = RuleExtractor().extract(text="I work at Acme as an engineer", role="user", said_at=SAID)
    assert {(c.key, c.value) for c in found} >= {("identity.employer", "Acme"), ("identity.occupation", "engineer")}


@pytest.mark.parametrize("text", [
    # a MemoryBank-zh turn: read as employer 看一部很棒的电影叫 and occupation 《肖申克的救赎》
    "你好，朋友，最近我在看一部很棒的电影，叫做《肖申克的救赎》，你有听说过吗？",
    "我在读一本小说，叫做《活着》。", "我在玩一款游戏叫做原神。", "我在追一部剧，称做《漫长的季节》。",
])
def test_a_thing_called_something_is_no_job_done_there(text: str) -> None:
    found = RuleExtractor().extract(text=text, role="user", said_at=SAID)
    assert [c for c in found if c.key in ("identity.employer", "identity.occupation")] == []


@pytest.mark.parametrize(("text", "employer", "occupation"), [
    ("我在腾讯做产品经理。", "腾讯", "产品经理"), ("我在医院当护士。", "医院", "护士"),
    ("我在看守所做狱警。", "看守所", "狱警"), ("我在学校做老师，学校叫做育才中学。", "学校", "老师"),
])
def test_a_job_done_at_a_workplace_still_reads(text: str, employer: str, occupation: str) -> None:
    found = RuleExtractor().extract(text=text, role="user", said_at=SAID)
    assert {(c.key, c.value) for c in found} >= {("identity.employer", employer), ("identity.occupation", occupation)}
