"""Invisible format characters: refused in names, stripped from generated keys, shown when rendered.

Unicode's format characters (category Cf) draw nothing themselves but change what is drawn around
them: the bidirectional controls (U+202A-U+202E embeddings and overrides, U+2066-U+2069 isolates,
U+200E/U+200F/U+061C marks) reorder a line, so "\u202eUPS \u202cnot" can read as something it does
not say; zero-width spaces and joiners (U+200B-U+200D, U+2060, U+FEFF) make two names that look
the same differ; the tag characters (U+E0000-U+E007F) carry text no reader sees, which a model
reading a context block does read. Unchecked, they were taken into speakers and shown as
they are in context blocks, ``recall`` and MCP answers. The rule, one per place:

* **Names** (scope ids: org, project, user, agent, session; a message's ``speaker`` and
  ``produced_for``): any Cf character is refused with ``invalid_input`` naming the field, the
  code point and its position (``check_name``). A name is typed or pasted once and compared
  for ever: "alice\u200b" would be a second user who lists as "alice".
* **Keys made from model output** (an LLM feature's tag and feature name): Cf characters are
  removed (``strip_format``); the model's output is not the user's to correct.
* **Stored text** (messages, fact values and statements): kept exactly as received (episodes are
  the source of truth; an emoji sequence needs U+200D, Persian U+200C), and returned exactly by
  ``get``, ``list``, ``export`` and REST. **Rendered** (the context block, ``recall``, ``list`` and
  ``history`` on the terminal, MCP results), the controls that reorder or hide text are shown
  as a visible ``[U+202E]`` (``neutralise``): the bidi controls and the tag characters. Joiners
  and zero-width spaces stay: they reorder nothing and hide nothing that is not drawn anyway.
"""

from __future__ import annotations

import re
import unicodedata

from memstrata.errors import InvalidInput, at_character, character
from memstrata.text.regex import lazy_regex

#: What ``neutralise`` shows visibly: bidirectional embeddings, overrides, isolates and marks,
#: and the tag characters.
REORDERING = lazy_regex("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\U000e0000-\U000e007f]")


def _marker(match: re.Match[str]) -> str:
    return f"[U+{ord(match.group()):04X}]"


def neutralise(text: str) -> str:
    """``text`` for display: each bidi control or tag character replaced by its code point in
    brackets (``[U+202E]``), so it can neither reorder the line nor hide text; everything else
    unchanged.

    >>> neutralise("I prefer \\u202eSPU\\u202c for delivery")
    'I prefer [U+202E]SPU[U+202C] for delivery'
    >>> neutralise("我对花生过敏 👩\\u200d👩\\u200d👧")  # a joiner builds the emoji: kept
    '我对花生过敏 👩\\u200d👩\\u200d👧'
    """
    return REORDERING.sub(_marker, text) if REORDERING.search(text) else text


def blank(text: str) -> bool:
    """Whether ``text`` shows nothing: only whitespace and format characters (Unicode category Cf:
    zero-width spaces and joiners, BOM, soft hyphen, bidi controls, tags). One rule for every
    text that must say something, a message's content and a search's query alike: "\u200b" was
    refused as empty content but searched as a query, and the vector search returned hits.

    >>> blank("\u200b \u2060"), blank("\u200d👍")
    (True, False)
    """
    return all(c.isspace() or unicodedata.category(c) == "Cf" for c in text)


def strip_format(text: str) -> str:
    """``text`` without its format characters (Unicode category Cf)."""
    return "".join(c for c in text if unicodedata.category(c) != "Cf")


def _refused(message: str, field: str | None, offset: int) -> InvalidInput:
    """``InvalidInput`` naming the argument (``details.field``) and the place in its text
    (``details.position``, counted from 1 as the message's "at character N": docs/errors.md)."""
    error = InvalidInput(message, field=field)
    error.position = character(offset)  # type: ignore[attr-defined]
    return error


def check_name(value: str, what: str, field: str | None = None) -> None:
    """Refuse a name holding a format character (Unicode category Cf: bidi controls, zero-width
    spaces and joiners, BOM, tag characters) or a control character (Cc: a tab, a newline, ``\\x01``,
    an escape), as a scope identifier refuses both: every door shows a name without its control
    characters, so ``"alice\\x01"`` was a second speaker who read as "alice".

    Raises:
        InvalidInput: naming ``what``, the value, the code point and its character position
            (``details``: ``field``, the argument, and ``position``).
    """
    hidden = next((i for i, c in enumerate(value) if unicodedata.category(c) in ("Cf", "Cc")), None)
    if hidden is not None:
        code = f"U+{ord(value[hidden]):04X}"
        kind = "an invisible format" if unicodedata.category(value[hidden]) == "Cf" else "a control"
        raise _refused(f"{what} {value!r} contains {kind} character {code} {at_character(hidden)}; "
                       "remove it", field, hidden)


def check_text(value: str, what: str, field: str | None = None) -> None:
    """Reject text SQLite or JSON cannot keep faithfully: NUL bytes and lone surrogates.

    Raises:
        InvalidInput: naming ``what`` and the character position (``details``: ``field``, the
            argument, and ``position``).
    """
    for pos, ch in enumerate(value):
        if ch == "\x00":
            raise _refused(f"{what} contains a NUL byte {at_character(pos)}; remove it", field, pos)
        if "\ud800" <= ch <= "\udfff":
            raise _refused(f"{what} contains a lone surrogate U+{ord(ch):04X} {at_character(pos)}; "
                           "text must be valid Unicode (decode with errors='replace')", field, pos)
