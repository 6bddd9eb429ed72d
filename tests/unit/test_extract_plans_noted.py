"""A dated plan said as a note, the happening and its day with no subject and no plan verb ("dentist on thursday at
2", "job interview tmrw 10am", 下周三看牙, 明天上午十点面试), is the user's scheduled event of that day
(``extract.appointments``; in Chinese ``preferences_zh._dated_note``); it stored nothing. What is asked, supposed, done,
habitual, someone else's, a leave-taking or a suggestion stays no plan. "dentist moved to friday" / 看牙改到下周五了
moves the event noted before. Chat spellings of tomorrow, 月底 and Christmas are times (``extract.timex``)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor
from memstrata.extract.timex import resolve_relative

_AT = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)  # a Monday
_PLAN_KEYS = ("schedule.event", "travel.plan", "plan.intent")


def _plans(text: str) -> list[tuple[str, str, date | None]]:
    return [(c.key, c.value, c.valid_from.date() if c.valid_from else None)
            for c in RuleExtractor().extract(text=text, role="user", said_at=_AT) if c.key in _PLAN_KEYS]


@pytest.mark.parametrize(("text", "read"), [
    ("dentist on thursday at 2", ("schedule.event", "dentist", date(2026, 11, 5))),
    ("job interview tmrw 10am", ("schedule.event", "job interview", date(2026, 11, 3))),
    ("Got a wedding to go to on Saturday.", ("schedule.event", "wedding", date(2026, 11, 7))),
    ("I've got my driving test next friday", ("schedule.event", "their driving test", date(2026, 11, 13))),
    ("vet appointment for the cat on the 20th", ("schedule.event", "vet appointment for the cat", date(2026, 11, 20))),
    ("Parent-teacher conference on the 18th at 5pm.", ("schedule.event", "Parent-teacher conference",
                                                       date(2026, 11, 18))),
    ("btw haircut tomorrow at 4:30", ("schedule.event", "haircut", date(2026, 11, 3))),
    ("flying to Lisbon on the 14th", ("travel.plan", "flying to Lisbon", date(2026, 11, 14))),
    ("moving house in march", ("schedule.event", "moving house", date(2027, 3, 1))),
    ("parents visiting over christmas", ("schedule.event", "parents visiting", date(2026, 12, 25))),
    ("下周三看牙", ("schedule.event", "看牙", date(2026, 11, 11))),
    ("14号飞里斯本开会", ("travel.plan", "飞里斯本开会", date(2026, 11, 14))),
    ("月底搬家", ("schedule.event", "搬家", date(2026, 11, 21))),
    ("明天上午十点面试", ("schedule.event", "面试", date(2026, 11, 3))),
    ("这周五晚上同学聚会", ("schedule.event", "同学聚会", date(2026, 11, 6))),
    ("下个月考驾照", ("schedule.event", "考驾照", date(2026, 12, 1))),
])
def test_a_noted_plan_is_a_scheduled_event_of_its_day(text: str, read: tuple[str, str, date]) -> None:
    assert _plans(text) == [read]


def test_the_hour_said_stays_in_the_statement() -> None:
    (en,) = RuleExtractor().extract(text="dentist on thursday at 2", role="user", said_at=_AT)
    (zh,) = RuleExtractor().extract(text="明天上午十点面试", role="user", said_at=_AT)
    assert "at 2" in en.statement and "上午十点面试" in zh.statement


@pytest.mark.parametrize("text", ["soccer practice next saturday 9am", "tryouts on friday", "swim meet next sunday",
                                  # said with the copula before its time
                                  "dentist is friday 4pm", "the game is on saturday"])
def test_a_teams_meeting_by_its_own_word_is_a_plan(text: str) -> None:
    # "soccer practice next saturday 9am" stored nothing while "piano recital next saturday 9am" was a plan
    found = _plans(text)
    assert len(found) == 1 and found[0][0] == "schedule.event" and found[0][2] is not None, found


@pytest.mark.parametrize("text", [
    "dentist was on thursday", "dentist on thursday?", "is the interview tomorrow at 10?", "yoga every thursday",
    "If I fly to Lisbon next month I'll need a new passport.", "Had my driving test last friday, passed!",
    "Movie night on friday was great.", "her wedding on saturday", "Meeting notes from monday",
    "let's set the meeting for next Tuesday at 2 PM", "no dentist on thursday after all", "dentist last thursday",
    "dentist was friday", "the weather is nice on friday",
    "上周三看的牙", "周三看牙吗？", "每周四练瑜伽", "明天去看牙吧", "明天面试还是后天面试比较好？",
    "要是月底搬家就好了", "明天见！", "下周三他看牙", "昨天面试了，感觉还行",
    # a clause after another person's is theirs
    "我老板每天加班，周末也去公司", "他下周忙，周三去上海出差",
])
def test_what_is_asked_supposed_done_or_habitual_is_no_plan(text: str) -> None:
    assert _plans(text) == []


@pytest.mark.parametrize(("text", "read"), [
    ("I have an exam on Thursday.", ("schedule.event", "exam", date(2026, 11, 5))),
    ("I have a flight tomorrow morning", ("schedule.event", "flight", date(2026, 11, 3))),
    ("I've got a job interview this afternoon.", ("schedule.event", "job interview", date(2026, 11, 2))),
])
def test_a_happening_had_is_named_by_its_noun(text: str, read: tuple[str, str, date]) -> None:
    """"I have an exam on Thursday" names the exam, as "I have a dentist appointment" names the appointment: a noun of
    one word was taken for no happening (stored nothing), and after "I've got" the value kept "got"."""
    assert _plans(text) == [read]


@pytest.mark.parametrize("text", ["I have a cold today.", "I have a question for you tomorrow.",
                                  "I had an exam on Friday.", "If I have an exam on Friday I'll study."])
def test_what_is_had_that_is_no_happening_ahead_is_no_plan(text: str) -> None:
    assert _plans(text) == []


@pytest.mark.parametrize(("text", "read"), [
    ("我明天有个面试。", ("schedule.event", "面试", date(2026, 11, 3))),
    ("我周四有个牙医预约", ("schedule.event", "牙医预约", date(2026, 11, 5))),
    ("下周我有个出差。", ("travel.plan", "出差", date(2026, 11, 9))),
    ("我周六有个婚礼要参加", ("schedule.event", "婚礼", date(2026, 11, 7))),
    ("我下周三有个会", ("schedule.event", "开会", date(2026, 11, 11))),
    ("周五晚上我约了小美吃饭。", ("schedule.event", "和小美吃饭", date(2026, 11, 6))),
    ("我约了朋友周日去爬山", ("schedule.event", "和朋友去爬山", date(2026, 11, 8))),
    ("我约了同事周五吃饭", ("schedule.event", "和同事吃饭", date(2026, 11, 6))),
])
def test_a_plan_had_or_made_with_someone_is_a_scheduled_event(text: str, read: tuple[str, str, date]) -> None:
    """我明天有个面试 says a plan by its noun, as "I have a job interview tomorrow" does, and 我约了小美吃饭 one
    made with someone, as 我约了和小美吃饭 does: before, each stored nothing."""
    assert _plans(text) == [read]


@pytest.mark.parametrize("text", ["我昨天有个面试", "我明天有个问题想问你", "我下周有个朋友要来", "他明天有个面试",
                                  "我明天有个安排", "如果我明天有个面试怎么办？", "我约了个时间去看房"])
def test_what_is_had_that_names_no_plan_of_the_users_ahead_is_none(text: str) -> None:
    assert _plans(text) == []


def test_a_colleague_is_no_with_before_a_plan() -> None:
    """同 of 同事 is no "with": 我同事小王下周要去上海出差 was the user's plan (同事小王要去上海出差), not
    小王's trip."""
    found = RuleExtractor().extract(text="我同事小王下周要去上海出差。", role="user", said_at=_AT)
    assert [(c.key, c.value, c.subject) for c in found] == [("travel.plan", "去上海出差", "小王")]


