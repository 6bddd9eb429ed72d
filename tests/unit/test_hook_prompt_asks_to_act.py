"""A prompt that asks the coding agent to act is given the folder's conventions and the user's instructions.

``UserPromptSubmit`` adds only the memories that match the prompt (``PROMPT_MIN_MATCH``), so "install the deps and
add lodash" in a folder whose convention is "This repo uses pnpm, not npm" was given nothing: the convention shares
no word with the request, yet it says how to do it. A request to act (``text.requests.asks_to_act``) now opens
with how to work in that folder (``context.block.build``); a question or a remark is given what matches it, as before.
"""

from __future__ import annotations

import doctest

import pytest

from hookfolder import folder_backend, prompt_in_repo
from memstrata import Memory
from memstrata.context import standing
from memstrata.integrations.hooks.local import LocalBackend
from memstrata.text import requests
from memstrata.text.requests import asks_to_act


@pytest.fixture
def backend(memory: Memory) -> LocalBackend:
    return folder_backend(memory, "make test")


def _context(backend: LocalBackend, prompt: str) -> str:
    return prompt_in_repo(backend, prompt)


@pytest.mark.parametrize("prompt", ["install the deps and add lodash", "Can you update the dependencies?",
                                    "帮我装一下依赖", "commit this and push"])
def test_a_request_to_act_gets_how_to_work_here(backend: LocalBackend, prompt: str) -> None:
    block = _context(backend, prompt)
    assert "pnpm" in block and "make test" in block and "never push to main" in block
    assert "yarn" not in block and "Berlin" not in block  # another folder's convention, a fact of no work


@pytest.mark.parametrize("prompt", ["why is the build slow?", "ok, go on", "explain what this function does",
                                    "这个函数是干什么的？"])
def test_a_question_or_a_remark_gets_only_what_matches_it(backend: LocalBackend, prompt: str) -> None:
    # the user's standing instruction opens every block (``context.instructions``); nothing else matches
    title, *lines = _context(backend, prompt).splitlines()
    assert title in ("## Standing instructions from the user", "## 用户的长期要求"), title
    assert len(lines) == 1 and lines[0].startswith("- wants the assistant to never push to main directly ("), lines


def test_a_matched_request_shows_how_to_work_first(backend: LocalBackend) -> None:
    block = _context(backend, "run the tests")
    assert block.index("How to work") < block.index("make test")


def test_what_asks_to_act() -> None:
    assert [asks_to_act(q) for q in ("install the deps and add lodash", "Please run the tests", "先跑一下测试",
                                     "把这个函数重构一下", "ok so fix the failing test")] == [True] * 5
    assert [asks_to_act(q) for q in ("why is the build slow?", "ok, go on", "what should I add to my diet?",
                                     "这个函数是干什么的？", "thanks!")] == [False] * 5
    assert doctest.testmod(requests).failed == 0
    assert doctest.testmod(standing).failed == 0
