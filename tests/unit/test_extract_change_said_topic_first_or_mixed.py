"""A change or an ending said with its topic first, as Chinese puts it (钢琴课我已经不上了, 爱奇艺会员我退订了,
健身房我改成周三和周六去了, 浏览器我换成Edge了), or with an English verb inside the Chinese clause
(我cancelled Spotify了, Netflix我上周cancel了, 我switch到Android了, 我started at Google), is read as the same
change said plainly in Chinese.

Before, the topic was glued to the speaker (``schedule.event = gym我``, ``user.浏览器我 = Edge``) or nothing was read,
so the old value stayed current. A question, a thought of cancelling, someone else's cancellation, a time or a person
before 我, and a thing cancelled that is no listed service end nothing.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _read(text: str) -> set[tuple[str, str]]:
    found = RuleExtractor().extract(text=text, role="user", said_at=_AT)
    return {(("-" if f.retracts else "") + f.key, f.value) for f in found if not f.subject}


@pytest.mark.parametrize(("text", "fact"), [
    ("钢琴课我已经不上了", ("-preference.habit", "上钢琴课")),
    ("爬山我早就不去了", ("-sport.like", "爬山")),
    ("美式我现在不喝了，改喝拿铁", ("drink.quit", "美式")),
    ("爱奇艺会员我退订了", ("-tool.uses", "爱奇艺")),
    ("微信读书我不用了", ("-user.uses", "微信读书")),
])
def test_an_ending_said_with_its_topic_first_ends_the_topic(text: str, fact: tuple[str, str]) -> None:
    assert fact in _read(text)


def test_the_switch_after_an_ending_said_topic_first_is_read_too() -> None:
    assert ("user.drinks", "拿铁") in _read("美式我现在不喝了，改喝拿铁")


@pytest.mark.parametrize(("text", "facts"), [
    ("健身房我改成周三和周六去了", {("-preference.habit", "健身房"), ("preference.habit", "周三和周六去健身房")}),
    ("badminton我改到每周日了", {("-preference.habit", "badminton"), ("preference.habit", "每周日badminton")}),
    ("游泳我改到每周日早上了", {("-preference.habit", "游泳"), ("preference.habit", "每周日早上游泳")}),
])
def test_a_routine_moved_with_its_topic_first_moves_the_habit(text: str, facts: set[tuple[str, str]]) -> None:
    assert facts <= _read(text)


@pytest.mark.parametrize(("text", "fact"), [
    ("浏览器我换成Edge了", ("user.浏览器", "Edge")),
    ("gym我改到周五了", ("schedule.event", "gym")),
])
def test_the_topic_of_a_change_is_never_glued_to_the_speaker(text: str, fact: tuple[str, str]) -> None:
    found = _read(text)
    assert fact in found
    assert not any("我" in key or "我" in value for key, value in found)


@pytest.mark.parametrize(("text", "fact"), [
    ("我取消了Netflix", ("-tool.uses", "Netflix")),
    ("我上周取消Netflix了", ("-tool.uses", "Netflix")),
    ("我把Spotify退订了", ("-tool.uses", "Spotify")),
    ("我cancelled Spotify了", ("-tool.uses", "Spotify")),
    ("Netflix我上周cancel了", ("-tool.uses", "Netflix")),
    ("Disney+我unsubscribe了", ("-tool.uses", "Disney+")),
])
def test_a_listed_service_cancelled_by_name_ends_it(text: str, fact: tuple[str, str]) -> None:
    assert fact in _read(text)


@pytest.mark.parametrize(("text", "fact"), [
    ("我started at Google", ("identity.employer", "Google")),
    ("我上周started at Shopee了", ("identity.employer", "Shopee")),
    ("笔记我migrate到Obsidian了", ("user.notes", "Obsidian")),
    ("我switch到Android了", ("user.uses", "Android")),
])
def test_an_english_verb_of_change_inside_a_chinese_clause_is_read(text: str, fact: tuple[str, str]) -> None:
    assert fact in _read(text)


@pytest.mark.parametrize("text", [
    "我在考虑cancel Spotify", "我是不是cancel了Netflix？", "如果我cancel Netflix会怎样", "我老婆cancel了Netflix",
    "钢琴课我不上了吗？", "今天我不去了", "周一我不去了", "那我改成周五吧",
    "他说我改成周五", "会员取消了",
])
def test_a_question_a_thought_someone_else_or_no_thing_ends_nothing(text: str) -> None:
    assert _read(text) == set()


@pytest.mark.parametrize("text", ["我取消了约会", "我取消了今天的会议", "活动取消了"])
def test_a_plan_called_off_ends_no_service(text: str) -> None:
    # a plan called off (extract.cancelled.named_plan_off), never a thing used
    assert {k for k, _ in _read(text)} <= {"-schedule.event", "-travel.plan", "-plan.intent"}


@pytest.mark.parametrize(("text", "fact"), [
    ("京东我辞了", ("-identity.employer", "京东")),
    ("京东我上个月辞掉了", ("-identity.employer", "京东")),
    ("工作我辞了", ("-identity.employer", "")),
])
def test_a_job_left_said_with_its_topic_first_ends_it(text: str, fact: tuple[str, str]) -> None:
    found = _read(text)
    assert fact in found
    assert not any(value in ("工作", "公司") for _, value in found)  # 工作我辞了 names no employer


@pytest.mark.parametrize(("text", "fact"), [
    ("我订了Disney+", ("tool.uses", "Disney+")),
    ("我订阅了Netflix", ("tool.uses", "Netflix")),
])
def test_a_listed_service_subscribed_to_by_name_is_used(text: str, fact: tuple[str, str]) -> None:
    assert fact in _read(text)


@pytest.mark.parametrize("text", ["我订了机票", "我订了外卖", "我订了一个蛋糕", "他辞了"])
def test_a_booking_or_someone_elses_leaving_is_none(text: str) -> None:
    assert _read(text) == set()


@pytest.mark.parametrize(("text", "fact"), [
    ("起床时间改成六点半了", ("routine.wake", "六点半")),
    ("起床时间我改成六点半了", ("routine.wake", "六点半")),
    ("我的睡觉时间改到十一点了", ("routine.bed", "十一点")),
])
def test_the_time_of_a_routine_changed_is_the_routine_at_that_time(text: str, fact: tuple[str, str]) -> None:
    # before: preference.habit = 六点半起床时间 beside the old wake time
    assert _read(text) == {fact}


@pytest.mark.parametrize("text", ["会议时间改成三点了", "他的起床时间改成六点了"])
def test_a_meetings_time_or_someone_elses_is_no_routine_of_the_users(text: str) -> None:
    assert not {(k, v) for k, v in _read(text) if k.startswith(("routine.", "preference.habit", "-preference.habit"))}
