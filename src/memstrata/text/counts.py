"""Counts in English words: ``1 fact``, ``2 facts``, ``0 facts``, for every message that counts.

The command line and the Markdown importer said "1 episodes", "1 facts" and "batch(es)": each
message made its plural by hand, or not at all. ``counted`` is the one way a message counts
something; ``noun`` gives the word alone where the number is elsewhere ("the records name
users a, b"). Chinese has no plural form (一条 / 三条 take the same noun), so a Chinese message
needs none of this.
"""

from __future__ import annotations

from collections.abc import Mapping

#: Receipt and summary counts (``ForgetReceipt.counts``: table names, and what a project deletion
#: adds) in words, singular and plural: a person reads "1 memory event", not "1 memory_events".
ROW_WORDS: dict[str, tuple[str, str]] = {
    "memory_events": ("memory event", "memory events"),
    "memory_events_scrubbed": ("memory event scrubbed", "memory events scrubbed"),
    "summaries": ("session summary", "session summaries"),
    "extraction_queue": ("queued extraction", "queued extractions"),
    "idempotency_keys": ("idempotency key", "idempotency keys"),
    "api_keys_revoked": ("API key revoked", "API keys revoked"),
}


def plural_of(singular: str) -> str:
    """The regular English plural of ``singular`` (its last word): ``-s``, ``-es`` after s, x, z,
    ch and sh, ``-ies`` for a consonant and ``y``.

    >>> [plural_of(w) for w in ("fact", "batch", "summary", "day", "LLM call")]
    ['facts', 'batches', 'summaries', 'days', 'LLM calls']
    """
    if singular.endswith(("s", "x", "z", "ch", "sh")):
        return singular + "es"
    if singular.endswith("y") and singular[-2:-1] not in ("a", "e", "i", "o", "u"):
        return singular[:-1] + "ies"
    return singular + "s"


def noun(n: int, singular: str, plural: str | None = None) -> str:
    """``singular`` when ``n`` is 1, else ``plural`` (default ``plural_of(singular)``): English
    uses the plural for 0 ("0 facts") as for 2 and more.

    >>> noun(1, "user"), noun(0, "user"), noun(3, "person", "people")
    ('user', 'users', 'people')
    """
    return singular if n == 1 else plural or plural_of(singular)


def counted(n: int, singular: str, plural: str | None = None) -> str:
    """``n`` and its noun: ``counted(1, "fact")`` is ``1 fact``, ``counted(2, "fact")`` ``2 facts``.

    >>> counted(1, "episode"), counted(4, "episode"), counted(0, "character")
    ('1 episode', '4 episodes', '0 characters')
    """
    return f"{n} {noun(n, singular, plural)}"


def counted_rows(counts: Mapping[str, int]) -> str:
    """The non-zero ``counts`` of a receipt (named by table: ``episodes``, ``memory_events``), in
    words and in order: ``1 episode, 1 segment, 2 memory events``; ``""`` when all are zero.

    >>> counted_rows({"episodes": 1, "segments": 0, "facts": 2, "memory_events": 1})
    '1 episode, 2 facts, 1 memory event'
    """
    parts = []
    for name, n in counts.items():
        if n:
            singular, plural = ROW_WORDS.get(name, (name.replace("_", " ").removesuffix("s"),
                                                    name.replace("_", " ")))
            parts.append(counted(n, singular, plural))
    return ", ".join(parts)
