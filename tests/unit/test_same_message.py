"""Which texts are one message to the person who sent it (``text.same_message``): the identity by
which a forgotten message stays out when a client sends it again. A copy with a trailing space, CRLF,
NFD, a full-width or no-break space or a zero-width space reads the same and has one identity; a
change of case, punctuation, words, role, speaker or time is another message."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from memstrata.text.same_message import said_hash, said_text

WHEN = datetime(2026, 11, 1, 10, 0, 0, 123456, tzinfo=UTC)
SAID = "I'm allergic to peanuts.\nAnd to café crème."

#: Copies of ``SAID`` a client may send again that read the same.
SAME = {
    "trailing space": SAID + " ",
    "trailing newline": SAID + "\n",
    "leading tab": "\t" + SAID,
    "CRLF": SAID.replace("\n", "\r\n"),
    "blank line": SAID.replace("\n", "\n\n"),
    "space for newline": SAID.replace("\n", " "),
    "double inner space": SAID.replace("to peanuts", "to  peanuts"),
    "NFD": SAID.replace("é", "e\u0301").replace("è", "e\u0300"),
    "full-width space": SAID.replace(" to ", "\u3000to\u3000"),
    "no-break space": SAID.replace("allergic to", "allergic\u00a0to"),
    "zero-width space": SAID.replace("peanuts", "pea\u200bnuts"),
    "byte-order mark": "\ufeff" + SAID,
}
#: Texts that say something else, or may: each another message.
OTHER = {
    "case": SAID.replace("peanuts", "Peanuts"),
    "punctuation": SAID.replace("peanuts.", "peanuts?"),
    "a word": SAID.replace("peanuts", "walnuts"),
    "a space taken out": SAID.replace("allergic to", "allergicto"),
    "full-width punctuation": SAID.replace(".", "\uff0e"),
    "compatibility form": SAID.replace("café", "caf\u00e9\u00b2"),
    "zero-width joiner": SAID.replace("peanuts", "pea\u200dnuts"),
}


@pytest.mark.parametrize("name", sorted(SAME))
def test_a_copy_that_reads_the_same_has_the_same_identity(name: str) -> None:
    assert said_text(SAME[name]) == said_text(SAID)
    assert said_hash("user", None, WHEN, SAME[name]) == said_hash("user", None, WHEN, SAID)


@pytest.mark.parametrize("name", sorted(OTHER))
def test_a_text_that_may_say_something_else_is_another_message(name: str) -> None:
    assert said_hash("user", None, WHEN, OTHER[name]) != said_hash("user", None, WHEN, SAID)


def test_chinese_copies_fold_their_spaces_and_keep_their_punctuation() -> None:
    said = "我以後都希望用順豐。"
    assert said_hash("user", None, WHEN, f"\u3000{said}\r\n") == said_hash("user", None, WHEN, said)
    assert said_hash("user", None, WHEN, said.replace("。", "！")) != said_hash("user", None, WHEN, said)
    assert said_hash("user", None, WHEN, said.replace("希望", "希 望")) != said_hash("user", None, WHEN, said)


def test_the_same_instant_with_another_offset_is_the_same_time_and_another_instant_is_not() -> None:
    east = WHEN.astimezone(timezone(timedelta(hours=8)))
    assert said_hash("user", None, east, SAID) == said_hash("user", None, WHEN, SAID)
    assert said_hash("user", None, WHEN + timedelta(microseconds=1), SAID) != said_hash("user", None, WHEN, SAID)


def test_role_and_speaker_are_part_of_the_identity() -> None:
    base = said_hash("user", None, WHEN, SAID)
    assert said_hash("assistant", None, WHEN, SAID) != base
    assert said_hash("user", "Ann", WHEN, SAID) != base


def test_said_text_is_idempotent_and_keeps_what_it_does_not_fold() -> None:
    for text in [*SAME.values(), *OTHER.values()]:
        assert said_text(said_text(text)) == said_text(text)
    assert said_text(" a\r\n\r\nB,\u3000c\u200b ") == "a B, c"
