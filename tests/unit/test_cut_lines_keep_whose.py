"""A line cut to the budget keeps whose statement it is: the window opens where its sentence or clause does.

"my brother Tom is allergic to cats, so when he visits we have to hide Mochi (my cat)" was shown as
"- …is allergic to cats, so when he visits we have to… (episode #5)": the window was centred on the match and
dropped "my brother Tom", so the agent read Tom's allergy as the user's. Now a cut window starts at the beginning
of the sentence (else the clause) its centred start falls in, when the match still fits from there
(``recall.excerpt``), at every budget that cuts the line; in Chinese too."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.context.render import MIN_BUDGET_TOKENS, render_context
from memstrata.recall.excerpt import excerpt
from memstrata.types import Hit, Scope

SAID = [("my brother Tom is allergic to cats, so when he visits we have to hide Mochi (my cat)", "my brother Tom",
         "who is allergic to cats?"),
        ("我弟弟小明对猫过敏，所以他每次来我们家的时候我们都得先把猫关进卧室里", "我弟弟小明", "谁对猫过敏？")]


def _hit(text: str) -> Hit:
    return Hit("episode", 5, text, text, 0.9, 0.9, datetime(2026, 1, 1, tzinfo=UTC), (5,), Scope())


@pytest.mark.parametrize(("text", "whose", "query"), SAID)
def test_every_cut_line_names_whose_statement_it_is(text: str, whose: str, query: str) -> None:
    cut = 0
    for budget in range(MIN_BUDGET_TOKENS, 80):
        block = render_context(query, [_hit(text)], budget)
        line = block.splitlines()[1] if block else ""
        if "…" in line:
            cut += 1
            assert whose in line, (budget, line)
    assert cut >= 3  # the budgets tried do cut the line


def test_a_match_later_in_a_long_message_opens_at_its_sentence() -> None:
    text = ("I moved to Berlin last year and the weather is awful. My sister Anna is allergic to peanuts and she "
            "hates flying, so we drive everywhere.")
    window = excerpt(text, "is allergic to peanuts", max_chars=60)
    assert window.startswith("…My sister Anna is allergic to peanuts"), window
