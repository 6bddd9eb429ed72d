"""A thing said with the provider it is held with is two facts: "My phone is an iPhone 15 on Verizon" stored
``tool.phone = iPhone 15 on Verizon``, so a later "I switched from Verizon to T-Mobile" (``user.mobile_carrier``)
ended nothing and Verizon stayed current inside the phone. Now the phone is ``iPhone 15`` and the carrier
``user.mobile_carrier = Verizon``, which the switch supersedes. A tail that names no listed provider stays."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return sorted((c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT))


@pytest.mark.parametrize(("text", "facts"), [
    ("My phone is an iPhone 15 on Verizon.", [("tool.phone", "iPhone 15"), ("user.mobile_carrier", "Verizon")]),
    ("my phone is a Pixel 8 with T-Mobile", [("tool.phone", "Pixel 8"), ("user.mobile_carrier", "T-Mobile")]),
    ("My cell phone is a Moto G through Mint Mobile.",
     [("tool.phone", "Moto G"), ("user.mobile_carrier", "Mint Mobile")]),
])
def test_the_thing_and_its_provider(text: str, facts: list[tuple[str, str]]) -> None:
    assert _read(text) == facts


@pytest.mark.parametrize("text", [
    "My phone is an iPhone 15 on sale.",
    "My car is a Honda on lease.",
    "My phone is an old Nokia with a cracked screen.",
])
def test_a_tail_that_names_no_provider_stays(text: str) -> None:
    assert not any(key.startswith("user.mobile") for key, _ in _read(text))


def test_a_relatives_thing_gives_the_user_no_carrier() -> None:
    assert ("user.mobile_carrier", "Verizon") not in _read("My brother's phone is an iPhone on Verizon.")
