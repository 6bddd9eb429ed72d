"""An instruction not to use a chosen thing any more, with nothing of it stored, is kept as the prohibition it states.

以后别用顺丰了, 别用圆通了, "Don't use UPS anymore" were read as withdrawals (the labelled reading of
``bench extraction``) and, with no carrier stored, ended nothing and left no fact: the instruction was lost, while
以后不要用顺丰 and "Never use UPS again" kept ``shipping.carrier = 不要顺丰`` / ``not UPS``. Now a withdrawal that ends
nothing keeps that prohibition when its key holds a chosen thing and it is said as an instruction
(``facts.withdraw.prohibition_kept``). With the carrier stored the withdrawal ends it and keeps nothing else; a
statement of the user's own ("I don't use vim anymore", 我不用顺丰了) keeps nothing."""

from __future__ import annotations

from datetime import UTC, datetime
from functools import partial
from pathlib import Path

import pytest

from factvalues import stored_facts

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


#: (active, superseded) (key, value) pairs after messages said a minute apart (factvalues.stored_facts).
_stored = partial(stored_facts, start=_AT)


@pytest.mark.parametrize(("text", "kept"), [
    ("以后别用顺丰了", "不要顺丰"),
    ("别用圆通了。", "不要圆通"),
    ("以后别用申通发货了。", "不要申通"),
    ("Don't use UPS anymore", "not UPS"),
    ("Stop using FedEx.", "not FedEx"),
])
def test_an_instruction_with_nothing_stored_keeps_the_prohibition(tmp_path: Path, text: str, kept: str) -> None:
    assert _stored(tmp_path, text) == ({("shipping.carrier", kept)}, set())


@pytest.mark.parametrize(("first", "then", "ended"), [
    ("以后快递用圆通。", "别用圆通了。", "圆通"),
    ("I use UPS for delivery", "Don't use UPS anymore", "UPS"),
])
def test_with_the_value_stored_the_withdrawal_only_ends_it(tmp_path: Path, first: str, then: str, ended: str) -> None:
    assert _stored(tmp_path, first, then) == (set(), {("shipping.carrier", ended)})


@pytest.mark.parametrize("text", ["I don't use vim anymore", "我不用顺丰了"])
def test_a_statement_of_ones_own_keeps_nothing(tmp_path: Path, text: str) -> None:
    assert _stored(tmp_path, text) == (set(), set())


def test_a_list_given_up_keeps_no_prohibition_of_the_thing_never_stored(tmp_path: Path) -> None:
    assert _stored(tmp_path, "用圆通发货。", "别用顺丰和圆通了") == (set(), {("shipping.carrier", "圆通")})
