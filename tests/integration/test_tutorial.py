"""The tutorial's promises, end to end on a real SQLite file and the real model."""

from __future__ import annotations

import pytest

from memstrata import Memory
from memstrata.errors import InvalidFilter, InvalidInput


def test_delivery_preference_is_recalled_by_meaning(memory: Memory) -> None:
    memory.add("我以后都希望用顺丰，别放门口", user_id="u1")
    hits = memory.search("配送偏好", user_id="u1", limit=3)
    assert any("顺丰" in h.text for h in hits)
    assert all(0.0 <= h.score <= 1.0 for h in hits)
    assert all(h.citations for h in hits)


def test_tutorial_statement_gives_carrier_and_dropoff_facts(memory: Memory) -> None:
    result = memory.add("我以后都希望用顺丰，别放门口", user_id="u1")
    facts = {(c.fact.key, c.fact.value): c.fact.confidence for c in result.facts}
    assert facts == {("shipping.carrier", "顺丰"): 0.92, ("shipping.dropoff", "不放门口"): 0.88}
    assert all(c.fact.citations == (result.episode_id,) for c in result.facts)


def test_new_carrier_supersedes_old_and_keeps_history(memory: Memory) -> None:
    memory.add("我以后都用顺丰", user_id="u1")
    second = memory.add("算了，以后用京东", user_id="u1")
    active = memory.list(kind="fact", key="shipping.carrier", user_id="u1")
    assert [(f.key, f.value, f.status) for f in active] == [("shipping.carrier", "京东", "active")]
    assert [c.action for c in second.facts] == ["supersede"]
    timeline = memory.history(key="shipping.carrier", user_id="u1")
    assert [(f.value, f.status) for f, _ in timeline] == [("顺丰", "superseded"), ("京东", "active")]
    old, old_events = timeline[0]
    assert old.valid_to is not None
    assert [e.action for e in old_events] == ["create", "supersede"]


def test_restating_a_fact_touches_it_instead_of_duplicating(memory: Memory) -> None:
    memory.add("我以后都用顺丰", user_id="u1")
    again = memory.add("我以后都希望用顺丰", user_id="u1")
    assert [c.action for c in again.facts] == ["touch"]
    facts = memory.list(kind="fact", key="shipping.carrier", user_id="u1")
    assert len(facts) == 1 and len(facts[0].citations) == 2


def test_forgotten_user_recalls_nothing(memory: Memory) -> None:
    memory.add("I always fly with window seats", user_id="u2")
    memory.add("我喜欢用VSCode写代码", user_id="u2")
    assert memory.search("window seat", user_id="u2")
    receipt = memory.forget(user_id="u2")
    assert receipt["episodes"] == 2
    assert memory.search("window seat", user_id="u2") == []
    assert memory.search("编辑器", user_id="u2") == []
    assert memory.list(kind="episode", user_id="u2") == []


def test_readding_an_identical_episode_is_idempotent(memory: Memory) -> None:
    from datetime import UTC, datetime

    when = datetime(2026, 10, 30, 9, 0, tzinfo=UTC)
    first = memory.add("My name is Alice", user_id="u1", created_at=when)
    second = memory.add("My name is Alice", user_id="u1", created_at=when)
    assert second.created is False and second.episode_id == first.episode_id
    assert len(memory.list(kind="episode", user_id="u1")) == 1
    assert len(memory.list(kind="fact", user_id="u1")) == 1


def test_context_block_is_cited_and_within_budget(memory: Memory) -> None:
    from memstrata.context.render import estimate_tokens

    memory.add("我以后都希望用顺丰，别放门口", user_id="u1")
    memory.add("I prefer window seats on long flights", user_id="u1")
    block = memory.context("配送偏好", budget_tokens=60, user_id="u1")
    assert block.startswith("## 相关记忆")
    assert "顺丰" in block and "episode #" in block
    assert estimate_tokens(block) <= 60
    for budget in (40, 45, 55):
        assert estimate_tokens(memory.context("配送偏好", budget_tokens=budget, user_id="u1")) <= budget
    with pytest.raises(InvalidInput, match="from 40 up"):  # below a title and one line
        memory.context("配送偏好", budget_tokens=25, user_id="u1")


def test_context_takes_search_options_an_allergies_only_block(memory: Memory) -> None:
    # An allergies-only block for a meal-planning prompt.
    memory.add("I'm allergic to peanuts", user_id="u1")
    memory.add("I prefer UPS for delivery", user_id="u1")
    both = memory.context("peanut allergy and UPS delivery", budget_tokens=200, user_id="u1")
    health = memory.context("peanut allergy and UPS delivery", budget_tokens=200, user_id="u1",
                            kinds=("fact",), filter='tag = "health"')
    assert "peanuts" in both and "UPS" in both
    assert "peanuts" in health and "UPS" not in health and "episode #" in health
    # Nothing scores 1.0: nothing matched, so the profile stands in (as for a filter matching nothing).
    assert memory.context("peanuts", user_id="u1", min_score=1.0).startswith(
        "## What is known about this user (nothing matched the query)\n- is allergic to peanuts (")
    assert memory.context("peanuts", user_id="u1", min_score=1.0, profile=False) == ""
    with pytest.raises(InvalidFilter, match="at character"):
        memory.context("x", user_id="u1", filter='tag ~ "health"')
    with pytest.raises(InvalidInput, match="budget_tokens"):
        memory.context("x", user_id="u1", budget_tokens=True)


