"""An instruction on the answers to a kind of question ("... when I ask about X", 我问X的时候，...) stands whatever its
verb.

"Always include version numbers when I ask about software dependencies" was read (include is a verb of working),
"Always provide security best practices when I ask about authentication", "Always report deployment timestamps when
I ask about release details" were not (55 such BEAM user sentences), nor any without "always" ("include sources when
I ask about history"), nor 我问历史问题的时候，附上出处 (a sentence opening with 我 was never an instruction). Now the
condition "when I ask ..." makes the imperative before it standing, as "every time" does, and 我问…的时候 followed by
an imperative of answering (附上, 给我, 用, 标明 ...) is read as said. The condition keeps the instruction out of the
aspect of all answers: "answer briefly when I ask about sports" does not take the place of "answer in detail"."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract import replies
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _instructions(text: str) -> list[str]:
    return [c.value for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)
            if c.key == "assistant.instruction"]


@pytest.mark.parametrize(("text", "value"), [
    ("Always state the calorie count when I ask about a recipe.",
     "always state the calorie count when I ask about a recipe"),
    ("Always give prices in euros whenever I ask about flights",
     "always give prices in euros whenever I ask about flights"),
    ("Never guess figures when I ask about my taxes", "never guess figures when I ask about my taxes"),
    ("suggest a cheaper option when I ask for hotels", "suggest a cheaper option when I ask for hotels"),
    # was a request no fact was read from (test_extract_statement_without_subject.py): the user's, as an instruction
    ("Always provide concise summaries when I ask about budgets.",
     "always provide concise summaries when I ask about budgets"),
    ("我问菜谱的时候，标明热量", "我问菜谱的时候，标明热量"),
    ("每次我问机票时都给我列出价格", "每次我问机票时都给我列出价格"),
    ("当我问到预算时，请注明币种", "当我问到预算时，请注明币种"),
])
def test_an_imperative_on_the_answers_to_a_kind_of_question_stands(text: str, value: str) -> None:
    assert _instructions(text) == [value]


@pytest.mark.parametrize("text", [
    "He always sighs when I ask about his day",  # someone else
    "I always blush when I ask for help",  # the user
    "Thanks for answering when I ask",
    "Could you mention the calorie count when I ask about a recipe?",  # a question
    "She told me to smile when I asked",
    "Give me the other parts only when I ask for them",  # this answer's parts
    "我问医生的时候，医生说没事",  # someone's answer
    "我问他的时候，他不理我",
    "我问这个问题的时候，给我一个例子",  # this question
])
def test_no_instruction(text: str) -> None:
    assert _instructions(text) == []


def test_a_condition_keeps_an_instruction_out_of_the_aspect_of_all_answers() -> None:
    assert replies.aspect("answer briefly when I ask about sports") is None
    assert replies.aspect("我问代码的时候用列表回答") is None
    assert replies.aspect("answer briefly") == "length"
