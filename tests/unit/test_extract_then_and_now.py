"""Changes of mind the rule extractor reads as one statement shape each, in English and Chinese
(Simplified and Traditional): then and now in one sentence (``extract.contrast``), what one eats or
drinks said plainly, a destination with the thing sent named first, a named person's team with a
time or 回, and a state said with its start (``extract.onset``)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
_LAST_YEAR = datetime(2025, 1, 1, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str, str]]:
    """``(key, value, subject, instead_of)`` of each candidate; none is a withdrawal here."""
    found = RuleExtractor().extract(text=text, role="user", said_at=_AT)
    assert not any(c.retracts for c in found)
    return [(c.key, c.value, c.subject, c.instead_of) for c in found]


@pytest.mark.parametrize(("text", "expected"), [
    ("I used to drink flat whites, now I drink oat lattes.", [("user.drinks", "oat lattes", "", "flat whites")]),
    ("I used to like flat whites, but now I prefer oat lattes.",
     [("preference.like", "oat lattes", "", "flat whites")]),
    ("I used to eat rice; these days I eat quinoa.", [("user.eats", "quinoa", "", "rice")]),
    ("我以前喝拿铁，现在改喝美式了。", [("user.drinks", "美式", "", "拿铁")]),
    ("我以前喝拿鐵，現在改喝美式了。", [("user.drinks", "美式", "", "拿铁")]),  # Traditional
    ("我以前喜欢喝拿铁，现在喜欢喝美式。", [("drink.like", "美式", "", "拿铁")]),
    ("以前我喝绿茶，不过现在喝红茶了。", [("user.drinks", "红茶", "", "绿茶")]),
])
def test_then_and_now_states_the_present_in_place_of_the_past(
        text: str, expected: list[tuple[str, str, str, str]]) -> None:
    assert _read(text) == expected


def test_then_and_now_keeps_a_topic_rules_withdrawal() -> None:
    found = RuleExtractor().extract(text="I used to live in Boston, now I live in Berlin.", role="user", said_at=_AT)
    assert [(c.key, c.value, c.retracts) for c in found] == [
        ("identity.location", "Boston", True), ("identity.location", "Berlin", False),
        ("identity.former", "Boston", False)]


@pytest.mark.parametrize(("text", "expected"), [
    ("I drink oat lattes.", [("user.drinks", "oat lattes", "", "")]),
    ("I mostly eat quinoa.", [("user.eats", "quinoa", "", "")]),
    ("我喝美式。", [("user.drinks", "美式", "", "")]),
    ("我平時喝燕麥拿鐵。", [("user.drinks", "燕麦拿铁", "", "")]),
    ("我现在喝红茶了。", [("user.drinks", "红茶", "", "")]),
])
def test_what_one_eats_or_drinks_said_plainly_is_a_habit(
        text: str, expected: list[tuple[str, str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", [
    "I eat out a lot.", "I drink too much.", "我吃饭了。", "我喝咖啡了。", "我喝多了。", "我以前喝拿铁。",
    "Do you drink coffee?", "我喝什么咖啡？",
])
def test_no_habit_in_a_happening_an_amount_or_a_question(text: str) -> None:
    assert _read(text) == []


@pytest.mark.parametrize(("text", "value"), [
    ("快递以后都用京东。", "京东"), ("快遞以後都用京東。", "京东"), ("包裹今后都发顺丰", "顺丰"),
    ("快递从现在起用中通", "中通"), ("Packages from now on go with DHL.", "DHL"),
    ("My parcels should go via FedEx from now on.", "FedEx"),
])
def test_a_destination_with_the_thing_sent_named_first(text: str, value: str) -> None:
    assert _read(text) == [("shipping.carrier", value, "", "")]


@pytest.mark.parametrize("text", ["快递以后再说。", "包裹以后到了告诉我。"])
def test_no_destination_without_a_carrier(text: str) -> None:
    assert _read(text) == []


@pytest.mark.parametrize(("text", "subject", "team"), [
    ("小王这周调到搜索组了。", "小王", "搜索组"),
    ("小王這週調到搜索組了。", "小王", "搜索组"),
    ("小王又回支付组了。", "小王", "支付组"),
    ("我同事小张上个月调到设计组了", "小张", "设计组"),
    ("小李刚转到平台组", "小李", "平台组"),
    ("Tom moved to the search team this week.", "Tom", "search team"),
    ("Tom went back to the payments team.", "Tom", "payments team"),
])
def test_a_named_persons_team_is_theirs(text: str, subject: str, team: str) -> None:
    assert _read(text) == [(f"{subject.lower()}.team", team, subject, "")]


def test_a_team_change_said_with_its_week_is_dated() -> None:
    [found] = RuleExtractor().extract(text="小王这周调到搜索组了", role="user", said_at=_AT)
    assert found.valid_from == datetime(2026, 1, 5, tzinfo=UTC) and found.valid_to is None


@pytest.mark.parametrize(("text", "key", "value", "since"), [
    ("I've been vegetarian since last year.", "food.diet", "vegetarian", _LAST_YEAR),
    ("Since last year, I've been vegetarian.", "food.diet", "vegetarian", _LAST_YEAR),
    ("I have been vegan for two years.", "food.diet", "vegan", datetime(2024, 1, 1, tzinfo=UTC)),
    ("I've been living in Berlin since 2020.", "identity.location", "Berlin", datetime(2020, 1, 1, tzinfo=UTC)),
    ("我从去年开始吃素。", "food.diet", "吃素", _LAST_YEAR),
    ("我從去年開始吃素。", "food.diet", "吃素", _LAST_YEAR),
    ("自从去年我就一直吃素", "food.diet", "吃素", _LAST_YEAR),
    ("我从2020年起住在柏林", "identity.location", "柏林", datetime(2020, 1, 1, tzinfo=UTC)),
])
def test_a_state_with_its_start_holds_from_then(text: str, key: str, value: str, since: datetime) -> None:
    [found] = RuleExtractor().extract(text=text, role="user", said_at=_AT)
    assert (found.key, found.value, found.valid_from, found.valid_to) == (key, value, since, None)


@pytest.mark.parametrize("text", ["I've been to Paris since May.", "I've been thinking about it since Monday.",
                                  "我从去年开始想学吉他"])
def test_no_state_in_a_visit_a_thought_or_a_wish(text: str) -> None:
    assert [c.key for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)
            if c.key in ("food.diet", "identity.location")] == []


@pytest.mark.parametrize(("text", "expected"), [
    ("I'm vegetarian again.", ("food.diet", "vegetarian")),
    ("I live in Berlin again.", ("identity.location", "Berlin")),  # was 'Berlin again'
    ("My editor is Vim again.", ("tool.editor", "Vim")),
    ("我又吃素了", ("food.diet", "吃素")),
    ("我重新开始吃素了", ("food.diet", "吃素")),
    ("我現在又吃素了", ("food.diet", "吃素")),
])
def test_a_state_said_again_is_the_state(text: str, expected: tuple[str, str]) -> None:
    """"again" says the state holds once more and is no part of its value: "I'm vegetarian again" and
    我又吃素了 stored no diet before (the latter only withdrew a habit of not eating it)."""
    found = [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT) if not c.retracts]
    assert found == [expected]


@pytest.mark.parametrize("texts", [
    ("I'm vegetarian.", "I'm no longer vegetarian.", "I'm vegetarian again."),
    ("I'm vegetarian.", "I'm vegan now.", "I'm vegetarian again."),
    ("我吃素", "我现在不吃素了", "我又开始吃素了"),
    ("我吃素", "我现在是纯素食者了", "我又吃素了"),
    ("我吃素", "我现在吃纯素了", "我又吃素了"),
])
def test_a_diet_said_again_is_current_and_ends_the_one_in_between(tmp_path: Path, texts: tuple[str, ...]) -> None:
    from memstrata import HashingEmbedder, Memory

    with Memory(tmp_path / "m.db", user_id="u1", embedder=HashingEmbedder(dim=64)) as memory:
        for text in texts:
            memory.add(text)
        diets = [f.value for f in memory.list(key="food.diet")]
        every = [(f.key, f.value) for f in memory.list()]
    assert diets == ["吃素" if "吃素" in texts[0] else "vegetarian"]
    assert every == [("food.diet", diets[0])]  # nothing else current: the diet in between ended


@pytest.mark.parametrize(("text", "expected"), [
    ("我是纯素食者", "纯素"), ("我吃纯素", "纯素"), ("我现在吃纯素了", "纯素"),
    ("我是素食者", "吃素"), ("我吃素", "吃素"),
])
def test_a_vegan_diet_in_chinese_is_vegan_not_vegetarian(text: str, expected: str) -> None:
    """纯素食者 / 吃纯素 is vegan (纯素, ``twins``' Chinese of "vegan"): it was stored as 吃素, the
    vegetarian diet, or as a thing eaten (user.eats 纯素), so a change between the two was lost."""
    found = [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT) if not c.retracts]
    assert found == [("food.diet", expected)]


@pytest.mark.parametrize("text", ["I lost my job.", "I got laid off last week.", "It's been tough since I lost my job.",
                                  "I quit my job.", "我失业了", "我被裁员了", "我辭職了"])
def test_a_job_that_ended_withdraws_the_employer(text: str) -> None:
    found = RuleExtractor().extract(text=text, role="user", said_at=_AT)
    assert [(c.key, c.value) for c in found if c.retracts] == [("identity.employer", "")]


@pytest.mark.parametrize("text", ["If I lose my job I'll move.", "I'm afraid I might lose my job.",
                                  "My friend lost his job.", "我怕被裁员", "我朋友失业了", "我不想辞职了"])
def test_a_feared_or_someone_elses_job_loss_ends_nothing(text: str) -> None:
    assert not [c for c in RuleExtractor().extract(text=text, role="user", said_at=_AT) if c.retracts]


@pytest.mark.parametrize(("texts", "kept"), [
    (("I work at Google.", "I'm a teacher.", "I lost my job."), {("identity.occupation", "teacher")}),
    (("我在腾讯工作", "我被裁员了"), set()),
    (("我在騰訊工作", "我辭職了"), set()),
])
def test_after_a_job_ended_no_employer_is_current(tmp_path: Path, texts: tuple[str, ...],
                                                  kept: set[tuple[str, str]]) -> None:
    """Before, 'I work at Google' stayed current after 'I lost my job' (stored as an event alone)."""
    from memstrata import HashingEmbedder, Memory

    with Memory(tmp_path / "m.db", user_id="u1", embedder=HashingEmbedder(dim=64)) as memory:
        for text in texts:
            memory.add(text)
        facts = {(f.key, f.value) for f in memory.list() if f.key.startswith("identity.")}
        ended = [f.value for f, _ in memory.history(key="identity.employer") if f.status == "superseded"]
    assert facts == kept and len(ended) == 1
