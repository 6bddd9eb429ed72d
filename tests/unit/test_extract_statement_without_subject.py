"""A statement with its subject left out is the speaker's, in English and Chinese: "love true-crime podcasts", "can't
stand mushrooms on pizza", "work at a bakery now", 特别喜欢吃榴莲, 每周六去游泳, 20号飞柏林看展.

Chat leaves "I" / 我 out of what one likes, is, has and does as a rule, and the extractor read the same sentence only
once "I" / 我 was said. A clause opening with a verb of liking, being, dwelling, working or having, or with a time
then a verb of doing, is read with "I" / 我 (``extract.own_en.said_by_me``, ``extract.subject_zh.own_clause``) when
no one else was named before it in the message. A reaction to what the listener said or offered ("love that idea",
"prefer option B", 比较喜欢第二个方案), a request (帮我订…, "speak English please"), a question, a greeting, another
person's clause and a line of a pasted list stay no fact of the user's."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)


def _read(text: str) -> set[tuple[str, str, bool, str]]:
    """``(key, value, retracts, subject)`` of each candidate."""
    return {(c.key, c.value, c.retracts, c.subject)
            for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)}


def _users(text: str) -> set[tuple[str, str, bool, str]]:
    return {f for f in _read(text) if not f[3]}


@pytest.mark.parametrize(("text", "key", "value"), [
    ("love true-crime podcasts", "preference.like", "true-crime podcasts"),
    ("can't stand mushrooms on pizza", "food.dislike", "mushrooms on pizza"),
    ("work at a bakery now", "identity.employer", "bakery"),
    ("work as a nurse at St. Mary's now", "identity.occupation", "nurse"),
    ("live in a small flat in Leeds", "identity.location", "Leeds"),
    ("don't eat pork", "food.dislike", "pork"),
    ("have two cats, Miso and Tofu", "pet", "2 cats"),  # the names are the object: no one else's sentence
    ("really into bouldering these days", "preference.like", "bouldering"),
    ("big fan of Radiohead", "preference.like", "Radiohead"),
    ("originally from Manchester", "identity.hometown", "Manchester"),
    ("go swimming on Saturdays", "preference.habit", "go swimming on Saturdays"),
    ("heading to Porto on the 3rd", "travel.plan", "heading to Porto"),
    ("prefer Slack now, not email", "contact.channel", "Slack"),  # read bare: a correction of nothing
    ("Thanks for the help earlier. Drive a Tesla, by the way.", "user.car", "Tesla"),
    ("not a morning person", "identity.chronotype", "not an early bird"),
    ("more of a night owl", "identity.chronotype", "night owl"),
    ("not a big fan of horror movies", "preference.dislike", "horror movies"),
    ("terrified of spiders", "fear", "spiders"),
    ("on a keto diet right now", "health.diet", "keto"),
])
def test_an_english_statement_without_its_subject_is_the_users(text: str, key: str, value: str) -> None:
    assert (key, value, False, "") in _read(text), _read(text)


@pytest.mark.parametrize("text", [
    "love that idea!", "love it!", "sounds good, thanks", "like the second option better", "prefer option B",
    "love the new design you made", "hate when that happens", "hate to bother you, but can you check again?",
    "enjoy your weekend!", "book a table for two at 7", "play some jazz every morning", "speak English please",
    "drink some water", "like a boss", "going crazy today", "do you like jazz?",
    "Like in sports, that's when it counts.", "Love and acceptance should be everyone's right.", "Work In Progress",
    "scared of that",  # "Always provide ... when I ask about ..." is an instruction (test_instruction_when_i_ask.py)
    # another person named before: the clause is theirs
    "My sister just got back from Peru. love llamas now.",
    # lines of a pasted list
    "it's crucial you:\nAre a quick learner\nEnjoy teamwork\nLive in London",
])
def test_a_reaction_a_request_or_someone_elses_clause_is_no_fact_of_the_users(text: str) -> None:
    assert not {f for f in _users(text) if f[0] != "schedule.event"}, _read(text)


@pytest.mark.parametrize(("text", "key", "value"), [
    ("特别喜欢吃榴莲", "food.like", "榴莲"),
    ("平时喜欢喝拿铁", "drink.like", "拿铁"),
    ("最近迷上了冲浪", "sport.like", "冲浪"),
    ("每天晚上睡前看半小时书", "preference.habit", "每天晚上睡前看半小时书"),
    ("每周六去游泳", "preference.habit", "每周六去游泳"),
    ("20号飞柏林看展", "travel.plan", "飞柏林看展"),
    ("不吃猪肉", "food.dislike", "猪肉"),
    ("养了两只猫", "pet", "2只猫"),
    ("是做前端开发的", "identity.occupation", "前端开发"),
    ("平时用VS Code写代码", "tool.editor", "VSCode"),
    ("是个程序员", "identity.occupation", "程序员"),
    ("一直在学日语", "activity.learning", "日语"),
    ("刚买了一辆特斯拉", "user.car", "特斯拉"),
])
def test_a_chinese_statement_without_its_subject_is_the_users(text: str, key: str, value: str) -> None:
    assert (key, value, False, "") in _read(text), _read(text)


@pytest.mark.parametrize("text", [
    "好的，谢谢", "喜欢吗？", "帮我订一张明天去上海的机票", "每天提醒我喝水", "比较喜欢第二个方案", "很喜欢这个设计",
    "还挺喜欢的", "喜欢你刚才写的那首诗", "要不要一起去爬山？", "给我讲个笑话", "听起来不错", "喝水", "是个好主意",
    "买了个新的",
    # another person named before, or said to have said it
    "我妹妹刚从日本回来。特别喜欢吃寿司", "他说他不吃辣，喜欢清淡的",
])
def test_a_chinese_reaction_request_or_someone_elses_clause_is_no_fact_of_the_users(text: str) -> None:
    assert not {f for f in _users(text) if f[0] != "schedule.event"}, _read(text)


@pytest.mark.parametrize(("text", "expected"), [
    ("Tom says he hates sushi. prefers ramen.", ("food.like", "ramen", False, "Tom")),
    ("My sister just got back from Peru. loves llamas now.", ("preference.like", "llamas", False, "sister")),
    ("My sister visited last week. Lives in Ohio now.", ("identity.location", "Ohio", False, "sister")),
    ("Talked to my boss today. prefers email.", ("contact.channel", "email", False, "boss")),
    ("我妹妹下周来。喜欢吃寿司", ("food.like", "寿司", False, "younger sister")),
])
def test_a_note_worded_clause_after_someone_named_is_theirs(text: str, expected: tuple[str, str, bool, str]) -> None:
    """A verb in the third person with no subject ("prefers ramen") is a memory note's wording, the user's when no one
    is named; after one person is named in the message it is said of them, never of the user."""
    read = _read(text)
    assert expected in read and (expected[0], expected[1], False, "") not in read, read


@pytest.mark.parametrize(("text", "expected"), [
    ("Had dinner with Tom and Anna. loves sushi.", None),  # two named: whose is not said
    ("prefers ramen.", ("food.like", "ramen", False, "")),
    ("Talked to Tom today.\n- Prefers UPS", ("shipping.carrier", "UPS", False, "")),  # a memory file's bullet
    ("喜欢吃寿司", ("food.like", "寿司", False, "")),
])
def test_a_note_with_no_one_named_or_two_named(text: str, expected: tuple[str, str, bool, str] | None) -> None:
    read = _read(text)
    assert (expected in read) if expected else not {f for f in read if f[0] == "food.like"}, read
