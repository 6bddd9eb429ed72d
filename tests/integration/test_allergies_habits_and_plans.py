"""Allergies, habits and plans as users say them, through the public SDK on a real SQLite file
with the real embedding model: an allergy said in each language in one message, allergy words that
state no allergy of the user's (advice, a question, a general remark), allergies said as a noun
("peanut allergy here"), habits said with how often ("I run every morning"), qualifiers that change
what a like says, and dated plans. Each case names what must be stored and what must not."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata import Memory
from memstrata.types import Episode, Fact

#: A Wednesday: "next Friday" and 下周五 fall on 2026-03-13, "on Friday" on 2026-03-06.
SAID = datetime(2026, 3, 4, 10, 0, tzinfo=UTC)


def _own(mem: Memory, user: str, key: str) -> list[str]:
    """The user's own active values under ``key`` (no relative's subject), sorted."""
    return sorted(f.value for f in mem.list(key=key, user_id=user) if isinstance(f, Fact) and not f.subject)


# --- 1. an allergy in each language in one message ---------------------------------------------

@pytest.mark.parametrize(("user", "said", "allergies"), [
    ("space", "I'm allergic to peanuts 我也对芒果过敏", ["peanuts", "芒果"]),
    ("no-space", "I'm allergic to peanuts我也对芒果过敏", ["peanuts", "芒果"]),
    ("no-wo", "I am allergic to shrimp 也对芒果过敏", ["shrimp", "芒果"]),
    ("hai", "im allergic to eggs 我还对芒果过敏", ["eggs", "芒果"]),
    ("zh-first", "我对花生过敏 I'm also allergic to mango", ["mango", "花生"]),
])
def test_an_allergy_said_in_each_language_in_one_message_stores_both(memory: Memory, user: str, said: str,
                                                                      allergies: list[str]) -> None:
    memory.add(said, user_id=user, created_at=SAID)
    assert _own(memory, user, "health.allergy") == allergies


def test_a_code_switched_message_keeps_each_halfs_own_fact_and_whose_it_is(memory: Memory) -> None:
    memory.add("I live in Boston 我喜欢吃辣", user_id="both", created_at=SAID)
    assert _own(memory, "both", "identity.location") == ["Boston"]
    assert _own(memory, "both", "food.like") == ["辣"]
    # the mother's allergy stays hers beside the user's own
    memory.add("I'm allergic to peanuts 我妈妈对芒果过敏", user_id="mom", created_at=SAID)
    assert _own(memory, "mom", "health.allergy") == ["peanuts"]
    assert [f.value for f in memory.list(key="health.allergy", user_id="mom")
            if isinstance(f, Fact) and f.subject == "mom"] == ["芒果"]


@pytest.mark.parametrize(("user", "said", "key", "values"), [
    # a Chinese object of an English verb, or a Chinese clause someone else said, is not cut off
    ("object", "I like 火锅", "food.like", ["火锅"]),
    ("carrier", "I prefer 顺丰", "shipping.carrier", ["顺丰"]),
    ("reported", "My friend said 我对芒果过敏", "health.allergy", []),
    ("quoted", "How do you say 我对芒果过敏", "health.allergy", []),
])
def test_a_chinese_phrase_inside_an_english_clause_is_not_read_as_a_clause_of_its_own(
        memory: Memory, user: str, said: str, key: str, values: list[str]) -> None:
    memory.add(said, user_id=user, created_at=SAID)
    assert _own(memory, user, key) == values


# --- 2. allergy words that state no allergy of the user's ----------------------------------------

@pytest.mark.parametrize("said", [
    # advice, a judgement or a question about an allergy, said of anyone (no 我, no listener)
    "对花生过敏要注意",
    "对花生过敏，要注意",
    "花生过敏要注意",
    "对花生过敏一定要随身带药",
    "對花生過敏要小心",
    "对花生过敏很危险",
    "花生过敏很常见",
    "对花生过敏应该怎么办",
    # said of other people, to the listener, or as a question (read as none before too)
    "对花生过敏的人要注意",
    "如果对花生过敏，要注意",
    "很多人对花生过敏",
    "你对花生过敏吗？",
    "people with peanut allergy should carry an epipen",
    "People with peanut allergies should avoid satay",
    "If you're allergic to peanuts, avoid satay",
    "Anyone allergic to peanuts should skip this",
    "Are you allergic to peanuts?",
    "are you allergic to peanuts",
    "Being allergic to peanuts is hard",
    "Kids who are allergic to peanuts need an epipen",
    "Peanut allergy is serious",
    "Peanut allergies are common",
    "If I were allergic to peanuts I'd be sad",
])
def test_advice_a_question_or_a_general_remark_about_an_allergy_stores_none(memory: Memory, said: str) -> None:
    memory.add(said, user_id="general", created_at=SAID)
    assert memory.list(key="health.allergy", user_id="general") == []


@pytest.mark.parametrize(("user", "said", "allergies"), [
    # the speaker's own: said with 我, or to the listener (请, 所以不要放), or alone
    ("wo", "我对花生过敏要注意", ["花生"]),
    ("wo-comma", "我对花生过敏，要注意", ["花生"]),
    ("please", "对花生过敏请注意", ["花生"]),
    ("so", "对花生过敏，所以不要放花生", ["花生"]),
    ("alone", "对花生过敏", ["花生"]),
    ("noun", "花生过敏", ["花生"]),
    ("en", "Allergic to peanuts, be careful", ["peanuts"]),
])
def test_the_speakers_own_allergy_said_with_a_warning_is_still_stored(memory: Memory, user: str, said: str,
                                                                     allergies: list[str]) -> None:
    memory.add(said, user_id=user, created_at=SAID)
    assert _own(memory, user, "health.allergy") == allergies


# --- 3. an allergy said as a noun, with how severe it is ------------------------------------------

@pytest.mark.parametrize(("user", "said", "allergies"), [
    ("here", "peanut allergy here", ["peanuts"]),
    ("here-cap", "Peanut allergy here!", ["peanuts"]),
    ("severe-noun", "severe nut allergy", ["nuts"]),
    ("have-severe", "I have a severe peanut allergy", ["peanuts"]),
    ("have-mild", "I have a mild shellfish allergy", ["shellfish"]),
    ("got", "I've got a peanut allergy", ["peanuts"]),
    ("plural", "I have severe peanut allergies", ["peanuts"]),
    ("allergy-to", "I have a severe allergy to peanuts", ["peanuts"]),
    ("hyphen", "tree-nut allergic", ["tree nuts"]),
    ("im-hyphen", "I'm tree-nut allergic", ["tree nuts"]),
    ("im-modifier", "I'm peanut allergic", ["peanuts"]),
    ("my-severe", "My peanut allergy is severe", ["peanuts"]),
    ("zh-have-severe", "我有严重的花生过敏", ["花生"]),
    ("zh-have-mild", "我有轻微的花生过敏", ["花生"]),
    ("zh-have-bare", "我有严重花生过敏", ["花生"]),
    ("zh-syndrome", "我有花生过敏症", ["花生"]),
    ("zh-hant", "我有嚴重的花生過敏", ["花生"]),
    ("zh-severe-after", "我对花生过敏很严重", ["花生"]),
])
def test_an_allergy_said_as_a_noun_or_with_its_severity_stores_the_allergen(memory: Memory, user: str, said: str,
                                                                            allergies: list[str]) -> None:
    """The severity is no part of the value (withdrawals and filters match the allergen as a whole,
    ``extract.allergens``) and a fact has no field for it: the cited message keeps it."""
    [change] = memory.add(said, user_id=user, created_at=SAID).facts
    assert _own(memory, user, "health.allergy") == allergies
    episode = memory.get(episode_id=change.fact.citations[0], user_id=user)
    assert isinstance(episode, Episode) and episode.content == said


def test_a_noun_allergy_is_the_same_fact_as_the_allergic_to_one(memory: Memory) -> None:
    """"Peanut allergy here" names the value "I'm allergic to peanuts" names, so it touches that fact
    and "I'm not allergic to peanuts" withdraws it."""
    memory.add("I'm allergic to peanuts", user_id="same", created_at=SAID)
    [touch] = memory.add("Peanut allergy here", user_id="same", created_at=SAID).facts
    assert touch.action != "create" and _own(memory, "same", "health.allergy") == ["peanuts"]
    memory.add("I'm not allergic to peanuts anymore", user_id="same", created_at=SAID)
    assert _own(memory, "same", "health.allergy") == []


@pytest.mark.parametrize("said", [
    "I have seasonal allergies",
    "I have food allergies",
    "I have no peanut allergy",
    "I don't have a peanut allergy",
    "I'm so allergic",
    "seasonal allergies",
    "severe allergy",
    "his peanut allergy",
    "Peanut allergy awareness month",
    "Do you have a peanut allergy?",
    "I used to have a peanut allergy",
    "Nut allergy is no joke",
    "我有过敏",
    "我有点过敏",
    "我有严重的过敏",
    "我很容易过敏",
    "有严重的花生过敏要注意",
])
def test_allergy_words_naming_no_allergen_of_the_users_store_none(memory: Memory, said: str) -> None:
    memory.add(said, user_id="none", created_at=SAID)
    assert _own(memory, "none", "health.allergy") == []


@pytest.mark.parametrize(("user", "said", "allergy"), [
    ("son-en", "My son is peanut allergic", "peanuts"),
    ("son-zh", "我儿子有严重的花生过敏", "花生"),
])
def test_a_relatives_noun_allergy_is_theirs(memory: Memory, user: str, said: str, allergy: str) -> None:
    memory.add(said, user_id=user, created_at=SAID)
    assert _own(memory, user, "health.allergy") == []
    assert [f.value for f in memory.list(key="health.allergy", user_id=user)
            if isinstance(f, Fact) and f.subject == "son"] == [allergy]


# --- 4. habits said with how often ------------------------------------------------------------------

@pytest.mark.parametrize(("user", "said", "habits"), [
    ("run", "I run every morning", ["run every morning"]),
    ("swim", "I go swimming on weekends", ["go swimming on weekends"]),
    ("yoga", "I do yoga twice a week", ["do yoga twice a week"]),
    ("usually", "I usually go swimming on weekends", ["usually go swimming on weekends"]),
    ("first", "Every morning I run", ["run every morning"]),
    ("dog", "I walk my dog every evening", ["walk their dog every evening"]),
    ("two", "I run every morning and I swim on weekends", ["run every morning", "swim on weekends"]),
    ("zh-run", "我每天早上跑步", ["每天早上跑步"]),
    ("zh-weekend", "我每个周末都去游泳", ["每个周末都去游泳"]),
    ("zh-gym", "我每周去三次健身房", ["每周去三次健身房"]),
    ("zh-count", "我一周跑三次步", ["一周跑三次步"]),
    ("zh-mornings", "我早上都会跑步", ["早上都会跑步"]),
    ("zh-usually", "我平时每周末都去爬山", ["平时每周末都去爬山"]),
    ("zh-hant", "我每個週末都去游泳", ["每个周末都去游泳"]),
])
def test_a_habit_said_with_how_often_is_stored(memory: Memory, user: str, said: str, habits: list[str]) -> None:
    memory.add(said, user_id=user, created_at=SAID)
    assert _own(memory, user, "preference.habit") == habits


@pytest.mark.parametrize("said", [
    "I miss you every day",
    "I think about it every day",
    "I used to run every morning",
    "I don't run every morning",
    "I'll run every morning",
    "I'd love to run every morning",
    "I saw him every day",
    "I do it every day",
    "Do you run every morning?",
    "My son runs every morning",
    "I'm in the office every Monday",
    "我每天都想你",
    "我每天都很累",
    "每天早上跑步要注意什么？",
    "我一周前去过健身房",
    "我经常感到焦虑",
])
def test_a_feeling_a_past_a_question_or_someone_elses_routine_is_no_habit(memory: Memory, said: str) -> None:
    memory.add(said, user_id="nohabit", created_at=SAID)
    assert _own(memory, "nohabit", "preference.habit") == []


def test_a_recurrence_is_no_dated_event(memory: Memory) -> None:
    """"I'm in the office every Monday" was stored as scheduled for the coming Monday and "I have to
    work every weekend" as "to work every"."""
    memory.add("I'm in the office every Monday", user_id="recur", created_at=SAID)
    memory.add("I have to work every weekend", user_id="recur", created_at=SAID)
    assert [f for f in memory.list(user_id="recur") if isinstance(f, Fact) and f.kind == "episode"] == []


