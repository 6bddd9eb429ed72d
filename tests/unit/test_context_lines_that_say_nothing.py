"""A context block holds no line that says nothing, and no weak line beside strong ones.

Over a small store, the hook's ``UserPromptSubmit`` for 快递用哪家？ injected ``- 助手：Noted.`` beside the carrier: the
acknowledgement borrowed the match of the turn it replied to (``recall.neighbours``). A message that says nothing of
its own (``recall.content_free``: "Noted.", "Got it!", 好的, 收到) is now no evidence and no line; one that says
something more ("Noted: I'm vegan now", 好的，我下周去) stays. A fact that states only a part of a matching message
("住在上海" of 我住在上海，寄快递只用顺丰) no longer rides along with it (``recall.evidence.beside_matches``). A request
to act of several steps ("install the deps and ship the package with the carrier I like") is judged by each step
(``recall.request_parts``): the carrier, below the match evidence for the whole request, was left out.
"""

from __future__ import annotations

import doctest

import pytest

from hookfolder import REPO
from memstrata import Memory
from memstrata.integrations.hooks.backend import prompt_context
from memstrata.integrations.hooks.local import LocalBackend
from memstrata.integrations.hooks.protocol import HookScope, Payload
from memstrata.recall import content_free, request_parts
from memstrata.recall.content_free import says_nothing
from memstrata.recall.evidence import beside_matches


def _store(memory: Memory, turns: list[tuple[str, str]]) -> LocalBackend:
    """``memory`` given ``turns`` (role, text) of an earlier session in ``REPO``; its hook backend."""
    for role, text in turns:
        memory.add(text, role=role, metadata={"project": REPO}, session_id="earlier")
    return LocalBackend(memory, HookScope("u1", None, None), "test")


def _prompt(backend: LocalBackend, prompt: str) -> str:
    return prompt_context(backend, Payload("UserPromptSubmit", "now", REPO, None, prompt))


def test_doctests() -> None:
    assert doctest.testmod(content_free).failed == 0
    assert doctest.testmod(request_parts).failed == 0


@pytest.mark.parametrize("text", ["Noted.", "Got it!", "OK thanks", "Sounds good, will do",
                                  "Thanks for letting me know!", "I'll keep that in mind", "👍", "好的", "收到",
                                  "明白了", "好的，我记住了", "收到，谢谢！", "嗯嗯好的", "知道啦", "好的呀"])
def test_an_acknowledgement_says_nothing(text: str) -> None:
    assert says_nothing(text)


@pytest.mark.parametrize("text", ["Noted: I'm vegan now", "Got it, I moved to Paris", "4417", "Yes", "No.",
                                  "not yet", "Berlin", "OK, use pnpm", "Привет, я живу в Москве", "好的，我下周去",
                                  "好的，那就顺丰吧", "是的", "不是", "收到，我明天到", "me too",
                                  "It was great!", "可以", "Thanks! What have you been up to?", "好的，可以吗"])
def test_a_short_message_with_content_says_something(text: str) -> None:
    assert not says_nothing(text)


@pytest.mark.parametrize("prompt, ack, carrier", [
    ("快递用哪家？", "Noted.", "顺丰"),
    ("快递用哪家？", "好的，记住了", "顺丰"),
    ("which carrier do I use for deliveries?", "Got it!", "DHL"),
    ("which carrier do I use for deliveries?", "收到", "DHL"),
])
def test_the_hook_injects_no_acknowledgement(memory: Memory, prompt: str, ack: str, carrier: str) -> None:
    said = "快递我一般用顺丰" if carrier == "顺丰" else "I always ship with DHL"
    backend = _store(memory, [("user", said), ("assistant", ack), ("user", "I love jazz")])
    block = _prompt(backend, prompt)
    assert carrier in block
    assert ack not in block
    assert ack not in memory.context(prompt, project_folder=REPO)  # the SDK's block (MCP get_context's) too


@pytest.mark.parametrize("question, reply, prompt", [
    ("Are you vegan these days?", "Noted: I'm vegan now", "am I vegan?"),
    ("你要不要下周去复查一下牙齿？", "好的，我下周去", "我什么时候去复查牙齿？"),
])
def test_a_short_reply_with_content_stays(memory: Memory, question: str, reply: str, prompt: str) -> None:
    backend = _store(memory, [("assistant", question), ("user", reply), ("user", "I love jazz")])
    assert reply in _prompt(backend, prompt)


@pytest.mark.parametrize("message, query, own, other", [
    ("我住在上海，寄快递只用顺丰", "快递用哪家", "顺丰", "上海"),
    ("I live in Leeds and I always ship with DHL", "which carrier do I use for deliveries?", "DHL", "Leeds"),
])
def test_a_fact_of_another_part_of_a_matching_message_does_not_ride_along(
        memory: Memory, message: str, query: str, own: str, other: str) -> None:
    memory.add(message)
    hits = memory.search(query, limit=10)
    sibling = [h for h in hits if h.kind == "fact" and other in h.text and own not in h.text]
    assert sibling  # the search finds it; the block has no use for it
    shown = beside_matches(hits, query)
    assert any(own in h.text for h in shown)
    assert not any(h.id == sibling[0].id and h.kind == "fact" for h in shown)


def test_a_fact_restating_its_matching_message_still_goes_with_it(memory: Memory) -> None:
    memory.add("I prefer UPS for delivery")
    hits = memory.search("what do I prefer for delivery?", limit=10)
    assert {h.kind for h in beside_matches(hits, "what do I prefer for delivery?")} == {"fact", "episode"}


@pytest.mark.parametrize("prompt", ["install the deps and ship the package with the carrier I like",
                                    "run the tests, then send the package with the courier I prefer",
                                    "install the deps, then ship it with my usual courier",
                                    "先装依赖，然后用我常用的快递寄出去"])
def test_each_step_of_a_request_to_act_is_searched(memory: Memory, prompt: str) -> None:
    backend = _store(memory, [("user", "This repo uses pnpm, not npm"), ("user", "快递我一般用顺丰"),
                              ("user", "I live in Berlin"), ("user", "I love jazz")])
    block = _prompt(backend, prompt)
    assert "pnpm" in block and "顺丰" in block
    assert "Berlin" not in block and "jazz" not in block and "柏林" not in block


def test_a_request_of_one_concern_gets_no_preference(memory: Memory) -> None:
    backend = _store(memory, [("user", "This repo uses pnpm, not npm"), ("user", "快递我一般用顺丰")])
    block = _prompt(backend, "install the deps and add lodash")
    assert "pnpm" in block and "顺丰" not in block
