"""The user's standing instructions to the agent (their own section, first in every block) and their project's
conventions (the profile's next section) are each under a heading of their own, never among what is known about the
user's life: a coding agent reads them at the start
of every session (docs/hooks.md). A question about one of them finds it. Real SQLite file, real model."""

from __future__ import annotations

from tests.blocksections import section

from memstrata import Memory

WORK = "## How to work: the project's conventions"
WORK_ZH = "## 工作方式：项目约定"
INSTRUCTIONS = "## Standing instructions from the user"
INSTRUCTIONS_ZH = "## 用户的长期要求"
KNOWN = "## What is known about this user"


def _store(memory: Memory, user: str) -> None:
    for text in ("I live in Berlin and I'm allergic to peanuts.", "This repo uses pnpm, not npm.",
                 "The tests run with make test.", "Always run ruff before committing.",
                 "Never push directly to main.", "We deploy to Fly.io from the main branch.", "Run the tests.",
                 "My sister Anna loves jazz."):
        memory.add(text, user_id=user)


def test_the_profile_lists_how_to_work_under_its_own_heading(memory: Memory) -> None:
    _store(memory, "ann")
    block = memory.context("What do you know about me?", user_id="ann", budget_tokens=2000)
    work, known, rules = section(block, WORK), section(block, KNOWN), section(block, INSTRUCTIONS)
    for line in ("wants the assistant to always run ruff before committing",
                 "wants the assistant to never push directly to main"):
        assert line in rules and line not in work, block
    for line in ("the project uses pnpm, not npm", "the project's tests run with make test",
                 "the project deploys to Fly.io from the main branch"):
        assert line in work, block
    assert "Berlin" in known and "peanuts" in known, block
    assert "ruff" not in known and "pnpm" not in known, block
    assert "Run the tests" not in work + rules, block  # a request for now is no instruction
    assert block.index(INSTRUCTIONS) < block.index(WORK) < block.index(KNOWN), block


def test_a_question_about_running_the_tests_finds_the_command(memory: Memory) -> None:
    _store(memory, "bo")
    assert "make test" in memory.context("how do I run the tests?", user_id="bo")


def test_a_chinese_profile_has_the_section_too(memory: Memory) -> None:
    for text in ("以后提交前先跑测试", "不要直接推到main", "这个项目用pnpm不用npm", "我们用GitHub Actions做CI",
                 "我住在上海"):
        memory.add(text, user_id="cy")
    block = memory.context("你了解我什么？", user_id="cy", budget_tokens=2000)
    work, rules = section(block, WORK_ZH), section(block, INSTRUCTIONS_ZH)
    assert "提交前先跑测试" in rules and "不要直接推到main" in rules and "项目用pnpm不用npm" in work, block
    assert "GitHub Actions" in work, block  # what the team builds with (user.ci) is how to work too
    assert "上海" not in work + rules, block
