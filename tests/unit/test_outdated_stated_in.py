"""Which sentence of a message states a fact's value (``outdated.stated_in``)."""

from __future__ import annotations

import pytest

from memstrata.outdated import stated_in
from memstrata.privacy.crypto import UNREADABLE


@pytest.mark.parametrize(("value", "text", "expected"), [
    ("UPS", "I prefer UPS for delivery.", True),
    ("UPS", "I prefer ups.", True),  # case folded
    ("UPS", "I prefer ＵＰＳ.", True),  # full-width letters, as the extractor reads them
    ("UPS", "Two cups of tea, please.", False),  # a whole word, not a piece of one
    ("UPS", "I am allergic to peanuts.", False),
    ("顺丰", "我以後都希望用順豐。", True),  # Traditional characters read as Simplified
    ("火锅", "I like 火锅!", True),
    ("peanuts", "I am allergic to peanuts.", True),
    ("", "anything", False),
    (UNREADABLE, "I prefer UPS.", False),  # an encrypted value read without the key
])
def test_stated_in(value: str, text: str, expected: bool) -> None:
    assert stated_in(value, text) is expected
