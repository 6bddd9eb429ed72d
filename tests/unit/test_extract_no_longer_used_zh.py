"""A thing no longer used and an employer left, said in Chinese, end what was stored, as the English wordings do.

我不用Notion了, 我现在不用Windows了, 我不用微信读书了 (said of oneself with the 了 of a change, no 已经) stored
nothing and left the tool current; now each withdraws it (``tool.uses``, ``tool.os``), as 我已经不用Notion了 did.
不用 is also "need not": 我不用上班了, 我不用去了, 我不用担心了, 我不用筷子了 name no thing used and withdraw nothing.
我已经不在字节了 (no verb of work) left 字节 the employer; now it withdraws it, while a place, a state or a group
(我已经不在北京了, 我已经不在状态了, 我已经不在群里了, 我已经不在乎他了) names no employer. With no verb of work
said, no former employer is kept (the name alone may be none). 换了Mac after a thing dropped is the thing now used."""

from __future__ import annotations

from datetime import UTC, datetime
from functools import partial
from pathlib import Path

import pytest

from factvalues import stored_facts
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, bool]]:
    return [(c.key, c.value, c.retracts) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


#: (active, superseded) (key, value) pairs after messages said a minute apart (factvalues.stored_facts).
_stored = partial(stored_facts, start=_AT)


@pytest.mark.parametrize(("first", "then", "ended"), [
    ("我在用Notion", "我不用Notion了", ("tool.uses", "Notion")),
    ("我现在用微信读书", "我不用微信读书了", ("tool.uses", "微信读书")),
    ("我们用Jira", "我们不用Jira了", ("tool.uses", "Jira")),
    ("我现在用Windows", "我现在不用Windows了", ("tool.os", "Windows")),
    ("我在字节工作", "我已经不在字节了", ("identity.employer", "字节")),
    ("我在美团上班", "我现在已经不在美团了", ("identity.employer", "美团")),
])
def test_a_thing_no_longer_used_or_a_job_left_ends_it(tmp_path: Path, first: str, then: str,
                                                      ended: tuple[str, str]) -> None:
    active, superseded = _stored(tmp_path, first, then)
    assert ended in superseded and ended not in active, (active, superseded)


@pytest.mark.parametrize("text", ["我不用上班了", "我不用去了", "我不用担心了", "我不用筷子了", "我不用写作业了",
                                  "我已经不在北京了", "我已经不在状态了", "我已经不在群里了", "我已经不在乎他了",
                                  "我已经不在这家公司了"])
def test_need_not_a_place_or_a_state_withdraws_nothing(text: str) -> None:
    assert _read(text) == []


def test_an_employer_left_without_a_word_of_work_keeps_no_former_one() -> None:
    assert _read("我已经不在字节了") == [("identity.employer", "字节", True)]
    assert ("identity.former", "腾讯", False) in _read("我已经不在腾讯工作了")


def test_the_thing_switched_to_after_a_drop_is_used(tmp_path: Path) -> None:
    active, superseded = _stored(tmp_path, "我现在用Windows", "我不再用Windows了，换了Mac")
    assert ("tool.os", "Windows") in superseded and ("tool.uses", "Mac") in active
