"""Markdown memory folders in and out (``memstrata.integrations.markdown``): real SQLite files,
the real embedding model, the rule extractor, the CLI in-process. One ``Memory`` serves the
module; each test imports into a user of its own."""

from __future__ import annotations

import doctest
import json
import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from memstrata import Memory
from memstrata.cli import app
from memstrata.embed.base import EmbeddingCache
from memstrata.errors import InvalidInput
from memstrata.integrations.markdown import export_folder, import_folder, importer, notes
from memstrata.integrations.markdown.folder import read_text
from memstrata.integrations.markdown.notes import Marker, bullet, daily_date, parse
from memstrata.types import Episode, Fact

MEMORY_MD = """---
description: what I know about the user
---
# Long-term memory

## Preferences
- I prefer UPS for delivery
- [x] I like window seats

## Health
- I'm allergic to peanuts
"""
DAY_ONE = "# 2026-11-30\n\n- 我对芒果过敏\n- Discussed the Q4 roadmap with the team\n"
DAY_TWO = "Met Sam for lunch;\nwe talked about\nthe move.\n"


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory, embedder: EmbeddingCache) -> Iterator[Memory]:
    with Memory(tmp_path_factory.mktemp("markdown") / "memory.db", embedder=embedder) as mem:
        yield mem


