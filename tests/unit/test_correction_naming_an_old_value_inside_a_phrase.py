"""A correction naming an old value that a stored phrase holds corrects that phrase only.

"I flew to Tokyo in March 2019." then, a month later, "Sorry, I flew to Osaka in March 2019, not Tokyo.": no fact
holds "Tokyo" whole (the event is "flew to Tokyo"), so the correction fell to the key's one other value, and when the
reading of "not X" began to skip that step for any correction naming an old value, Tokyo stayed current beside Osaka.
Now the values that mention the named word are the ones it may retire: the trip to Tokyo, never another event.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.facts.engine import mentions


@pytest.mark.parametrize(("value", "named", "expected"), [
    ("flew to Tokyo", "Tokyo", True),
    ("flew to Tokyo", "tokyo", True),
    ("trip to New York", "new york", True),
    ("Tokyoite friends", "Tokyo", False),  # a word inside another word is no mention
    ("meeting with their manager", "Friday", False),
    ("去上海旅游", "上海", True),  # Chinese has no spaces: a substring
    ("去北京旅游", "上海", False),
    ("flew to Tokyo", "", False),
])
def test_mentions_a_named_value_as_whole_words(value: str, named: str, expected: bool) -> None:
    assert mentions(value, named) is expected


def _events(path: Path, *messages: tuple[str, str]) -> tuple[list[str], list[str]]:
    with Memory(path / "m.db", embedder=None, user_id="u1") as mem:
        for at, text in messages:
            mem.add(text, created_at=datetime.fromisoformat(at).replace(tzinfo=UTC))
        facts = [f for f in mem.list(kind="fact", status="all", limit=100) if f.key == "event"]
    return (sorted(f.value for f in facts if f.status == "active"),
            sorted(f.value for f in facts if f.status == "superseded"))


def test_the_event_named_is_corrected_and_another_stays(tmp_path: Path) -> None:
    active, superseded = _events(tmp_path, ("2026-01-10T09:00", "I flew to Tokyo in March 2019."),
                                 ("2026-01-12T09:00", "I went to Rome in May 2020."),
                                 ("2026-02-10T09:00", "Sorry, I flew to Osaka in March 2019, not Tokyo."))
    assert superseded == ["flew to Tokyo"]
    assert active == ["flew to Osaka", "went to Rome"]


def test_a_named_value_no_event_mentions_corrects_nothing(tmp_path: Path) -> None:
    active, superseded = _events(tmp_path, ("2026-01-10T09:00", "I flew to Tokyo in March 2019."),
                                 ("2026-02-10T09:00", "Sorry, I flew to Osaka in March 2019, not Kyoto."))
    assert superseded == []
    assert active == ["flew to Osaka", "flew to Tokyo"]
