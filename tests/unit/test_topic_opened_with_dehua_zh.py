"""A kind opened with 的话 before the speaker is the topic of what follows: 快递的话我一般用顺丰 says what
快递我一般用顺丰 says (``shipping.carrier = 顺丰``), and a clause after it (，放门卫那里就行) no longer hides the
kind-first reading. Before, 快递的话我一般用顺丰，放门卫那里就行。 stored only the drop-off, so a later
算了，以后都用京东吧 created a carrier instead of superseding one. 的话 also says a condition (累的话, 有空的话,
如果下雨的话): a condition is no kind, and stores nothing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _read(text: str) -> set[tuple[str, str]]:
    return {(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)}


@pytest.mark.parametrize(("text", "fact"), [
    ("快递的话我一般用顺丰，放门卫那里就行。", ("shipping.carrier", "顺丰")),
    ("快递的话，我都用顺丰", ("shipping.carrier", "顺丰")),
    ("快递我一般用顺丰，放门卫那里就行。", ("shipping.carrier", "顺丰")),
    ("咖啡的话我只喝美式", ("user.drinks", "美式")),
    ("编辑器的话我一般用VSCode", ("tool.editor", "VSCode")),
])
def test_a_kind_opened_with_dehua_is_the_topic(text: str, fact: tuple[str, str]) -> None:
    assert fact in _read(text)


def test_the_dropoff_beside_it_stays() -> None:
    assert ("shipping.dropoff", "放门卫那里") in _read("快递的话我一般用顺丰，放门卫那里就行。")


@pytest.mark.parametrize("text", ["累的话我只喝咖啡", "如果累的话我只喝咖啡", "有空的话我都看电影",
                                  "下雨的话我一般用打车软件", "他的话我都用微信", "快递的话我都用顺丰，你呢？"])
def test_a_condition_or_a_person_before_dehua_is_none(text: str) -> None:
    assert _read(text) == set()