@pytest.mark.parametrize(("user", "said", "stopped"), [
    ("stop-en", "I run every morning", "I don't run any more"),
    ("stop-zh", "我每个周末都去游泳", "我不再游泳了"),
])
def test_a_frequency_habit_is_withdrawn_by_giving_it_up(memory: Memory, user: str, said: str, stopped: str) -> None:
    memory.add(said, user_id=user, created_at=SAID)
    memory.add(stopped, user_id=user, created_at=SAID)
    assert _own(memory, user, "preference.habit") == []


# --- 5. qualifiers that change what a like or a dislike says ---------------------------------------

def _statements(mem: Memory, user: str) -> dict[str, tuple[str, str]]:
    """The user's active facts as ``{statement: (key, value)}``."""
    return {f.statement: (f.key, f.value) for f in mem.list(user_id=user) if isinstance(f, Fact)}


@pytest.mark.parametrize(("user", "said", "statement", "key", "value"), [
    # a milder dislike than "does not like"
    ("really", "I don't really like spicy food", "does not really like spicy food", "food.dislike", "spicy food"),
    ("particularly", "I don't particularly like spicy food", "does not particularly like spicy food",
     "food.dislike", "spicy food"),
    ("much", "I don't like spicy food much", "does not like spicy food much", "food.dislike", "spicy food"),
    ("big-fan", "I'm not a big fan of spicy food", "is not a big fan of spicy food", "food.dislike", "spicy food"),
    ("zh-butai", "我不太喜欢辣", "不太喜欢辣", "food.dislike", "辣"),  # spicy food: a dietary need
    ("zh-butai-chi", "我不太喜欢吃辣", "不太喜欢吃辣", "food.dislike", "辣"),
    # not eating or drinking something says nothing of liking it
    ("never-drink", "I never drink coffee", "never drinks coffee", "drink.avoid", "coffee"),
    ("dont-eat", "I don't eat pork", "does not eat pork", "food.dislike", "pork"),
    ("zh-buhe", "我不喝咖啡", "不喝咖啡", "drink.avoid", "咖啡"),
    ("zh-butai-chi-only", "我不太吃辣", "不太吃辣", "food.dislike", "辣"),
    ("zh-drink", "我不太喝咖啡", "不太喝咖啡", "drink.avoid", "咖啡"),
    ("zh-hant", "我不太喜歡吃辣", "不太喜欢吃辣", "food.dislike", "辣"),
    # a like that holds at times, or mildly
    ("sometimes", "I like sushi sometimes", "likes sushi sometimes", "food.like", "sushi"),
    ("kind-of", "I kind of like jazz", "kind of likes jazz", "music.like", "jazz"),
])
def test_a_qualifier_stays_in_the_statement_and_out_of_the_value(memory: Memory, user: str, said: str,
                                                                 statement: str, key: str, value: str) -> None:
    memory.add(said, user_id=user, created_at=SAID)
    assert _statements(memory, user) == {statement: (key, value)}


