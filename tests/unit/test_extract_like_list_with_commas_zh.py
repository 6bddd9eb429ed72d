"""A like's list written with commas for 、 is liked item by item: 我喜欢唱歌跳舞，健身，旅游，电影，摄影 stored only
唱歌跳舞 (each later item fell into a clause of its own, a bare noun no shape reads). A comma after a like is
read as 、 only when the list runs to the end of the sentence with bare items, three or more or the last joined
with 和; what says how a liked thing is (画面美, 环境好), a remark (真的, 每天五公里) or a question is no item."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.like_lists_zh import with_list_commas
from memstrata.extract.rules import RuleExtractor

_SAID = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _likes(text: str) -> set[tuple[str, str]]:
    return {(c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_SAID)
            if c.key.endswith(".like") and not c.retracts}


@pytest.mark.parametrize(("text", "liked"), [
    ("我喜欢爬山，露营，钓鱼，下棋。", {"爬山", "露营", "钓鱼", "下棋"}),
    ("其实我挺喜欢做手工，听爵士乐，看纪录片。你呢？", {"做手工", "爵士乐", "看纪录片"}),
    ("我一直很喜欢日本的建筑，园林和美食。", {"日本的建筑", "园林", "美食"}),
    ("我喜欢王菲，朴树，许巍", {"王菲", "朴树", "许巍"}),
])
def test_each_item_of_a_comma_list_is_liked(text: str, liked: set[str]) -> None:
    assert {v for v, _ in _likes(text)} == liked


def test_a_relatives_comma_list_is_theirs() -> None:
    assert _likes("我老婆喜欢插花，瑜伽，烘焙") == {("插花", "wife"), ("瑜伽", "wife"), ("烘焙", "wife")}


@pytest.mark.parametrize("text", [
    "我喜欢这部电影，画面美，音乐动听。", "我喜欢这家店，环境好，价格便宜", "我喜欢他，真的",
    "我喜欢跑步，每天五公里", "我喜欢猫，尤其是橘猫", "你喜欢唱歌，跳舞，还是画画？",
    "我喜欢吃火锅，特别是重庆的", "我喜欢看书，不过最近没时间，也没心情",
])
def test_a_remark_after_a_like_is_no_item(text: str) -> None:
    assert with_list_commas(text) == text
