"""Allergy phrasings that used to store no fact or junk: the
typographic apostrophe phones and Macs send ("I’m"), "im" without one, a degree word before
"allergic" ("deathly"), the food named apart from "I'm allergic" ("No peanuts for me please, I'm
allergic"), a list after "allergic to:", bare Chinese without 我/对 (花生过敏, 本人花生过敏), and an
English clause run on after the allergen ("peanuts so no peanuts"). The user's own allergy is
stored with the allergen alone and reaches an agent planning dinner; words that name someone else
or no allergen store no allergy of the user's. Public SDK on a real SQLite file with the real
embedding model."""

from __future__ import annotations

import pytest

from memstrata import Memory
from memstrata.types import Episode, Fact


def _own_allergies(mem: Memory, user: str) -> list[str]:
    """The user's own active allergies (no relative's subject), sorted."""
    return sorted(f.value for f in mem.list(key="health.allergy", user_id=user)
                  if isinstance(f, Fact) and not f.subject)


@pytest.mark.parametrize(("user", "said"), [
    ("curly", "I\u2019m allergic to peanuts"),
    ("curly-am", "I\u2019m severely allergic to peanuts"),
    ("no-apostrophe", "im allergic to peanuts"),
    ("no-apostrophe-cap", "Im allergic to peanuts"),
    ("deathly", "I'm deathly allergic to peanuts"),
    ("super", "i'm super allergic to peanuts"),
    ("mildly", "I am mildly allergic to peanuts"),
    ("before", "No peanuts for me please, I'm allergic"),
    ("before-curly", "Hold the peanuts, I\u2019m deathly allergic"),
    ("before-no-comma", "No peanuts please I'm allergic"),
    ("before-because", "No peanuts because I'm allergic"),
    ("before-sentence", "No peanuts for me please. I'm allergic."),
    ("after-so", "I'm allergic, so no peanuts please"),
    ("run-on-so", "i'm allergic to peanuts so no peanuts please"),
    ("run-on-because", "I'm allergic to peanuts because they make me sick"),
    ("run-on-but", "I'm allergic to peanuts but it's not serious"),
    ("colon", "I'm allergic to: peanuts"),
    ("bare", "Allergic to peanuts."),
])
def test_an_english_allergy_as_typed_is_the_allergen_and_reaches_dinner(memory: Memory, user: str,
                                                                           said: str) -> None:
    [change] = memory.add(said, user_id=user).facts
    assert (change.action, change.fact.key, change.fact.value, change.fact.subject) == (
        "create", "health.allergy", "peanuts", None)
    assert _own_allergies(memory, user) == ["peanuts"]
    block = memory.context("plan dinner", user_id=user, budget_tokens=300)
    degree = {"curly-am": "severely ", "deathly": "severely ", "before-curly": "severely ", "mildly": "mildly "}
    assert f"- is {degree.get(user, '')}allergic to peanuts" in block


@pytest.mark.parametrize(("user", "said", "allergies"), [
    ("list-colon-bare", "allergic to: peanuts, shellfish", ["peanuts", "shellfish"]),
    ("list-colon", "I\u2019m allergic to: peanuts, shellfish", ["peanuts", "shellfish"]),
    ("list-comma", "I'm allergic to peanuts, shellfish", ["peanuts", "shellfish"]),
    ("list-oxford", "I'm allergic to peanuts, tree nuts, and eggs", ["eggs", "peanuts", "tree nuts"]),
    ("list-form", "Allergies: peanuts, shellfish", ["peanuts", "shellfish"]),
    ("list-before", "No peanuts or shellfish for me please, I'm allergic", ["peanuts", "shellfish"]),
])
def test_a_listed_english_allergy_stores_each_allergen(memory: Memory, user: str, said: str,
                                                        allergies: list[str]) -> None:
    memory.add(said, user_id=user)
    assert _own_allergies(memory, user) == allergies
    block = memory.context("plan dinner", user_id=user, budget_tokens=400)
    assert all(f"- is allergic to {a}" in block for a in allergies)


@pytest.mark.parametrize(("user", "said", "allergies"), [
    ("zh-bare", "花生过敏", ["花生"]),
    ("zh-self", "本人花生过敏", ["花生"]),
    ("zh-self-dui", "本人对花生过敏", ["花生"]),
    ("zh-bare-full-stop", "花生过敏。", ["花生"]),
    ("zh-hant", "花生過敏", ["花生"]),
    ("zh-degree", "花生严重过敏", ["花生"]),
    ("zh-drug", "青霉素过敏", ["青霉素"]),
    ("zh-list", "海鲜和花生过敏", ["海鲜", "花生"]),
    ("zh-run-on", "花生过敏，所以不要放花生", ["花生"]),
])
def test_a_bare_chinese_allergy_is_the_users_and_reaches_dinner(memory: Memory, user: str, said: str,
                                                                  allergies: list[str]) -> None:
    memory.add(said, user_id=user)
    assert _own_allergies(memory, user) == allergies
    block = memory.context("帮我安排晚餐", user_id=user, budget_tokens=400)
    degree = "严重" if user == "zh-degree" else ""  # 花生严重过敏 keeps how severe it is
    assert all(f"- 对{a}{degree}过敏" in block for a in allergies)


