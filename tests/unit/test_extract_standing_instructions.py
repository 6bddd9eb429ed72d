"""A standing instruction about how to work, said to the agent ("Always run ruff before committing", "Never push
directly to main", "Use pytest, not unittest", 以后提交前先跑测试, 不要直接推到main), is one
``assistant.instruction`` in short form; a request for now, advice and chatter store nothing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "value"), [
    ("Always run ruff before committing.", "always run ruff before committing"),
    ("Never push directly to main.", "never push directly to main"),
    ("Always use tabs in this project.", "always use tabs in this project"),
    ("Use pytest, not unittest.", "use pytest, not unittest"),  # before: a correction of nothing, dropped
    ("Use tabs instead of spaces.", "use tabs, not spaces"),
    ("Please write commit messages in the imperative.", "write commit messages in the imperative"),
    ("Don't add comments that restate the code.", "never add comments that restate the code"),
    ("Don't ever force-push to main.", "never force-push to main"),
    ("Do not use bullet points.", "never use bullet points"),  # a kind of thing, no named choice
    ("Every time you commit, run the tests.", "run the tests every time you commit"),
    ("From now on, run ruff before committing.", "run ruff before committing"),  # before: the user's habit
    ("Always format dates as Month Day, Year when I ask about timelines.",
     "always format dates as Month Day, Year when I ask about timelines"),
    ("以后提交前先跑测试", "提交前先跑测试"),  # before: preference.habit
    ("不要直接推到main", "不要直接推到main"),
    ("永远不要直接推到main。", "永远不要直接推到main"),
    ("每次提交前都跑一遍测试", "每次提交前跑一遍测试"),
    ("一律用单引号", "一律用单引号"),
])
def test_a_standing_instruction_is_the_agents(text: str, value: str) -> None:
    assert _read(text) == [("assistant.instruction", value)]


@pytest.mark.parametrize("text", [
    # a request for now
    "Run the tests.", "Fix this bug", "Use this one.", "Please use tabs here", "Don't push it yet.",
    "Don't summarise the article.", "Don't ask me to pick.", "Do not respond until you have the numbers.",
    "Write 10 interview questions for a podcast.", "Add more rows to the table.", "帮我看一下这个报错",
    "这次别用圆通", "先别提交",
    # a question, advice, chatter
    "Can you always check this?", "Never mind.", "Always happy to help!", "Never give up.", "Always be yourself.",
    "Always keep smiling.", "Don't worry about it.", "Don't limit yourself to your comfort zone!",
    "Write letters to your family.", "Never write emails until I say GO.", "我们今天先到这里", "别担心",
    "以后少吃甜的",
])
def test_a_request_for_now_advice_or_chatter_is_no_instruction(text: str) -> None:
    assert [k for k, _ in _read(text) if k == "assistant.instruction"] == []


@pytest.mark.parametrize(("text", "expected"), [
    # the user's own habit and a closed list's prohibition keep their shapes
    ("I always use tabs.", [("preference.habit", "always use tabs")]),
    ("我以后提交前先跑测试", [("preference.habit", "提交前先跑测试")]),
    ("From now on, be concise", [("preference.habit", "be concise")]),
    ("Don't use UPS.", [("shipping.carrier", "not UPS")]),
    ("Never use Vim.", [("tool.editor", "not Vim")]),
])
def test_a_habit_or_a_choice_keeps_its_shape(text: str, expected: list[tuple[str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "value"), [
    ("I want you to always run ruff before committing.", "always run ruff before committing"),
    ("I'd like you to never push directly to main.", "never push directly to main"),
    # the reply verbs' reading knew "prefer" ("I'd prefer you to answer in Chinese"), this one did not
    ("I'd prefer you to never push directly to main.", "never push directly to main"),
    ("I would prefer you to always run the linter before committing.", "always run the linter before committing"),
])
def test_an_instruction_said_as_what_the_user_wants_of_the_agent(text: str, value: str) -> None:
    # "I want you to ..." had read only the reply verbs ("I want you to always answer in Chinese")
    assert _read(text) == [("assistant.instruction", value)]


@pytest.mark.parametrize("text", ["I want you to run the tests.", "I want you to fix this bug.",
                                  "I want you to know I love you."])
def test_what_the_user_wants_done_now_is_no_instruction(text: str) -> None:
    assert _read(text) == []
