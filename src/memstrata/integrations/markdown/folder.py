"""Shared by import and export: the folder's files, the projection's manifest, the scope's user,
and how an episode is shown as a line."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from memstrata.errors import InvalidInput
from memstrata.filter import Expr
from memstrata.memory import Memory
from memstrata.types import Episode, Fact

#: The projection's manifest: whose it is, when it was written, the ids and files it holds (the
#: ids let an import tell a deleted line from one never exported).
MANIFEST = ".memstrata.json"
#: Episode metadata key of an imported note: file, headings, kind, note key.
METADATA_KEY = "markdown"
#: ``actor`` of the changes an import makes (the audit log names the door).
ACTOR = "markdown"
#: Rows per page when reading a user's facts and episodes (``Memory.page``'s maximum is 1000).
PAGE_ROWS = 500


def the_user(memory: Memory, user_id: str | None) -> str:
    """The user a folder is read into or written from: ``user_id``, else the ``Memory``'s.

    Raises:
        InvalidInput: neither names a user.
    """
    user = user_id if user_id is not None else memory.scope.user_id
    if user is None:
        raise InvalidInput("a Markdown memory folder is one user's: give user_id (CLI --user NAME)")
    return user


def memory_files(root: Path) -> list[tuple[str, Path]]:
    """Every ``*.md`` file under ``root`` (hidden files and folders left out), sorted, each with
    its path relative to ``root`` in ``/`` form (the name notes keep).

    Raises:
        InvalidInput: ``root`` is not a directory, or a file under it is a link to a file outside it.
    """
    if not root.exists():  # "not a directory" read as if the path were a file
        raise InvalidInput(f"{root}: no such folder; give the folder that holds MEMORY.md and the daily notes")
    if not root.is_dir():
        raise InvalidInput(f"{root}: not a directory; give the folder that holds MEMORY.md and the daily notes")
    found, inside = [], root.resolve()
    for path in sorted(root.rglob("*.md")):
        rel = path.relative_to(root)
        if path.is_file() and not any(part.startswith(".") for part in rel.parts):
            if not path.resolve().is_relative_to(inside):  # a link to /etc/hostname was read as a note
                raise InvalidInput(f"{rel.as_posix()}: a link to {path.resolve()}, outside the folder {root}; an "
                                   "import reads only the folder's own files: copy the file in or remove the "
                                   "link; nothing was stored")
            found.append((rel.as_posix(), path))
    return found


def read_text(path: Path, rel: str) -> str:
    """A file's text as UTF-8, without the byte order mark an editor may put first (Windows Notepad
    saves one: read with it, the first heading was a note ``\ufeff# Memory``, and front matter was no
    front matter). Raises ``InvalidInput`` naming the file if it is not UTF-8."""
    try:
        return path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        # counted from 1, as every door names a place (``errors.character``)
        raise InvalidInput(f"{rel}: not UTF-8 text (byte 0x{exc.object[exc.start]:02x} at byte {exc.start + 1}); "
                           "save it as UTF-8") from None


def read_manifest(root: Path) -> dict[str, Any] | None:
    """The projection's manifest in ``root``, or ``None`` when the folder is no projection.

    Raises:
        InvalidInput: the manifest is not a JSON object with ``user_id``, ``facts`` and ``episodes``.
    """
    path = root / MANIFEST
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8-sig"))  # a byte order mark is no part of the JSON
    except ValueError as exc:
        raise InvalidInput(f"{path}: not JSON ({exc}); delete it to import the folder as plain notes") from None
    if not (isinstance(data, dict) and isinstance(data.get("user_id"), str)
            and isinstance(data.get("facts"), list) and isinstance(data.get("episodes"), list)):
        raise InvalidInput(f"{path}: not a memstrata projection manifest (user_id, facts, episodes)")
    return data


def episode_line(episode: Episode) -> str:
    """How an episode reads in a note: its content, after ``**speaker**:`` unless the user said it."""
    if episode.role == "user" and episode.producer_id is None:
        return episode.content
    return f"**{episode.producer_id or episode.role}**: {episode.content}"


def unprefixed(text: str, episode: Episode) -> str:
    """``text`` without the ``**speaker**:`` that ``episode_line`` put before ``episode``'s content."""
    prefix = episode_line(episode)[:-len(episode.content)] if episode.content else ""
    return text[len(prefix):].lstrip() if prefix and text.startswith(prefix.rstrip()) else text


def all_facts(memory: Memory, user: str, *, org_id: str | None = None,
              project_id: str | None = None) -> Iterator[Fact]:
    """The user's active facts, newest recorded first (in ``org_id``/``project_id``, default the ``Memory``'s)."""
    yield from _pages(memory, "fact", user, None, org_id, project_id)  # type: ignore[misc]


def all_episodes(memory: Memory, user: str, where: Expr | None = None, *, org_id: str | None = None,
                 project_id: str | None = None) -> Iterator[Episode]:
    """The user's episodes matching ``where``, newest first (tenant as ``all_facts``)."""
    yield from _pages(memory, "episode", user, where, org_id, project_id)  # type: ignore[misc]


def _pages(memory: Memory, kind: str, user: str, where: Expr | None, org_id: str | None,
           project_id: str | None) -> Iterator[Fact | Episode]:
    cursor: str | None = None
    while True:
        page = memory.page(kind=kind, limit=PAGE_ROWS, cursor=cursor, filter=where, user_id=user, org_id=org_id,
                           project_id=project_id)
        yield from page.items
        if page.next_cursor is None:
            return
        cursor = page.next_cursor
