"""A plan is asked about by when it happens: "他们下个月有什么计划？" over "我们打算<next month>月去三亚玩"
ranked the plan first, yet the context block said nothing matched (the plan fact held 计划 of the
question's words, 0.33), since a period named by the question was evidence only for what was *said* in
it. A fact of an event or plan whose own days meet the period the question names is now a match; a plan
for another month is not (ranking is untouched: evidence only). Real SQLite file, real model, dates
relative to today."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from memstrata import Memory

NOW = datetime.now(UTC)


def _months_ahead(n: int) -> int:
    return (NOW.month - 1 + n) % 12 + 1


def test_a_plan_for_the_month_asked_about_matches_and_one_for_another_month_does_not(memory: Memory) -> None:
    said = NOW - timedelta(days=20)
    for i, text in enumerate((f"我们打算{_months_ahead(1)}月去三亚玩。", "我对芒果过敏。", "我每天早上喝咖啡。",
                              "我住在杭州。", f"我们打算{_months_ahead(4)}月去北京。")):
        memory.add(text, created_at=said + timedelta(hours=i))
    hits = memory.search("他们下个月有什么计划？", limit=5)
    sanya = [h for h in hits if h.kind == "fact" and "三亚" in h.text]
    assert sanya and sanya[0].signals.get("period_asked") == 1.0, [(h.text, h.signals) for h in hits]
    assert not any(h.signals.get("period_asked") for h in hits if "北京" in h.text), [h.text for h in hits]
    block = memory.context("他们下个月有什么计划？", budget_tokens=400)
    assert block.startswith("## 相关记忆") and "三亚" in block, block
    assert "芒果" not in block and "咖啡" not in block, block
