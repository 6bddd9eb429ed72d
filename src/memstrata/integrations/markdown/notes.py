"""Markdown memory files as notes: parse bullets and paragraphs under headings, and the
citation markers the projection writes.

The shapes read (looked up from their projects' documentation):

* OpenClaw: ``MEMORY.md`` (curated long-term memory) and ``memory/YYYY-MM-DD.md`` or
  ``memory/YYYY-MM-DD-<slug>.md`` (daily notes, append-only), ``USER.md``.
* NanoBot: ``memory/MEMORY.md`` and ``memory/YYYY-MM-DD.md``.
* Letta MemFS: Markdown files with YAML front matter (``system/human.md`` ...).
* Anthropic's memory tool: free-form files under a ``/memories`` directory.

A *note* is one bullet (``-``, ``*``, ``+`` or ``1.``, with its indented continuation lines;
a ``[ ]`` / ``[x]`` checkbox dropped, a backslash escape at the start of a line undone) or one
paragraph, with the path of headings above it.
Fenced code (CommonMark: three or more backticks or tildes, closed by a line of at least as
many of the same character) is one note, its lines kept as written and never read as bullets,
headings or markers; an unclosed fence runs to the end of the file. Front matter, tables'
rules, horizontal rules and whole-line HTML comments are not notes.
A trailing ``<!-- fact:12 ep:3,5 -->`` or ``<!-- ep:7 -->`` is the projection's citation
marker (``memstrata export --format markdown``), read back on import; a fenced note's marker is
the whole line right after its closing fence (``note_block``), so the code stays as written.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from memstrata.errors import InvalidInput
from memstrata.text.regex import lazy_regex

#: A daily note's file name: ``2026-12-05.md`` or ``2026-12-05-<slug>.md`` (OpenClaw's session files).
DAILY_NAME = lazy_regex(r"^(\d{4}-\d{2}-\d{2})(?:-[^/]*)?\.md$")
_HEADING = lazy_regex(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
#: A bullet; an empty one (a list item begun and left, ``-`` or ``1.`` alone) has no text.
_BULLET = lazy_regex(r"^(\s*)(?:[-*+]|\d{1,3}[.)])(?:\s+(.*))?$")
_CHECKBOX = lazy_regex(r"^\[[ xX]\](?:\s+|$)")
#: ``forgotten:KEY,KEY``: the keys of facts forgotten from that episode while it stays (``Marker.forgotten``).
_MARKER = lazy_regex(r"\s*<!--\s*(?:fact:(\d+))?\s*(?:ep:([\d,]+))?\s*(?:forgotten:([\w.-]+(?:,[\w.-]+)*))?\s*-->\s*$")
_COMMENT_LINE = lazy_regex(r"^\s*<!--.*-->\s*$")
#: A horizontal rule: three or more of one character of ``-*_`` (CommonMark: "- **" mixes two, so it is a
#: bullet of punctuation, which the import names), or a table's rule.
_RULE = lazy_regex(r"^\s*(?:(?:-\s*){3,}|(?:\*\s*){3,}|(?:_\s*){3,})$|^\s*\|?\s*:?-{3,}")
_FENCE = lazy_regex(r"^\s{0,3}(`{3,}|~{3,})")
#: A backslash before ASCII punctuation at the start of a line: the character is text (CommonMark).
_ESCAPED = lazy_regex(r"^\\[!-/:-@\[-`{-~]")
#: A numbered item's escaped form, ``1\. text`` (CommonMark), and the item it would be unescaped.
_NUMBERED_ESCAPED = lazy_regex(r"^(\d{1,3})\\([.)])")
_NUMBERED = lazy_regex(r"^(\d{1,3})([.)])(?:\s|$)")


@dataclass(frozen=True)
class Marker:
    """The projection's citation on a line: the fact it shows (``None`` for an episode line)
    and the episodes it cites (for an episode line, the episode itself first); on an episode
    line, ``forgotten``: the keys of facts forgotten from that message while it stays, which an
    import keeps forgotten wherever it stores the line (``lifecycle.forgotten_keys``)."""

    fact_id: int | None
    episode_ids: tuple[int, ...]
    forgotten: tuple[str, ...] = ()

    def render(self) -> str:
        """``<!-- fact:12 ep:3,5 -->`` (or ``<!-- ep:7 -->``, ``<!-- ep:7 forgotten:music.like -->``),
        the form ``split_marker`` reads."""
        parts = ([f"fact:{self.fact_id}"] if self.fact_id is not None else []) + (
            [f"ep:{','.join(map(str, self.episode_ids))}"] if self.episode_ids else []) + (
            [f"forgotten:{','.join(self.forgotten)}"] if self.forgotten else [])
        return f"<!-- {' '.join(parts)} -->"


@dataclass(frozen=True)
class Note:
    """One bullet or paragraph of a file: ``text`` without bullet, checkbox and marker;
    ``headings`` the heading path above it; ``line`` where it starts (from 1)."""

    file: str
    line: int
    headings: tuple[str, ...]
    text: str
    marker: Marker | None = None


def split_marker(text: str) -> tuple[str, Marker | None]:
    """``text`` without a trailing citation marker, and the marker (``None`` if there is none).

    >>> split_marker("prefers UPS for shipping <!-- fact:12 ep:3,5 -->")
    ('prefers UPS for shipping', Marker(fact_id=12, episode_ids=(3, 5), forgotten=()))
    >>> split_marker("I like jazz <!-- ep:7 forgotten:music.like -->")
    ('I like jazz', Marker(fact_id=None, episode_ids=(7,), forgotten=('music.like',)))
    >>> split_marker("no marker")
    ('no marker', None)
    """
    found = _MARKER.search(text)
    if found is None or not (found.group(1) or found.group(2)):
        return text, None
    ids = tuple(int(i) for i in (found.group(2) or "").split(",") if i)
    keys = tuple(k for k in (found.group(3) or "").split(",") if k)
    return text[:found.start()], Marker(int(found.group(1)) if found.group(1) else None, ids, keys)


#: The earliest day a daily note may be named for: a memory folder holds a person's days, and a
#: name like ``0001-01-01.md`` is a placeholder or a typo, not a day said.
EARLIEST_DAY = date(1900, 1, 1)


def daily_date(name: str) -> date | None:
    """The date of a daily note's file name (``2026-12-05.md``, ``2026-12-05-standup.md``), else ``None``.

    Raises:
        InvalidInput: a name shaped as a daily note whose date is none (``2026-02-30.md``,
            ``0000-01-01.md``) or before ``EARLIEST_DAY``: read as long-term notes, its notes were
            said at import time, or in year 1."""
    found = DAILY_NAME.match(name)
    if found is None:
        return None
    try:
        day = date.fromisoformat(found.group(1))
    except ValueError:
        raise InvalidInput(f"{name} is named as a daily note (YYYY-MM-DD.md), but {found.group(1)} is no "
                           "date; rename it to its day, or to a name without a date for long-term notes") from None
    if day < EARLIEST_DAY:
        raise InvalidInput(f"{name} is named as a daily note of {day}, before {EARLIEST_DAY}; rename it to "
                           "its day, or to a name without a date for long-term notes")
    return day


def has_words(text: str) -> bool:
    r"""Whether a note says anything: a letter or digit of any script, or fenced code. A bullet of
    punctuation alone (``- **``, ``- …``, ``- `` ` ``) is emphasis or a list begun and left, not a memory.

    >>> has_words("**"), has_words("- …"), has_words("好"), has_words("42"), has_words("```\n{}\n```")
    (False, False, True, True, True)
    """
    return is_fenced(text) or any(ch.isalnum() for ch in text)


def same_text(a: str, b: str) -> bool:
    """Whether two note texts say the same, whitespace aside (a re-wrapped line is unchanged)."""
    return a.split() == b.split()


def parse(text: str, file: str) -> list[Note]:
    """The notes of one Markdown file, in file order (see the module docstring).

    Raises:
        InvalidInput: front matter that is never closed (``file:1``).
    """
    reader = _Reader(file)
    for number, raw in _without_front_matter(text.splitlines(), file):
        reader.feed(number, raw)
    reader.flush()
    return reader.notes


class _Reader:
    """Line by line: the open block (a bullet, a paragraph or fenced code) and the headings."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.notes: list[Note] = []
        self.headings: list[str] = []
        self.block: list[str] = []
        self.start = 0
        self.fence = ""  # the open fence's opening run (```, ~~~~ ...), "" outside code
        self.closed = False  # a fence just closed: its marker may follow on the next line

    def flush(self) -> None:
        """Close the open block as a note (its marker split off, a checkbox dropped)."""
        if self.block:
            body, marker = split_marker("\n".join(self.block).strip())
            if is_fenced(body):
                body = body.strip()
            else:
                body = "\n".join(_unescape(line) for line in _CHECKBOX.sub("", body).strip().splitlines()).strip()
            # a fact line emptied by hand is kept: the importer names it rather than read it as deleted;
            # a line of punctuation alone is kept too: a stored message may be "***", and the importer
            # names a new one ("MEMORY.md:5") rather than drop it unsaid
            if body or (marker is not None and marker.fact_id is not None):
                self.notes.append(Note(self.file, self.start, tuple(self.headings), body, marker))
        self.block, self.closed = [], False

    def open(self, number: int, first: str) -> None:
        """Start a block at line ``number`` (the previous one closed)."""
        self.flush()
        self.start, self.block = number, [first]

    def feed(self, number: int, raw: str) -> None:
        """Read one line: fence, heading, bullet, blank/comment/rule, continuation or paragraph."""
        if self.fence:
            self.block.append(raw)
            if _closes(raw, self.fence):
                self.fence, self.closed = "", True
            return
        if self.closed:
            marker = _COMMENT_LINE.match(raw) and split_marker(raw.strip())[1] is not None
            if marker:
                self.block.append(raw.strip())  # the fenced note's marker (``note_block``)
            self.flush()
            if marker:
                return
        if fence := _FENCE.match(raw):
            self.open(number, raw)
            self.fence = fence.group(1)
        elif heading := _HEADING.match(raw):
            self.flush()
            level = len(heading.group(1))
            del self.headings[level - 1:]
            self.headings += [""] * (level - 1 - len(self.headings)) + [heading.group(2)]
        elif _RULE.match(raw):  # before bullets: "* * *" and "- - -" are rules (CommonMark)
            self.flush()
        elif item := _BULLET.match(raw):
            self.open(number, item.group(2) or "")
        elif not raw.strip() or _COMMENT_LINE.match(raw):
            self.flush()
        elif self.block:
            self.block.append(raw.strip())  # a continuation line of the bullet or paragraph
        else:
            self.open(number, raw.strip())


