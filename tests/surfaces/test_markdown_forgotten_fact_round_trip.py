"""A fact forgotten from a message that stays stays forgotten through a Markdown projection.

``forget(fact_id=...)`` keeps the message ("I like Arctic Monkeys") and a suppression of the fact's
key in it, a digest of the message's identity (role, speaker, time, text) and the key. The projection
shows the message as a line; imported into another database the line is a new message, said at
another time, so the digest did not match and the rule extractor drew ``music.like = Arctic Monkeys``
again. The line now carries ``forgotten:music.like`` and the import keeps that key forgotten in the
message it stores. Real SQLite files, the real embedding model, the CLI in-process.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from typer.testing import CliRunner

from memstrata import Memory
from memstrata.cli import app
from memstrata.embed.base import EmbeddingCache
from memstrata.extract.base import FactCandidate
from memstrata.integrations.markdown import ExportReport, export_folder, import_folder
from memstrata.types import Episode, Fact

SAID = ("I like Arctic Monkeys", "I prefer UPS for shipping", "我对芒果过敏", "我住在杭州")


def _facts(memory: Memory, user: str, status: str = "all") -> set[tuple[str, str, str]]:
    return {(f.key, f.value, f.status) for f in memory.list(status=status, user_id=user, limit=1000)
            if isinstance(f, Fact)}


def _said(memory: Memory, user: str) -> list[str]:
    return sorted(e.content for e in memory.list(kind="episode", user_id=user, limit=1000) if isinstance(e, Episode))


def _forget(memory: Memory, user: str, *values: str) -> None:
    for fact in memory.list(user_id=user):
        if isinstance(fact, Fact) and fact.value in values:
            memory.forget(fact_id=fact.id, user_id=user)  # the fact alone: its message stays


def test_the_round_trip_keeps_a_forgotten_fact_forgotten_and_nothing_else_lost(
        tmp_path: Path, embedder: EmbeddingCache) -> None:
    with Memory(tmp_path / "a.db", embedder=embedder) as source:
        for text in SAID:
            source.add(text, user_id="ann")
        _forget(source, "ann", "Arctic Monkeys", "芒果")
        kept = _facts(source, "ann", "active")
        assert {(k, v) for k, v, _ in kept} == {("shipping.carrier", "UPS"), ("identity.location", "杭州")}
        report = export_folder(source, tmp_path / "proj", user_id="ann")
        assert (report.forgotten, report.unmarked) == (2, ())
        day = next((tmp_path / "proj" / "memory").glob("*.md")).read_text(encoding="utf-8")
        assert "- I like Arctic Monkeys <!-- ep:1 forgotten:music.like -->" in day
        assert "forgotten:health.allergy -->" in day and "- I prefer UPS for shipping <!-- ep:2 -->" in day
        with Memory(tmp_path / "b.db", embedder=embedder) as target:
            moved = import_folder(target, tmp_path / "proj", user_id="ann")
            assert moved.kept_forgotten == 2
            assert _facts(target, "ann") == kept  # not even as superseded: never drawn again
            assert set(SAID) <= set(_said(target, "ann"))  # every message is there
            again = import_folder(target, tmp_path / "proj", user_id="ann")
            assert (again.added, _facts(target, "ann")) == (0, kept)


def test_an_edited_line_keeps_its_mark_and_a_hand_written_line_is_read_as_before(
        tmp_path: Path, embedder: EmbeddingCache) -> None:
    with Memory(tmp_path / "a.db", embedder=embedder) as memory:
        memory.add("I like Arctic Monkeys", user_id="bo")
        _forget(memory, "bo", "Arctic Monkeys")
        export_folder(memory, tmp_path / "proj", user_id="bo")
        day = next((tmp_path / "proj" / "memory").glob("*.md"))
        day.write_text(day.read_text(encoding="utf-8").replace("I like Arctic", "I really like Arctic"),
                       encoding="utf-8")
        edited = import_folder(memory, tmp_path / "proj", user_id="bo")
        assert len(edited.edited_episodes) == 1 and edited.kept_forgotten == 1
        assert _facts(memory, "bo") == set()
        # a folder written by hand, no marks: the same words give the fact as they always did
        notes = tmp_path / "notes"
        notes.mkdir()
        (notes / "MEMORY.md").write_text("# Music\n- I like Arctic Monkeys\n", encoding="utf-8")
        plain = import_folder(memory, notes, user_id="cy")
        assert plain.kept_forgotten == 0 and _facts(memory, "cy") == {("music.like", "Arctic Monkeys", "active")}


def test_cli_export_then_import_into_a_new_database_keeps_the_fact_forgotten(tmp_path: Path) -> None:
    runner = CliRunner()
    first = {"MEMSTRATA_DB": str(tmp_path / "a.db"), "COLUMNS": "300"}
    second = {"MEMSTRATA_DB": str(tmp_path / "b.db"), "COLUMNS": "300"}

    def run(args: list[str], env: dict[str, str]) -> str:
        result = runner.invoke(app, args, env=env)
        assert result.exit_code == 0, result.output
        return result.output

    run(["remember", "I like Arctic Monkeys", "--user", "dee"], first)
    run(["remember", "I prefer UPS for shipping", "--user", "dee"], first)
    run(["forget", "--fact", "1", "--user", "dee", "--yes"], first)
    out = run(["export", "--format", "markdown", str(tmp_path / "proj"), "--user", "dee"], first)
    assert "1 fact forgotten from messages the folder shows is marked on their lines (forgotten:KEY)" in out
    assert "1 fact forgotten from these notes (forgotten: marks) stays forgotten" in run(
        ["import", str(tmp_path / "proj"), "--user", "dee"], second)
    listed = run(["list", "--user", "dee", "--status", "all"], second)
    assert "UPS" in listed and "Arctic Monkeys" not in listed and "music.like" not in listed


class BandExtractor:
    """An extractor of the ``Extractor`` protocol whose key no taxonomy, rule or other fact knows
    (as an LLM may name one): the export cannot name it, and must say so."""

    name = "band-v1"

    def extract(self, *, text: str, role: str, said_at: datetime) -> list[FactCandidate]:
        if "Arctic Monkeys" not in text:
            return []
        return [FactCandidate(kind="preference", key="band.favourite", value="Arctic Monkeys", confidence=0.9,
                              importance=0.5, statement="favourite band is Arctic Monkeys")]


def _band(memory: Memory, user: str) -> list[Fact]:
    return [f for f in memory.list(status="all", user_id=user, limit=100) if isinstance(f, Fact)
            and f.key == "band.favourite"]


def _round_trip(tmp_path: Path, embedder: EmbeddingCache, forget: Callable[[Memory, str], object],
                user: str) -> tuple[ExportReport, int]:
    """Say a band and a carrier, ``forget`` the band's fact (its message stays), export the folder and
    import it into a new database whose extractor draws the band again; checks the band is gone there by
    every read and the carrier's message came through. Returns the export report and the band's message."""
    with Memory(tmp_path / "a.db", embedder=embedder, extractor=BandExtractor()) as memory:
        band = memory.add("I like Arctic Monkeys", user_id=user).episode_id
        memory.add("I prefer UPS for shipping", user_id=user)
        forget(memory, user)
        assert _band(memory, user) == []
        report = export_folder(memory, tmp_path / "proj", user_id=user)
    with Memory(tmp_path / "b.db", embedder=embedder, extractor=BandExtractor()) as target:
        import_folder(target, tmp_path / "proj", user_id=user)
        assert _band(target, user) == []
        assert not [h for h in target.search("which band do I like? Arctic Monkeys", user_id=user)
                    if h.fact is not None and h.fact.key == "band.favourite"]
        assert "Arctic Monkeys" not in target.context("which band do I like?", user_id=user)
        assert "I prefer UPS for shipping" in _said(target, user)
    return report, band


def test_a_fact_forgotten_by_filter_under_a_key_no_mark_can_name_does_not_come_back(
        tmp_path: Path, embedder: EmbeddingCache) -> None:
    # the filter's forget keeps the message and a suppression no mark can carry: its message is left out
    report, band = _round_trip(tmp_path, embedder, lambda m, u: m.forget(user_id=u, filter='key = "band.favourite"'),
                               "fay")
    assert (report.left_out, report.unmarked, report.forgotten) == ((band,), (), 0)
    manifest = json.loads((tmp_path / "proj" / ".memstrata.json").read_text(encoding="utf-8"))
    assert manifest["left_out_episodes"] == [band] and band not in manifest["episodes"]


def test_a_forgotten_fact_whose_key_the_export_cannot_name_leaves_its_message_out(
        tmp_path: Path, embedder: EmbeddingCache) -> None:
    facts: list[int] = []

    def by_id(memory: Memory, user: str) -> None:
        [fact] = _band(memory, user)
        facts.append(fact.id)
        memory.forget(fact_id=fact.id, user_id=user)
    report, band = _round_trip(tmp_path, embedder, by_id, "eve")
    assert (report.forgotten, report.unmarked, report.left_out) == (0, tuple(facts), (band,))
    manifest = json.loads((tmp_path / "proj" / ".memstrata.json").read_text(encoding="utf-8"))
    assert manifest["forgotten_unmarked"] == facts


def test_a_fact_forgotten_by_filter_under_a_key_a_mark_names_keeps_its_message(
        tmp_path: Path, embedder: EmbeddingCache) -> None:
    with Memory(tmp_path / "a.db", embedder=embedder) as source:
        for text in SAID:
            source.add(text, user_id="gus")
        source.forget(user_id="gus", filter='value = "Arctic Monkeys"')
        report = export_folder(source, tmp_path / "proj", user_id="gus")
        assert (report.forgotten, report.left_out, report.episodes) == (1, (), len(SAID))
        with Memory(tmp_path / "b.db", embedder=embedder) as target:
            import_folder(target, tmp_path / "proj", user_id="gus")
            assert "Arctic Monkeys" not in {v for _, v, _ in _facts(target, "gus")}
            assert set(SAID) <= set(_said(target, "gus"))
