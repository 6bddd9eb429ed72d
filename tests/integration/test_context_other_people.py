"""Facts about other people (a boss, a customer, a named colleague) go under a heading of their
own in context(), never under the user's: before, "My boss is allergic to shellfish" read under
"Dietary and health needs to respect" for "plan a dinner for this user", and "what do you know about me?"
listed "the customer: only contact after 6pm" as known about the user. The user's relatives stay
in the dietary section (a meal is planned for the household) and go under "About other people" in the profile
("My wife is vegetarian" is no fact about the user: docs/context.md). Real SQLite file, real model."""

from __future__ import annotations

from tests.blocksections import section

from memstrata import Memory

FOOD = "## Dietary and health needs to respect"
KNOWN = "## What is known about this user"
OTHERS = "## About other people"


def _store(memory: Memory, user: str) -> None:
    for text in ("I'm allergic to peanuts", "My wife is vegetarian", "My boss is allergic to shellfish",
                 "Customer prefers to be contacted after 6pm.", "My boss prefers email.", "I live in Berlin"):
        memory.add(text, user_id=user)


def test_a_food_request_keeps_the_dietary_section_to_the_user_and_relatives(memory: Memory) -> None:
    _store(memory, "ann")
    for query in ("plan a dinner for this user", "what should we eat tonight?"):
        block = memory.context(query, user_id="ann", budget_tokens=2000)
        food, others = section(block, FOOD), section(block, OTHERS)
        assert "peanuts" in food and "vegetarian" in food, block
        assert "shellfish" not in food and "boss" not in food, block
        assert "the boss is allergic to shellfish" in others, block
        assert block.count("shellfish") == 1, block
        assert "6pm" not in section(block, KNOWN), block


def test_a_food_request_that_matches_a_memory_also_keeps_them_apart(memory: Memory) -> None:
    _store(memory, "cy")
    memory.add("Mom is coming for dinner on Friday", user_id="cy")
    block = memory.context("plan dinner", user_id="cy", budget_tokens=2000)
    assert "shellfish" not in section(block, FOOD) and "shellfish" in section(block, OTHERS), block
    assert block.index(FOOD) < block.index(OTHERS) < block.index("## Relevant memories"), block
    assert "coming for dinner" in block  # Mom's plan (read as "my mom"'s) comes along


def test_what_is_known_about_the_user_lists_only_the_user(memory: Memory) -> None:
    _store(memory, "bea")
    memory.add("我老婆是护士", user_id="bea")
    block = memory.context("what do you know about me?", user_id="bea", budget_tokens=2000)
    known, others = section(block, KNOWN), section(block, OTHERS)
    assert "peanuts" in known and "Berlin" in known, block
    assert "vegetarian" not in known and "vegetarian" in others, block
    assert "护士" not in known and "护士" in others, block
    assert "boss" not in known and "customer" not in known, block
    assert "the customer: only contact after 6pm" in others, block
    assert "the boss prefers to be contacted by email" in others and "shellfish" in others, block
    unmatched = memory.context("asdfgh qwerty", user_id="bea", budget_tokens=2000)
    profile = section(unmatched, KNOWN + " (nothing matched the query)")
    assert "Berlin" in profile and "boss" not in profile and "customer" not in profile, unmatched
    assert "customer" in section(unmatched, OTHERS), unmatched


def test_the_chinese_block_and_another_speakers_facts(memory: Memory) -> None:
    _store(memory, "dee")
    memory.add("我不吃辣", user_id="dee", speaker="小明")
    block = memory.context("你了解我什么", user_id="dee", budget_tokens=2000)
    known, others = section(block, "## 已知的用户信息"), section(block, "## 关于其他人")
    assert "boss" not in known and "辣" not in known and "peanuts" in known, block
    assert "boss" in others and "小明" in others, block



def test_a_relative_said_by_name_is_a_family_member_and_other_people(memory: Memory) -> None:
    """"My wife Mei is a nurse" states the family member (wife named Mei) beside Mei's job, and the block lists the
    wife's facts, by name or by relation, under other people, in English and Chinese."""
    for text in ("My wife Mei is a nurse", "My wife is allergic to shellfish", "I live in Berlin"):
        memory.add(text, user_id="eve")
    memory.add("我老婆小美喜欢爬山", user_id="fay")
    eve = {(f.key, f.value, f.subject) for f in memory.list(kind="fact", user_id="eve")}
    assert eve == {("family.member", "wife named Mei", None), ("identity.occupation", "nurse", "Mei"),
                   ("health.allergy", "shellfish", "wife"), ("identity.location", "Berlin", None)}
    fay = {(f.key, f.value, f.subject) for f in memory.list(kind="fact", user_id="fay")}
    assert fay == {("family.member", "老婆小美", None), ("sport.like", "爬山", "小美")}
    block = memory.context("what do you know about me?", user_id="eve", budget_tokens=2000)
    known, others = section(block, KNOWN), section(block, OTHERS)
    assert "Berlin" in known and "wife named Mei" in known and "nurse" not in known and "shellfish" not in known, block
    assert "nurse" in others and "shellfish" in others, block


def test_a_question_about_the_user_ranks_their_own_preference_above_a_colleagues(memory: Memory) -> None:
    """"My boss Tom prefers email over Slack." then "I prefer Slack for work stuff": "what's the best way
    to reach me?" ranked Tom's fact first (0.76, the speaker factor 1 / 1.1 only) above the user's own
    message (0.70). For a question about the user a memory about someone else now ranks right after the
    user's own best, still among the hits (``recall.speakers.below_the_users_own``)."""
    memory.add("My boss Tom prefers email over Slack.")
    memory.add("I prefer Slack for work stuff")
    hits = memory.search("what's the best way to reach me?")
    assert hits[0].text == "I prefer Slack for work stuff", [(h.text, h.score) for h in hits]
    assert hits[1].kind == "fact" and hits[1].subject == "Tom", [(h.text, h.score) for h in hits]
    memory.add("我老板汤姆喜欢用邮件联系，不喜欢微信。", user_id="zh")
    memory.add("工作上的事我喜欢用微信联系", user_id="zh")
    # the user's own first: the message, or the preference now read from it (the topic said first, 工作上的事)
    first = memory.search("怎么联系我最好？", user_id="zh")[0]
    assert first.text in ("工作上的事我喜欢用微信联系", "偏好通过微信联系") and not first.subject, first