def _closes(line: str, fence: str) -> bool:
    """Whether ``line`` closes the code opened by ``fence``: only its character, at least as many,
    nothing after them (CommonMark)."""
    found = _FENCE.match(line)
    run = found.group(1) if found else ""
    return run[:1] == fence[:1] and len(run) >= len(fence) and not line.strip()[len(run):].strip()


def is_fenced(text: str) -> bool:
    """Whether a note's text is fenced code: it opens with a fence and its last line, and no line
    before it, closes it (code holding two blocks is written as a bullet, escaped)."""
    lines = text.strip().splitlines()
    opened = _FENCE.match(lines[0]) if lines else None
    return (opened is not None and len(lines) > 1 and _closes(lines[-1], opened.group(1))
            and not any(_closes(line, opened.group(1)) for line in lines[1:-1]))


#: A YAML mapping line ("title: Human", "description: ..."): what front matter holds.
_YAML_KEY = lazy_regex(r"^[A-Za-z_][\w-]*:(?:\s|$)")


def _without_front_matter(lines: list[str], file: str) -> list[tuple[int, str]]:
    """Numbered lines, a leading ``---`` ... ``---`` YAML block (Letta's files) left out.

    Raises:
        InvalidInput: a ``---`` first line followed by YAML (``key: value``) and never closed:
            read as notes, its keys ("title: [unclosed") were stored as memories.
    """
    numbered = list(enumerate(lines, start=1))
    if lines and lines[0].strip() == "---":
        for i in range(1, len(lines)):
            if lines[i].strip() in ("---", "..."):
                return numbered[i + 1:]
        first = next((line.strip() for line in lines[1:] if line.strip()), "")
        if _YAML_KEY.match(first):
            raise InvalidInput(f"{file}:1: front matter opened with '---' is never closed; end it with a "
                               "'---' line")
    return numbered


