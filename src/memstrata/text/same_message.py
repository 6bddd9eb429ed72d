"""Which texts are one message to the person who sent it: the identity a forgotten message is known by.

A message forgotten here must stay out when a client sends it again (a log replayed, a sync job, a
retry, a transcript re-read by a hook: ``write.forgotten``). Such a copy is rarely byte-for-byte the
original: a shell adds a trailing newline, Windows turns LF into CRLF, macOS hands text over in NFD
(``e`` + combining acute for ``é``), an editor re-wraps a paragraph or pads with a full-width space
(U+3000) or a no-break space, a copy out of a web page carries a zero-width space. None of these
changes what a person reads, so none may bring a forgotten message back. ``said_text`` folds them:

- whitespace: every run of it (spaces, tabs, CR, LF, CRLF, U+3000, U+00A0 and the other Unicode
  spaces ``str.split`` knows) is one space, and none at either end. Whether there is a space stays:
  ``我 喜欢`` and ``我喜欢`` are not folded into one (a word boundary may be meant);
- invisible format characters that draw nothing and join or break nothing a reader sees:
  zero-width space U+200B, word joiner U+2060, byte-order mark U+FEFF, soft hyphen U+00AD (dropped);
- Unicode canonical equivalence (NFC): ``é`` precomposed or decomposed, Hangul syllables or jamo,
  are by Unicode's definition the same characters and drawn the same.

Kept as they are, because they may change what the message says: letter case (``US`` / ``us``,
``Polish`` / ``polish``), punctuation (``Really.`` / ``Really?``), compatibility forms (NFKC is not
applied: ``m²`` / ``m2``, full-width ``，`` / ``,`` are other characters a person chose or typed),
the zero-width joiner and non-joiner U+200D / U+200C (they change how an emoji sequence or an
Arabic, Persian or Indic word is drawn), and the message's role, speaker and time (to the
microsecond, in UTC: the same instant given with another offset is the same time).

The identity hashed is versioned (``SAID_PREFIX``): a later change of what is folded must be a new
prefix, with the old form still asked, as ``store.suppressed`` asks the exact-text identity
(``episodes.content_hash``) that stores written before this one kept.
"""

from __future__ import annotations

import hashlib
import json
import unicodedata
from datetime import datetime

from memstrata.clock import to_db

#: Versions ``said_hash``'s input, so a later change of what it folds cannot match this one.
SAID_PREFIX = "memstrata message said v1"
#: Format characters that draw nothing and break or join nothing a reader sees: zero-width space,
#: word joiner, byte-order mark (a zero-width no-break space inside a text), soft hyphen. Unicode's
#: ``Cf`` category holds them and others that do change the drawing (U+200C/U+200D, bidi marks).
INVISIBLE = dict.fromkeys(map(ord, "\u200b\u2060\ufeff\u00ad"))


def said_text(text: str) -> str:
    """``text`` as a person reads it (see the module docstring): invisible characters dropped, NFC,
    each run of whitespace one space, none at the ends. ``said_text(said_text(t)) == said_text(t)``."""
    return " ".join(unicodedata.normalize("NFC", text.translate(INVISIBLE)).split())


def said_hash(role: str, speaker: str | None, created_at: datetime, content: str) -> str:
    """Hex SHA-256 of a message's role, speaker, time (UTC, microseconds) and ``said_text``: one
    value for every copy of the message that reads the same. ``created_at`` timezone-aware."""
    payload = json.dumps([SAID_PREFIX, role, speaker, to_db(created_at), said_text(content)], ensure_ascii=False)
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def note_key(file: str, text: str) -> str:
    """A Markdown note's key (``integrations.markdown.importer.note_key``): SHA-256 (hex, 32
    characters) of its file's path in the folder and its ``said_text``; a forget keeps it for the
    lines a projection shows (``store.suppressed``)."""
    return hashlib.sha256(f"{file}\n{said_text(text)}".encode()).hexdigest()[:32]
