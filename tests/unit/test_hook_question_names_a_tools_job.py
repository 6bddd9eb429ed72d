"""A question naming the job of what a project's convention chose is given that convention.

``UserPromptSubmit`` for "which package manager should I use?" in a folder whose convention is "This repo uses pnpm,
not npm" gave 0 characters: the convention shares no word with the question and matched below ``PROMPT_MIN_MATCH``.
Now a question naming a tool's job ("package manager", "test runner", "database": ``context.governed``) opens with the
folder's conventions and instructions of that job; a question naming none is given what matches it, as before.
"""

from __future__ import annotations

import doctest

import pytest

from hookfolder import folder_backend, prompt_in_repo
from memstrata import Memory
from memstrata.context import governed
from memstrata.integrations.hooks.local import LocalBackend


@pytest.fixture
def backend(memory: Memory) -> LocalBackend:
    return folder_backend(memory, "pytest -x")


def _context(backend: LocalBackend, prompt: str) -> str:
    return prompt_in_repo(backend, prompt)


def test_doctests() -> None:
    assert doctest.testmod(governed).failed == 0


@pytest.mark.parametrize("prompt", ["which package manager should I use?", "What package manager is this?"])
def test_a_question_naming_the_job_gets_the_convention_of_this_folder(backend: LocalBackend, prompt: str) -> None:
    block = _context(backend, prompt)
    assert "pnpm" in block
    assert "yarn" not in block and "pytest" not in block and "Berlin" not in block  # another job, folder, topic


@pytest.mark.parametrize("prompt", ["why is the build slow?", "who manages the package?", "what's a good database?"])
def test_a_question_naming_no_job_of_a_convention_gets_nothing_more(backend: LocalBackend, prompt: str) -> None:
    assert "pnpm" not in _context(backend, prompt)
