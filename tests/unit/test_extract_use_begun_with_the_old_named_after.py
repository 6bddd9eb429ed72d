"""A thing begun to be used, said of the company or the team, with the one used before named
after it: 公司开始用飞书了，以前用钉钉 stored nothing (公司 was no subject of a thing used),
and 现在用Asana了，之前用的是Trello left Trello current beside Asana. Now the new thing is
read, and carries the old one (``instead_of``) so the fact engine supersedes it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.value, c.instead_of) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "read"), [
    ("公司开始用飞书了，以前用钉钉。", ("飞书", "钉钉")),
    ("我们现在用Asana了，之前用的是Trello。", ("Asana", "Trello")),
    ("团队开始用语雀了，原来用石墨文档", ("语雀", "石墨文档")),
    ("我们开始用墨墨背单词了，以前用Anki。", ("墨墨背单词", "Anki")),
])
def test_the_new_thing_names_the_old(text: str, read: tuple[str, str]) -> None:
    assert _read(text) == [read]


@pytest.mark.parametrize(("text", "value"), [
    ("公司开始用飞书了。", "飞书"),
    ("我们开始用飞书了，以前用手机。", "飞书"),  # a common noun names no thing chosen before
    ("我们用飞书了，以前也用过。", "飞书"),
])
def test_no_old_thing_named(text: str, value: str) -> None:
    assert _read(text) == [(value, "")]
