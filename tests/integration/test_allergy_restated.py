"""Allergies as chat says them: re-stated after a withdrawal ("again",
又, 还是), run together with the next clause without a comma, switching language mid-sentence, or
said without 我. The stored value is the allergen alone, it is current again after a withdrawal,
an agent planning a meal is told so, and a value stored with junk by older code is still
withdrawn by name. Public SDK on a real SQLite file with the real embedding model."""

from __future__ import annotations

import hashlib

import pytest

from memstrata import Memory
from memstrata.types import Fact


def _allergies(mem: Memory, user: str, status: str = "active") -> list[str]:
    return sorted(f.value for f in mem.list(key="health.allergy", status=status, user_id=user) if isinstance(f, Fact))


@pytest.mark.parametrize(("user", "restated"), [
    ("zh1", "我又对花生过敏了"),
    ("zh2", "医生说我还是对花生过敏"),
    ("zh3", "我对花生又过敏了"),
    ("zh4", "我現在又對花生過敏了"),  # Traditional
    ("zh5", "我又开始对花生过敏了"),
])
def test_a_chinese_allergy_restated_after_a_withdrawal_is_current_again(memory: Memory, user: str,
                                                                         restated: str) -> None:
    memory.add("我对花生过敏", user_id=user)
    [withdrawn] = memory.add("我不对花生过敏了", user_id=user).facts
    assert withdrawn.action == "retract" and _allergies(memory, user) == []
    [change] = memory.add(restated, user_id=user).facts
    assert (change.action, change.fact.value, change.fact.status) == ("create", "花生", "active")
    assert _allergies(memory, user) == ["花生"]
    block = memory.context("帮我安排晚餐", user_id=user, budget_tokens=300)
    assert "- 对花生过敏" in block  # the current allergy reaches the meal planner, unlabelled
    profile = memory.context("你了解我什么？", user_id=user, budget_tokens=300)
    assert "- 对花生过敏" in profile and "[已过时] 我对花生过敏" not in profile


@pytest.mark.parametrize(("user", "restated"), [
    ("en1", "I'm allergic to peanuts again"),
    ("en2", "Actually I am allergic to peanuts again, the doctor confirmed"),
    ("en3", "I'm still allergic to peanuts"),
    ("en4", "Turns out I'm allergic to peanuts after all"),
])
def test_an_english_allergy_restated_after_a_withdrawal_is_current_again(memory: Memory, user: str,
                                                                          restated: str) -> None:
    memory.add("I'm allergic to peanuts", user_id=user)
    memory.add("I'm not allergic to peanuts", user_id=user)
    assert _allergies(memory, user) == []
    [change] = memory.add(restated, user_id=user).facts
    # it ends the denial "not allergic to peanuts" the withdrawal stated beside it (extract.allergy_denied)
    assert (change.action, change.fact.value) == ("supersede", "peanuts")
    assert [p.value for p in change.previous] == ["not allergic to peanuts"]
    assert _allergies(memory, user) == ["peanuts"]
    assert "- is allergic to peanuts" in memory.context("plan dinner", user_id=user, budget_tokens=300)
    # the clean value answers a filter on it, and a later withdrawal by name reaches it
    assert [f.value for f in memory.list(filter='value = "peanuts"', user_id=user)] == ["peanuts"]
    memory.add("I'm no longer allergic to peanuts", user_id=user)
    assert _allergies(memory, user) == []


@pytest.mark.parametrize(("text", "value"), [
    ("我对花生过敏所以不要放花生", "花生"),
    ("我對花生過敏所以不要加花生", "花生"),
    ("我对花生过敏请注意", "花生"),
    ("我对花生过敏 so no peanuts please", "花生"),
    ("我对花生过敏. So no peanuts please", "花生"),
    ("我对花生过敏 btw", "花生"),
    ("我对花生过敏 OK?", "花生"),
    ("对花生过敏", "花生"),
    ("我对花生很过敏", "花生"),
    ("我吃花生会过敏", "花生"),
    ("我一吃芒果就过敏", "芒果"),
    ("I'm allergic to peanuts 所以不要放花生", "peanuts"),
    ("I'm allergic to peanuts 哈哈", "peanuts"),
    ("I'm allergic to shellfish 謝謝", "shellfish"),
])
def test_an_allergy_run_into_another_clause_or_language_is_stored_clean(memory: Memory, text: str,
                                                                        value: str) -> None:
    user = "run-on-" + hashlib.sha1(text.encode()).hexdigest()[:12]  # one fresh user per sentence
    assert [(c.fact.key, c.fact.value) for c in memory.add(text, user_id=user).facts] == [("health.allergy", value)]


def test_a_relatives_second_allergy_stays_theirs_and_names_in_the_other_script_stay_whole(memory: Memory) -> None:
    memory.add("我妈妈对花生过敏，也对芒果过敏", user_id="o1")
    assert sorted((f.subject or "", f.value) for f in memory.list(key="health.allergy", user_id="o1")
                  if isinstance(f, Fact)) == sorted([("mom", "花生"), ("mom", "芒果")])
    assert memory.add("我有过敏性鼻炎", user_id="o2").facts[0].fact.value == "过敏性鼻炎"  # a condition, not cut
    assert [c.fact.value for c in memory.add("I live in Boston 哈哈", user_id="o3").facts] == ["Boston"]
    assert [c.fact.value for c in memory.add("I live in Seattle 我很喜欢这里", user_id="o3").facts] == ["Seattle"]
    assert [c.fact.value for c in memory.add("I'm allergic to peanuts 我也不能吃", user_id="o4").facts] == ["peanuts"]
    assert [c.fact.value for c in memory.add("我喜欢 Red Hot Chili Peppers", user_id="o3").facts] == [
        "Red Hot Chili Peppers"]  # a name in the other script is no remark


def test_an_allergy_stored_with_junk_by_older_code_is_withdrawn_by_its_allergen(memory: Memory) -> None:
    # older code stored "peanuts 所以不要放花生" and 花生又; a hand edit puts such values back in place
    peanuts = memory.add("I'm allergic to peanuts", user_id="j1").facts[0].fact
    memory.update(peanuts.id, value="peanuts 所以不要放花生", user_id="j1")
    mango = memory.add("我对芒果过敏", user_id="j1").facts[0].fact
    memory.update(mango.id, value="芒果又", user_id="j1")
    assert _allergies(memory, "j1") == ["peanuts 所以不要放花生", "芒果又"]
    # a plain denial is a fact of its own beside the withdrawal (extract.allergy_denied); a change is the withdrawal
    assert [c.action for c in memory.add("Actually, I'm not allergic to peanuts", user_id="j1").facts] == [
        "retract", "create"]
    assert [c.action for c in memory.add("我对芒果不过敏了", user_id="j1").facts] == ["retract"]
    assert _allergies(memory, "j1") == []


def test_a_question_about_an_allergy_stores_none_however_it_runs_on(memory: Memory) -> None:
    for text in ("我对花生过敏吗", "我对花生过敏吗？", "我对花生过敏么", "我对花生过敏不过敏", "我对花生过不过敏",
                 "我对花生过敏你知道吗", "我又对花生过敏了吗？", "Am I allergic to peanuts again?",
                 "我对花生过敏吗 lol"):
        assert memory.add(text, user_id="q1").facts == (), text
    assert _allergies(memory, "q1") == []
