"""A note of a Markdown memory folder forgotten in memstrata stays forgotten when the folder is
imported again, on every store that forgets single messages (SQLite, PostgreSQL).

``memstrata import notes --user alice``, ``memstrata forget --episode 2`` (the note "I prefer UPS
for delivery") and ``forget --fact 1 --sources`` (我对芒果过敏), then the same import: both notes
were stored again and their facts were back (the import knew a note by its key among the stored
episodes, and the forget had deleted that episode). A forget now keeps the note's key as the
message's identity (``store.suppressed.message_identity``), and the import skips it and says so.
A note written anew (another file, other words, or ``remember``) is a new statement and stored.
"""

from __future__ import annotations

import re
from pathlib import Path

from conftest import OpenMemory
from memstrata import Episode, Fact
from memstrata.integrations.markdown import export_folder, import_folder

MEMORY_MD = ("# Long-term memory\n\n## Preferences\n- I prefer UPS for delivery\n\n"
             "## Health\n- I'm allergic to peanuts\n")


def _folder(tmp_path: Path) -> Path:
    notes = tmp_path / "notes"
    (notes / "memory").mkdir(parents=True)
    (notes / "MEMORY.md").write_text(MEMORY_MD, encoding="utf-8")
    (notes / "memory" / "2026-12-01.md").write_text("# 2026-12-01\n- 我对芒果过敏\n", encoding="utf-8")
    return notes


def test_a_forgotten_note_is_not_imported_again_from_its_folder(open_memory: OpenMemory, tmp_path: Path) -> None:
    memory = open_memory(user_id="alice")
    notes = _folder(tmp_path)
    assert import_folder(memory, notes).added == 3
    if not memory.store.capabilities.maintenance:
        return  # the in-memory store forgets no single message
    [ups] = [e for e in memory.list(kind="episode") if isinstance(e, Episode) and "UPS" in e.content]
    memory.forget(episode_id=ups.id)
    [mango] = [f for f in memory.list() if isinstance(f, Fact) and f.value == "芒果"]
    memory.forget(fact_id=mango.id, sources=True)
    [peanuts] = [f for f in memory.list() if isinstance(f, Fact) and f.value == "peanuts"]
    memory.forget(fact_id=peanuts.id)  # the fact alone: its note stays
    again = import_folder(memory, notes)
    assert (again.added, again.unchanged, again.forgotten, again.facts) == (0, 1, 2, [])
    assert any("2 notes forgotten in this database were not stored again" in line for line in again.lines())
    assert [e.content for e in memory.list(kind="episode") if isinstance(e, Episode)] == ["I'm allergic to peanuts"]
    assert memory.list(status="all") == []
    # written anew, in a new daily note: a new statement, stored
    (notes / "memory" / "2026-12-04.md").write_text("# 2026-12-04\n- I prefer UPS for delivery\n", encoding="utf-8")
    anew = import_folder(memory, notes)
    assert (anew.added, anew.forgotten) == (1, 2)
    assert [f.value for f in memory.list() if isinstance(f, Fact)] == ["UPS"]


def test_a_projection_of_a_forgotten_user_gives_nothing_back_with_its_marks_deleted(
        open_memory: OpenMemory, tmp_path: Path) -> None:
    """``export --format markdown``, ``forget --user``, every ``<!-- fact:1 ep:1 -->`` mark deleted, then an
    import: the fact's line in MEMORY.md ("is allergic to peanuts", never a stored message) was a new note,
    and the allergy was active again. A forget keeps the digest of each line a projection shows."""
    memory = open_memory(user_id="al")
    memory.add("I'm allergic to peanuts")
    memory.add("Bob is my brother", role="assistant")
    export_folder(memory, tmp_path / "proj")
    memory.forget(user_id="al")
    for page in (tmp_path / "proj").rglob("*.md"):
        page.write_text(re.sub(r" ?<!-- (fact|ep):.*?-->", "", page.read_text(encoding="utf-8")), encoding="utf-8")
    assert "- is allergic to peanuts\n" in (tmp_path / "proj" / "MEMORY.md").read_text(encoding="utf-8")
    again = import_folder(memory, tmp_path / "proj")
    assert (again.added, again.forgotten, again.facts) == (0, 3, [])
    assert memory.list(status="all") == [] and memory.list(kind="episode") == []


def test_a_forgotten_note_stays_out_from_a_renamed_file(open_memory: OpenMemory, tmp_path: Path) -> None:
    """``import notes``, ``forget --user``, then ``mv notes/MEMORY.md notes/memory.md`` and the import: both
    notes and their facts were back (a note was known by its file and text alone). A forget keeps too the
    note's text without its file; a line of other words is a new note and stored."""
    memory = open_memory(user_id="dave")
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "MEMORY.md").write_text(MEMORY_MD, encoding="utf-8")
    assert import_folder(memory, notes).added == 2
    memory.forget(user_id="dave")
    (notes / "MEMORY.md").rename(notes / "memory.md")
    moved = import_folder(memory, notes)
    assert (moved.added, moved.forgotten, moved.facts) == (0, 2, [])
    assert memory.list(status="all") == [] and memory.list(kind="episode") == []
    (notes / "memory.md").write_text(MEMORY_MD + "- I prefer DHL for delivery\n", encoding="utf-8")
    assert (import_folder(memory, notes).added, [f.value for f in memory.list() if isinstance(f, Fact)]) == (1, ["DHL"])