def note_block(text: str, marker: Marker | None) -> str:
    """One note as ``parse`` reads it back: fenced code exactly as written, its marker on the line
    after the closing fence (a marker on the fence line would keep it from closing in a Markdown
    viewer) and a blank line around it; any other text as a ``bullet``."""
    if not is_fenced(text):
        return bullet(text, marker)
    return f"\n{text.strip()}" + (f"\n{marker.render()}\n" if marker is not None else "\n")


def bullet(text: str, marker: Marker | None) -> str:
    """One note as a bullet the parser reads back to ``text`` (whitespace aside: ``same_text``)
    and ``marker``: further lines of a multi-line text are indented two spaces (continuation
    lines of the bullet), blank lines dropped (a blank line would end the bullet), and a line the
    parser would read as a fence, bullet, rule, comment or checkbox is escaped with a backslash
    (``_escape``), so a message holding a list or half a code block comes back as it was."""
    first, *rest = [line.strip() for line in text.strip().splitlines() if line.strip()] or [""]
    tail = f" {marker.render()}" if marker is not None else ""
    lines = [f"- {_escape(first, first=True)}", *(f"  {_escape(line, first=False)}" for line in rest)]
    lines[-1] += tail
    return "\n".join(lines)


def _escape(line: str, *, first: bool) -> str:
    """``line`` as written in a bullet (the first line after ``- ``, or a continuation line) so that
    ``parse`` reads it back as text: a backslash before a line that would open a fence, a bullet, a
    rule, a comment or (first line) a checkbox, or that starts with an escape itself (CommonMark's
    backslash escapes: ``\\- item``, ``1\\. item``, which a Markdown viewer shows as written)."""
    if _ESCAPED.match(line):
        return "\\" + line
    if first:
        return "\\" + line if _CHECKBOX.match(line) or _RULE.match(f"- {line}") else line
    if numbered := _NUMBERED.match(line):
        return numbered.group(1) + "\\" + line[len(numbered.group(1)):]
    # any line opening a comment: the last one reads as a whole comment once its marker is appended
    if _FENCE.match(line) or _BULLET.match(line) or _RULE.match(line) or line.startswith("<!--"):
        return "\\" + line
    return line


def _unescape(line: str) -> str:
    """A note's line with its leading backslash escape undone (``_escape``'s inverse)."""
    if numbered := _NUMBERED_ESCAPED.match(line):
        return numbered.group(1) + line[len(numbered.group(1)) + 1:]
    return line[1:] if _ESCAPED.match(line) else line
