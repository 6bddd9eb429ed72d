"""Notes about someone else, standing delivery addresses and work arrangements reach the stored facts:
someone else's facts under their subject and never the user's, a new value superseding the old one.
Public SDK on a real SQLite file with the real embedding model."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from memstrata import Memory
from memstrata.types import Fact

_START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _said(mem: Memory, *messages: str) -> None:
    for i, text in enumerate(messages):
        mem.add(text, user_id="u1", created_at=_START + timedelta(minutes=i))


def _active(mem: Memory, key: str) -> list[tuple[str, str]]:
    return sorted((f.subject or "", f.value) for f in mem.list(key=key, user_id="u1") if isinstance(f, Fact))


def _all_active(mem: Memory) -> list[tuple[str, str, str]]:
    return sorted((f.subject or "", f.key, f.value) for f in mem.list(user_id="u1") if isinstance(f, Fact))


@pytest.mark.parametrize(("messages", "expected"), [
    (("Customer prefers to be contacted after 6pm.",), [("customer", "contact.hours", "only contact after 6pm")]),
    (("I live in Berlin.", "The client is based in Toronto."),
     [("", "identity.location", "Berlin"), ("client", "identity.location", "Toronto")]),
    (("我住在上海。", "客户在多伦多。"),
     [("", "identity.location", "上海"), ("client", "identity.location", "多伦多")]),
    (("备注：客户要PDF发票。",), [("client", "client.invoice_format", "PDF")]),
])
def test_a_note_about_a_role_is_never_the_users_own(memory: Memory, messages: tuple[str, ...],
                                                    expected: list[tuple[str, str, str]]) -> None:
    _said(memory, *messages)
    assert _all_active(memory) == expected


@pytest.mark.parametrize("messages", [
    ("Ship to 221B Baker Street from now on.", "以后寄到北京市朝阳区建国路88号"),
    ("以后寄到北京市朝阳区建国路88号", "Going forward, ship everything to 42 Main St, Springfield."),
])
def test_a_standing_address_supersedes_the_one_before(memory: Memory, messages: tuple[str, str]) -> None:
    _said(memory, *messages)
    later = messages[1]
    assert len(_active(memory, "shipping.dropoff")) == 1
    assert _active(memory, "shipping.dropoff")[0][1] in later


def test_a_pet_named_with_jiao_is_stored_beside_the_other_pets(memory: Memory) -> None:
    _said(memory, "We adopted a cat named Miso.", "我们领养了一只叫豆豆的狗。")
    assert _active(memory, "pet") == [("", "cat named Miso"), ("", "狗豆豆")]


@pytest.mark.parametrize(("messages", "current"), [
    (("As of this week I'm on the night shift.", "I'm back on the day shift."), "day shift"),
    (("这周开始我上夜班。", "我现在上白班了。"), "白班"),
    (("These days I mostly work from home.", "最近我基本在家办公。"), "remote"),  # the same arrangement restated
])
def test_a_new_work_arrangement_supersedes_the_old_one(memory: Memory, messages: tuple[str, str],
                                                       current: str) -> None:
    _said(memory, *messages)
    assert _active(memory, "user.work_arrangement") == [("", current)]


def test_a_roles_fact_names_the_role_once_in_the_context_block(memory: Memory) -> None:
    _said(memory, "Note: the customer wants invoices in PDF.", "客户在多伦多。")
    block = memory.context("send the invoice to the customer", user_id="u1", budget_tokens=300)
    assert "- the customer wants invoices in PDF (" in block
    # The Toronto note answers nothing of the invoice's, so it is asked for on its own.
    assert "- 客户住在多伦多 (" in memory.context("客户在哪里？", user_id="u1", budget_tokens=300)  # not "client客户…"
