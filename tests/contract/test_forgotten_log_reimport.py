"""A log imported again after its user, session or agent was forgotten stores none of the forgotten
messages, on every store: the in-memory reference store keeps the forgotten messages' digests for
its life as SQLite and PostgreSQL keep them in their files (``store.suppressed``). A message said
anew (another time) is stored; another user's copy of the log is imported as usual."""

from __future__ import annotations

from pathlib import Path

from conftest import OpenMemory
from logfiles import import_log, write_jsonl
from memstrata.types import Episode

LOG = [
    {"session_id": "s1", "role": "user", "content": "我对花生过敏", "created_at": "2026-03-01T10:00:00Z"},
    {"session_id": "s1", "role": "assistant", "content": "Noted: no peanuts.", "created_at": "2026-03-01T10:00:05Z"},
    {"session_id": "s2", "role": "user", "content": "I prefer UPS for delivery"},  # stamped at import: an import key
]


def _contents(memory: object, user: str) -> list[str]:
    return sorted(e.content for e in memory.list(kind="episode", user_id=user, limit=50)  # type: ignore[attr-defined]
                  if isinstance(e, Episode))


def test_a_forgotten_users_log_imported_again_stores_nothing(open_memory: OpenMemory, tmp_path: Path) -> None:
    memory = open_memory()
    log = write_jsonl(tmp_path / "log.jsonl", *LOG)
    assert import_log(memory, log, "bob")["added"] == 3
    memory.forget(user_id="bob")
    again = import_log(memory, log, "bob")
    assert (again.get("added", 0), again.get("forgotten")) == (0, 3), again  # every line came back before
    assert _contents(memory, "bob") == []
    assert import_log(memory, log, "cy")["added"] == 3  # another user's copy of the same log
    anew = write_jsonl(tmp_path / "anew.jsonl", {**LOG[0], "created_at": "2026-03-02T09:00:00Z"})
    assert import_log(memory, anew, "bob")["added"] == 1  # said again, another day: a new message
    assert _contents(memory, "bob") == ["我对花生过敏"]


def test_a_forgotten_session_stays_out_of_a_reimport_and_the_other_session_stays(open_memory: OpenMemory,
                                                                                  tmp_path: Path) -> None:
    memory = open_memory()
    log = write_jsonl(tmp_path / "log.jsonl", *LOG)
    import_log(memory, log, "bob")
    memory.forget(user_id="bob", session_id="s1")
    again = import_log(memory, log, "bob")
    assert (again.get("added", 0), again.get("forgotten"), again.get("duplicates")) == (0, 2, 1), again
    assert _contents(memory, "bob") == ["I prefer UPS for delivery"]
    memory.add("我对花生过敏", user_id="bob", session_id="s1")  # said again through add: a new statement
    assert _contents(memory, "bob") == ["I prefer UPS for delivery", "我对花生过敏"]
