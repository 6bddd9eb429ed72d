"""Notes about a customer, a client or a colleague (``extract.roles``): read by the shapes that read the
user's own words, kept under that person, never as the user's own fact."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.subject, c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "expected"), [
    ("Customer prefers to be contacted after 6pm.", [("customer", "contact.hours", "only contact after 6pm")]),
    ("Note: the customer wants invoices in PDF.", [("customer", "customer.invoice_format", "PDF")]),
    ("The client is based in Toronto.", [("client", "identity.location", "Toronto")]),
    ("The client is allergic to shellfish.", [("client", "health.allergy", "shellfish")]),
    ("The manager prefers Slack.", [("manager", "contact.channel", "Slack")]),
    ("客户在多伦多。", [("client", "identity.location", "多伦多")]),
    ("备注：客户要PDF发票。", [("client", "client.invoice_format", "PDF")]),
    ("客户对芒果过敏。", [("client", "health.allergy", "芒果")]),
    ("该客户喜欢喝茶。", [("client", "drink.like", "茶")]),
    # a role one has one of, said with "my": theirs, never the user's
    ("My manager prefers Slack.", [("manager", "contact.channel", "Slack")]),
    ("我老板喜欢喝茶。", [("boss", "drink.like", "茶")]),
    ("My boss is flying to Tokyo next Friday.", [("boss", "travel.plan", "flying to Tokyo")]),
    # a name is read by the same shapes
    ("Sarah prefers to be contacted after 6pm.", [("Sarah", "contact.hours", "only contact after 6pm")]),
    ("Tom wants invoices in PDF.", [("Tom", "tom.invoice_format", "PDF")]),
    ("小李要PDF发票。", [("小李", "小李.invoice_format", "PDF")]),
    ("备注：小李在多伦多。", [("小李", "identity.location", "多伦多")]),
])
def test_a_note_about_a_role_is_kept_under_that_role(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I prefer to be contacted after 6pm.", [("", "contact.hours", "only contact after 6pm")]),
    ("Only contact me after 6pm.", [("", "contact.hours", "only contact after 6pm")]),
    ("I want invoices in PDF.", [("", "user.invoice_format", "PDF")]),
    ("I prefer receipts on paper.", [("", "user.receipt_format", "paper")]),
    ("我要纸质发票。", [("", "user.invoice_format", "纸质")]),
    ("我在多伦多。", [("", "identity.location", "多伦多")]),
    ("备注：我对花生过敏", [("", "health.allergy", "花生")]),
])
def test_the_same_shapes_read_the_users_own_words(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", [
    "The customer is always right.", "Note to self: breathe.", "My client called.", "The client called.",
    "Customers prefer email.", "My client is allergic to mango.", "我的客户对芒果过敏", "客户在开会。",
    "I prefer to be called Sam.", "I love being spoiled.", "I want pizza in Rome.", "I want a PDF.",
    "我在纠结。", "我在健身。", "我在公司。", "Is the client based in Toronto?",
])
def test_no_fact_without_a_person_an_attribute_or_a_place(text: str) -> None:
    assert _read(text) == []


def test_a_role_reads_as_one_subject_in_both_languages() -> None:
    [en] = RuleExtractor().extract(text="The client is allergic to peanuts.", role="user", said_at=_AT)
    [zh] = RuleExtractor().extract(text="客户对花生过敏。", role="user", said_at=_AT)
    assert (en.subject, zh.subject) == ("client", "client")
    assert (en.statement, zh.statement) == ("the client is allergic to peanuts", "客户对花生过敏")


def test_a_roles_owned_thing_reads_as_theirs() -> None:
    [email] = RuleExtractor().extract(text="The customer's email is anna@example.com", role="user", said_at=_AT)
    [hours] = RuleExtractor().extract(text="Customer prefers to be contacted after 6pm.", role="user", said_at=_AT)
    assert (email.subject, email.statement) == ("customer", "the customer's e-mail is anna@example.com")
    assert hours.statement == "the customer: only contact after 6pm"