@pytest.mark.parametrize("query", ["what do you know about me?", "我有什么需要注意的？"])
def test_context_falls_back_to_the_profile_when_nothing_matches(memory: Memory, query: str) -> None:
    # "What do you know about me?" shares no word with any memory and sits below the vector
    # floor: the agent got an empty block and answered "nothing".
    memory.add("I'm allergic to peanuts", user_id="u1")
    memory.add("I prefer UPS for delivery", user_id="u1")
    memory.add("I prefer FedEx for delivery", user_id="u1")  # supersedes UPS: not current
    memory.add("I prefer FedEx for delivery", user_id="u2")
    assert memory.search(query, user_id="u1") == []
    block = memory.context(query, user_id="u1")
    title = block.splitlines()[0]
    # "what do you know about me?" asks about the user in general (``recall.evidence.is_general``): the
    # profile is the answer, not a stand-in; 我有什么需要注意的 ("what should I watch out for?") is not.
    assert title in ("## What is known about this user", "## 已知的用户信息（没有与问题直接相关的记忆）")
    lines = block.splitlines()[1:]
    assert len(lines) == 2 and "allergic to peanuts" in lines[0] and "FedEx" in lines[1], block  # importance first
    assert "UPS" not in block and "episode #" in block
    assert memory.context(query, user_id="u1", profile=False) == ""
    assert memory.context(query, user_id="u1", min_score=0.5) == block  # min_score no longer turns it off
    assert memory.context(query, user_id="u3") == ""  # nobody's facts leak into an empty scope
    assert "peanuts" not in memory.context(query, user_id="u2")


def test_context_does_not_repeat_an_episode_its_fact_already_states(memory: Memory) -> None:
    memory.add("I'm allergic to peanuts", user_id="u1")
    block = memory.context("does she have food allergies?", budget_tokens=200, user_id="u1")
    assert block.count("episode #") == 1
    assert "allergic to peanuts" in block


@pytest.mark.parametrize(("message", "query", "unsaid"), [
    ("我的貓叫做麻糬，牠對雞肉過敏", "宠物", "對雞肉過敏"),
    ("I moved to Berlin last year and I hate the weather", "Berlin", "hate the weather"),
])
def test_context_keeps_an_episode_its_fact_says_only_part_of(
    memory: Memory, message: str, query: str, unsaid: str
) -> None:
    # A fact citing the message ranks first (the pet, the city); the message must not be left
    # out as if the fact restated it, or the allergy / the weather is lost.
    ids = {text: memory.add(text, user_id="u1").episode_id for text in (
        "我的貓叫做麻糬，牠對雞肉過敏", "我住在台灣高雄，電話號碼不要給別人",
        "I moved to Berlin last year and I hate the weather")}
    first = memory.search(query, limit=2, user_id="u1")[0]
    assert first.kind == "fact" and first.citations == (ids[message],), "precondition: the fact ranks first"
    block = memory.context(query, budget_tokens=200, user_id="u1")
    assert unsaid in block and f"episode #{ids[message]}" in block


def test_no_longer_liking_something_retires_the_like(memory: Memory) -> None:
    memory.add("I love drinking coffee in the morning", user_id="u1")
    likes = [(f.key, f.value) for f in memory.list(kind="fact", user_id="u1")]
    # the circumstance "in the morning" is not part of what is liked (extract.circumstance)
    assert likes == [("drink.like", "coffee")]
    change = memory.add("I don't drink coffee anymore", user_id="u1")
    # a habit ended, no dislike: what the user quit, which supersedes the like (its history kept)
    assert [(c.fact.key, c.fact.value) for c in change.facts] == [("drink.quit", "coffee")]
    assert change.facts[0].action == "supersede"
    active = memory.list(kind="fact", user_id="u1")
    assert not any(f.key.endswith(".like") and "coffee" in f.value.lower() for f in active)


def test_a_corrected_allergy_retires_the_old_one_and_keeps_the_new(memory: Memory) -> None:
    memory.add("I'm allergic to peanuts", user_id="u1")
    memory.add("Actually, I'm not allergic to peanuts, it's shellfish", user_id="u1")
    allergies = [f.value for f in memory.list(kind="fact", user_id="u1") if f.key == "health.allergy"]
    assert allergies == ["shellfish"]
