"""``import_folder``: a Markdown memory folder into one user's memory, through ``Memory``.

* A note without a marker (a bullet or paragraph of ``MEMORY.md``, a daily note, any other
  ``*.md``) is one episode: role ``user``, content type ``text``, the heading path and file in
  its metadata, a daily note's date as its ``created_at`` (midnight UTC), so the extractor
  draws facts from it as from anything the user said. Its *note key* (SHA-256 of the file's
  path and the text, whitespace aside) is kept too: a note whose key is stored already is not
  stored again, so re-importing an unchanged folder adds nothing.
* A projection line (``<!-- fact:12 ... -->``, written by ``export_folder``) is compared with
  the fact it shows: unchanged does nothing; a changed value (the line still reads as the
  fact's statement around another value) is ``Memory.update``, which supersedes the old fact
  and keeps its history; any other edit is stored as a statement (an episode), and the import
  says whether it superseded the fact. An episode line (``<!-- ep:7 -->``) edited is stored as
  a new note; the original episode stays (episodes are never rewritten).
* A line the projection had (``.memstrata.json``) and the folder no longer has is reported,
  never forgotten: forgetting is ``memstrata forget``'s, with its explicit target.
* A marker whose memory was forgotten in this database by this user (its id is among the forgotten
  ids, ``Memory.forgotten_among``, with this tenant and user as owner) is reported as such and not
  stored again, by any line; an id another owner forgot names no memory of this user's.
* A marker whose memory this database does not hold and never forgot (a projection exported
  from another database, imported into a new one) names nothing here: the line is stored as a
  note like an unmarked one (an episode line without its ``**speaker**:``, said by that speaker),
  keyed by its note key, so importing the folder again adds nothing.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import asdict, dataclass, field, replace
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path
from typing import Any

from memstrata import AddResult, Message
from memstrata.clock import utcnow
from memstrata.errors import ContentTooLarge, InvalidInput, NotFound
from memstrata.filter import Field, IsNull
from memstrata.integrations.markdown.folder import (
    ACTOR,
    METADATA_KEY,
    all_episodes,
    episode_line,
    memory_files,
    read_manifest,
    read_text,
    the_user,
    unprefixed,
)
from memstrata.integrations.markdown.notes import Note, daily_date, has_words, parse, same_text
from memstrata.lifecycle.forgotten_keys import keep_forgotten
from memstrata.memory import Memory
from memstrata.text.counts import counted, noun
from memstrata.text.same_message import note_key as said_key
from memstrata.types import ROLES, Episode, Fact


@dataclass
class ImportReport:
    """What an import did. Ids are memstrata's; ``text`` is the line as the folder has it.

    Attributes:
        files: Markdown files read. added: notes stored as new episodes. unchanged: notes and
            projection lines already stored as they are. facts: fact changes the new episodes
            caused (``{"action", "fact_id", "key", "value"}``).
        updated: changed values applied (``{"fact_id", "old", "new", "new_fact_id"}``).
        restated: other edits of a fact line, stored as a statement that superseded the fact
            (``{"fact_id", "episode_id"}``). unresolved: such statements that did not (the fact
            stays; ``{"fact_id", "episode_id", "text"}``).
        conflicts: edited lines of facts superseded since the export, not applied
            (``{"fact_id", "status", "text"}``).
        edited_episodes: edited episode lines, stored as new notes (``{"episode_id", "new_episode_id"}``).
        removed_facts, removed_episodes: ids the projection held whose lines are gone from the
            folder while memstrata still holds them (nothing was forgotten).
        wordless: lines of punctuation alone, not stored (``{"file", "line", "text"}``, with ``episode_id``
            for an episode line edited so: that episode stays as it is).
        gone: markers whose memory was forgotten in this database (``{"fact_id"}`` or ``{"episode_id"}``).
        forgotten: notes (and edited lines) forgotten in this database, known by their note key (file
            and text), not stored again (``Memory.forgotten_messages``).
        foreign: markers whose memory this database does not hold and never forgot, their lines
            stored as new notes (``{"fact_id"}`` or ``{"episode_id"}``; counted in ``added``).
        kept_forgotten: facts forgotten from a message the folder shows (a ``forgotten:KEY`` mark on its
            line) kept forgotten in the note stored from it (``lifecycle.forgotten_keys``).
    """

    files: int = 0
    added: int = 0
    unchanged: int = 0
    facts: list[dict[str, Any]] = field(default_factory=list)
    updated: list[dict[str, Any]] = field(default_factory=list)
    restated: list[dict[str, Any]] = field(default_factory=list)
    unresolved: list[dict[str, Any]] = field(default_factory=list)
    conflicts: list[dict[str, Any]] = field(default_factory=list)
    edited_episodes: list[dict[str, Any]] = field(default_factory=list)
    removed_facts: list[int] = field(default_factory=list)
    removed_episodes: list[int] = field(default_factory=list)
    wordless: list[dict[str, Any]] = field(default_factory=list)
    gone: list[dict[str, int]] = field(default_factory=list)
    foreign: list[dict[str, int]] = field(default_factory=list)
    forgotten: int = 0
    kept_forgotten: int = 0

    @property
    def fact_changes(self) -> int:
        """Facts the import changed: values updated from edited lines, and what the stored notes and
        statements did to facts (``facts``) but restating a value already known (``touch``)."""
        return len(self.updated) + sum(1 for change in self.facts if change["action"] != "touch")

    def as_dict(self) -> dict[str, Any]:
        """JSON-serialisable (``memstrata import --json``), with ``fact_changes``."""
        return {**asdict(self), "fact_changes": self.fact_changes}

    def lines(self) -> list[str]:
        """What happened, for a person (``memstrata import --format markdown``); a line that
        needs their attention starts with ``note:``."""
        out = [f"read {counted(self.files, 'file')}: {counted(self.added, 'note')} added, {self.unchanged} unchanged, "
               f"{counted(self.fact_changes, 'fact change')}"]
        out += [f"fact #{u['fact_id']}: {u['old']} -> {u['new']} (fact #{u['new_fact_id']}; the old value is kept as "
                "superseded)" for u in self.updated]
        out += [f"fact #{r['fact_id']}: the edited line is stored as episode #{r['episode_id']} and replaced it"
                for r in self.restated]
        out += [f"note: fact #{r['fact_id']}: the edited line is stored as episode #{r['episode_id']} but did not "
                f"replace the fact; `memstrata update {r['fact_id']} --value ...` changes it" for r in self.unresolved]
        out += [f"note: fact #{c['fact_id']} is {c['status']} since the export; the edit {c['text']!r} was not "
                "applied: export again and edit the current line" for c in self.conflicts]
        out += [f"episode #{e['episode_id']}: the edited line is stored as episode #{e['new_episode_id']} (the "
                "original stays: episodes are never rewritten)" for e in self.edited_episodes]
        for ids, what, option in ((self.removed_facts, "fact", "--fact"),
                                  (self.removed_episodes, "episode", "--episode")):
            if ids:  # "the line of fact #4 was", "the lines of facts #4, #7 were": the words agree with the count
                n = len(ids)
                out.append(f"note: {noun(n, 'the line', 'the lines')} of {noun(n, what)} {_ids(ids)} "
                           f"{noun(n, 'was', 'were')} deleted from the folder; nothing was forgotten "
                           f"(`memstrata forget {option} N` forgets one)")
        out += [f"note: {w['file']}:{w['line']}: " + (f"the line of episode #{w['episode_id']}" if "episode_id" in w
                else repr(w["text"])) + " has no words, only punctuation; nothing was stored"
                + (" or forgotten" if "episode_id" in w else "")
                for w in sorted(self.wordless, key=lambda w: (w["file"], w["line"]))]
        if self.foreign:
            new = len(self.foreign)
            out.append(f"{counted(new, 'line')} {noun(new, 'names a memory', 'name memories')} this database does not "
                       f"hold (a projection of another database): stored as new {noun(new, 'note', 'notes')}")
        if self.kept_forgotten:
            out.append(f"{counted(self.kept_forgotten, 'fact')} forgotten from these notes (forgotten: marks) "
                       f"{noun(self.kept_forgotten, 'stays', 'stay')} forgotten")
        if self.gone:
            gone = len(self.gone)
            out.append(f"note: {counted(gone, 'line')} {noun(gone, 'names a memory', 'name memories')} forgotten in "
                       f"this database; {noun(gone, 'it was', 'they were')} not stored again")
        if self.forgotten:
            n = self.forgotten
            out.append(f"note: {counted(n, 'note')} forgotten in this database {noun(n, 'was', 'were')} not stored "
                       "again (a note is known by its file and text; `memstrata remember` stores it anew)")
        return out


#: An episode line of someone other than the user (``folder.episode_line``): ``**speaker**: text``.
SPEAKER = re.compile(r"\*\*([^*\n]+)\*\*:\s+(.+)", re.DOTALL)


def _ids(ids: list[int]) -> str:
    return ", ".join(f"#{i}" for i in ids)


def note_key(note: Note) -> str:
    """A note's identity across imports: SHA-256 (hex, 32 characters) of its file's relative path
    and its text as a person reads it (``text.same_message.said_text``: whitespace runs one space,
    NFC, zero-width spaces dropped), so a re-wrapped line, or one an editor saved as NFD, is the
    same note, and a note forgotten here stays out of the file however it was saved again."""
    return said_key(note.file, note.text)


def note_keys(note: Note) -> list[str]:
    """``note_key`` and, when it differs (NFD, a zero-width space), the key imports before
    ``said_text`` gave the note (its whitespace runs alone collapsed), under which it may be
    stored or forgotten here."""
    keys = [note_key(note), _key(note.file, " ".join(note.text.split()))]
    return keys[:1] if keys[0] == keys[1] else keys


def _key(file: str, text: str) -> str:
    return hashlib.sha256(f"{file}\n{text}".encode()).hexdigest()[:32]


def import_folder(memory: Memory, folder: str | Path, *, user_id: str | None = None) -> ImportReport:
    """Import a Markdown memory folder (``MEMORY.md``, ``memory/YYYY-MM-DD.md`` ...) into one user's
    memory, or apply the edits of a projection ``export_folder`` wrote (see the module docstring).

    Args:
        folder: the directory; every ``*.md`` under it is read (hidden ones left out).
        user_id: whose memory; default the ``Memory``'s user.

    Raises:
        InvalidInput: not a directory, a directory without a ``*.md`` file (``nothing_to_import``:
            an empty folder or a typo'd path imported nothing and said "read 0 files"), no user, a
            file that is not UTF-8, a projection of another user, or a note ``Memory`` refuses
            (named ``file:line``); notes stored before it stay.
    """
    root = Path(folder)
    user = the_user(memory, user_id)
    manifest = read_manifest(root)
    if manifest is not None and manifest["user_id"] != user:
        raise InvalidInput(f"{root} is the projection of user {manifest['user_id']!r}; import it with "
                           f"user_id={manifest['user_id']!r} (CLI --user), or delete its {'.memstrata.json'} "
                           "to read it as plain notes")
    files = memory_files(root)
    if not files and manifest is None:
        raise InvalidInput(nothing_to_import(root))
    run = _Import(memory, user)
    for rel, path in files:  # every file read and every new note checked before a write
        run.report.files += 1
        run.file(parse(read_text(path, rel), rel), file_day(rel, path.name, run.now))
    run.check_edits()  # every changed value checked before the first is applied
    for note in run.edits:
        run.projection_line(note)
    run.store_new()
    if manifest is not None:
        run.removed(manifest)
    return run.report


#: How far ahead of UTC the calendar runs anywhere (UTC+14, Kiribati): a daily note is in the future
#: only once its day has begun nowhere, so a note of the user's today is read wherever the user lives.
AHEAD = timedelta(hours=14)


def file_day(rel: str, name: str, now: datetime) -> date | None:
    """``daily_date`` of a file (``rel`` its path in the folder, ``name`` its name), ``None`` for long-term notes.

    Raises:
        InvalidInput: naming the file: a name shaped as a date that is none, or a day in the future
            (after today in every time zone): it was said at that day's midnight, after every
            statement made until then, and outdated them."""
    try:
        day = daily_date(name)
    except InvalidInput as exc:
        raise InvalidInput(f"{rel}: {exc}; nothing was stored") from None
    if day is not None and day > (now + AHEAD).date():
        raise InvalidInput(f"{rel}: a daily note of {day}, a day still to come (today is {now.date()} UTC); "
                           "date it the day it was written; nothing was stored")
    return day


def said_on(day: date | None, now: datetime) -> datetime | None:
    """When the notes of a daily note of ``day`` were said: its midnight UTC, or ``now`` if that is
    still to come (today where the day began before it did in UTC); ``None`` for long-term notes."""
    return None if day is None else min(datetime.combine(day, time(0), tzinfo=UTC), now)


def nothing_to_import(root: Path) -> str:
    """The error for a folder without Markdown notes: its path, what an import reads, and what it
    holds instead (up to three names)."""
    others = sorted(p.name for p in root.iterdir() if not p.name.startswith("."))
    held = "it is empty" if not others else "it holds " + ", ".join(others[:3]) + (
        f" and {len(others) - 3} more" if len(others) > 3 else "") + ", but no *.md file"
    return (f"{root}: nothing to import: {held}; expected a Markdown memory folder: MEMORY.md and/or daily "
            "notes memory/YYYY-MM-DD.md (any *.md file under it is read); nothing was stored")


class _Import:
    """One import: the note keys already stored, the new notes and projection lines waiting, the report."""

    def __init__(self, memory: Memory, user: str) -> None:
        self.memory = memory
        self.user = user
        self.report = ImportReport()
        self.now = utcnow()
        has_key = IsNull(Field("metadata", (METADATA_KEY, "note")), negated=True)
        self.known = {e.metadata[METADATA_KEY]["note"] for e in all_episodes(memory, user, has_key)}
        #: Each new note with its ``SAID_ORDER`` rank (``None`` for a daily note, said on its date).
        self.waiting: list[tuple[Note, Message, int | None]] = []
        self.edits: list[Note] = []
        self.seen_facts: set[int] = set()
        self.seen_episodes: set[int] = set()
        #: Note key -> the keys its line's ``forgotten:`` mark names (``Marker.forgotten``).
        self.forgotten_keys: dict[str, tuple[str, ...]] = {}
        #: Note key -> the key an import before ``said_text`` gave the note, where the two differ.
        self.older: dict[str, str] = {}

    def key(self, note: Note) -> str:
        """``note_key(note)``, its older key (``note_keys``) remembered for ``forgotten``."""
        keys = note_keys(note)
        if len(keys) > 1:
            self.older[keys[0]] = keys[1]
        return keys[0]

    def is_known(self, note: Note) -> bool:
        """Whether an earlier import stored ``note`` (under either of its ``note_keys``)."""
        return any(k in self.known for k in note_keys(note))

    def forgotten(self, said: list[Message]) -> list[bool]:
        """``Memory.forgotten_messages`` of ``said`` (notes' messages), each known also by the key
        an import before ``said_text`` gave it (``older``): a note forgotten then stays out."""
        gone = self.memory.forgotten_messages(said)
        older = [(i, replace(m, metadata={**m.metadata, METADATA_KEY: {**m.metadata[METADATA_KEY], "note": old}}))
                 for i, m in enumerate(said) if (old := self.older.get(m.metadata[METADATA_KEY]["note"]))]
        for (i, _), was in zip(older, self.memory.forgotten_messages([m for _, m in older]) if older else [],
                               strict=True):
            gone[i] = gone[i] or was
        return gone

    def file(self, notes: list[Note], day: date | None) -> None:
        """Queue one file's notes: new ones checked now (``Memory.message``), projection lines for later."""
        when = said_on(day, self.now)
        for note in notes:
            if note.marker is not None:
                self.edits.append(note)
            elif not has_words(note.text):  # "- **", "- …": emphasis or a list left, no memory; named, not stored
                self.report.wordless.append({"file": note.file, "line": note.line, "text": note.text})
            else:
                self.new_note(note, when, "long_term" if day is None else "daily")

    def projection_line(self, note: Note) -> None:
        """A line ``export_folder`` wrote: compared with the fact or episode its marker names."""
        assert note.marker is not None
        if note.marker.fact_id is not None:
            self.fact_line(note, note.marker.fact_id)
        elif note.marker.episode_ids:
            self.episode_line(note, note.marker.episode_ids[0])

    def new_note(self, note: Note, when: datetime | None, kind: str, *, text: str | None = None,
                 role: str = "user", speaker: str | None = None, rank: str = "new") -> None:
        """Queue a note not stored yet (by its key), its ``text`` (default the note's) said by
        ``role``/``speaker``, ``rank`` its place among the notes said at import time
        (``SAID_ORDER``); raise naming ``file:line`` if ``Memory`` refuses it."""
        if self.is_known(note):
            self.report.unchanged += 1
            return
        key = self.key(note)
        self.known.add(key)  # the same note twice in the file is one note
        if note.marker is not None and note.marker.forgotten:
            self.forgotten_keys[key] = note.marker.forgotten
        meta = {METADATA_KEY: {"file": note.file, "headings": " / ".join(h for h in note.headings if h),
                               "kind": kind, "note": key}}
        try:
            message = self.memory.message(note.text if text is None else text, role=role, speaker=speaker,
                                          content_type="text", created_at=when, metadata=meta, user_id=self.user)
        except InvalidInput as exc:
            kind_of = ContentTooLarge if isinstance(exc, ContentTooLarge) else InvalidInput
            raise kind_of(f"{note.file}:{note.line}: {exc}") from None
        self.waiting.append((note, message, None if when is not None else SAID_ORDER.index(rank)))

    def store_new(self) -> None:
        """Store the new notes, oldest first (a daily note's statement resolves by its date)."""
        said = in_said_order(self.waiting)
        gone = self.forgotten(said)  # by note key: never stored again
        self.report.forgotten += sum(gone)
        new = [m for m, g in zip(said, gone, strict=True) if not g]
        self.keep_forgotten(new)
        # asked above (``gone``), counted in the report
        results = self.memory.add_many(new, idempotency_key=self.batch_key(new), skip_forgotten=False)
        for result in results:
            fresh = result.created and not result.replayed
            self.report.added += int(fresh)
            self.report.unchanged += int(not fresh)
            if fresh:
                self._facts(result)
        self.waiting.clear()

    def keep_forgotten(self, messages: list[Message]) -> None:
        """Before ``messages`` are stored: keep forgotten, in each, the keys its line's mark names."""
        marked = [(m, keys) for m in messages
                  if (keys := self.forgotten_keys.get(m.metadata[METADATA_KEY]["note"], ()))]
        keep_forgotten(self.memory, marked)
        self.report.kept_forgotten += sum(len(keys) for _, keys in marked)

    def batch_key(self, messages: list[Message]) -> str | None:
        """The idempotency key of the new notes, made from the user and their note keys: two imports
        of one folder at once each found these notes not stored yet, and each stored them all; with
        the key, the second's write is refused as a replay of the first's (``write.idempotency``).
        ``None`` where the store keeps no keys (``Capabilities.maintenance``: the in-memory store)."""
        if not messages or not self.memory.store.capabilities.maintenance:
            return None
        keys = sorted(m.metadata[METADATA_KEY]["note"] for m in messages)
        return "markdown-" + hashlib.sha256("\n".join([self.user, *keys]).encode("utf-8")).hexdigest()[:48]

    def _facts(self, result: AddResult) -> None:
        for change in result.facts:
            self.report.facts.append({"action": change.action, "fact_id": change.fact.id, "key": change.fact.key,
                                      "value": change.fact.value})

    def check_edits(self) -> None:
        """Raise, naming ``file:line``, for the first projection line whose new value ``update``
        would refuse (a secret, a blank or over-long value), before any edit is applied: one bad
        line used to leave the lines before it applied and the new notes unstored."""
        for note in self.edits:
            fact_id = note.marker.fact_id if note.marker is not None else None
            if fact_id is None:
                continue
            try:
                fact = self.memory.get(fact_id, user_id=self.user)
            except NotFound:
                continue
            if not isinstance(fact, Fact) or fact.status != "active" or same_text(
                    note.text, fact.statement or fact.value) or self.applied(note, fact):
                continue
            if not has_words(note.text):
                said = "is blank" if not note.text.strip() else "has no words, only punctuation"
                raise InvalidInput(f"{note.file}:{note.line}: the line of fact #{fact_id} {said}; write its "
                                   "new value, or delete the whole line to keep the fact as it is "
                                   f"(`memstrata forget --fact {fact_id}` forgets it)", field="value")
            if (value := changed_value(fact, note.text)) is None:
                continue
            try:
                self.memory.check_update(fact_id, value=value, user_id=self.user)
            except InvalidInput as exc:  # never the value itself
                raise InvalidInput(f"{note.file}:{note.line}: the new value of fact #{fact_id}: {exc}",
                                   field=getattr(exc, "field", None)) from None

    def fact_line(self, note: Note, fact_id: int) -> None:
        """Apply a fact line: unchanged, a changed value (update), a conflict, or a restatement."""
        self.seen_facts.add(fact_id)
        try:
            fact = self.memory.get(fact_id, user_id=self.user)
        except NotFound:
            self.not_here(note, "fact", fact_id)
            return
        assert isinstance(fact, Fact)
        if same_text(note.text, fact.statement or fact.value) or self.applied(note, fact):
            self.report.unchanged += 1
        elif fact.status != "active":
            self.report.conflicts.append({"fact_id": fact_id, "status": fact.status, "text": note.text})
        elif (value := changed_value(fact, note.text)) is not None:
            try:
                new = self.memory.update(fact_id, value=value, actor=ACTOR, user_id=self.user)
            except InvalidInput as exc:  # a value that is a secret: say which line (never the value itself)
                raise InvalidInput(f"{note.file}:{note.line}: the new value of fact #{fact_id}: {exc}",
                                   field=getattr(exc, "field", None)) from None
            self.report.updated.append({"fact_id": fact_id, "old": fact.value, "new": value, "new_fact_id": new.id})
        else:
            self.restate(note, fact)

    def applied(self, note: Note, fact: Fact) -> bool:
        """Whether this edit was applied by an earlier import: stored as a statement (its note key
        is known), or the fact's value was changed to what the line says (an active fact of its
        timeline reads as the line)."""
        if self.is_known(note):
            return True
        if fact.status == "active":
            return False
        return any(f.status == "active" and same_text(note.text, f.statement or f.value)
                   for f, _ in self.memory.history(fact.id, user_id=self.user))

    def restate(self, note: Note, fact: Fact) -> None:
        """Store an edited fact line as a statement and say whether the fact is still active after it."""
        meta = {METADATA_KEY: {"file": note.file, "kind": "edit", "edits_fact": fact.id, "note": self.key(note)}}
        if self.forgot(note.text, "user", None, meta):
            return
        result = self.memory.add(note.text, role="user", content_type="text", metadata=meta, user_id=self.user,
                                 skip_forgotten=False)  # asked by ``forgot``, counted there
        self._facts(result)
        replaced = not self._has("fact", fact.id)  # superseded, withdrawn or merged by the statement
        entry = {"fact_id": fact.id, "episode_id": result.episode_id}
        (self.report.restated if replaced else self.report.unresolved).append(
            entry if replaced else {**entry, "text": note.text})

    def episode_line(self, note: Note, episode_id: int) -> None:
        """Apply an episode line: unchanged, or edited (stored once as a new note)."""
        self.seen_episodes.add(episode_id)
        try:
            episode = self.memory.get(episode_id=episode_id, user_id=self.user)
        except NotFound:
            self.not_here(note, "episode", episode_id)
            return
        assert isinstance(episode, Episode)
        if same_text(note.text, episode_line(episode)) or self.is_known(note):
            self.report.unchanged += 1  # as exported, or an edit an earlier import stored
            return
        if not has_words(note.text):  # edited to punctuation alone: no new message, the episode stays
            self.report.wordless.append({"file": note.file, "line": note.line, "text": note.text,
                                         "episode_id": episode_id})
            return
        meta = {METADATA_KEY: {"file": note.file, "kind": "edit", "edits_episode": episode_id,
                               "note": self.key(note)}}
        if self.forgot(unprefixed(note.text, episode), episode.role, episode.producer_id, meta):
            return
        said = self.memory.message(unprefixed(note.text, episode), role=episode.role, speaker=episode.producer_id,
                                   content_type="text", created_at=utcnow(), metadata=meta, user_id=self.user)
        if note.marker is not None and note.marker.forgotten:  # the edit keeps what was forgotten from the line
            self.forgotten_keys[self.key(note)] = note.marker.forgotten
        self.keep_forgotten([said])
        result = self.memory.add_many([said], skip_forgotten=False)[0]  # asked by ``forgot``, counted there
        self._facts(result)
        self.report.edited_episodes.append({"episode_id": episode_id, "new_episode_id": result.episode_id})

    def forgot(self, text: str, role: str, speaker: str | None, meta: dict[str, Any]) -> bool:
        """Whether an edited line, stored once as a statement, was forgotten here since (its note
        key); counted in ``forgotten``, so it is not stored again."""
        said = self.memory.message(text, role=role, speaker=speaker, content_type="text", metadata=meta,
                                   user_id=self.user)
        gone = self.forgotten([said])[0]
        self.report.forgotten += int(gone)
        return gone

    def not_here(self, note: Note, kind: str, ident: int) -> None:
        """A marker naming a memory this database does not hold: forgotten here (reported, never
        stored again), or never held (another database's projection: the line is a new note)."""
        entry = {f"{kind}_id": ident}
        forgot = self.memory.forgotten_among([ident], table=f"{kind}s").get(ident)
        owner = (self.memory.scope.org_id, self.memory.scope.project_id, self.user)
        # Ids are the database's: an id another user (or tenant) forgot is no memory of this one, and a
        # moved projection's line that happens to carry it was dropped as "forgotten" for everyone.
        if forgot is not None and (forgot["org_id"], forgot["project_id"], forgot["user_id"]) == owner:
            self.report.gone.append(entry)
            return
        if self.is_known(note):  # stored as a note by an earlier import of this folder
            self.report.unchanged += 1
            return
        self.report.foreign.append(entry)
        day = daily_date(note.file.rsplit("/", 1)[-1])
        when = said_on(day, self.now)
        said = SPEAKER.fullmatch(note.text) if kind == "episode" else None
        if said is None:
            self.new_note(note, when, "long_term" if day is None else "daily", rank=f"{kind} line")
            return
        who, text = said.group(1), said.group(2)
        self.new_note(note, when, "long_term" if day is None else "daily", text=text,
                      role=who if who in ROLES else "user", speaker=None if who in ROLES else who, rank="episode line")

    def removed(self, manifest: dict[str, Any]) -> None:
        """Ids the projection showed whose lines are gone, while memstrata still holds them."""
        for fact_id in manifest["facts"]:
            if isinstance(fact_id, int) and fact_id not in self.seen_facts and self._has("fact", fact_id):
                self.report.removed_facts.append(fact_id)
        for episode_id in manifest["episodes"]:
            if (isinstance(episode_id, int) and episode_id not in self.seen_episodes
                    and self._has("episode", episode_id)):
                self.report.removed_episodes.append(episode_id)

    def _has(self, kind: str, ident: int) -> bool:
        try:
            found = self.memory.get(ident, kind=kind, user_id=self.user)
        except NotFound:
            return False
        return not isinstance(found, Fact) or found.status == "active"


#: The order of the notes an import says at import time (those of MEMORY.md and other long-term
#: files), so a later one supersedes an earlier one as a user changing their mind would: a moved
#: projection's episode lines (the notes it was drawn from), then its fact lines (the values it
#: shows as current), then new lines. In file order the ``## Notes`` under the facts were said
#: last, and 'I like window seats' took back the 'prefers aisle seat' the folder showed.
SAID_ORDER = ("episode line", "fact line", "new")


def in_said_order(waiting: list[tuple[Note, Message, int | None]]) -> list[Message]:
    """The queued messages oldest first: a daily note on its date; the notes said at import time
    take those times (as read, in file order) in ``SAID_ORDER``, file order within a rank."""
    now = [m for _, m, rank in waiting if rank is not None]
    ranked = sorted((pair for pair in waiting if pair[2] is not None), key=lambda pair: pair[2] or 0)
    retimed = [replace(m, created_at=t) for (_, m, _), t in zip(ranked, sorted(x.created_at for x in now), strict=True)]
    return sorted([m for _, m, rank in waiting if rank is None] + retimed, key=lambda m: m.created_at)


def changed_value(fact: Fact, text: str) -> str | None:
    """The new value when ``text`` is the fact's statement with only its value changed, else ``None``.

    The statement is read as the frame around the value (``prefers `` UPS `` for shipping``;
    配送偏好 顺丰); a frame that holds the value other than once cannot be read that way.

    >>> from memstrata.types import Scope
    >>> from datetime import datetime, UTC
    >>> t = datetime(2026, 12, 5, tzinfo=UTC)
    >>> f = Fact(1, Scope(), "preference", "shipping.carrier", "UPS", "shipping", 0.9, 0.5, "low", (1,), t,
    ...          None, None, None, "active", 0, None, t, statement="prefers UPS for shipping")
    >>> changed_value(f, "prefers FedEx for shipping"), changed_value(f, "likes trains")
    ('FedEx', None)
    """
    statement, value = " ".join(fact.statement.split()), " ".join(fact.value.split())
    text = " ".join(text.split())
    if not value or statement.count(value) != 1:
        return None
    before, after = statement.split(value)
    if not (text.startswith(before) and text.endswith(after)) or len(text) <= len(before) + len(after):
        return None
    new = text[len(before):len(text) - len(after)].strip()
    return new if new and new != value else None
