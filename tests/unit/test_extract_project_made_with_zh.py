"""What a part of a project is made with, or a part of its setup, said in Chinese is the project's, as "our backend is
written in Go" and "Our database is MySQL" are: 我们的后端是Go写的 stored ``user.后端 = Go写`` (the user's own thing,
and the verb kept in the value) and 我们的数据库是MySQL ``user.数据库``. Now they are ``user.project_tool = Go`` and
``user.project_database = MySQL``, the keys the English wording gives. A thing said to be made by someone (我们的后端是
小王写的, 我的蛋糕是妈妈做的) or a part no project has (我们的产品是Go写的) names no value of it: nothing is stored,
where before the verb ran into the value."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "read"), [
    ("我们的后端是Go写的", [("user.project_tool", "Go")]),
    ("我们后端用Go写", [("user.project_tool", "Go")]),
    ("这个项目是用Rust写的", [("user.project_tool", "Rust")]),
    ("我们前端用React开发的", [("user.project_tool", "React")]),
    ("our backend is written in Go", [("user.project_tool", "Go")]),
    ("我们的数据库是MySQL", [("user.project_database", "MySQL")]),
    ("我们线上的缓存用的是Redis", [("user.project_cache", "Redis")]),
    ("Our database is MySQL", [("user.project_database", "MySQL")]),
])
def test_what_a_project_is_made_with_is_the_projects(text: str, read: list[tuple[str, str]]) -> None:
    assert _read(text) == read


@pytest.mark.parametrize("text", ["我们的后端是小王写的", "我们的产品是Go写的", "我的蛋糕是妈妈做的",
                                  "我们的网站是外包做的", "我的电脑是公司配的"])
def test_who_made_a_thing_is_no_value_of_it(text: str) -> None:
    assert _read(text) == []


def test_a_maker_named_by_whose_it_is_stays_a_value() -> None:
    assert _read("我的手机是华为的") == [("tool.phone", "华为")]
