"""A correction said casually in the next message puts right the value it names, and nothing else.

"My shoe size is 10" then "sorry, 11", "I work in Pittsburg" then "*Pittsburgh", 我老家是湖南的 then 不对，是湖北: only
"oops", "I meant", 说错了 … opened a correction, so "actually", "sorry", "scratch that", a leading "*",
不对 and 不好意思 changed nothing. A time or a place inside a plan ("dentist at 3pm friday" then "sorry, 4pm",
明天去北京出差 then 不对，是后天, "I'm going to Lisbon next week" then "actually Porto") was put right by none: the
value of the plan is no time. Now the previous message is read again with that one time or place replaced
(``facts.previous``), and the plan read so takes the place of the one said. A reply that names no value, a
question, a time when the message said two, and "No, X" (it may answer the assistant) change nothing."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract import corrected_later

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)  # a Monday


def _facts(tmp_path: Path, *messages: str) -> list[tuple[str, str, str, str, str]]:
    """``(status, key, value, statement, day of valid_from)`` of every fact after the user's ``messages``, a minute
    apart."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        for i, message in enumerate(messages):
            mem.add(message, created_at=_AT + timedelta(minutes=i))
        facts = mem.list(kind="fact", status="all", limit=100)
    return [(f.status, f.key, f.value, f.statement, f.valid_from.date().isoformat() if f.valid_from else "")
            for f in facts]


@pytest.mark.parametrize(("first", "fix", "key", "old", "new"), [
    ("My shoe size is 10", "sorry, 11", "user.shoe_size", "10", "11"),
    ("I work in Pittsburg", "*Pittsburgh", "user.workplace_location", "Pittsburg", "Pittsburgh"),
    ("My hometown is Tacoma", "scratch that, it's Spokane", "identity.hometown", "Tacoma", "Spokane"),
    ("I live in Leeds", "Correction: Bristol", "identity.location", "Leeds", "Bristol"),
    ("我老家是湖南的", "不对，是湖北", "identity.hometown", "湖南", "湖北"),
    ("我的生日是4月2号", "不好意思，是4月12号", "identity.birthday", "4月2号", "4月12号"),
])
def test_a_casual_mark_opens_a_correction(tmp_path: Path, first: str, fix: str, key: str, old: str, new: str) -> None:
    facts = _facts(tmp_path, first, fix)
    assert ("active", key, new) in {f[:3] for f in facts} and ("superseded", key, old) in {f[:3] for f in facts}, facts
    assert not any(f[1] == corrected_later.KEY for f in facts)


@pytest.mark.parametrize(("first", "fix", "said", "day"), [
    ("dentist at 3pm friday", "sorry, 4pm", "4pm", "2026-12-11"),
    ("dinner with my team is at 6pm tomorrow", "scratch that, it's 7", "7pm", "2026-12-08"),
    ("I'm flying to Denver on Wednesday", "wait, I meant Thursday", "Denver", "2026-12-10"),
    ("I'm going to Lisbon next week", "actually Porto", "Porto", "2026-12-14"),
    ("明天去北京出差", "不对，是后天", "北京", "2026-12-09"),
    ("下周三去上海开会", "说错了，是周四", "上海", "2026-12-17"),
    ("周五下午三点看牙医", "不好意思，是四点", "下午四点", "2026-12-11"),
    ("后天飞成都", "更正一下，是重庆", "重庆", "2026-12-09"),
])
def test_the_time_or_place_of_a_plan_is_put_right(tmp_path: Path, first: str, fix: str, said: str, day: str) -> None:
    facts = _facts(tmp_path, first, fix)
    active = [f for f in facts if f[0] == "active"]
    assert len(active) == 1 and said in active[0][2] + active[0][3] and active[0][4] == day, facts
    assert [f[0] for f in facts].count("superseded") == 1, facts


@pytest.mark.parametrize(("first", "fix"), [
    ("I'm planning a trip to Rome in May", "actually that sounds great"),
    ("my flight is on Friday", "no wait, let me check"),
    ("I prefer aisle seats", "sorry, what?"),
    ("I work at Google", "actually Google is pretty great"),
    ("I live in Leeds", "No, Bristol"),
    # two times of day, two places: which one is meant is unknown
    ("dentist at 3pm and the gym at 6pm on friday", "sorry, 4pm"),
    ("I'm flying from Rome to Paris next week", "actually Milan"),
    # a name said in the message already is no other place ("Anna with Anna" was stored)
    ("I'm going to Lisbon next week with Anna", "Correction: Anna"),
    ("我住在杭州", "不对吧？"),
    ("明天去北京出差", "不对，我得先问问老板"),
    ("我喜欢喝咖啡", "其实那个挺好的"),
])
def test_no_value_put_right_changes_nothing(tmp_path: Path, first: str, fix: str) -> None:
    alone = _facts(tmp_path / "alone", first)
    facts = _facts(tmp_path / "fixed", first, fix)
    assert sorted(facts) == sorted(alone), facts


@pytest.mark.parametrize(("first", "fix", "said", "day"), [
    ("dentist is thursday 3pm", "Correction: dentist is friday 4pm", "4pm", "2026-12-11"),
    ("the vet appointment is saturday 9am", "oops, the vet appointment is sunday 10am", "10am", "2026-12-13"),
    ("下周三去上海开会", "说错了，下周四去上海开会", "上海", "2026-12-17"),
    ("明天下午两点面试", "更正一下：后天下午两点面试", "面试", "2026-12-09"),
])
def test_a_plan_said_again_after_a_correction_takes_the_place_of_the_one_said(
        tmp_path: Path, first: str, fix: str, said: str, day: str) -> None:
    facts = _facts(tmp_path, first, fix)
    active = [f for f in facts if f[0] == "active"]
    assert len(active) == 1 and said in active[0][2] + active[0][3] and active[0][4] == day, facts
    assert [f[0] for f in facts].count("superseded") == 1, facts


