"""The shipped MemoryBank annotations match the data they annotate."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memstrata.loaders.memorybank import annotations_path, load_memorybank

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "eval" / "data" / "memorybank"


@pytest.mark.parametrize(("lang", "answerable"), [("cn", 100), ("en", 99)])
def test_every_probe_is_annotated_with_existing_turns(lang: str, answerable: int) -> None:
    lines = [json.loads(line) for line in annotations_path(lang).read_text(encoding="utf-8").splitlines()]
    assert len(lines) == 100
    assert len({item["qid"] for item in lines}) == 100
    if not DATA.exists():
        pytest.skip(f"MemoryBank data not found at {DATA}")
    conversations = load_memorybank(DATA, lang)  # raises if an evidence id names no turn
    assert len(conversations) == 15
    assert sum(1 for c in conversations for q in c.qa if q.evidence) == answerable
    assert sum(len(c.messages) for c in conversations) == 1132
