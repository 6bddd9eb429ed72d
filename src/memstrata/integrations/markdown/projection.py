"""``export_folder``: one user's memory as a Markdown folder a person or an agent can read and edit.

The folder has OpenClaw's shape (``docs/markdown.md``):

* ``MEMORY.md``: the user's active facts grouped by topic (the fact's ``tag``), one line each,
  the fact's statement with its citation ``<!-- fact:12 ep:3,5 -->`` (the fact and the episodes
  it cites); then ``## Notes``, the long-term notes imported from Markdown, each ``<!-- ep:N -->``.
* ``memory/YYYY-MM-DD.md``: the other episodes by the UTC date they were said, oldest first,
  each ``<!-- ep:N -->`` (another speaker's turn as ``**speaker**: text``).
* ``.memstrata.json``: whose projection it is, when written, and the fact and episode ids and
  files it holds, so that ``import_folder`` of the edited folder tells a deleted line from one
  never exported, and a later export replaces exactly the files this one wrote.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass
from datetime import UTC, date
from pathlib import Path, PurePosixPath

from memstrata.clock import utcnow
from memstrata.errors import InvalidInput
from memstrata.integrations.markdown.folder import (
    MANIFEST,
    METADATA_KEY,
    all_episodes,
    all_facts,
    episode_line,
    read_manifest,
    the_user,
)
from memstrata.integrations.markdown.notes import Marker, bullet, note_block
from memstrata.lifecycle.export import require_records
from memstrata.lifecycle.forgotten_keys import forgotten_keys, unmarkable
from memstrata.memory import Memory
from memstrata.types import Episode, Fact, Scope

#: Shown at the top of ``MEMORY.md`` as an HTML comment (invisible when rendered; the importer skips it).
GUIDE = ("<!-- memstrata projection of {user}'s memory. Edit a line to change it (a changed value "
         "supersedes the old one, with history); add a line to add a note; a deleted line is reported "
         "by the next import, never forgotten (use `memstrata forget`). Apply with: "
         "memstrata import --format markdown DIR --user {user} -->")


@dataclass(frozen=True)
class ExportReport:
    """What an export wrote: ``files`` (relative paths), ``facts`` and ``episodes`` (counts), and
    ``forgotten``: the facts forgotten from messages the folder shows, each carried as a
    ``forgotten:KEY`` mark on its message's line so an import keeps it forgotten; ``left_out``: the
    ids of the messages not written because a fact forgotten from them (by id, by filter, by expiry)
    has a key the export cannot name (``lifecycle.forgotten_keys.unmarkable``): an import of their
    lines would draw it again; ``unmarked``: the facts forgotten by id among those (a forget by
    filter records no fact ids)."""

    files: tuple[str, ...]
    facts: int
    episodes: int
    forgotten: int = 0
    unmarked: tuple[int, ...] = ()
    left_out: tuple[int, ...] = ()


def export_folder(memory: Memory, folder: str | Path, *, user_id: str | None = None, org_id: str | None = None,
                  project_id: str | None = None) -> ExportReport:
    """Write one user's memory as ``MEMORY.md`` + ``memory/YYYY-MM-DD.md`` (see the module docstring).

    Args:
        folder: an empty or missing directory, or one an earlier export of the same user wrote
            (its files are replaced; files it did not write are left alone, and of those it lists
            only its daily files are ever deleted: ``_daily_file``).
        user_id: whose memory; default the ``Memory``'s user.
        org_id, project_id: the user's tenant; default the ``Memory``'s (a server exports the
            tenant of the caller's key).

    Raises:
        InvalidInput: no user; ``folder`` is a file, holds files but no projection manifest (it
            may be an agent's own notes: export elsewhere), or is another user's projection.
        NotFound: nothing is stored for the user in the tenant (no record ``Memory.export``
            would give: a mistyped user id); nothing is written, as the JSONL export refuses it.
    """
    root = Path(folder)
    user = the_user(memory, user_id)
    previous = _check_target(root, user)
    whose = Scope(org_id or memory.scope.org_id, project_id or memory.scope.project_id, user).describe()
    require_records(memory.export(user_id=user, org_id=org_id, project_id=project_id), whose,
                    hint="check the user id; an export of nothing would look like an empty memory")
    facts = list(all_facts(memory, user, org_id=org_id, project_id=project_id))
    episodes = sorted(all_episodes(memory, user, org_id=org_id, project_id=project_id),
                      key=lambda e: (e.created_at, e.id))
    forgotten = forgotten_keys(memory, episodes, user, org_id=org_id, project_id=project_id)
    # A message holding a forgotten fact whose key no mark can name would give the fact back to any
    # import of the folder: it is left out, and the report and the manifest say which.
    lost = unmarkable(memory, episodes, forgotten, user)
    episodes = [e for e in episodes if e.id not in lost.episodes]
    marks = {e.id: Marker(None, (e.id,), forgotten.get(e.id, ())) for e in episodes}
    pages = {"MEMORY.md": memory_page(user, facts, [e for e in episodes if _long_term(e)], marks)}
    for day, said in _by_day([e for e in episodes if not _long_term(e)]).items():
        pages[f"memory/{day}.md"] = f"# {day}\n\n" + "\n".join(note_block(episode_line(e), marks[e.id])
                                                                for e in said) + "\n"
    for rel in previous:
        if rel not in pages and _daily_file(rel) and (root / rel).is_file():
            (root / rel).unlink()  # this export's own file of a day whose episodes are gone
    for rel, text in pages.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    manifest = {"user_id": user, "exported_at": utcnow().isoformat(), "files": sorted(pages),
                "facts": [f.id for f in facts], "episodes": [e.id for e in episodes],
                "forgotten_unmarked": list(lost.facts), "left_out_episodes": list(lost.episodes)}
    (root / MANIFEST).write_text(json.dumps(manifest, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    shown = {e.id for e in episodes}
    return ExportReport(tuple(sorted(pages)), len(facts), len(episodes),
                        sum(len(keys) for e, keys in forgotten.items() if e in shown), lost.facts, lost.episodes)


def memory_page(user: str, facts: list[Fact], notes: list[Episode], marks: dict[int, Marker] | None = None) -> str:
    """``MEMORY.md``: the facts by topic (topics and facts in a stable order), then the notes, each
    with its mark in ``marks`` (default ``<!-- ep:N -->``)."""
    lines = [f"# Memory of {user}", "", GUIDE.format(user=user)]
    by_topic: dict[str, list[Fact]] = defaultdict(list)
    for fact in facts:
        by_topic[fact.tag or fact.key.split(".")[0]].append(fact)
    for topic in sorted(by_topic):
        lines += ["", f"## {topic[:1].upper()}{topic[1:]}", ""]
        lines += [bullet(f.statement or f.value, Marker(f.id, f.citations))
                  for f in sorted(by_topic[topic], key=lambda f: (f.key, f.id))]
    if notes:
        lines += ["", "## Notes", ""] + [note_block(episode_line(e), (marks or {}).get(e.id, Marker(None, (e.id,))))
                                         for e in notes]
    return "\n".join(lines) + "\n"


def _long_term(episode: Episode) -> bool:
    """An episode imported from a long-term file (``MEMORY.md``, ``USER.md`` ...): shown in ``MEMORY.md``."""
    record = episode.metadata.get(METADATA_KEY)
    return isinstance(record, dict) and record.get("kind") == "long_term"


def _by_day(episodes: list[Episode]) -> dict[str, list[Episode]]:
    days: dict[str, list[Episode]] = defaultdict(list)
    for episode in episodes:
        days[episode.created_at.astimezone(UTC).date().isoformat()].append(episode)
    return dict(days)


def _daily_file(rel: str) -> bool:
    """Whether ``rel`` is a daily file as an export writes it, ``memory/YYYY-MM-DD.md``: the only
    files an export deletes. The manifest that lists them lives in a folder agents and people edit,
    so a name it lists (``notes/mine.md``) is no target by itself."""
    parts = PurePosixPath(rel).parts
    if len(parts) != 2 or parts[0] != "memory" or not parts[1].endswith(".md"):
        return False
    day = parts[1].removesuffix(".md")
    try:
        return date.fromisoformat(day).isoformat() == day
    except ValueError:
        return False


def _check_target(root: Path, user: str) -> list[str]:
    """The files an earlier export of ``user`` wrote in ``root`` (to replace), ``[]`` for a new folder.

    Raises:
        InvalidInput: as ``export_folder`` says.
    """
    if root.exists() and not root.is_dir():
        raise InvalidInput(f"{root} is a file; give a directory for the Markdown projection")
    # A folder to make under a file failed as the internal error NotADirectoryError, after the export was read.
    blocking = next((p for p in root.parents if p.exists() and not p.is_dir()), None)
    if blocking is not None:
        raise InvalidInput(f"{blocking} is a file, so the folder {root} cannot be made; give a directory for the "
                           "Markdown projection")
    manifest = read_manifest(root) if root.is_dir() else None
    if manifest is None:
        if root.is_dir() and any(root.iterdir()):
            raise InvalidInput(f"{root} is not empty and holds no memstrata projection ({MANIFEST}); export into an "
                               "empty or new folder, so no notes of yours are overwritten")
        return []
    if manifest["user_id"] != user:
        raise InvalidInput(f"{root} holds the projection of user {manifest['user_id']!r}; export {user!r} elsewhere")
    return [f for f in manifest.get("files", []) if isinstance(f, str) and not Path(f).is_absolute()
            and ".." not in Path(f).parts]
