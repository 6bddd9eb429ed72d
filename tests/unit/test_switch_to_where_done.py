"""A switch to where something is done names no thing used.

健身房的卡退了，改成在家跑步机上跑 stored ``user.步机上跑 = 在家`` and 改成在家做饭了 ``user.饭 = 在家``: the switch
(``extract.shapes_zh``) read the place the thing is done at as a thing used, and the rest of the verb phrase as what
it is used for. Now a switch to 在 + a place reads no such fact; a switch to a thing (改用Notion做笔记,
换成在线文档做笔记, 换成了喝茶) and a habit said with when (以后改成在家里练瑜伽) are read as before.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _facts(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize("text", [
    "健身房的卡退了，改成在家跑步机上跑。",
    "改成在家做饭了",
    "我们改成在公司楼下吃饭",
    "我改成在宿舍里学习了",
])
def test_a_switch_to_where_it_is_done_names_no_thing_used(text: str) -> None:
    assert [(k, v) for k, v in _facts(text) if k.startswith("user.")] == []


@pytest.mark.parametrize(("text", "fact"), [
    ("我改用Notion做笔记了", ("user.notes", "Notion")),
    ("我换成在线文档做笔记了", ("user.notes", "在线文档")),
    ("我换成了喝茶", ("user.drinks", "茶")),
    ("以后改成在家里练瑜伽", ("preference.habit", "在家里练瑜伽")),
])
def test_a_switch_to_a_thing_is_read_as_before(text: str, fact: tuple[str, str]) -> None:
    assert fact in _facts(text)
