"""Shapes of real chat that hid a plain statement: a statement told as known already ("You know I
love hiking", 你知道我喜欢拍照) and praise that says a like ("Jazz really speaks to me", "Contemporary
dance is so expressive - it really speaks to me")."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata import HashingEmbedder, Memory
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _values(text: str) -> list[str]:
    return [c.value for c in RuleExtractor().extract(text=text, role="user", said_at=_AT) if not c.retracts]


@pytest.mark.parametrize(("text", "expected"), [
    ("You know I love hiking.", ["hiking"]),
    ("As you know, I'm allergic to peanuts.", ["peanuts"]),
    ("Like I said, my editor is Neovim.", ["Neovim"]),
    ("你知道我喜欢拍照和摄影", ["拍照", "摄影"]),
    ("你也知道，我對花生過敏", ["花生"]),
])
def test_a_statement_told_as_known_already_is_the_statement(text: str, expected: list[str]) -> None:
    assert _values(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Jazz really speaks to me.", ["Jazz"]),
    ("Contemporary dance is so expressive and graceful - it really speaks to me.", ["Contemporary dance"]),
    ("Hiking is my thing.", ["Hiking"]),
    ("Minimalist design resonates with me.", ["Minimalist design"]),
])
def test_praise_that_says_a_like(text: str, expected: list[str]) -> None:
    assert _values(text) == expected


@pytest.mark.parametrize("text", [
    "It really speaks to me.", "This book speaks to me.", "I think my editor is Vim.", "I think it's going to rain.",
    "你知道吗？", "你知道哪里有好吃的吗？", "Do you know I like hiking?", "That is my thing to worry about?",
])
def test_no_like_from_a_pointer_a_hedge_or_a_question(text: str) -> None:
    assert _values(text) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("Recently I've been studying English, do you have any tips?", ["English"]),
    ("I'm allergic to shellfish, any recommendations for dinner?", ["shellfish"]),
    ("I've been hiking a lot lately, what about you?", ["hiking"]),
])
def test_an_english_statement_before_a_closing_question_to_the_listener(text: str, expected: list[str]) -> None:
    """The question after the last comma asks "you"; what comes before it is said, and was left unread."""
    assert _values(text) == expected


@pytest.mark.parametrize("text", [
    "Do you like jazz, or rock?", "I like this, do you?", "你喜欢做菜吗？", "如果我最近开始学做菜了，你会教我吗？",
])
def test_a_question_states_nothing(text: str) -> None:
    assert _values(text) == []


def test_a_chinese_statement_before_a_closing_question_is_read() -> None:
    """Kept unread before (tidy.before_question): 做菜 is what the user is learning."""
    assert _values("我最近开始学做菜了，你也喜欢做菜吗？") == ["做菜"]


@pytest.mark.parametrize(("text", "expected"), [
    ("I'm working on my online store, growing the customer base.", ["online store"]),
    ("Yay! My online clothes store is open!", ["online clothes store"]),
    ("Startin' my biz has been tough but I'm gonna make it!", ["business"]),
    ("I run a small bakery.", ["bakery"]),
    ("我开了一家网店", ["网店"]),
    ("我在经营自己的咖啡店", ["咖啡店"]),
    ("我們開了一家咖啡館", ["咖啡馆"]),
    ("我的网店开业了", ["网店"]),
])
def test_a_business_the_user_runs_is_read_from_what_they_do_to_it(text: str, expected: list[str]) -> None:
    """``work.business``: before, each stored nothing."""
    found = [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]
    assert found == [("work.business", v) for v in expected]


@pytest.mark.parametrize("text", [
    "I'm expanding my dance studio's social media presence.",  # named in passing
    "Can't wait to have fun at your dance studio!", "Running a business isn't easy.", "I went to a store.",
    "我去了一家店", "我开了一个会",
])
def test_a_business_named_in_passing_or_someone_elses_is_not_read(text: str) -> None:
    assert [c for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)
            if c.key == "work.business"] == []


@pytest.mark.parametrize(("stated", "given_up"), [
    ("I run a small bakery.", "I don't run a bakery anymore."),
    ("I run a small bakery.", "I no longer run the bakery."),
    ("I own a small cafe.", "I no longer own the cafe."),
    ("I'm working on my online store.", "I've sold my online store."),
    ("I run a small bakery.", "I have closed my bakery."),
    ("我开了一家网店", "我不再经营网店了"),
    ("我开了一家网店", "我的网店关门了"),
    ("我们开了一家咖啡馆", "我们把咖啡馆卖了"),
])
def test_a_business_given_up_is_no_longer_current(tmp_path: Path, stated: str, given_up: str) -> None:
    """Before, each left the business current (nothing read from the second message)."""
    with Memory(tmp_path / "m.db", user_id="u1", embedder=HashingEmbedder(dim=64)) as memory:
        memory.add("I'm a teacher." if stated.startswith("I") else "我是老师")
        memory.add(stated)
        assert [f.key for f in memory.list()].count("work.business") == 1
        memory.add(given_up)
        assert [f.key for f in memory.list() if f.key == "work.business"] == []
        assert [f.value for f in memory.list(status="all", key="work.business")] != []  # kept as history


@pytest.mark.parametrize("text", [
    "I closed the shop early today.", "I closed the bakery.", "My friend closed her bakery.", "我朋友的网店关门了",
    "我的店晚上九点关门", "I shut down my store for the holidays.",
])
def test_a_business_closed_for_the_day_or_someone_elses_is_not_given_up(tmp_path: Path, text: str) -> None:
    with Memory(tmp_path / "m.db", user_id="u1", embedder=HashingEmbedder(dim=64)) as memory:
        memory.add("I run a small bakery. I'm working on my online store.")
        memory.add("我开了一家网店")
        memory.add(text)
        assert sorted(f.value for f in memory.list() if f.key == "work.business") == ["bakery", "online store", "网店"]


def _business(text: str) -> list[str]:
    return [c.value for c in RuleExtractor().extract(text=text, role="user", said_at=_AT) if c.key == "work.business"]


@pytest.mark.parametrize(("text", "expected"), [
    ("I run my own consulting firm.", ["consulting firm"]),
    ("I own a law firm.", ["law firm"]),
    ("I run a small consultancy.", ["consultancy"]),
    ("我开了一家顾问公司", ["顾问公司"]),
    ("我開了一家顧問公司", ["顾问公司"]),
    ("我經營自己的顧問公司", ["顾问公司"]),
])
def test_a_firm_or_a_consultancy_one_runs_is_a_business(text: str, expected: list[str]) -> None:
    """Before, "I run my own consulting firm" stored nothing while "I run a small bakery" was work.business (a
    firm and a consultancy were no business nouns), and 顾问公司 stored nothing: the 问 of 顾问 (consultant) read
    as asking."""
    assert _business(text) == expected


def test_a_firm_given_up_is_withdrawn(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", user_id="u1", embedder=HashingEmbedder(dim=64)) as memory:
        memory.add("I run my own consulting firm.")
        memory.add("I don't run the consulting firm anymore.")
        assert [f.value for f in memory.list(key="work.business")] == []
        assert [f.value for f in memory.list(status="all", key="work.business")] == ["consulting firm"]


@pytest.mark.parametrize("text", ["I work at a law firm.", "我想问你一个问题", "我问了一家顾问公司"])
def test_a_firm_one_works_at_or_a_question_is_no_business(text: str) -> None:
    assert _business(text) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("I'm happy to say that I passed the bar exam.", ["passed the bar exam"]),
    ("I wanted to tell you that I got engaged.", ["got engaged"]),
    ("我今天很兴奋，因为我想跟你分享我刚刚通过了一次面试！", ["通过了一次面试"]),
    ("我想告诉你我通过了面试", ["通过了面试"]),
    ("我想跟你說我通過了面試", ["通过了面试"]),
])
def test_a_statement_told_to_the_listener_is_the_statement(text: str, expected: list[str]) -> None:
    """A frame of telling ("I'm happy to say that", 我想跟你分享) before the speaker's own statement: before, the
    frame's wish or report ("I wanted", 想) left the statement unread."""
    assert _values(text) == expected


