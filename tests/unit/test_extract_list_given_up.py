"""A list given up or withdrawn is each thing: "I don't eat pork or beef anymore" stored the dislike "pork or
beef" and 我不再喝咖啡和茶了 "咖啡和茶" (values no later statement names), "Please don't use DHL or UPS anymore"
and 别用顺丰和圆通了 withdrew "DHL or UPS" / 顺丰和圆通, which no fact holds; now each thing is its own dislike or
withdrawal. A dish named with "and" ("fish and chips") and a list of things of no known kind ("Tom and Jerry")
stay one."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor
from memstrata.types import Fact

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, bool]]:
    return sorted((c.key, c.value, c.retracts) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)
                  if c.key != "preference.habit")


@pytest.mark.parametrize(("text", "read"), [
    ("I don't eat pork or beef anymore", [("food.quit", "beef", False), ("food.quit", "pork", False)]),
    ("I no longer drink coffee or tea", [("drink.quit", "coffee", False), ("drink.quit", "tea", False)]),
    ("我不再喝咖啡和茶了", [("drink.quit", "咖啡", False), ("drink.quit", "茶", False)]),
    ("Please don't use DHL or UPS anymore", [("shipping.carrier", "DHL", True), ("shipping.carrier", "UPS", True)]),
    ("We don't use Jira or Trello anymore", [("user.uses", "Jira", True), ("user.uses", "Trello", True)]),
    ("别用顺丰和圆通了", [("shipping.carrier", "圆通", True), ("shipping.carrier", "顺丰", True)]),
    ("不要京东和圆通了，还是顺丰吧", [("shipping.carrier", "京东", True), ("shipping.carrier", "圆通", True),
                                      ("shipping.carrier", "顺丰", False)]),
    ("I don't eat fish and chips anymore", [("food.quit", "fish and chips", False)]),
    ("Stop using Tom and Jerry", [("user.uses", "Tom and Jerry", True)]),
])
def test_each_thing_of_a_list_is_given_up(text: str, read: list[tuple[str, str, bool]]) -> None:
    assert _read(text) == read


@pytest.mark.parametrize(("said", "left"), [
    (["I love coffee", "I like tea", "I no longer drink coffee or tea"],
     [("drink.quit", "coffee"), ("drink.quit", "tea")]),
    (["We use Jira", "We use Slack", "We don't use Jira or Trello anymore"], [("tool.uses", "Slack")]),
    (["用圆通发货。", "别用顺丰和圆通了"], []),
])
def test_the_things_stored_before_end(tmp_path: Path, said: list[str], left: list[tuple[str, str]]) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        for text in said:
            mem.add(text)
        assert sorted((f.key, f.value) for f in mem.list() if isinstance(f, Fact)) == left
