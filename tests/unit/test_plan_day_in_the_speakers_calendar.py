"""A plan's statement names its day in the speaker's calendar, on every door that gives the speaker's offset.

A plan's span was right (Friday said at +08:00 begins at Friday 00:00 +08:00, stored as Thursday 16:00 UTC) but
its statement was written from the UTC instant: "scheduled: dentist appointment (2026-11-05)", a Thursday, and
``context()`` showed that day. Every speaker east of UTC saw each plan a day early. ``memstrata remember --at`` and
a JSON Lines log line converted their time to UTC before the extractor read it, so "tomorrow" said at 07:00 +08:00
was read in the UTC calendar (the day itself, not the next).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

from clirun import cli
from memstrata import Memory
from memstrata.clock import parse_said_at
from memstrata.extract.rules import RuleExtractor
from memstrata.loaders.jsonl import load_jsonl_messages

EAST = timezone(timedelta(hours=8))
WEST = timezone(timedelta(hours=-5))


def _statement(text: str, said_at: datetime) -> tuple[str, datetime | None]:
    [plan] = RuleExtractor().extract(text=text, role="user", said_at=said_at)
    return plan.statement, plan.valid_from


def test_a_plan_names_the_speakers_day_east_and_west_of_utc() -> None:
    # Tuesday 3 November 2026, 09:00 where the speaker is; Friday is 6 November in every offset.
    for offset in (EAST, UTC, WEST):
        said_at = datetime(2026, 11, 3, 9, tzinfo=offset)
        statement, start = _statement("I have a dentist appointment on Friday.", said_at)
        assert statement == "scheduled: dentist appointment (2026-11-06)", offset
        assert start == datetime(2026, 11, 6, tzinfo=offset)


def test_a_chinese_plan_names_the_speakers_day() -> None:
    statement, start = _statement("我下周一要去上海出差。", datetime(2026, 11, 3, 9, tzinfo=EAST))
    assert statement == "计划：去上海出差（2026-11-09）"
    assert start == datetime(2026, 11, 8, 16, tzinfo=UTC)


def test_a_plan_moved_to_another_day_names_the_new_day_in_the_speakers_calendar(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", user_id="k", embedder=None) as memory:
        memory.add("I'm flying to Lisbon on November 14th.", created_at=datetime(2026, 11, 1, 9, tzinfo=EAST))
        memory.add("Correction: the Lisbon trip moved to November 21st.",
                   created_at=datetime(2026, 11, 3, 9, tzinfo=EAST))
        [trip] = [f for f in memory.list() if f.key == "travel.plan"]
    assert trip.valid_from == datetime(2026, 11, 21, tzinfo=EAST)
    assert "(2026-11-21)" in trip.statement


def test_parse_said_at_keeps_the_offset_given_and_reads_none_as_utc() -> None:
    assert parse_said_at("2026-11-03T07:00:00+08:00").utcoffset() == timedelta(hours=8)
    assert parse_said_at("2026-11-03T07:00:00Z") == datetime(2026, 11, 3, 7, tzinfo=UTC)
    assert parse_said_at("2026-11-03T07:00:00") == datetime(2026, 11, 3, 7, tzinfo=UTC)


def test_remember_at_reads_tomorrow_in_the_speakers_calendar(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    env = {"MEMSTRATA_EMBEDDING_MODEL": "hashing-64"}
    run = cli("remember", "I have a dentist appointment tomorrow.", "--db", db, "--user", "u",
              "--at", "2026-11-03T07:00:00+08:00", env=env)
    assert run.code == 0, run.err
    facts = cli("list", "--user", "u", "--json", "--db", db, env=env).json()
    [plan] = [f for f in facts if f["key"] == "schedule.event"]
    # 07:00 +08:00 on 3 November is 23:00 UTC on 2 November: the speaker's tomorrow is 4 November.
    assert plan["valid_from"] == "2026-11-03T16:00:00.000000Z"
    assert "(2026-11-04)" in plan["statement"]


def test_a_log_line_keeps_its_offset_for_the_extractor(tmp_path: Path) -> None:
    log = tmp_path / "chat.jsonl"
    log.write_text(json.dumps({"content": "明天要开会", "created_at": "2026-11-03T07:00:00+08:00"}) + "\n",
                   encoding="utf-8")
    [message] = load_jsonl_messages(log)
    assert message.created_at == datetime(2026, 11, 2, 23, tzinfo=UTC)  # the same instant
    assert message.created_at.utcoffset() == timedelta(hours=8)  # read in the speaker's day
