"""Whose health a message states: a relative's or a pet's allergy is stored under
that relative as subject, never as the user's; a group that includes the user and a reported
allergy are the user's, with a clean value; a quoted friend's words are nobody's. Public SDK on
a real SQLite file with the real embedding model."""

from __future__ import annotations

from memstrata import Memory
from memstrata.types import Fact


def _allergies(mem: Memory, user: str, status: str = "active") -> list[tuple[str, str]]:
    """``(subject or "", value)`` of the user's allergy facts, sorted."""
    return sorted((f.subject or "", f.value) for f in mem.list(key="health.allergy", status=status, user_id=user)
                  if isinstance(f, Fact))


def test_a_relatives_allergy_is_theirs_not_the_users(memory: Memory) -> None:
    memory.add("My son is allergic to eggs", user_id="k1")
    memory.add("我妈妈对花生过敏", user_id="k1")
    memory.add("我家狗对鸡肉过敏", user_id="k1")
    assert _allergies(memory, "k1") == [("dog", "鸡肉"), ("mom", "花生"), ("son", "eggs")]
    son = next(f for f in memory.list(key="health.allergy", user_id="k1") if isinstance(f, Fact) and f.subject == "son")
    assert son.statement == "their son is allergic to eggs"
    # the user's own denial does not touch the relatives', and a relative's withdrawal reaches
    # them across languages (eggs / 鸡蛋)
    memory.add("I'm not allergic to peanuts", user_id="k1")
    assert ("mom", "花生") in _allergies(memory, "k1")
    memory.add("我儿子对鸡蛋不过敏了", user_id="k1")
    assert _allergies(memory, "k1") == [("dog", "鸡肉"), ("mom", "花生")]
    block = memory.context("what am I allergic to?", user_id="k1")
    assert "妈妈对花生过敏" in block and "- 对花生过敏" not in block


def test_a_group_with_the_user_is_the_users_allergy_with_a_clean_value(memory: Memory) -> None:
    memory.add("我和我老婆都对海鲜过敏", user_id="k2")
    memory.add("My son and I are allergic to eggs", user_id="k2")
    memory.add("We're allergic to shellfish", user_id="k2")
    memory.add("我们全家都对花生过敏", user_id="k2")
    assert _allergies(memory, "k2") == sorted([("", "海鲜"), ("wife", "海鲜"), ("", "eggs"), ("son", "eggs"),
                                               ("", "shellfish"), ("", "花生")])


def test_a_reported_allergy_is_the_users_and_a_quoted_one_is_nobodys(memory: Memory) -> None:
    memory.add("The doctor says I'm allergic to peanuts", user_id="k3")
    memory.add("医生说我对芒果过敏", user_id="k3")
    memory.add("I told the waiter I'm allergic to shellfish", user_id="k3")
    memory.add("我跟客服说我对鸡蛋过敏", user_id="k3")
    memory.add("我朋友说：“我对猫过敏”", user_id="k3")
    memory.add('She said "I\'m allergic to dogs"', user_id="k3")
    memory.add("我朋友对芒果过敏", user_id="k3")
    assert _allergies(memory, "k3") == sorted([("", "peanuts"), ("", "芒果"), ("", "shellfish"), ("", "鸡蛋")])
    # the clean value can be withdrawn (a value such as 客服说我对花生 could not)
    memory.add("我对鸡蛋不过敏", user_id="k3")
    assert ("", "鸡蛋") not in _allergies(memory, "k3")


def test_a_relatives_fact_reads_once_named_and_says_whose_in_a_group(memory: Memory) -> None:
    memory.add("My son is allergic to eggs", user_id="k4")
    memory.add("我儿子对花生过敏", user_id="k4")
    block = memory.context("what is my son allergic to?", user_id="k4")
    assert "- their son is allergic to eggs" in block and "- 儿子对花生过敏" in block
    memory.add("My daughter is allergic to shellfish", user_id="grp", speaker="Jon")
    [fact] = [f for f in memory.list(key="health.allergy", user_id="grp") if isinstance(f, Fact)]
    assert fact.subject == "Jon's daughter"
    block = memory.context("who is allergic to shellfish?", user_id="grp")
    assert "- Jon: their daughter is allergic to shellfish" in block
