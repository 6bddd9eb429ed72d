"""A home or an employer said as ended ("I don't live in Berlin anymore", 我不住在北京了, "I no longer work at
Google", 我已经不在腾讯工作了) is kept as a former one (``identity.former``: "used to work at Google"), with or
without a value before it to withdraw; never as the current one, so a later "I work at Meta" is the employer.
A plain negation ("I don't live in Berlin", 我不住在北京) says no former home."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor
from memstrata.types import Fact

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, bool, str]]:
    found = RuleExtractor().extract(text=text, role="user", said_at=_AT)
    return [(c.key, c.value, c.retracts, c.statement) for c in found]


@pytest.mark.parametrize(("text", "key", "value", "statement"), [
    ("I don't live in Berlin anymore.", "identity.location", "Berlin", "used to live in Berlin"),
    ("I no longer live in Berlin.", "identity.location", "Berlin", "used to live in Berlin"),
    ("我不住在北京了。", "identity.location", "北京", "以前住在北京"),
    ("I no longer work at Google.", "identity.employer", "Google", "used to work at Google"),
    ("我已经不在腾讯工作了。", "identity.employer", "腾讯", "以前在腾讯工作"),
    ("I used to work at Google.", "identity.employer", "Google", "used to work at Google"),
    # other wordings of the same end (before: nothing, or every employer ended and none kept)
    ("I'm not working at Google anymore.", "identity.employer", "Google", "used to work at Google"),
    ("I quit my job at Google.", "identity.employer", "Google", "used to work at Google"),
    ("我从腾讯离职了。", "identity.employer", "腾讯", "以前在腾讯工作"),
    ("我不住北京了。", "identity.location", "北京", "以前住在北京"),
    ("我现在不在北京住了。", "identity.location", "北京", "以前住在北京"),
])
def test_an_ended_home_or_employer_is_withdrawn_and_kept_as_former(text: str, key: str, value: str,
                                                                  statement: str) -> None:
    found = _read(text)
    assert (key, value, True) in [(k, v, r) for k, v, r, _ in found]
    assert [(k, v, s) for k, v, r, s in found if not r] == [("identity.former", value, statement)]


@pytest.mark.parametrize("text", [
    "I don't live in Berlin.", "我不住在北京。", "I don't work at Google.", "I don't live in Berlin, I live in Munich.",
    "我不住在北京，我住在上海。", "I don't live far from here.", "I'm not sure anymore.", "我不在家。",
    "我不在家住了。", "I'm not working today.",
])
def test_a_plain_negation_keeps_no_former_home(text: str) -> None:
    assert not [k for k, *_ in _read(text) if k == "identity.former"]


def _current(mem: Memory) -> list[tuple[str, str]]:
    return sorted((f.key, f.value) for f in mem.list() if isinstance(f, Fact))


@pytest.mark.parametrize(("ended", "later", "key", "old", "new"), [
    ("I no longer work at Google.", "I work at Meta.", "identity.employer", "Google", "Meta"),
    ("我已经不在腾讯工作了。", "我在阿里巴巴工作。", "identity.employer", "腾讯", "阿里巴巴"),
    ("I don't live in Berlin anymore.", "I live in Munich.", "identity.location", "Berlin", "Munich"),
    ("我不住在北京了。", "我住在成都。", "identity.location", "北京", "成都"),
])
def test_alone_the_ended_state_is_kept_as_former_and_a_later_value_is_current(
        tmp_path: Path, ended: str, later: str, key: str, old: str, new: str) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add(ended)
        assert _current(mem) == [("identity.former", old)]  # before: nothing was kept
        mem.add(later)
        assert _current(mem) == sorted([("identity.former", old), (key, new)])


@pytest.mark.parametrize(("said", "ended", "key", "value"), [
    ("I work at Google.", "I no longer work at Google.", "identity.employer", "Google"),
    ("我住在北京。", "我不住在北京了。", "identity.location", "北京"),
])
def test_the_ended_state_still_withdraws_the_current_value(tmp_path: Path, said: str, ended: str, key: str,
                                                          value: str) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add(said)
        assert sorted(c.action for c in mem.add(ended).facts) == ["create", "retract"]
        assert _current(mem) == [("identity.former", value)]
        assert [f.value for f in mem.list(key=key, status="superseded") if isinstance(f, Fact)] == [value]
