"""A move said with the place left: 我去年从北京搬到了成都 is read as "I moved from Chicago to Denver last year" is,
the new home with the old one it takes the place of (``Finding.instead_of``), dated from the time it names.
Before, the origin (从北京) before the verb hid the move and nothing was stored."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor
from memstrata.types import Fact

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.instead_of) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "expected"), [
    ("我去年从北京搬到了成都。", ("identity.location", "成都", "北京")),
    ("去年我从北京搬到了成都。", ("identity.location", "成都", "北京")),
    ("我从北京搬到成都了。", ("identity.location", "成都", "北京")),
    ("我从北京搬来成都了。", ("identity.location", "成都", "北京")),
    ("I moved from Chicago to Denver last year.", ("identity.location", "Denver", "Chicago")),
    ("我们从Jira搬到了Linear。", ("user.uses", "Linear", "Jira")),  # a platform moved onto, as in English
    ("We moved from Jira to Linear.", ("user.uses", "Linear", "Jira")),
])
def test_a_move_said_with_its_origin_is_the_new_value_in_place_of_the_old(text: str,
                                                                           expected: tuple[str, str, str]) -> None:
    assert _read(text) == [expected]


@pytest.mark.parametrize("text", ["我从老家搬来了。", "我从北京搬家了。"])
def test_a_move_that_names_no_new_place_stores_no_home(text: str) -> None:
    assert not [v for k, v, _ in _read(text) if k == "identity.location" and v]


def test_the_move_supersedes_the_home_left_from_the_time_it_names(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add("我住在北京。")
        [moved] = mem.add("我去年从北京搬到了成都。").facts
        assert (moved.action, moved.fact.value, [p.value for p in moved.previous]) == ("supersede", "成都", ["北京"])
        assert moved.fact.valid_from is not None and moved.fact.valid_from.year == datetime.now(UTC).year - 1
        assert [f.value for f in mem.list(key="identity.location") if isinstance(f, Fact)] == ["成都"]
