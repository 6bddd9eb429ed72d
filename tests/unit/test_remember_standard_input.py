"""``memstrata remember -`` at a terminal says it is reading, and names the byte that is not UTF-8.

At a terminal the command read standard input to its end in silence, looking hung; it now says on
stderr what it waits for. A byte that is not UTF-8 was named counted from 0 ("byte 0 is 0xce"),
where every place memstrata names counts from 1 (docs/errors.md). A real terminal: a pseudo-terminal
pair, the text typed on its master side.
"""

from __future__ import annotations

import io
import os
import pty

import pytest

from clirun import cli
from memstrata.cli import memories
from memstrata.errors import InvalidInput


def test_a_terminal_is_told_how_to_end_the_message_and_the_message_is_read(capsys: pytest.CaptureFixture[str]) -> None:
    master, slave = pty.openpty()
    with os.fdopen(slave, "rb", buffering=0) as terminal:
        os.write(master, b"I live in Paris\n\x04")  # Ctrl-D on a line of its own: the end
        text = memories.read_message(terminal)
    os.close(master)
    assert text == "I live in Paris\n"
    assert "Ctrl-D" in " ".join(capsys.readouterr().err.split())


def test_a_pipe_is_read_without_a_word_and_a_bad_byte_is_counted_from_1(capsys: pytest.CaptureFixture[str]) -> None:
    assert memories.read_message(io.BytesIO("我喜欢喝茶".encode())) == "我喜欢喝茶"
    assert capsys.readouterr().err == ""
    with pytest.raises(InvalidInput) as caught:
        memories.read_message(io.BytesIO(b"ok \xce\xd2"))
    assert "byte 4 is 0xce" in str(caught.value) and caught.value.field == "text"


def test_an_empty_text_argument_is_refused_and_standard_input_is_not_read(tmp_path: os.PathLike[str]) -> None:
    db = os.path.join(tmp_path, "memory.db")
    run = cli("remember", "", "--db", db, "--json", stdin="I live in Paris\n",
              env={"MEMSTRATA_EMBEDDING_MODEL": "hashing-64"})
    assert run.code == 2 and '"field": "content"' in run.err, run.err
    assert not os.path.exists(db)  # nothing stored, no new file
