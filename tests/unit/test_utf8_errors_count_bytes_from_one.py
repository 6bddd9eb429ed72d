"""A file that is not UTF-8 names the bad byte counted from 1, as every door names a place (docs/errors.md):
an import line, a Markdown note and a hook settings file said "byte 5" of the 6th byte (Python's 0-based
offset), where standard input, a LoCoMo file and a REST body say "byte 6". Each now names the byte's value
and its place from 1."""

from __future__ import annotations

from pathlib import Path

import pytest

from memstrata.errors import InvalidInput
from memstrata.integrations.hooks.install import InstallError, install
from memstrata.integrations.markdown.folder import read_text
from memstrata.loaders.jsonl import load_jsonl_messages

BAD = b'{"content": "I am \xff"}\n'  # 0xff is byte 19, counted from 1


def test_an_import_line_names_the_byte_from_one(tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    path.write_bytes(BAD)
    with pytest.raises(InvalidInput, match=r"line 1: not UTF-8: byte 0xff at byte 19 of the line "):
        list(load_jsonl_messages(path))


def test_a_markdown_note_names_the_byte_from_one(tmp_path: Path) -> None:
    path = tmp_path / "MEMORY.md"
    path.write_bytes(b"- I like caf\xe9\n")
    with pytest.raises(InvalidInput, match=r"^MEMORY\.md: not UTF-8 text \(byte 0xe9 at byte 13\)"):
        read_text(path, "MEMORY.md")


def test_a_hook_settings_file_names_the_byte_from_one(tmp_path: Path) -> None:
    settings = tmp_path / ".claude" / "settings.local.json"
    settings.parent.mkdir()
    settings.write_bytes(b'{"a": "\xe9"}')
    with pytest.raises(InstallError, match=r"not UTF-8 text \(byte 0xe9 at byte 8, counted from 1\)"):
        install("claude-code", tmp_path)
