"""A job left, then where one is now, in Chinese: 上个月我从字节跳动离职了，现在在美团做后端
and 我离职了，现在在美团做后端 stored nothing (or only the end of the job), as
我上个月换了新工作，现在在美团做后端 stored the employer and the job. A job left followed by
现在 / 目前 在 X is now read as a job changed (``extract.onset``); the new employer supersedes
the old one, with no withdrawal after it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _read(text: str) -> set[tuple[str, str, bool, str]]:
    return {(c.key, c.value, c.retracts, c.subject or "")
            for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)}


@pytest.mark.parametrize("text", ["上个月我从字节跳动离职了，现在在美团做后端", "我离职了，现在在美团做后端"])
def test_the_new_employer_and_job_are_read(text: str) -> None:
    found = _read(text)
    assert {("identity.employer", "美团", False, ""), ("identity.occupation", "后端", False, "")} <= found
    assert ("identity.employer", "", True, "") not in found  # no withdrawal of every employer after the new one


@pytest.mark.parametrize("text", ["我离职了，在家休息", "我离职了，现在在家", "我妹妹离职了，现在在美团"])
def test_no_employer_is_read_where_none_is_named(text: str) -> None:
    assert not [f for f in _read(text) if f[0] == "identity.employer" and f[1] and not f[2] and not f[3]]
