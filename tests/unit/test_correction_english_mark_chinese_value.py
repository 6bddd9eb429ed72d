"""A correction in the next message marked in English and naming its value in Chinese ("I mean 普洱茶",
"Sorry I meant 深圳，不是广州") is read as its Chinese form (说错了，是普洱茶) is (``extract.corrected_later``)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from tests.factvalues import stored_facts

from memstrata.extract.corrected_later import read

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(("said", "value"), [
    ("I mean 普洱茶", "普洱茶"),
    ("Sorry I meant 深圳，不是广州", "深圳"),
    ("sorry I meant 西贡 Sai Kung, not 将军澳。", "西贡 Sai Kung"),
    ("I meant to say 杭州", "杭州"),
])
def test_an_english_mark_before_a_chinese_value_is_read(said: str, value: str) -> None:
    found = read(said)
    assert found is not None and found.value == value and found.corrects, said


@pytest.mark.parametrize("said", ["sorry 我不想喝了", "I mean 我也喜欢红茶", "Sorry 我刚才没看到", "I mean 你说得对",
                                  "我是说过的", "sorry 吗"])
def test_an_english_mark_before_a_chinese_clause_names_no_value(said: str) -> None:
    assert read(said) is None, said


def test_the_drink_corrected_in_english_is_superseded(tmp_path: Path) -> None:
    active, superseded = stored_facts(tmp_path, "我喜欢喝乌龙茶", "I mean 普洱茶", start=_AT, own=True)
    assert ("drink.like", "普洱茶") in active and ("drink.like", "乌龙茶") in superseded
    active, superseded = stored_facts(tmp_path / "b", "我喜欢喝乌龙茶", "I mean 我也喜欢红茶", start=_AT, own=True)
    assert ("drink.like", "乌龙茶") in active and not superseded
