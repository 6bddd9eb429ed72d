"""A change the user says in Chinese with no subject: 上个月搬到杭州了, 刚换了工作，现在在蔚来上班, 不喝奶茶了.

Chinese leaves out 我 all the time, and 上个月搬到杭州了 stored nothing while 我上个月搬到杭州了 stored the home. A
clause opening with a verb of moving, switching, beginning, resuming or giving up (after a time word at most) is the
user's own when the message has named no one else before it (``extract.subject_zh.own_clause``,
``extract.carried.Scope``); a clause opening with someone (他, 妈妈, 我哥) or said after someone was named stays theirs.
After an employer left with no verb of work (我已经不在字节了), 现在在腾讯 names the employer now, and 搬回 /
跳槽到 after an end are the new home and job; 我又开始喝咖啡了 states the habit back, as "I started drinking
coffee again" does."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _read(text: str) -> set[tuple[str, str, str, bool]]:
    return {(c.key, c.value, c.subject, c.retracts)
            for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)}


@pytest.mark.parametrize(("text", "expected"), [
    ("上个月搬到杭州了。", ("identity.location", "杭州", "", False)),
    ("刚搬到深圳了", ("identity.location", "深圳", "", False)),
    ("去年搬去厦门了", ("identity.location", "厦门", "", False)),
    ("刚换了工作，现在在蔚来上班", ("identity.employer", "蔚来", "", False)),
    ("不喝奶茶了，太甜", ("drink.quit", "奶茶", "", False)),
    ("最近开始学日语了", ("activity.learning", "日语", "", False)),
])
def test_a_change_said_without_subject_is_the_users(text: str, expected: tuple[str, str, str, bool]) -> None:
    assert expected in _read(text)


@pytest.mark.parametrize("text", [
    "他搬到杭州了",
    "妈妈不吃辣了",
    "小王说上个月搬到杭州了",
    "要是搬到杭州了呢",
    # someone named before: the clause with no subject may be theirs
    "我哥结婚了。上个月搬到南京了",
    "我同事小王结婚了。刚换了工作，现在在蔚来上班",
])
def test_a_change_of_someone_else_or_unsure_is_not_the_users(text: str) -> None:
    assert not {f for f in _read(text) if f[2] == "" and not f[3] and f[0] != "event"
                and f[0].startswith(("identity.", "food.", "drink."))}, _read(text)


@pytest.mark.parametrize(("text", "left", "now"), [
    ("我已经不在字节了，现在在腾讯", "字节", "腾讯"),
    ("已经不在华为了，跳槽到小米了", "华为", "小米"),
    ("我已经不在美团了，目前在京东", "美团", "京东"),
])
def test_the_employer_after_one_left_is_the_employer_now(text: str, left: str, now: str) -> None:
    read = _read(text)
    assert ("identity.employer", left, "", True) in read and ("identity.employer", now, "", False) in read, read


@pytest.mark.parametrize("text", ["我已经不在字节了，现在在家带娃", "我已经不在字节了，现在在杭州",
                                  "我已经不在字节了，在准备考研"])
def test_where_one_is_after_a_job_left_is_no_employer_when_it_names_none(text: str) -> None:
    assert {f[1] for f in _read(text) if f[0] == "identity.employer" and not f[3]} == set()


def test_the_home_moved_back_to_after_one_ended_is_the_home_now() -> None:
    read = _read("我不住西雅图了，搬回波特兰了")
    assert ("identity.location", "西雅图", "", True) in read and ("identity.location", "波特兰", "", False) in read


@pytest.mark.parametrize(("text", "habit"), [
    ("我又开始喝咖啡了", "喝咖啡"),
    ("又开始喝咖啡了", "喝咖啡"),
    ("我最近又吃辣了", "吃辣"),
])
def test_taking_a_food_or_drink_up_again_states_the_habit(text: str, habit: str) -> None:
    assert ("preference.habit", habit, "", False) in _read(text)


@pytest.mark.parametrize("text", ["我现在又能吃辣了", "我开始喝咖啡了", "我又开始吃素了"])
def test_an_ability_a_first_start_or_a_diet_is_no_habit_taken_up_again(text: str) -> None:
    assert not {f for f in _read(text) if f[0] == "preference.habit" and not f[3]}


def test_a_clause_read_as_said_keeps_its_reading_unless_the_user_reads_more() -> None:
    # a withdrawal with a restoration has its own shape: 我 said before it would read a quit and lose the milk
    assert _read("不喝燕麦奶了，还是喝牛奶吧。") == {("user.drinks", "牛奶", "", False),
                                                 ("user.drinks", "燕麦奶", "", True)}