@pytest.mark.parametrize(("user", "said", "statement"), [
    # an unqualified like or dislike keeps the key's own statement
    ("plain-dislike", "I don't like spicy food", "does not like eating spicy food"),
    ("plain-like", "I really like jazz", "likes listening to jazz"),
    ("zh-plain", "我不喜欢吃辣", "不喜欢吃辣"),
])
def test_an_unqualified_like_keeps_the_keys_statement(memory: Memory, user: str, said: str, statement: str) -> None:
    memory.add(said, user_id=user, created_at=SAID)
    assert list(_statements(memory, user)) == [statement]


@pytest.mark.parametrize("said", [
    # a double negative, a past, a wish or a sometime habit states no like or dislike
    "I don't hate spicy food",
    "I don't mind spicy food",
    "I used to like sushi",
    "I'd like sushi",
    "I only sometimes drink coffee",
    "我不讨厌吃辣",
    "我以前喜欢吃辣",
    "我偶尔喝咖啡",
])
def test_what_is_no_like_or_dislike_stores_none(memory: Memory, said: str) -> None:
    memory.add(said, user_id="nolike", created_at=SAID)
    assert memory.list(user_id="nolike") == []


def test_a_qualified_dislike_is_withdrawn_by_taking_it_up_again(memory: Memory) -> None:
    """The value is the food alone, so 我又开始吃辣了 still withdraws 我不太吃辣."""
    memory.add("我不太吃辣", user_id="again", created_at=SAID)
    memory.add("我又开始吃辣了", user_id="again", created_at=SAID)
    assert _own(memory, "again", "food.dislike") == []


