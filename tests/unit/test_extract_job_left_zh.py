"""A job left said in Chinese, with the colloquial 干 (我不在腾讯干了) and with a business of one's own begun
(自己出来创业了): the employer ends, and 创业 is what one does now (``identity.occupation = 创业者``)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 11, 30, 12, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, bool]]:
    found = RuleExtractor().extract(text=text, role="user", said_at=SAID)
    return [(c.key, c.value, c.retracts) for c in found if c.key.startswith("identity.") and not c.subject]


@pytest.mark.parametrize("text", ["我不在腾讯干了", "我已经不在腾讯干了。", "我现在不在腾讯干了",
                                  "我不在腾讯干了，自己出来创业了"])
def test_not_working_there_any_more_ends_the_employer(text: str) -> None:
    assert ("identity.employer", "腾讯", True) in _read(text)


@pytest.mark.parametrize("text", ["我自己出来创业了", "我出来创业了", "我开始创业了", "我现在在创业",
                                  "我不在腾讯干了，自己出来创业了", "我辞职创业了"])
def test_a_business_of_ones_own_begun_is_the_occupation(text: str) -> None:
    assert ("identity.occupation", "创业者", False) in _read(text)


@pytest.mark.parametrize("text", ["我出来创业了", "我自己出来创业了"])
def test_coming_out_to_start_a_business_ends_the_employer(text: str) -> None:
    assert ("identity.employer", "", True) in _read(text)


@pytest.mark.parametrize("text", [
    "我在腾讯干了三年", "我不在家干活了", "我想出来创业", "我打算明年创业", "如果我创业，你觉得怎么样？",
    "我朋友出来创业了", "创业太难了", "我不想创业", "我在研究创业公司的融资",
])
def test_a_wish_someone_elses_or_a_length_ends_nothing(text: str) -> None:
    read = _read(text)
    assert ("identity.occupation", "创业者", False) not in read
    assert not any(retracts for _, _, retracts in read)