@pytest.mark.parametrize(("first", "fix"), [
    # an apology, a second appointment: both plans stand
    ("dentist is thursday 3pm", "Sorry, dentist is friday 4pm too"),
    ("I have a haircut on Tuesday", "Sorry, I also have a haircut on Friday"),
    ("下周三去上海开会", "下周五去北京开会"),
])
def test_a_plan_said_without_a_correction_stands_beside_the_other(tmp_path: Path, first: str, fix: str) -> None:
    facts = _facts(tmp_path, first, fix)
    assert "superseded" not in {f[0] for f in facts}, facts


@pytest.mark.parametrize(("first", "fix", "key", "old", "new"), [
    # the new value after "it's a": a model with its year and make takes four words
    ("I drive a Subaru", "Oops, not a Subaru, it's a 2017 Mazda CX-5", "user.car", "Subaru", "2017 Mazda CX-5"),
    ("I drive a Civic", "It's a 2019 Honda Accord, not a Civic", "user.car", "Civic", "2019 Honda Accord"),
    # two places joined by 不是 with no comma: 深圳不是广州 was stored as one place (it ends in 州)
    ("我住在广州", "口误，我在深圳不是广州", "identity.location", "广州", "深圳"),
    ("我住在广州", "我住在深圳不是广州", "identity.location", "广州", "深圳"),
    # the old value said with its unit, stored without it
    ("我穿38码的鞋", "不是38码，是39码", "user.shoe_size", "38", "39"),
])
def test_the_value_said_with_the_one_it_is_not_puts_it_right(tmp_path: Path, first: str, fix: str, key: str,
                                                              old: str, new: str) -> None:
    facts = _facts(tmp_path, first, fix)
    assert {f[:3] for f in facts} == {("active", key, new), ("superseded", key, old)}, facts


@pytest.mark.parametrize(("first", "fix"), [
    ("我穿38码的鞋", "不是40码，是39码"),  # the old value named is not the one stored
    ("I live in Berlin", "Not Bern, Munich"),
    ("我住在广州", "他不是广州人"),
    ("I drive a Civic", "not a problem, it's a nice day"),
])
def test_a_value_set_against_another_one_changes_nothing_else(tmp_path: Path, first: str, fix: str) -> None:
    alone = _facts(tmp_path / "alone", first)
    facts = _facts(tmp_path / "fixed", first, fix)
    assert sorted(facts) == sorted(alone), facts


@pytest.mark.parametrize(("first", "fix", "key", "old", "new"), [
    ("my favourite food is ramen", "nah actually pho", "food.like", "ramen", "pho"),
    ("my favourite snack is popcorn", "sorry, pretzels", "food.like", "popcorn", "pretzels"),
    ("我最喜欢的水果是芒果", "不对，是榴莲", "food.like", "芒果", "榴莲"),
])
def test_a_bare_thing_puts_right_the_one_like_said_before(tmp_path: Path, first: str, fix: str, key: str, old: str,
                                                          new: str) -> None:
    facts = _facts(tmp_path, first, fix)
    assert {f[:3] for f in facts} == {("active", key, new), ("superseded", key, old)}, facts


@pytest.mark.parametrize(("first", "fix"), [
    ("I love hiking", "sorry, tired"),  # a judgement, no thing
    ("my favourite food is ramen", "actually tomorrow"),
    ("I'm a nurse", "actually exhausted"),  # no like: a bare word says no kind
    ("My favourite food is ramen. I live in Leeds.", "actually pho"),  # two facts said: which one is unknown
    ("我最喜欢的水果是芒果", "不对，算了"),
])
def test_a_bare_word_after_anything_else_changes_nothing(tmp_path: Path, first: str, fix: str) -> None:
    alone = _facts(tmp_path / "alone", first)
    facts = _facts(tmp_path / "fixed", first, fix)
    assert sorted(facts) == sorted(alone), facts


@pytest.mark.parametrize(("first", "fix"), [
    ("I ran 5 miles today at 7am", "sorry, 6"),  # 6 miles or 6am: not known
    ("dentist at 15:00 friday", "sorry, 4"),  # which half of the day is not said
    ("meeting with Tom at 3pm friday", "sorry, 15"),
])
def test_a_bare_number_that_may_be_another_value_changes_no_clock(tmp_path: Path, first: str, fix: str) -> None:
    alone = _facts(tmp_path / "alone", first)
    facts = _facts(tmp_path / "fixed", first, fix)
    assert sorted(facts) == sorted(alone), facts


@pytest.mark.parametrize(("first", "fix", "key", "old", "new"), [
    ("我的手机是华为Mate 40", "打错了，是Mate 60", "tool.phone", "华为Mate 40", "华为Mate 60"),
    ("I use an iPhone 13", "sorry, iPhone 15", "tool.phone", "iPhone 13", "iPhone 15"),
])
def test_a_model_named_by_the_end_of_its_name_puts_it_right(tmp_path: Path, first: str, fix: str, key: str, old: str,
                                                            new: str) -> None:
    facts = _facts(tmp_path, first, fix)
    assert {f[:3] for f in facts} == {("active", key, new), ("superseded", key, old)}, facts


@pytest.mark.parametrize(("first", "fix"), [
    ("我的手机是华为Mate 40", "说错了，是P60"),  # another model, or another phone: not known
    ("I use an iPhone 13", "oops, Pixel 8"),
])
def test_another_model_changes_nothing(tmp_path: Path, first: str, fix: str) -> None:
    alone = _facts(tmp_path / "alone", first)
    facts = _facts(tmp_path / "fixed", first, fix)
    assert sorted(facts) == sorted(alone), facts
