"""Extraction cases: allergy corrections and
contrasts, a Chinese clause without its own 我, Taiwan's carrier names, a past
carrier and the smaller items; what each reads and, as much, what it must not."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 11, 30, 10, 0, tzinfo=UTC)


def _found(text: str) -> list[tuple[str, str, str]]:
    """(key, value, mark): mark is ``retract``, ``corrects`` or ``""``."""
    return [(c.key, c.value, "retract" if c.retracts else "corrects" if c.corrects else "")
            for c in RuleExtractor().extract(text=text, role="user", said_at=SAID)]


@pytest.mark.parametrize(("text", "expected"), [
    # 是 in focus with a correction word: corrects the allergy said before
    ("其实我是对芒果过敏", [("health.allergy", "芒果", "corrects")]),
    ("算了，其實我是對芒果過敏", [("health.allergy", "芒果", "corrects")]),
    ("不对，是对芒果过敏", [("health.allergy", "芒果", "corrects")]),
    ("Actually, it's shellfish I'm allergic to", [("health.allergy", "shellfish", "corrects")]),
    # the old value named: withdrawn by name, the new one plain
    ("Actually, it's shellfish I'm allergic to, not peanuts",
     [("health.allergy", "shellfish", ""), ("health.allergy", "peanuts", "retract")]),
    ("Actually, I'm allergic to shellfish, not peanuts",
     [("health.allergy", "shellfish", ""), ("health.allergy", "peanuts", "retract")]),
    ("我不是对花生过敏，是对芒果过敏", [("health.allergy", "花生", "retract"), ("health.allergy", "芒果", "")]),
    ("其实我对芒果过敏，不是花生", [("health.allergy", "芒果", ""), ("health.allergy", "花生", "retract")]),
    # a reply opening with a correction word corrects; "also" / 也 add one more
    ("No, I'm allergic to shellfish", [("health.allergy", "shellfish", "corrects")]),
    ("Sorry, I meant I'm allergic to shellfish", [("health.allergy", "shellfish", "corrects")]),
    ("No, I'm also allergic to cats", [("health.allergy", "cats", "")]),
    ("不对，我对芒果过敏", [("health.allergy", "芒果", "corrects")]),
    ("不对，我也对芒果过敏", [("health.allergy", "芒果", "")]),
    ("不是，我对芒果过敏，不是花生", [("health.allergy", "芒果", ""), ("health.allergy", "花生", "retract")]),
    ("Actually, I'm allergic to shellfish", [("health.allergy", "shellfish", "")]),
    ("其实我对芒果过敏", [("health.allergy", "芒果", "")]),
    # additions and emphasis are not corrections
    ("我也对芒果过敏", [("health.allergy", "芒果", "")]),
    ("我是对猫毛过敏的", [("health.allergy", "猫毛", "")]),
    ("I'm also allergic to cats", [("health.allergy", "cats", "")]),
    # nothing to read
    ("是对芒果过敏", []),
    ("好的，是对芒果过敏", []),
    ("not peanuts", []),
    # a contrast dislikes nothing; the thing named as not liked is withdrawn (a like of it said before ends)
    ("I like pizza, not sushi", [("food.like", "pizza", ""), ("food.like", "sushi", "retract")]),
])
def test_allergy_corrections_and_contrasts(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _found(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("我是素食者，住在上海，以后都用京东配送",
     [("food.diet", "吃素", ""), ("identity.location", "上海", ""), ("shipping.carrier", "京东", "")]),
    ("我是老师，也住在上海", [("identity.occupation", "老师", ""), ("identity.location", "上海", "")]),
    ("我是程序员，在腾讯工作，住在深圳",
     [("identity.occupation", "程序员", ""), ("identity.employer", "腾讯", ""), ("identity.location", "深圳", "")]),
    # a degree word before the verb (也很喜欢): the clause went unread before
    ("我喜欢爱情小说，也很喜欢经典文学作品",
     [("preference.like", "爱情小说", ""), ("preference.like", "经典文学作品", "")]),
    ("我喜歡愛情小說，也非常喜歡古典文學", [("preference.like", "爱情小说", ""), ("preference.like", "古典文学", "")]),
    # English leaves "I" out the same way ("also really enjoy cooking" was a like's value, or nothing)
    ("I love romance novels, but also really like classic literature.",
     [("preference.like", "romance novels", ""), ("preference.like", "classic literature", "")]),
    ("I love hiking and also really enjoy cooking.", [("sport.like", "hiking", ""), ("hobby.like", "cooking", "")]),
    # the clause before is about someone else, or about nothing stated: its 我 is not lent
    ("我有个妹妹，住在上海", [("family.member", "妹妹", "")]),
    ("我有个妹妹，很喜欢猫", [("family.member", "妹妹", "")]),
    ("我觉得他很好，住在上海也不错", []),
])
def test_a_clause_goes_on_about_the_speaker(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _found(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("以後改用黑貓", [("shipping.carrier", "黑猫宅急便", "")]),
    ("算了，还是黑猫吧", [("shipping.carrier", "黑猫宅急便", "corrects")]),
    ("我不再用黑猫了", [("shipping.carrier", "黑猫宅急便", "retract")]),
    ("請用7-11店到店寄給我", [("shipping.carrier", "7-11店到店", "")]),
    ("其實還是用郵局好了", [("shipping.carrier", "邮局", "")]),
    ("I used to ship with UPS, now I use DHL",
     [("shipping.carrier", "UPS", "retract"), ("shipping.carrier", "DHL", "")]),
    ("我以后都用顺丰 and I prefer UPS for delivery",
     [("shipping.carrier", "顺丰", ""), ("shipping.carrier", "UPS", "")]),
    # a black cat, a post office visited, a shop: not carriers
    ("我喜欢黑猫", [("preference.like", "黑猫", "")]),
    ("黑猫很可爱", []),
    ("我去邮局", []),
    ("我在邮局工作", [("identity.employer", "邮局", "")]),
    ("I used to love jazz", []),
])
def test_carriers_named_as_people_say_them(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _found(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("我喜欢那不勒斯披萨", [("food.like", "那不勒斯披萨", "")]),
    ("我喜欢用 iPhone 拍照", [("hobby.like", "用 iPhone 拍照", "")]),
    ("我喜欢用VSCode写代码", [("tool.editor", "VSCode", "")]),
    ("I like 火鍋 and 珍珠奶茶", [("food.like", "火锅", ""), ("drink.like", "珍珠奶茶", "")]),
    ("我比较喜欢川菜和粤菜", [("food.like", "川菜", ""), ("food.like", "粤菜", "")]),
    ("I like mac and cheese", [("preference.like", "mac and cheese", "")]),
    ("我喜欢那本书", []),
    ("我喜欢那里", []),
    ("我喜欢这周末的安排", []),
])
def test_smaller_items(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _found(text) == expected


@pytest.mark.parametrize("text", [
    "My friend prefers FedEx", "My friend told me: I prefer UPS",
    'My boss said "I prefer FedEx"', "Never mind, FedEx lost my package", "Never mind, FedEx is too slow",
    "我不要用中通", "算了，还是别说了吧", "算了，还是顺丰太贵了吧",
])
def test_negatives_stay_negative(text: str) -> None:
    assert _found(text) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("I used to be allergic to peanuts", [("health.allergy", "peanuts", "retract")]),
    ("我以前对花生过敏", [("health.allergy", "花生", "retract")]),
    ("我小时候对牛奶过敏", [("health.allergy", "牛奶", "retract")]),
    ("I used to live in Boston for 3 years", [("identity.location", "Boston", "retract"),
                                              ("identity.former", "Boston", "")]),  # a former home (extract.former)
    ("我以前住在上海，现在住在北京", [("identity.location", "上海", "retract"), ("identity.location", "北京", ""),
                            ("identity.former", "上海", "")]),
    ("I used to work at Google", [("identity.employer", "Google", "retract"), ("identity.former", "Google", "")]),
    ("我以前在腾讯工作", [("identity.employer", "腾讯", "retract"), ("identity.former", "腾讯", "")]),
    ("I used to be vegetarian", [("food.diet", "", "retract")]),
    ("我以前吃素", [("food.diet", "", "retract")]),
])
def test_a_past_state_no_longer_holds(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _found(text) == expected


@pytest.mark.parametrize("text", ["我朋友对芒果过敏", "我媽媽對花生過敏", "我的狗对鸡肉过敏", "我儿子对鸡蛋过敏",
                                  "我以为我对芒果过敏", "我怀疑我对芒果过敏"])
def test_someone_elses_allergy_or_a_doubt_in_chinese_is_not_the_users(text: str) -> None:
    # 我朋友对芒果过敏 must not become the user's allergy "朋友对芒果". A
    # relative's or a pet's is stored under them (test_extract_whose_routines_budgets), never without a subject.
    found = RuleExtractor().extract(text=text, role="user", said_at=SAID)
    assert [c for c in found if not c.subject] == []


def test_the_users_own_chinese_allergy_still_reads() -> None:
    assert _found("我也对花生和芒果过敏") == [("health.allergy", "花生", ""), ("health.allergy", "芒果", "")]
    assert _found("我花粉过敏") == [("health.allergy", "花粉", "")]


@pytest.mark.parametrize(("text", "expected"), [
    ("OK. I'm allergic to peanuts", ("health.allergy", "peanuts")),
    ("Yes. I prefer UPS for delivery", ("shipping.carrier", "UPS")),
    ("Sure. I live in Berlin", ("identity.location", "Berlin")),
])
def test_a_filler_said_as_its_own_sentence_keeps_the_fact_after_it(text: str, expected: tuple[str, str]) -> None:
    # "OK. I'm allergic to peanuts" used to store nothing.
    assert [(k, v) for k, v, _ in _found(text)] == [expected]


def _read_instead(text: str) -> list[tuple[str, str, str]]:
    """(key, value, the old value it takes the place of) of each candidate."""
    return [(c.key, c.value, c.instead_of) for c in RuleExtractor().extract(text=text, role="user", said_at=SAID)]


@pytest.mark.parametrize(("text", "expected"), [
    ("Scratch that, we moved to Munich, not Berlin.", [("identity.location", "Munich", "Berlin")]),
    ("I live in Munich, not Berlin.", [("identity.location", "Munich", "Berlin")]),
    ("Correction: my editor is Neovim, not Vim.", [("tool.editor", "Neovim", "Vim")]),
    ("We use Linear, not Jira.", [("tool.uses", "Linear", "Jira")]),
    ("我住在上海，不是北京", [("identity.location", "上海", "北京")]),
    ("我不是住在北京，是上海", [("identity.location", "上海", "北京")]),
    ("我不是住在北京，是住在上海", [("identity.location", "上海", "北京")]),
    ("更正一下，我搬到上海了，不是北京", [("identity.location", "上海", "北京")]),
    ("我的编辑器是Neovim，不是Vim", [("tool.editor", "Neovim", "Vim")]),
    ("我們用飛書，不是釘釘", [("tool.uses", "飞书", "钉钉")]),
])
def test_a_correction_inside_the_sentence_keeps_the_value_and_names_the_one_it_is_not(
        text: str, expected: list[tuple[str, str, str]]) -> None:
    """Before, 'Scratch that, we moved to Munich, not Berlin' was user.uses = Munich (a group moving to a name),
    'Correction: my editor …' and 我不是住在北京，是上海 stored nothing, and none named the old value."""
    assert _read_instead(text) == expected


@pytest.mark.parametrize(("texts", "current", "gone"), [
    (("I live in Berlin.", "Scratch that, we moved to Munich, not Berlin."), ("identity.location", "Munich"), "Berlin"),
    (("I live in Berlin.", "Not Berlin, Munich."), ("identity.location", "Munich"), "Berlin"),
    (("We use Jira.", "We use Slack.", "We use Linear, not Jira."), ("tool.uses", "Linear"), "Jira"),
    (("我住在北京", "不是北京，是上海"), ("identity.location", "上海"), "北京"),
    (("我住在北京", "我不是住在北京，是上海"), ("identity.location", "上海"), "北京"),
    (("我們用釘釘", "我們用飛書，不是釘釘"), ("tool.uses", "飞书"), "钉钉"),
])
def test_the_value_a_correction_says_it_is_not_ends(
        tmp_path: Path, texts: tuple[str, ...], current: tuple[str, str], gone: str) -> None:
    """The 'not X' part is never stored, and the fact holding X is superseded (its history kept); a bare
    correction (不是北京，是上海, 'Not Berlin, Munich') takes the key of the fact holding the old value."""
    from memstrata import HashingEmbedder, Memory

    with Memory(tmp_path / "m.db", user_id="u1", embedder=HashingEmbedder(dim=64)) as memory:
        for text in texts:
            memory.add(text)
        active = {(f.key, f.value) for f in memory.list()}
        history = {(f.value, f.status) for f, _ in memory.history(key=current[0])}
    assert current in active and not any(value == gone for _, value in active)
    assert (gone, "superseded") in history


@pytest.mark.parametrize(("texts", "current"), [
    (("I live in Berlin.", "Not Paris, Munich."), ("identity.location", "Berlin")),
    (("我住在北京", "不是杭州，是上海"), ("identity.location", "北京")),
])
def test_a_bare_correction_of_a_value_no_fact_holds_changes_nothing(
        tmp_path: Path, texts: tuple[str, ...], current: tuple[str, str]) -> None:
    from memstrata import HashingEmbedder, Memory

    with Memory(tmp_path / "m.db", user_id="u1", embedder=HashingEmbedder(dim=64)) as memory:
        for text in texts:
            memory.add(text)
        assert {(f.key, f.value) for f in memory.list()} == {current}


@pytest.mark.parametrize(("text", "expected"), [
    # a contrast takes no value's place: the thing named as not liked is withdrawn (its own candidate)
    ("I like pizza, not sushi.", [("food.like", "pizza", ""), ("food.like", "sushi", "")]),
    ("I'm tired, not sleepy.", []),
    ("Not now, thanks.", []),
    ("Not me, my brother.", []),
])
def test_a_not_that_corrects_no_value_is_not_read_as_a_correction(
        text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _read_instead(text) == expected


@pytest.mark.parametrize("text", [
    "Nope, not a new game. We put together a tournament for our favorite game, CS:GO.",  # a LoCoMo turn
    "No, not the blue one.", "Nah, not the red one.", "Yeah, not bad at all.", "Okay, not a problem.",
])
def test_a_reply_word_before_not_names_no_value(text: str) -> None:
    assert not any(key == "user.corrects" for key, _, _ in _found(text))


@pytest.mark.parametrize(("text", "new", "old"), [
    ("Not Berlin, Munich.", "Munich", "Berlin"), ("No, it's Munich, not Berlin.", "Munich", "Berlin"),
    ("It's No Frills, not Loblaws.", "No Frills", "Loblaws"),
])
def test_a_bare_correction_still_names_both_values(text: str, new: str, old: str) -> None:
    found = RuleExtractor().extract(text=text, role="user", said_at=SAID)
    assert [(c.key, c.value, c.instead_of) for c in found] == [("user.corrects", new, old)]


def test_a_reply_word_never_takes_the_place_of_a_value(tmp_path: Path) -> None:
    from memstrata import HashingEmbedder, Memory

    with Memory(tmp_path / "m.db", user_id="u1", embedder=HashingEmbedder(dim=64)) as memory:
        memory.add("I live in Berlin.")
        memory.add("Nope, not Berlin.")
        values = {f.value for f in memory.list()} | {f.value for f, _ in memory.history(key="identity.location")}
    assert "Nope" not in values
