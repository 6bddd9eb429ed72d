"""The user's bank said as where their pay goes: 工资卡在招商银行 and "My paycheck goes to Chase" stored nothing.
Now each is ``user.bank``, the key a switch to another bank ends; a place or a person pay goes to names no bank."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "bank"), [
    ("工资卡在招商银行", "招商银行"),
    ("我的工资卡是招行的。", "招行"),
    ("工资发到建设银行", "建设银行"),
    ("My paycheck goes to Chase", "Chase"),
    ("My salary is paid into Barclays.", "Barclays"),
    ("my direct deposit goes into Wells Fargo", "Wells Fargo"),
])
def test_the_bank_pay_goes_to(text: str, bank: str) -> None:
    assert _read(text) == [("user.bank", bank)]


@pytest.mark.parametrize("text", ["My paycheck goes to rent.", "工资卡在家里", "My paycheck goes to my wife."])
def test_no_bank_named(text: str) -> None:
    assert not any(key == "user.bank" for key, _ in _read(text))