@pytest.mark.parametrize("text", ["I'm happy to say that you are great.",
                                  "I wanted to tell you that my friend got engaged.", "我想告诉你一个秘密"])
def test_a_frame_of_telling_around_no_statement_of_ones_own_gives_nothing(text: str) -> None:
    assert _values(text) == []


def _keyed(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT) if not c.retracts]


@pytest.mark.parametrize(("text", "expected"), [
    ("I'm also excited to guide and mentor aspiring dancers on their dreams.",
     [("plan.intent", "guide and mentor aspiring dancers on their dreams")]),
    ("I can't wait to start my new job.", [("plan.intent", "start my new job")]),
    ("We're looking forward to visiting Kyoto.", [("plan.intent", "visiting Kyoto")]),
    ("I'm looking forward to our trip to Kyoto.", [("plan.intent", "trip to Kyoto")]),
    ("I'm planning a trip to Kyoto.", [("plan.intent", "trip to Kyoto")]),
    ("我很期待去京都。", [("plan.intent", "去京都")]),
    ("我迫不及待想开始新工作", [("plan.intent", "开始新工作")]),
    ("我們很期待去京都", [("plan.intent", "去京都")]),
    ("我在计划去京都旅行", [("plan.intent", "去京都旅行")]),
    ("我很期待我们的京都之旅", [("plan.intent", "京都之旅")]),
])
def test_what_the_speaker_looks_forward_to_or_is_planning_is_a_plan(text: str, expected: list[tuple[str, str]]) -> None:
    """Looking forward to doing something ("excited to", "can't wait to", 期待, 迫不及待) and planning a thing named
    by a noun ("planning a trip") say a plan as "I plan to …" / 我打算… do; before, each stored nothing."""
    assert _keyed(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I'm excited to visit Kyoto next month.", [("travel.plan", "visit Kyoto")]),
    ("I can't wait to visit Kyoto next month.", [("travel.plan", "visit Kyoto")]),
    ("我很期待下个月去京都。", [("travel.plan", "去京都")]),
])
def test_a_dated_plan_looked_forward_to_is_dated(text: str, expected: list[tuple[str, str]]) -> None:
    """With a time it is a dated plan, as "I plan to visit Kyoto next month" is; "excited" is no past tense."""
    found = [c for c in RuleExtractor().extract(text=text, role="user", said_at=_AT) if not c.retracts]
    assert [(c.key, c.value) for c in found] == expected
    assert found[0].valid_from is not None and found[0].valid_from > _AT


