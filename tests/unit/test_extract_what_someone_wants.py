"""What a role or a named person wants, read by the shapes that read the user's own wishes: when a document is
wanted ("every Friday", 每周五: ``extract.formats``), and a person named with where they work ("Sarah from
accounting", 财务部的小李), kept under that person, never the user's."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> set[tuple[str, str, str]]:
    return {(c.subject, c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)}


@pytest.mark.parametrize(("text", "expected"), [
    ("The client wants the report every Friday.", {("client", "client.report_schedule", "every Friday")}),
    ("客户希望每周五收到报告。", {("client", "client.report_schedule", "每周五")}),
    ("张经理希望每周五收到报告。", {("张经理", "张经理.report_schedule", "每周五")}),
    ("Sarah from accounting prefers email over Slack.", {("Sarah", "contact.channel", "email")}),
    ("财务部的小李喜欢邮件沟通。", {("小李", "contact.channel", "邮件")}),
    ("张经理喜欢邮件沟通，不喜欢电话",
     {("张经理", "contact.channel", "邮件"), ("张经理", "preference.dislike", "电话")}),
])
def test_what_someone_else_wants_is_theirs(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I want the report every Friday.", {("", "user.report_schedule", "every Friday")}),
    ("I need invoices emailed to me monthly.", {("", "user.invoice_schedule", "monthly")}),
    ("我希望每周五收到报告。", {("", "user.report_schedule", "每周五")}),
    ("我要每个月收到对账单", {("", "user.statement_schedule", "每个月")}),
])
def test_the_users_own_wish_is_read_by_the_same_shape(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


def test_a_recurrence_is_no_date_the_wish_began() -> None:
    (said,) = RuleExtractor().extract(text="The client wants the report every Friday.", role="user", said_at=_AT)
    assert said.valid_from is None and said.valid_to is None
    assert said.statement == "the client wants the report every Friday"


@pytest.mark.parametrize("text", [
    "I want the report by Friday.", "Tom from Paris called.", "The client called about the report every Friday?",
    "我希望能每周五收到报告吗？",
])
def test_a_wish_for_once_or_a_question_is_none(text: str) -> None:
    assert _read(text) == set()
