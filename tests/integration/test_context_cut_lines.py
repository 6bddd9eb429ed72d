"""A line cut to the context budget keeps enough of its words to be useful, or is left out.

At a small budget the block ended on "- …UPS, use… (2026-11-26; episode #8)": two words that say
neither what to stop nor what to use. A cut line now keeps at least ``MIN_KEPT_WORDS`` words (a
Han character counts half), a Latin word is never cut in two, and a Chinese cut end stops at the
clause end before it when there is one. Every budget from the smallest up, in English and Chinese;
a real SQLite file and the real model."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from memstrata import Memory
from memstrata.context.render import MIN_BUDGET_TOKENS, MIN_KEPT_WORDS, word_count

SAID = {
    "en": (["I prefer window seats on long flights because I like to sleep against the wall",
            "Please stop using UPS, use DHL from now on for every parcel you send me at home"],
           "which carrier should ship my parcel and where do I sit on flights?"),
    "zh": (["我喜欢靠窗的座位，长途飞行的时候我喜欢靠着窗户睡觉",
            "我以后寄快递都用顺丰，别再用圆通了，家里的包裹都这样安排"],
           "快递用哪家，飞机座位怎么选？"),
}
LINE = re.compile(r"^- (?P<text>.*) \(\d{4}-\d{2}-\d{2}; episode #\d+\)$")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_cut_line_keeps_whole_words_and_enough_of_them(tmp_path: Path, embedder: Any, lang: str) -> None:
    messages, query = SAID[lang]
    cut_seen = 0
    with Memory(tmp_path / "m.db", embedder=embedder, user_id="u") as memory:
        for text in messages:
            memory.add(text)
        for budget in range(MIN_BUDGET_TOKENS, 131, 2):
            block = memory.context(query, budget_tokens=budget)
            for line in block.splitlines()[1:]:
                found = LINE.match(line)
                assert found is not None, (budget, line)
                text = found["text"]
                if "…" not in text:  # whole: a message or a fact's statement
                    continue
                cut_seen += 1
                inner = text.strip("…")
                assert word_count(inner) >= MIN_KEPT_WORDS, (budget, line)
                source = next(m for m in messages if inner in m)  # only long messages are cut here
                at = source.index(inner)
                # a Latin word is never cut in two at either end
                assert not (text.endswith("…") and inner[-1:].isascii() and inner[-1:].isalnum()
                            and source[at + len(inner)].isalnum()), (budget, line)
                assert not (text.startswith("…") and inner[:1].isascii() and inner[:1].isalnum()
                            and source[at - 1].isalnum()), (budget, line)
                if lang == "zh":
                    assert not inner.endswith("家里的包"), (budget, line)  # ends at the clause before it
    assert cut_seen > 0  # the budgets reached lines that had to be cut