@pytest.mark.parametrize("text", [
    "I'm excited to see what happens!", "I can't wait to hear your thoughts.", "I'm excited to get started.",
    "I'm looking forward to it.", "Can't wait to have fun at your dance studio!", "I was excited to visit Kyoto.",
    "I can't go tomorrow.", "I'm planning a surprise for you.",
    "我很期待你的回复。", "期待你的回信！", "我很期待明天。", "我朋友很期待去京都。", "我很期待这次旅行。",
    "I am looking forward to my itinerary.", "我很期待我的行程。", "我非常期待有机会可以去旅游。",
])
def test_no_plan_from_what_comes_the_listener_the_past_or_someone_else(text: str) -> None:
    """Seeing or hearing what comes, the listener, a past eagerness, someone else's, a thing pointed at ("my
    itinerary", 我的行程: a thing of the conversation), a chance (有机会): no plan."""
    assert _keyed(text) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("Hello. I'm thinking about the Kyoto trip again. What's the next step for finding those quiet places?",
     [("plan.intent", "trip to Kyoto")]),
    ("I'm back. I mailed the postcard. What should we plan next for the Kyoto trip?",
     [("plan.intent", "trip to Kyoto")]),
    ("I'm so excited about my upcoming trip to Boston.", [("plan.intent", "trip to Boston")]),
    ("I'm excited about my New Zealand trip!", [("plan.intent", "trip to New Zealand")]),
    ("我最近又在想我们的京都之旅。", [("plan.intent", "去京都旅行")]),
    ("我們的京都之旅下一步該做什麼？", [("plan.intent", "去京都旅行")]),
])
def test_a_trip_named_by_where_it_goes_is_a_plan(text: str, expected: list[tuple[str, str]]) -> None:
    """"the Kyoto trip", "my trip to Boston", 我们的京都之旅 presuppose the speaker's trip, in a question too; before,
    nothing was stored."""
    assert _keyed(text) == expected


@pytest.mark.parametrize("text", [
    "How was the Kyoto trip?", "Did you enjoy your Kyoto trip?", "We had a great time on our Japan trip.",
    "Oh, that one? It's from our trip to Banff.", "The Christmas trip is coming up.",
    "I can't wait for your trip to Boston.",
    "我们的京都之旅很愉快，去了很多地方。", "你的京都之旅怎么样？", "我的美食之旅开始了。", "我的具体旅行计划还没定。",
])
def test_a_trip_done_kept_from_someone_elses_or_no_place_is_no_plan(text: str) -> None:
    assert _keyed(text) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("最近我正在尝试一些新的训练方法，包括HIIT和重量训练。",
     [("activity.current", "HIIT"), ("activity.current", "重量训练")]),
    ("Lately I've been trying new training methods, including HIIT and weight training.",
     [("activity.current", "HIIT"), ("activity.current", "weight training")]),
    ("Lately I've been trying new recipes.", [("activity.current", "trying new recipes")]),
    ("最近我正在尝试一些新的训练方法。", [("activity.current", "尝试一些新的训练方法")]),
])
def test_trying_things_out_lately_is_a_pursuit_and_its_examples_are_the_things_done(
        text: str, expected: list[tuple[str, str]]) -> None:
    """Trying things out is a pursuit ("trying to …" is an effort); a kind of activity given with examples ("…,
    including HIIT and weight training", 包括…) is each example. Before, each stored nothing."""
    assert _keyed(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    # a goal worked on is an intent, no pursuit (tests/unit/test_extract_goals.py)
    ("Lately I've been trying to lose weight.", [("plan.intent", "lose weight")]),
    ("Lately I've been trying my best.", []),
    ("最近我在尝试减肥。", [("plan.intent", "减肥")]),
    ("Lately I've been reading a lot of novels, like Dune and Emma.",
     [("activity.current", "reading a lot of novels")]),
])
def test_an_effort_is_no_pursuit_and_examples_of_things_are_no_pursuits(
        text: str, expected: list[tuple[str, str]]) -> None:
    assert _keyed(text) == expected
