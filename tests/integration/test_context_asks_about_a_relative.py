"""A question about the user's relative is answered by what was said of them first, in either language.

Asked 我老婆在哪里工作？ after "My wife Priya works at Intel as an engineer" and "I work as a nurse at OHSU", the
block showed the user's own "works as nurse" and left out the Intel message: an English message shares no word with
the Chinese question, so its match (0.49) stayed below the line evidence, while "where does my wife work?" matched
it by "wife". Now a relative named after the user's possessive (``context.attribution.asked_relatives``: 我老婆,
"my wife", 我的妈妈) brings the hits naming them first, the user's own lines after; a food question about a
relative opens with her memories, then the household's dietary needs. Real SQLite file, real model."""

from __future__ import annotations

import doctest
from pathlib import Path
from typing import Any

import pytest

from memstrata import Memory
from memstrata.context import attribution

SAID = ["My wife Priya works at Intel as an engineer", "I work as a nurse at OHSU",
        "I'm allergic to shellfish", "对了，我妈妈住在成都，她特别喜欢吃辣",
        "ugh my brother Tom is allergic to cats, so when he visits we have to hide Mochi (my cat)",
        "我同事小王下个月结婚，我得准备礼物"]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory, embedder: Any) -> Any:
    with Memory(Path(tmp_path_factory.mktemp("rel")) / "m.db", embedder=embedder, user_id="u") as m:
        for text in SAID:
            m.add(text)
        yield m


def _lines(block: str) -> list[str]:
    return [line for line in block.splitlines() if line.startswith("- ")]


@pytest.mark.parametrize("query", ["我老婆在哪里工作？", "where does my wife work?"])
def test_the_relatives_memory_leads_the_users_own(memory: Any, query: str) -> None:
    lines = _lines(memory.context(query, budget_tokens=300))
    assert lines and "Intel" in lines[0], lines


def test_a_food_question_about_a_relative_opens_with_her_memories(memory: Any) -> None:
    block = memory.context("我妈妈喜欢吃什么", budget_tokens=300)
    first = _lines(block)[0]
    assert "妈妈" in first and "喜欢吃辣" in first, block
    assert "shellfish" in block  # the household's dietary needs still follow


def test_a_question_referring_back_to_a_relative_named_before_it_is_about_them(memory: Any) -> None:
    """"anything I should prepare for him?" after "my brother is coming to stay": a wedding gift for 小王 (准备礼物,
    "prepare") was the first line; the brother the question refers to is asked about. A relative named only in the
    chit-chat before a question about the user is not."""
    said = ("user: my brother is coming to stay with us next week\nassistant: Fun!\n"
            "user: anything I should prepare for him?")
    assert "Tom" in _lines(memory.context(said, budget_tokens=300))[0]
    mine = memory.context("user: my wife loves hiking\nassistant: nice!\nuser: what am I allergic to?",
                          budget_tokens=300)
    assert "shellfish" in _lines(mine)[0], mine


def test_asked_relatives_doctests() -> None:
    assert doctest.testmod(attribution).failed == 0