@pytest.mark.parametrize("text", ["I'd rather stay home tonight.", "I'd better go to bed early tonight.",
                                  "I'd rather not go to the party on Saturday.", "I'd prefer to meet on Friday."])
def test_a_preference_said_with_would_is_no_happening(text: str) -> None:
    """"I'd" is "I would" before rather, better and prefer: these were read as "I had" and stored as an event of the
    day ("rather stay home") or a plan ("rather not go to the party")."""
    assert RuleExtractor().extract(text=text, role="user", said_at=_AT) == []


def _dated(folder: Path, *messages: str) -> tuple[set[tuple[str, date]], set[tuple[str, date]]]:
    """``(active, superseded)`` ``(value, first day)`` of the scheduled events after ``messages``, in order."""
    with Memory(folder / "m.db", embedder=None, user_id="u1") as mem:
        for i, message in enumerate(messages):
            mem.add(message, created_at=_AT + timedelta(minutes=i))
        facts = [f for f in mem.list(kind="fact", status="all", limit=100) if f.key == "schedule.event"]
    return ({(f.value, f.valid_from.date()) for f in facts if f.status == "active" and f.valid_from},
            {(f.value, f.valid_from.date()) for f in facts if f.status == "superseded" and f.valid_from})


@pytest.mark.parametrize(("noted", "moved", "old", "new"), [
    ("dentist on thursday at 2", "dentist moved to friday", ("dentist", date(2026, 11, 5)),
     ("dentist", date(2026, 11, 6))),
    ("下周三看牙", "看牙改到下周五了", ("看牙", date(2026, 11, 11)), ("看牙", date(2026, 11, 13))),
    ("明天上午十点面试", "面试改到下周一", ("面试", date(2026, 11, 3)), ("面试", date(2026, 11, 9))),
])
def test_a_noted_plan_moved_is_superseded(tmp_path: Path, noted: str, moved: str, old: tuple[str, date],
                                          new: tuple[str, date]) -> None:
    active, superseded = _dated(tmp_path, noted, moved)
    assert active == {new} and old in superseded


def test_a_bare_name_moved_is_no_happening() -> None:
    assert _plans("Tom moved to friday") == []


@pytest.mark.parametrize(("text", "day"), [
    ("job interview tmrw", date(2026, 11, 3)), ("dentist tmr", date(2026, 11, 3)),
    ("月底搬家", date(2026, 11, 21)), ("下个月底考试", date(2026, 12, 21)), ("3月底去日本", date(2027, 3, 21)),
    ("home for christmas", date(2026, 12, 25)), ("on christmas eve", date(2026, 12, 24)),
    ("圣诞节回家", date(2026, 12, 25)), ("平安夜聚餐", date(2026, 12, 24)),
])
def test_chat_spellings_month_ends_and_christmas_are_times(text: str, day: date) -> None:
    period = resolve_relative(text, _AT, prefer_future=True)
    assert period is not None and period[0].date() == day


@pytest.mark.parametrize("text", ["I love Christmas movies", "Merry Christmas!", "a Christmas tree", "圣诞树真好看",
                                  "圣诞节快乐", "岁月底蕴"])
def test_christmas_as_a_kind_of_thing_or_a_greeting_is_no_time(text: str) -> None:
    assert resolve_relative(text, _AT, prefer_future=True) is None