# --- 6. dated plans: the event's time, counted from when the message was said ----------------------

@pytest.mark.parametrize(("user", "said", "key", "value", "start", "end"), [
    ("fly-next", "I'm flying to Tokyo next Friday", "travel.plan", "flying to Tokyo", "2026-03-13", "2026-03-14"),
    ("fly-on", "I'm flying to Tokyo on Friday", "travel.plan", "flying to Tokyo", "2026-03-06", "2026-03-07"),
    ("we-are", "We're going to Paris in May", "travel.plan", "going to Paris", "2026-05-01", "2026-06-01"),
    ("we-are-full", "We are flying to Rome next week", "travel.plan", "flying to Rome", "2026-03-09", "2026-03-16"),
    ("zh-wo", "我下周五去东京", "travel.plan", "去东京", "2026-03-13", "2026-03-14"),
    ("zh-bare", "下周五去东京", "travel.plan", "去东京", "2026-03-13", "2026-03-14"),
    ("zh-bare-fly", "明天飞上海", "travel.plan", "飞上海", "2026-03-05", "2026-03-06"),
    ("zh-bare-date", "5月3号回老家", "travel.plan", "回老家", "2026-05-03", "2026-05-04"),
    ("zh-hant", "下週五去東京", "travel.plan", "去东京", "2026-03-13", "2026-03-14"),
])
def test_a_dated_plan_holds_from_the_event_time_counted_from_the_message(
        memory: Memory, user: str, said: str, key: str, value: str, start: str, end: str) -> None:
    """SAID is months before the test runs: the plan's valid_from/valid_to come from the message's
    own time, not from when it was stored (created_at, observed_at)."""
    [change] = memory.add(said, user_id=user, created_at=SAID).facts
    fact = change.fact
    assert (fact.kind, fact.key, fact.value) == ("episode", key, value)
    assert fact.valid_from is not None and fact.valid_to is not None
    assert (fact.valid_from.date().isoformat(), fact.valid_to.date().isoformat()) == (start, end)
    assert fact.created_at.date() > SAID.date()  # stored today, valid in March


@pytest.mark.parametrize("said", [
    # a question, a suggestion, a judgement, someone else's trip or a trip with no place: no plan of the user's
    "下周五去东京吗",
    "明天去公园走走吧",
    "星期天去看电影是一个很好的选择",
    "你下周五去东京",
    "他下周五去东京",
    "下周五去",
    "我下周五去",
    "Are you flying to Tokyo next Friday?",
    "My boss is flying to Tokyo next Friday",
])
def test_what_is_no_dated_plan_of_the_users_stores_none(memory: Memory, said: str) -> None:
    memory.add(said, user_id="noplan", created_at=SAID)
    # someone else's plan may be kept under them ("My boss ...": subject boss), never as the user's own
    assert [f for f in memory.list(user_id="noplan")
            if isinstance(f, Fact) and f.kind == "episode" and f.subject is None] == []
