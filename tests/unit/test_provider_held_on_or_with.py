"""A mobile carrier, a home internet provider, a bank or an insurer one is "on" or "with" is that provider, and a
switch to another of its kind takes its place. "I'm on T-Mobile" stored nothing and "I switched to Verizon" then
stored ``tool.uses = Verizon``, ending nothing; "My phone carrier is AT&T" stored nothing ("AT" read as a preposition).
Now the provider is keyed by its kind (``tool_kinds.PROVIDER_KEYS``: ``user.mobile_carrier``, ``user.broadband``,
``user.bank``, ``user.insurer``) and a switch to another of the kind supersedes it; "I'm on it", "I'm with my sister",
"I'm on Netflix" (no such provider), "I'm on Delta" (a flight) and a switch only supposed name none."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from tests.factvalues import stored_facts

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


def _stored(tmp_path: Path, *messages: str) -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    """(active, superseded) (key, value) of the user's own facts after ``messages`` (``stored_facts``)."""
    return stored_facts(tmp_path, *messages, start=_AT, own=True)


@pytest.mark.parametrize(("text", "fact"), [
    ("I'm on T-Mobile.", ("user.mobile_carrier", "T-Mobile")),
    ("I'm on Verizon now.", ("user.mobile_carrier", "Verizon")),
    ("I'm with Chase.", ("user.bank", "Chase")),
    ("We're on Comcast for internet.", ("user.broadband", "Comcast")),
    ("I'm with Geico for car insurance.", ("user.insurer", "Geico")),
    ("My phone carrier is AT&T.", ("user.phone_carrier", "AT&T")),
    ("My carrier is AT&T.", ("user.mobile_carrier", "AT&T")),
    ("我用的是中国移动。", ("user.mobile_carrier", "中国移动")),
    ("我是中国联通的用户。", ("user.mobile_carrier", "中国联通")),
    ("我用的是平安保险", ("user.insurer", "平安保险")),
])
def test_a_provider_held_is_keyed_by_its_kind(text: str, fact: tuple[str, str]) -> None:
    assert _read(text) == [fact]


@pytest.mark.parametrize("text", [
    "I'm on it.", "I'm on vacation.", "I'm with my sister right now.", "I'm on Netflix.", "I'm on Delta.",
    "I'm with you on that.", "My carrier is DHL.",
])
def test_no_provider_held_is_none(text: str) -> None:
    assert all(key not in ("user.mobile_carrier", "user.bank", "user.insurer", "user.broadband")
               for key, _ in _read(text))


@pytest.mark.parametrize(("before", "after", "key", "old", "new"), [
    ("I'm on T-Mobile.", "I switched to Verizon.", "user.mobile_carrier", "T-Mobile", "Verizon"),
    ("I'm with Chase.", "I switched to Wells Fargo.", "user.bank", "Chase", "Wells Fargo"),
    ("I'm with Geico for car insurance.", "I switched to Progressive.", "user.insurer", "Geico", "Progressive"),
    ("我用的是中国移动。", "我换成中国联通了。", "user.mobile_carrier", "中国移动", "中国联通"),
])
def test_a_switch_takes_the_providers_place(tmp_path: Path, before: str, after: str, key: str, old: str,
                                            new: str) -> None:
    active, superseded = _stored(tmp_path, before, after)
    assert (key, new) in active and (key, old) in superseded


def test_a_switch_supposed_or_of_another_kind_ends_nothing(tmp_path: Path) -> None:
    active, superseded = _stored(tmp_path, "I'm on T-Mobile.", "I use Slack.",
                                 "If I switch to Verizon, will my number stay?", "I switched to Teams.")
    assert ("user.mobile_carrier", "T-Mobile") in active and superseded == {("tool.uses", "Slack")}