@pytest.mark.parametrize(("user", "said", "allergies"), [
    # a remark after the comma is no allergen
    ("vocative", "I'm allergic to peanuts, Bob", ["peanuts"]),
    ("reported", "Actually I am allergic to peanuts, the doctor confirmed", ["peanuts"]),
    ("thanks", "I'm allergic to peanuts, thanks", ["peanuts"]),
    ("careful", "I'm allergic to peanuts, so be careful", ["peanuts"]),
    ("contrast", "I'm allergic to peanuts, not shellfish", ["peanuts"]),
    # a "no" that refuses no food, an allergy without an allergen, a denial
    ("no-problem", "No problem, I'm allergic", []),
    ("no-one", "No one here knows I'm allergic", []),
    ("bare-allergic", "I\u2019m allergic.", []),
    ("denied", "I\u2019m really not allergic to peanuts", []),
    ("question", "Allergic to peanuts?", []),
    # someone else's, or no allergen, before a bare 过敏
    ("zh-colleague", "同事花生过敏", []),
    ("zh-name", "小明花生过敏", []),
    ("zh-friend", "我朋友花生过敏", []),
    ("zh-son", "我儿子花生过敏", []),
    ("zh-mom", "妈妈花生过敏", []),
    ("zh-degree-only", "有点过敏", []),
    ("zh-skin", "皮肤过敏", []),
    ("zh-he", "他花生过敏", []),
])
def test_words_that_name_no_allergy_of_the_users_store_none(memory: Memory, user: str, said: str,
                                                            allergies: list[str]) -> None:
    memory.add(said, user_id=user)
    assert _own_allergies(memory, user) == allergies


def test_a_typographic_apostrophe_reads_as_the_ascii_one_beyond_allergies(memory: Memory) -> None:
    """The quotes are folded before any pattern runs: other statements spelled with "'" benefit."""
    [dislike] = memory.add("I don\u2019t like cilantro", user_id="q1").facts
    assert (dislike.fact.key, dislike.fact.value) == ("food.dislike", "cilantro")
    [diet] = memory.add("I\u2019m vegetarian", user_id="q2").facts
    assert (diet.fact.key, diet.fact.value) == ("food.diet", "vegetarian")
    # the episode keeps the text as typed; only the patterns read the folded form
    [episode] = memory.list(kind="episode", user_id="q2")
    assert isinstance(episode, Episode) and episode.content == "I\u2019m vegetarian"
    # a curly withdrawal withdraws the allergy said with the ASCII apostrophe
    memory.add("I'm allergic to peanuts", user_id="q3")
    [withdrawn] = memory.add("I\u2019m no longer allergic to peanuts", user_id="q3").facts
    assert withdrawn.action == "retract" and _own_allergies(memory, "q3") == []


@pytest.mark.parametrize(("user", "said", "subject", "allergies"), [
    ("mom-bare", "Mom is allergic to peanuts", "mom", ["peanuts"]),
    ("mom-curly", "Mom\u2019s deathly allergic to peanuts", "mom", ["peanuts"]),
    ("dad-list", "Dad is allergic to: shellfish, eggs", "dad", ["eggs", "shellfish"]),
    ("my-mom-list", "My mom\u2019s allergic to peanuts, shellfish", "mom", ["peanuts", "shellfish"]),
])
def test_a_relatives_allergy_as_typed_is_theirs_never_the_users(memory: Memory, user: str, said: str, subject: str,
                                                                  allergies: list[str]) -> None:
    """"Mom is allergic to peanuts" used to store nothing; it is the mother's, and the
    degree word, the curly apostrophe and a list keep it hers."""
    memory.add(said, user_id=user)
    theirs = sorted(f.value for f in memory.list(key="health.allergy", user_id=user)
                    if isinstance(f, Fact) and f.subject == subject)
    assert theirs == allergies and _own_allergies(memory, user) == []
    block = memory.context("plan dinner for my family", user_id=user, budget_tokens=400)
    degree = "severely " if "deathly" in said else ""  # the severity said is kept
    assert all(f"their {subject} is {degree}allergic to {a}" in block for a in allergies)