def _folder(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return root


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    """OpenClaw's shape: MEMORY.md at the root, daily notes (one with a slug) under memory/."""
    return _folder(tmp_path / "ws", {"MEMORY.md": MEMORY_MD, "memory/2026-11-30.md": DAY_ONE,
                                     "memory/2026-12-01-lunch.md": DAY_TWO})


def _facts(memory: Memory, user: str) -> set[tuple[str, str]]:
    return {(f.key, f.value) for f in memory.list(user_id=user, limit=1000) if isinstance(f, Fact)}


def _episodes(memory: Memory, user: str) -> list[Episode]:
    return [e for e in memory.list(kind="episode", user_id=user, limit=1000) if isinstance(e, Episode)]


def _projected(memory: Memory, tmp_path: Path, user: str, *said: str) -> Path:
    """``said`` stored for ``user`` and exported to ``tmp_path / "proj"``."""
    for text in said:
        memory.add(text, user_id=user)
    proj = tmp_path / "proj"
    export_folder(memory, proj, user_id=user)
    return proj


def _fact_line(memory: Memory, user: str, key: str) -> tuple[Fact, str]:
    """The active fact of ``key`` and the marker of its line in ``MEMORY.md``."""
    [fact] = [f for f in memory.list(user_id=user) if isinstance(f, Fact) and f.key == key]
    return fact, f"<!-- fact:{fact.id} ep:{fact.citations[0]} -->"


# -- parsing ----------------------------------------------------------------------------------------

def test_notes_are_bullets_and_paragraphs_under_their_headings() -> None:
    found = parse(MEMORY_MD + "\n1. numbered\n   continued\n  * nested\n\n```\ncode\n```\n<!-- c -->\n", "MEMORY.md")
    assert [(n.headings, n.text) for n in found] == [
        (("Long-term memory", "Preferences"), "I prefer UPS for delivery"),
        (("Long-term memory", "Preferences"), "I like window seats"),
        (("Long-term memory", "Health"), "I'm allergic to peanuts"),
        (("Long-term memory", "Health"), "numbered\ncontinued"),
        (("Long-term memory", "Health"), "nested"),
        (("Long-term memory", "Health"), "```\ncode\n```"),
    ]
    assert [n.line for n in found[:3]] == [7, 8, 11]
    assert [n.text for n in parse(DAY_TWO, "d.md")] == ["Met Sam for lunch;\nwe talked about\nthe move."]


def test_a_byte_order_mark_is_not_read_as_text(tmp_path: Path) -> None:
    # was: the first note "\ufeff# Memory", the bullets under no heading, the front matter read as notes
    path = tmp_path / "MEMORY.md"
    for text in ("# Memory\n\n- I like tea\n", "---\ntitle: mine\n---\n# Memory\n- I like tea\n"):
        path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
        assert [(n.headings, n.text) for n in parse(read_text(path, "MEMORY.md"), "MEMORY.md")] == [
            (("Memory",), "I like tea")]


def test_empty_bullets_and_rules_are_not_notes(memory: Memory, tmp_path: Path) -> None:
    # before: "-", "1.", "- [ ]" and "* * *" were each stored as a memory reading "-", "1.", "[ ]", "* *"
    folder = _folder(tmp_path / "empty", {"MEMORY.md": "## Todo\n- [ ]\n-\n1.\n* * *\n- - -\n- [x]\n"
                                                       "- I like jazz\n-\n  said on the next line\n"})
    assert [(n.line, n.text) for n in parse((folder / "MEMORY.md").read_text(), "MEMORY.md")] == [
        (8, "I like jazz"), (9, "said on the next line")]
    import_folder(memory, folder, user_id="eli")
    assert sorted(e.content for e in _episodes(memory, "eli")) == ["I like jazz", "said on the next line"]


def test_a_bullet_with_its_marker_reads_back() -> None:
    text, marker = "first line\n\nsecond line", Marker(12, (3, 5))
    [note] = parse(bullet(text, marker), "MEMORY.md")
    assert note.text == "first line\nsecond line" and note.marker == marker
    assert daily_date("2026-12-01-lunch.md") == datetime(2026, 12, 1).date()
    assert daily_date("MEMORY.md") is None and daily_date("2026-12-01x.md") is None
    for name in ("2026-13-45.md", "2026-02-30.md", "0000-01-01.md", "0001-01-01-notes.md"):
        with pytest.raises(InvalidInput, match=rf"{re.escape(name)} is named as a daily note"):
            daily_date(name)  # read as long-term notes, or stored dated year 1


def test_doctests_of_the_markdown_modules() -> None:
    for module in (notes, importer):
        assert doctest.testmod(module).failed == 0, module.__name__


# -- import -----------------------------------------------------------------------------------------

def test_import_stores_each_note_as_an_episode_with_its_date_and_heading(memory: Memory, workspace: Path) -> None:
    report = import_folder(memory, workspace, user_id="ann")
    assert (report.files, report.added, report.unchanged) == (3, 6, 0)
    by_text = {e.content: e for e in _episodes(memory, "ann")}
    assert by_text["我对芒果过敏"].created_at == datetime(2026, 11, 30, tzinfo=UTC)
    assert by_text["Met Sam for lunch;\nwe talked about\nthe move."].created_at == datetime(2026, 12, 1, tzinfo=UTC)
    assert by_text["I like window seats"].metadata["markdown"] == {
        "file": "MEMORY.md", "headings": "Long-term memory / Preferences", "kind": "long_term",
        "note": importer.note_key(parse(MEMORY_MD, "MEMORY.md")[1])}
    assert all(e.role == "user" and e.content_type == "text" for e in by_text.values())
    assert {("health.allergy", "芒果"), ("travel.seat", "window seat"), ("health.allergy", "peanuts"),
            ("shipping.carrier", "UPS")} <= _facts(memory, "ann")
    assert {(c["key"], c["value"]) for c in report.facts} >= {("health.allergy", "peanuts")}


def test_reimport_stores_nothing_twice_and_adds_a_new_line(memory: Memory, workspace: Path) -> None:
    import_folder(memory, workspace, user_id="ben")
    before = len(_episodes(memory, "ben"))
    again = import_folder(memory, workspace, user_id="ben")
    assert (again.added, again.unchanged, again.facts) == (0, 6, [])
    with (workspace / "MEMORY.md").open("a", encoding="utf-8") as handle:
        handle.write("- I live in Lisbon\n- I prefer UPS   for delivery\n")  # new; the same note re-spaced
    third = import_folder(memory, workspace, user_id="ben")
    assert (third.added, third.unchanged) == (1, 7)
    assert len(_episodes(memory, "ben")) == before + 1
    assert ("identity.location", "Lisbon") in _facts(memory, "ben")


def test_two_imports_of_one_folder_at_once_store_each_note_once(memory: Memory, workspace: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    real_add_many = memory.add_many
    others: list[importer.ImportReport] = []

    def after_the_other_import(*args: Any, **kwargs: Any) -> Any:
        monkeypatch.setattr(memory, "add_many", real_add_many)
        others.append(import_folder(memory, workspace, user_id="cal"))  # read the folder after this one did
        return real_add_many(*args, **kwargs)

    monkeypatch.setattr(memory, "add_many", after_the_other_import)
    report = import_folder(memory, workspace, user_id="cal")
    # was: each stored the folder's 6 notes, 12 episodes
    assert (others[0].added, report.added, report.unchanged, report.facts) == (6, 0, 6, [])
    assert len(_episodes(memory, "cal")) == 6


def test_third_person_notes_give_the_facts_first_person_ones_do(memory: Memory, tmp_path: Path) -> None:
    first = _folder(tmp_path / "first", {"MEMORY.md": "- I prefer UPS for delivery\n- I'm allergic to peanuts\n"})
    third = _folder(tmp_path / "third", {"MEMORY.md": "- User prefers UPS for delivery\n"
                                                      "- The user is allergic to peanuts\n"})
    chinese = _folder(tmp_path / "zh", {"MEMORY.md": "- 我对花生过敏\n", "USER.md": "- 用户对芒果过敏\n"})
    import_folder(memory, first, user_id="cy1")
    import_folder(memory, third, user_id="cy3")
    import_folder(memory, chinese, user_id="cyz")
    assert _facts(memory, "cy3") == _facts(memory, "cy1") == {("shipping.carrier", "UPS"),
                                                              ("health.allergy", "peanuts")}
    assert _facts(memory, "cyz") == {("health.allergy", "花生"), ("health.allergy", "芒果")}


def test_a_bad_file_is_named_and_nothing_is_stored(memory: Memory, tmp_path: Path) -> None:
    folder = _folder(tmp_path / "bad", {"MEMORY.md": "- I like tea\n"})
    (folder / "notes.md").write_bytes(b"- caf\xe9\n")
    with pytest.raises(InvalidInput, match=r"notes\.md: not UTF-8"):
        import_folder(memory, folder, user_id="dee")
    (folder / "notes.md").unlink()
    # a day begun nowhere yet: it was stored at its midnight and outdated every later statement
    after = (datetime.now(UTC) + importer.AHEAD).date() + timedelta(days=1)
    _folder(folder, {f"memory/{after}.md": "- a note from the future\n"})
    with pytest.raises(InvalidInput, match=rf"memory/{after}\.md: a daily note of {after}, a day still to come"):
        import_folder(memory, folder, user_id="dee")
    (folder / "memory" / f"{after}.md").unlink()
    _folder(folder, {"memory/2026-02-30.md": "- a day that is none\n"})
    with pytest.raises(InvalidInput, match=r"memory/2026-02-30\.md: 2026-02-30\.md is named as a daily note"):
        import_folder(memory, folder, user_id="dee")
    (folder / "memory" / "2026-02-30.md").unlink()
    # front matter never closed: read as notes, "title: [unclosed" was stored as a memory
    _folder(folder, {"system/human.md": "---\ntitle: [unclosed\n\n- I live in Oslo\n"})
    with pytest.raises(InvalidInput, match=r"system/human\.md:1: front matter opened with '---' is never closed"):
        import_folder(memory, folder, user_id="dee")
    assert [n.text for n in parse("---\n- I like tea\n", "a.md")] == ["I like tea"]  # a rule first, no YAML
    (folder / "system" / "human.md").unlink()
    (tmp_path / "elsewhere.md").write_text("- a file of someone else's\n", encoding="utf-8")
    (folder / "host.md").symlink_to(tmp_path / "elsewhere.md")  # read as a note of the folder
    with pytest.raises(InvalidInput, match=r"host\.md: a link to .*elsewhere\.md, outside the folder"):
        import_folder(memory, folder, user_id="dee")
    assert _episodes(memory, "dee") == []
    with pytest.raises(InvalidInput, match="not a directory"):
        import_folder(memory, folder / "MEMORY.md", user_id="dee")


def test_a_daily_note_of_today_ahead_of_utc_is_said_now_and_a_later_statement_outdates_it(
        memory: Memory, tmp_path: Path) -> None:
    """A note of the day begun where the user lives but not yet in UTC was said at its midnight UTC, hours
    ahead: "I prefer FedEx" said after the import was the past one and UPS current."""
    today_somewhere = (datetime.now(UTC) + importer.AHEAD).date()
    folder = _folder(tmp_path / "ahead", {f"memory/{today_somewhere}.md": "- I prefer UPS for delivery\n"})
    assert import_folder(memory, folder, user_id="fay").added == 1
    [note] = _episodes(memory, "fay")
    assert note.created_at <= datetime.now(UTC)
    memory.add("I prefer FedEx for delivery", user_id="fay")
    assert _facts(memory, "fay") == {("shipping.carrier", "FedEx")}


# -- export and edits -------------------------------------------------------------------------------

def test_a_note_added_in_the_projections_own_wording_is_a_fact(memory: Memory, tmp_path: Path) -> None:
    # The projection writes facts without a subject ("- prefers UPS for shipping"); a line added in
    # that wording gave no fact, so the old carrier stayed current.
    memory.add("I prefer UPS for shipping", user_id="gil")
    proj = tmp_path / "proj"
    export_folder(memory, proj, user_id="gil")
    page = (proj / "MEMORY.md").read_text(encoding="utf-8")
    assert "- prefers UPS for shipping <!-- fact:" in page
    (proj / "MEMORY.md").write_text(page + "\n- prefers DHL for shipping\n- 喜欢爵士乐\n", encoding="utf-8")
    import_folder(memory, proj, user_id="gil")
    carriers = {f.value: f.status for f in memory.list(user_id="gil", key="shipping.carrier", status="all")
                if isinstance(f, Fact)}
    assert carriers == {"UPS": "superseded", "DHL": "active"}
    assert ("music.like", "爵士乐") in _facts(memory, "gil")



def test_export_writes_facts_by_topic_with_citations_and_daily_notes(memory: Memory, workspace: Path,
                                                                      tmp_path: Path) -> None:
    import_folder(memory, workspace, user_id="eve")
    memory.add("Can you book the flight?", role="assistant", user_id="eve")
    report = export_folder(memory, tmp_path / "proj", user_id="eve")
    facts = {f.id: f for f in memory.list(user_id="eve") if isinstance(f, Fact)}
    assert report.files == ("MEMORY.md", "memory/2026-11-30.md", "memory/2026-12-01.md",
                            f"memory/{datetime.now(UTC).date()}.md")
    assert (report.facts, report.episodes) == (len(facts), 7)
    page = (tmp_path / "proj" / "MEMORY.md").read_text(encoding="utf-8")
    health = page.split("## Health\n")[1].split("## ")[0]
    assert "- is allergic to peanuts <!-- fact:" in health and "- 对芒果过敏 <!-- fact:" in health
    assert "## Shipping\n\n- prefers UPS for shipping <!-- fact:" in page
    shown = [n for n in parse(page, "MEMORY.md") if n.marker and n.marker.fact_id]
    assert {n.marker.fact_id: (n.text, n.marker.episode_ids) for n in shown if n.marker} == {
        f.id: (f.statement, f.citations) for f in facts.values()}
    assert "- I like window seats <!-- ep:" in page.split("## Notes")[1]  # the long-term notes
    day = (tmp_path / "proj" / "memory" / "2026-11-30.md").read_text(encoding="utf-8")
    assert day.startswith("# 2026-11-30\n") and "- 我对芒果过敏 <!-- ep:" in day
    today = (tmp_path / "proj" / "memory" / f"{datetime.now(UTC).date()}.md").read_text(encoding="utf-8")
    assert "- **assistant**: Can you book the flight? <!-- ep:" in today
    manifest = json.loads((tmp_path / "proj" / ".memstrata.json").read_text(encoding="utf-8"))
    assert manifest["user_id"] == "eve" and sorted(manifest["facts"]) == sorted(facts)
    again = import_folder(memory, tmp_path / "proj", user_id="eve")  # the projection as written: no change
    assert (again.added, again.facts, again.updated, again.removed_facts) == (0, [], [], [])


def test_edits_of_the_projection_are_applied_through_memory(memory: Memory, workspace: Path, tmp_path: Path) -> None:
    import_folder(memory, workspace, user_id="fay")
    proj = tmp_path / "proj"
    export_folder(memory, proj, user_id="fay")
    facts = {f.value: f for f in memory.list(user_id="fay") if isinstance(f, Fact)}
    page = (proj / "MEMORY.md").read_text(encoding="utf-8")
    page = page.replace("prefers window seat <!--", "prefers aisle seat <!--")  # a changed value
    page = page.replace("对芒果过敏 <!--", "对草莓过敏 <!--")
    page = page.replace("- is allergic to peanuts <!--", "- I'm allergic to shellfish, not peanuts <!--")
    page = page.replace("- prefers UPS for shipping <!--", "- likes trains <!--")  # says nothing of shipping
    page += "\n- I have a dog named Rex\n"
    (proj / "MEMORY.md").write_text(page, encoding="utf-8")
    report = import_folder(memory, proj, user_id="fay")
    assert sorted((u["old"], u["new"]) for u in report.updated) == [("window seat", "aisle seat"), ("芒果", "草莓")]
    assert report.added == 1 and ("pet", "dog named Rex") in {(c["key"], c["value"]) for c in report.facts}
    now = _facts(memory, "fay")
    assert {("travel.seat", "aisle seat"), ("health.allergy", "草莓")} <= now
    assert ("travel.seat", "window seat") not in now
    timeline = memory.history(key="travel.seat", user_id="fay")
    assert [(f.value, f.status) for f, _ in timeline] == [("window seat", "superseded"), ("aisle seat", "active")]
    assert any(e.action == "supersede" and e.actor == "markdown" for _, events in timeline for e in events)
    allergy = facts["peanuts"]
    # "not peanuts" withdraws the fact the line showed: a restatement that replaced it
    assert [r["fact_id"] for r in report.restated] == [allergy.id]
    assert ("health.allergy", "shellfish") in now and ("health.allergy", "peanuts") not in _facts(memory, "fay")
    carrier = facts["UPS"]
    assert [(r["fact_id"], r["text"]) for r in report.unresolved] == [(carrier.id, "likes trains")]
    assert memory.get(carrier.id, user_id="fay").status == "active"  # type: ignore[union-attr]
    second = import_folder(memory, proj, user_id="fay")  # applying the same folder again changes nothing
    assert (second.added, second.updated, second.restated, second.unresolved, second.conflicts, second.facts) == (
        0, [], [], [], [], [])


def test_an_edited_value_memstrata_never_stores_is_refused_naming_its_line(memory: Memory, tmp_path: Path) -> None:
    # before: "the new value is a secret memstrata never stores as a fact (see Settings.privacy)",
    # with no file, line or fact to look for
    # and nothing of the import was applied: an edit on an earlier line (UPS -> FedEx) was, and a
    # new note was not stored
    proj = _projected(memory, tmp_path, "sec", "I prefer UPS for shipping", "I like window seats")
    page = (proj / "MEMORY.md").read_text(encoding="utf-8")
    fact, marker = _fact_line(memory, "sec", "travel.seat")
    line = page.splitlines().index(f"- prefers window seat {marker}") + 1
    assert page.index("prefers UPS for shipping <!--") < page.index("prefers window seat <!--")
    page = page.replace("prefers UPS for shipping <!--", "prefers FedEx for shipping <!--")
    (proj / "MEMORY.md").write_text(page.replace("prefers window seat <!--", "prefers 13812345678 <!--")
                                    + "\n- I like jazz\n", encoding="utf-8")
    with pytest.raises(InvalidInput, match=rf"^MEMORY.md:{line}: the new value of fact #{fact.id}: the new value is "
                                           "a secret") as raised:
        import_folder(memory, proj, user_id="sec")
    assert "13812345678" not in str(raised.value)
    assert sorted((f.key, f.value) for f in memory.list(user_id="sec") if isinstance(f, Fact)) == [
        ("shipping.carrier", "UPS"), ("travel.seat", "window seat")]
    assert len(_episodes(memory, "sec")) == 2


def test_a_fact_line_emptied_by_hand_is_refused_naming_its_line(memory: Memory, tmp_path: Path) -> None:
    # before: "- <!-- fact:N ep:M -->" was read as a deleted line ("nothing was forgotten") while the
    # edit beside it (UPS -> FedEx) was applied; now the import stops before any edit, naming the line
    proj = _projected(memory, tmp_path, "blank", "I prefer UPS for shipping", "I like window seats")
    page = (proj / "MEMORY.md").read_text(encoding="utf-8")
    fact, marker = _fact_line(memory, "blank", "travel.seat")
    line = page.splitlines().index(f"- prefers window seat {marker}") + 1
    page = page.replace("prefers UPS for shipping <!--", "prefers FedEx for shipping <!--")
    (proj / "MEMORY.md").write_text(page.replace(f"- prefers window seat {marker}", f"-   {marker}"),
                                    encoding="utf-8")
    with pytest.raises(InvalidInput, match=rf"^MEMORY.md:{line}: the line of fact #{fact.id} is blank"):
        import_folder(memory, proj, user_id="blank")
    assert sorted((f.key, f.value) for f in memory.list(user_id="blank") if isinstance(f, Fact)) == [
        ("shipping.carrier", "UPS"), ("travel.seat", "window seat")]


def test_a_line_of_punctuation_alone_is_no_memory(memory: Memory, tmp_path: Path) -> None:
    # before: an episode line edited to "**" was stored as an episode reading "**", a new bullet "- …" as
    # a note "…", and a fact line edited to "-" as a statement "-" beside the fact it did not replace
    proj = _projected(memory, tmp_path, "dash", "I prefer UPS for shipping", "We talked about the weather today")
    [daily] = [p for p in (proj / "memory").glob("*.md")]
    text = daily.read_text(encoding="utf-8")
    # "- **" is a bullet of "**" (CommonMark: a rule is three of one character), not a rule left unsaid
    daily.write_text(text.replace("We talked about the weather today <!--", "** <!--")
                     + "- …\n- `\n- **\n- 我喜欢爵士乐\n* * *\n", encoding="utf-8")
    [weather] = [e.id for e in _episodes(memory, "dash") if e.content.startswith("We talked")]
    lines = daily.read_text(encoding="utf-8").splitlines()
    at = {text: n for n, text in enumerate(lines, 1)}
    report = import_folder(memory, proj, user_id="dash")
    assert report.added == 1 and report.edited_episodes == [] and report.removed_episodes == []
    # each line of punctuation is named by file:line (before: the edited episode line was reported as deleted,
    # and the new bullets were dropped unsaid)
    name = f"memory/{daily.name}"
    [edited] = [n for n, text in enumerate(lines, 1) if text.startswith("- ** <!--")]
    assert sorted(report.wordless, key=lambda w: w["line"]) == [
        {"file": name, "line": edited, "text": "**", "episode_id": weather},
        {"file": name, "line": at["- …"], "text": "…"}, {"file": name, "line": at["- `"], "text": "`"},
        {"file": name, "line": at["- **"], "text": "**"}]
    assert f"note: {name}:{edited}: the line of episode #{weather} has no words, only punctuation; nothing was " \
           "stored or forgotten" in report.lines()
    assert f"note: {name}:{at['- …']}: '…' has no words, only punctuation; nothing was stored" in report.lines()
    assert sorted(e.content for e in _episodes(memory, "dash")) == [
        "I prefer UPS for shipping", "We talked about the weather today", "我喜欢爵士乐"]
    page = (proj / "MEMORY.md").read_text(encoding="utf-8")
    fact, marker = _fact_line(memory, "dash", "shipping.carrier")
    line = page.splitlines().index(f"- prefers UPS for shipping {marker}") + 1
    (proj / "MEMORY.md").write_text(page.replace(f"- prefers UPS for shipping {marker}", f"- - {marker}"),
                                    encoding="utf-8")
    with pytest.raises(InvalidInput, match=rf"^MEMORY.md:{line}: the line of fact #{fact.id} has no words"):
        import_folder(memory, proj, user_id="dash")
    assert len(_episodes(memory, "dash")) == 3
    assert [(f.key, f.value) for f in memory.list(user_id="dash") if isinstance(f, Fact)
            and f.key == "shipping.carrier"] == [("shipping.carrier", "UPS")]


def test_a_marker_id_past_sqlites_integer_is_a_memory_this_database_does_not_hold(memory: Memory,
                                                                                  tmp_path: Path) -> None:
    # before: the import failed with OverflowError "Python int too large to convert to SQLite INTEGER"
    folder = _folder(tmp_path / "big", {"MEMORY.md": "- I like jazz <!-- ep:99999999999999999999 -->\n"})
    report = import_folder(memory, folder, user_id="big")
    assert report.added == 1
    assert [e.content for e in _episodes(memory, "big")] == ["I like jazz"]


def test_a_deleted_line_is_reported_never_forgotten(memory: Memory, workspace: Path, tmp_path: Path) -> None:
    import_folder(memory, workspace, user_id="gus")
    proj = tmp_path / "proj"
    export_folder(memory, proj, user_id="gus")
    peanuts = next(f for f in memory.list(user_id="gus") if isinstance(f, Fact) and f.value == "peanuts")
    page = (proj / "MEMORY.md").read_text(encoding="utf-8")
    (proj / "MEMORY.md").write_text("\n".join(line for line in page.splitlines()
                                              if f"fact:{peanuts.id} " not in line), encoding="utf-8")
    day = proj / "memory" / "2026-11-30.md"
    kept = [line for line in day.read_text(encoding="utf-8").splitlines() if "roadmap" not in line]
    day.write_text("\n".join(kept), encoding="utf-8")
    report = import_folder(memory, proj, user_id="gus")
    roadmap = next(e for e in _episodes(memory, "gus") if "roadmap" in e.content)
    assert report.removed_facts == [peanuts.id] and report.removed_episodes == [roadmap.id]
    assert memory.get(peanuts.id, user_id="gus").status == "active"  # type: ignore[union-attr]
    assert report.lines()[0] == "read 3 files: 0 notes added, 8 unchanged, 0 fact changes"
    assert f"note: the line of fact #{peanuts.id} was deleted from the folder; nothing was forgotten " \
           "(`memstrata forget --fact N` forgets one)" in report.lines()
    assert f"note: the line of episode #{roadmap.id} was deleted from the folder; nothing was forgotten " \
           "(`memstrata forget --episode N` forgets one)" in report.lines()


def test_the_note_on_deleted_lines_agrees_with_their_count() -> None:
    """One deleted line is "the line of fact #4 was" (it read "the lines of facts #4 were"), two
    are "the lines of facts #4, #7 were"."""
    lines = importer.ImportReport(removed_facts=[4, 7], removed_episodes=[9]).lines()
    assert "note: the lines of facts #4, #7 were deleted from the folder; nothing was forgotten " \
           "(`memstrata forget --fact N` forgets one)" in lines
    assert "note: the line of episode #9 was deleted from the folder; nothing was forgotten " \
           "(`memstrata forget --episode N` forgets one)" in lines


def test_an_edited_episode_line_is_a_new_note_once(memory: Memory, workspace: Path, tmp_path: Path) -> None:
    import_folder(memory, workspace, user_id="hal")
    proj = tmp_path / "proj"
    export_folder(memory, proj, user_id="hal")
    day = proj / "memory" / "2026-11-30.md"
    day.write_text(day.read_text(encoding="utf-8").replace("Q4 roadmap", "Q1 roadmap"), encoding="utf-8")
    first = import_folder(memory, proj, user_id="hal")
    second = import_folder(memory, proj, user_id="hal")
    assert len(first.edited_episodes) == 1 and second.edited_episodes == []
    contents = [e.content for e in _episodes(memory, "hal")]
    assert "Discussed the Q1 roadmap with the team" in contents and "Discussed the Q4 roadmap with the team" in contents


def test_a_forgotten_memory_does_not_come_back_from_the_projection(memory: Memory, workspace: Path,
                                                                   tmp_path: Path) -> None:
    import_folder(memory, workspace, user_id="ida")
    proj = tmp_path / "proj"
    export_folder(memory, proj, user_id="ida")
    seat = next(f for f in memory.list(user_id="ida") if isinstance(f, Fact) and f.key == "travel.seat")
    memory.forget(fact_id=seat.id, sources=True, user_id="ida")
    report = import_folder(memory, proj, user_id="ida")
    assert {"fact_id": seat.id} in report.gone
    assert ("travel.seat", "window seat") not in _facts(memory, "ida")


def test_a_forgotten_memory_is_named_forgotten_and_stays_forgotten(memory: Memory, workspace: Path,
                                                                   tmp_path: Path) -> None:
    import_folder(memory, workspace, user_id="ivo")
    proj = tmp_path / "proj"
    export_folder(memory, proj, user_id="ivo")
    seat = next(f for f in memory.list(user_id="ivo") if isinstance(f, Fact) and f.key == "travel.seat")
    memory.forget(fact_id=seat.id, sources=True, user_id="ivo")
    before = len(_episodes(memory, "ivo"))
    report = import_folder(memory, proj, user_id="ivo")
    # the fact line and its episode's line: both forgotten here, neither stored again by any path
    assert {"fact_id": seat.id} in report.gone and report.foreign == [] and report.added == 0
    assert len(_episodes(memory, "ivo")) == before and ("travel.seat", "window seat") not in _facts(memory, "ivo")
    gone = len(report.gone)
    assert (f"note: {gone} lines name memories forgotten in this database; they were not stored again"
            in report.lines())


def test_a_projection_of_another_database_is_stored_in_a_new_one(memory: Memory, workspace: Path, tmp_path: Path,
                                                                 embedder: EmbeddingCache) -> None:
    """A new, empty database never held the folder's memories, so nothing of it is "forgotten":
    each line is a note, said by whoever said it, and importing the folder again adds nothing."""
    import_folder(memory, workspace, user_id="ike")
    memory.add("Sure, I'll book a window seat.", role="assistant", user_id="ike")
    proj = tmp_path / "proj"
    export_folder(memory, proj, user_id="ike")
    lines = sum(len(re.findall(r"<!-- (?:fact|ep):", f.read_text(encoding="utf-8"))) for f in proj.rglob("*.md"))
    with Memory(tmp_path / "new.db", embedder=embedder) as target:
        report = import_folder(target, proj, user_id="ike")
        assert report.gone == [] and len(report.foreign) == lines == report.added
        assert "forgotten" not in " ".join(report.lines())
        assert (f"{lines} lines name memories this database does not hold (a projection of another database): "
                "stored as new notes") in report.lines()
        assert _facts(memory, "ike") <= _facts(target, "ike")
        said = {(e.role, e.content) for e in _episodes(target, "ike")}
        assert ("assistant", "Sure, I'll book a window seat.") in said and ("user", "I'm allergic to peanuts") in said
        again = import_folder(target, proj, user_id="ike")
        assert (again.added, again.foreign, again.gone, again.unchanged) == (0, [], [], lines)
        assert len(_episodes(target, "ike")) == lines


def test_a_moved_projections_line_is_not_dropped_for_an_id_another_user_forgot(memory: Memory,
                                                                              tmp_path: Path) -> None:
    forgotten = memory.add("I live in Oslo", user_id="oli").episode_id
    memory.delete(episode_id=forgotten, user_id="oli")
    # pam's projection, from another database, where her note had the id oli's had here
    line = f"- I like green tea <!-- ep:{forgotten} -->"
    proj = _folder(tmp_path / "pam", {"MEMORY.md": f"# Memory of pam\n\n## Notes\n\n{line}\n"})
    (proj / ".memstrata.json").write_text(json.dumps({"user_id": "pam", "facts": [], "episodes": [forgotten]}))
    report = import_folder(memory, proj, user_id="pam")
    # was: gone, "1 line names a memory forgotten in this database", and pam's note not stored
    assert (report.gone, report.foreign, report.added) == ([], [{"episode_id": forgotten}], 1)
    assert [e.content for e in _episodes(memory, "pam")] == ["I like green tea"]


def test_a_moved_projection_keeps_the_values_it_shows_as_current(memory: Memory, workspace: Path, tmp_path: Path,
                                                                 embedder: EmbeddingCache) -> None:
    """A projection shows each fact's current value in its topic and the older notes under
    ``## Notes``. Moved to a new database every line is a note said at import time, and the notes
    were said after the fact lines: 'I like window seats' superseded the 'prefers aisle seat' the
    folder showed, and a line added to it ('prefers DHL for shipping') was said before 'prefers UPS
    for shipping' and lost to it. Now the notes come first, then the fact lines, then new lines."""
    import_folder(memory, workspace, user_id="kim")
    proj = tmp_path / "proj"
    export_folder(memory, proj, user_id="kim")
    _, marker = _fact_line(memory, "kim", "travel.seat")
    page = (proj / "MEMORY.md").read_text(encoding="utf-8")
    assert f"- prefers window seat {marker}" in page
    (proj / "MEMORY.md").write_text(page.replace(f"window seat {marker}", f"aisle seat {marker}"), encoding="utf-8")
    assert import_folder(memory, proj, user_id="kim").updated[0]["new"] == "aisle seat"
    export_folder(memory, proj, user_id="kim")
    page = (proj / "MEMORY.md").read_text(encoding="utf-8")
    assert "- prefers aisle seat <!-- fact:" in page and "- I like window seats <!-- ep:" in page
    (proj / "MEMORY.md").write_text(page + "- prefers DHL for shipping\n", encoding="utf-8")
    with Memory(tmp_path / "moved.db", embedder=embedder) as target:
        import_folder(target, proj, user_id="kim")
        moved = {k: v for k, v in _facts(target, "kim") if k in ("travel.seat", "shipping.carrier")}
    assert moved == {"travel.seat": "aisle seat", "shipping.carrier": "DHL"}  # was window seat and UPS


def test_folders_of_another_user_or_of_notes_are_refused(memory: Memory, workspace: Path, tmp_path: Path) -> None:
    import_folder(memory, workspace, user_id="jon")
    proj = tmp_path / "proj"
    export_folder(memory, proj, user_id="jon")
    with pytest.raises(InvalidInput, match="projection of user 'jon'"):
        import_folder(memory, proj, user_id="kim")
    with pytest.raises(InvalidInput, match="projection of user 'jon'"):
        export_folder(memory, proj, user_id="kim")
    with pytest.raises(InvalidInput, match="holds no memstrata projection"):
        export_folder(memory, workspace, user_id="jon")  # an agent's own notes are never overwritten
    assert (workspace / "MEMORY.md").read_text(encoding="utf-8") == MEMORY_MD
    # was: NotADirectoryError, the CLI's error[internal]
    with pytest.raises(InvalidInput, match=r"MEMORY\.md is a file, so the folder .*sub cannot be made"):
        export_folder(memory, workspace / "MEMORY.md" / "sub", user_id="jon")
    with pytest.raises(InvalidInput, match="no such folder"):  # was: "not a directory"
        import_folder(memory, tmp_path / "missing", user_id="jon")


# -- CLI --------------------------------------------------------------------------------------------

def test_cli_import_of_one_markdown_file_says_to_give_its_folder(workspace: Path, tmp_path: Path) -> None:
    # before: the file was read as JSON Lines: "MEMORY.md, line 1: invalid JSON: Expecting value"
    env = {"MEMSTRATA_DB": str(tmp_path / "one.db"), "COLUMNS": "300"}
    result = CliRunner().invoke(app, ["import", str(workspace / "MEMORY.md"), "--user", "liz"], env=env)
    assert result.exit_code == 2
    assert "MEMORY.md: not a directory; give the folder that holds MEMORY.md and the daily notes" in result.output
    assert not (tmp_path / "one.db").exists()


def test_cli_imports_and_exports_markdown_folders(workspace: Path, tmp_path: Path) -> None:
    runner = CliRunner()
    env = {"MEMSTRATA_DB": str(tmp_path / "cli.db"), "COLUMNS": "300"}
    # each import loads the embedding model: one call (a folder is read as markdown without --format)
    first = runner.invoke(app, ["import", str(workspace), "--user", "liz", "--json"], env=env)
    assert first.exit_code == 0, first.output
    assert {k: json.loads(first.stdout)[k] for k in ("files", "added", "unchanged")} == {
        "files": 3, "added": 6, "unchanged": 0}
    out = runner.invoke(app, ["export", "--format", "markdown", str(tmp_path / "out"), "--user", "liz"], env=env)
    assert out.exit_code == 0, out.output
    assert "to " + str(tmp_path / "out") in out.output and (tmp_path / "out" / "MEMORY.md").is_file()
    refused = runner.invoke(app, ["export", "--format", "markdown", str(workspace), "--user", "liz"], env=env)
    assert refused.exit_code == 2 and "holds no memstrata projection" in refused.output


def test_an_export_again_deletes_only_the_daily_files_it_wrote(memory: Memory, workspace: Path,
                                                               tmp_path: Path) -> None:
    # The manifest lives in a folder agents edit: the files it lists are no target by themselves.
    import_folder(memory, workspace, user_id="ned")
    proj = tmp_path / "proj"
    export_folder(memory, proj, user_id="ned")
    mine = {"notes/mine.md": "my own notes\n", "memory/plans.md": "plans\n", "memory/2026-13-99.md": "x\n"}
    for rel, text in mine.items():
        (proj / rel).parent.mkdir(parents=True, exist_ok=True)
        (proj / rel).write_text(text, encoding="utf-8")
    manifest = json.loads((proj / ".memstrata.json").read_text(encoding="utf-8"))
    stale = "memory/2020-01-01.md"  # a daily file of an earlier export whose notes are gone
    (proj / stale).write_text("# 2020-01-01\n", encoding="utf-8")
    manifest["files"] += [*mine, stale]
    (proj / ".memstrata.json").write_text(json.dumps(manifest), encoding="utf-8")
    export_folder(memory, proj, user_id="ned")
    assert {rel: (proj / rel).read_text(encoding="utf-8") for rel in mine} == mine  # were deleted
    assert not (proj / stale).exists()


# -- fenced code and counts --------------------------------------------------------------------------

#: A MEMORY.md with fenced code whose lines look like bullets, a projection line, another fence's
#: marker, a blank line and indentation: none of it is a note of its own, and it comes back as written.
FENCED = """# Long-term memory

## Setup
- I prefer UPS for delivery

```markdown
- prefers FedEx for shipping <!-- fact:1 ep:1 -->
~~~
    indented, after a blank line:

- I'm allergic to peanuts
```

~~~
tilde fence with ``` inside
~~~
"""


def test_fenced_code_is_one_note_and_survives_the_round_trip(memory: Memory, tmp_path: Path) -> None:
    folder = _folder(tmp_path / "notes", {"MEMORY.md": FENCED})
    blocks = [n.text for n in parse(FENCED, "MEMORY.md")]
    assert blocks == ["I prefer UPS for delivery", FENCED.split("\n\n", 2)[2].split("\n\n~~~")[0].strip(),
                      "~~~\ntilde fence with ``` inside\n~~~"]
    first = import_folder(memory, folder, user_id="fen")
    assert first.added == 3
    proj = tmp_path / "proj"
    export_folder(memory, proj, user_id="fen")
    page = (proj / "MEMORY.md").read_text(encoding="utf-8")
    assert blocks[1] + "\n<!-- ep:" in page and blocks[2] + "\n<!-- ep:" in page  # as written, cited after
    again = import_folder(memory, proj, user_id="fen")  # the projection as written: nothing changed
    assert (again.added, again.updated, again.edited_episodes, again.removed_episodes, again.removed_facts,
            again.restated, again.unresolved, again.fact_changes) == (0, [], [], [], [], [], [], 0)
    # a fact line edited below the code is applied; the code stays one unchanged note
    edited = page.replace("prefers UPS for shipping <!--", "prefers DHL for shipping <!--")
    (proj / "MEMORY.md").write_text(edited, encoding="utf-8")
    third = import_folder(memory, proj, user_id="fen")
    assert [(u["old"], u["new"]) for u in third.updated] == [("UPS", "DHL")]
    assert (third.added, third.edited_episodes, third.removed_episodes) == (0, [], [])
    assert sorted(e.content for e in _episodes(memory, "fen")) == sorted(blocks)


#: Messages whose lines, written as a bullet's continuation lines, read as Markdown structure.
STRUCTURED = ["here is my snippet:\n```python\nprint(1)", "Steps:\n- install it\n1. run it\n---\n<!-- hidden -->",
              "[ ] is how a checkbox is written", "***", "\\- stays escaped", "see:\n<!-- ep:3 --> <!-- not a marker",
              "```\nfirst block\n```\n```\nsecond block\n```"]


def test_messages_holding_lists_or_half_a_fence_survive_the_round_trip(memory: Memory, tmp_path: Path) -> None:
    # before: the unclosed fence of the first message swallowed the rest of the daily note, so
    # importing the projection unchanged reported two deleted lines and stored two new notes
    for text in [*STRUCTURED, "I prefer UPS for delivery"]:
        memory.add(text, user_id="esc", created_at=datetime(2026, 12, 1, 9, tzinfo=UTC))
    proj = tmp_path / "proj"
    export_folder(memory, proj, user_id="esc")
    day = (proj / "memory" / "2026-12-01.md").read_text(encoding="utf-8")
    assert "\n  \\```python\n" in day and "\n  \\- install it\n  1\\. run it\n" in day
    assert [n.text for n in parse(day, "memory/2026-12-01.md")] == [*STRUCTURED, "I prefer UPS for delivery"]
    again = import_folder(memory, proj, user_id="esc")  # the projection as written: nothing changed
    assert (again.added, again.edited_episodes, again.removed_episodes, again.unresolved, again.fact_changes) == (
        0, [], [], [], 0)
    assert len(_episodes(memory, "esc")) == len(STRUCTURED) + 1


def test_the_summary_counts_every_fact_change(memory: Memory, workspace: Path, tmp_path: Path) -> None:
    import_folder(memory, workspace, user_id="cnt")
    proj = tmp_path / "proj"
    export_folder(memory, proj, user_id="cnt")
    page = (proj / "MEMORY.md").read_text(encoding="utf-8")
    for old, new in (("prefers window seat <!--", "prefers aisle seat <!--"), ("对芒果过敏 <!--", "对草莓过敏 <!--"),
                     ("prefers UPS for shipping <!--", "prefers FedEx for shipping <!--")):
        page = page.replace(old, new)
    (proj / "MEMORY.md").write_text(page + "\n- I live in Lisbon\n", encoding="utf-8")
    report = import_folder(memory, proj, user_id="cnt")
    assert len(report.updated) == 3 and [c["action"] for c in report.facts] == ["create"]
    assert report.fact_changes == 4 and report.as_dict()["fact_changes"] == 4
    assert report.lines()[0] == f"read 3 files: 1 note added, {report.unchanged} unchanged, 4 fact changes"


def test_cli_import_of_a_folder_all_forgotten_here_exits_1(tmp_path: Path) -> None:
    # every note forgotten: the import printed '0 notes added' and a note, and exited 0 as if it had imported
    folder = tmp_path / "notes"
    folder.mkdir()
    (folder / "MEMORY.md").write_text("# Notes\n\nI live in Paris.\n", encoding="utf-8")
    env = {"MEMSTRATA_DB": str(tmp_path / "gone.db"), "MEMSTRATA_EMBEDDING_MODEL": "hashing-64", "COLUMNS": "300"}
    runner = CliRunner()
    assert runner.invoke(app, ["import", str(folder), "--user", "noa"], env=env).exit_code == 0
    assert runner.invoke(app, ["forget", "--user", "noa", "--yes"], env=env).exit_code == 0
    again = runner.invoke(app, ["import", str(folder), "--user", "noa"], env=env)
    assert again.exit_code == 1, again.output
    assert "1 note forgotten in this database was not stored again" in again.output
    assert f"error[conflict]: nothing was imported from {folder}: what it holds (1 note) was forgotten" in again.output
