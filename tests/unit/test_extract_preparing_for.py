"""What the user is preparing for (在准备…) is stated as prepared for, not as intended.

我最近在准备一场重要的演讲 (a MemoryBank-zh turn) stored plan.intent = 一场重要的演讲 stated 打算一场重要的演讲, and
我正在准备面试 打算面试: what one prepares for is often a thing, which 打算{v} (intends to) misreads.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _plans(text: str) -> list[tuple[str, str]]:
    return [(c.value, c.statement) for c in RuleExtractor().extract(text=text, role="user", said_at=SAID)
            if c.key == "plan.intent"]


@pytest.mark.parametrize(("text", "plan"), [
    ("好的。我最近在准备一场重要的演讲，但是总感觉很紧张，怕自己在台上说错话或者忘词了。",
     ("一场重要的演讲", "在准备一场重要的演讲")),
    ("我正在准备面试。", ("面试", "在准备面试")), ("我们在准备下个月的婚礼。", ("下个月的婚礼", "在准备下个月的婚礼")),
])
def test_what_is_prepared_for_is_stated_as_prepared(text: str, plan: tuple[str, str]) -> None:
    assert _plans(text) == [plan]


@pytest.mark.parametrize(("text", "plan"), [
    ("我准备考研。", ("考研", "打算考研")), ("我打算去墨西哥旅游。", ("去墨西哥旅游", "打算去墨西哥旅游")),
    ("我在计划去京都旅行。", ("去京都旅行", "打算去京都旅行")),
])
def test_a_plan_said_as_intended_reads_as_before(text: str, plan: tuple[str, str]) -> None:
    assert _plans(text) == [plan]
