"""A fear said in Chinese is a fact of its own: 我怕坐飞机, 我很怕蛇, 我有恐高症 stored nothing; now each is
``fear`` (many at once: a second fear adds, never replaces), a relative's under their own subject, and a fear
said as ended (我现在不怕坐飞机了) withdraws it. A worry about what may happen (我怕来不及, 我怕他生气, 我怕被裁员), the
body's discomfort (我怕冷), a fear denied with no change (我不怕蛇) and one of the moment (我今天有点怕) store none."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor
from memstrata.extract.taxonomy import key_spec

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str | None, bool]]:
    return sorted((c.key, c.value, c.subject or None, c.retracts)
                  for c in RuleExtractor().extract(text=text, role="user", said_at=_AT))


@pytest.mark.parametrize(("text", "feared"), [
    ("我怕坐飞机", "坐飞机"),
    ("我很怕蛇", "蛇"),
    ("我特别害怕打针", "打针"),
    ("我从小就怕黑", "黑"),
    ("我有恐高症", "恐高症"),
    ("我恐高", "恐高"),
    ("我有点幽闭恐惧症", "幽闭恐惧症"),
    ("我对深水有恐惧感", "深水"),
])
def test_a_fear_is_stored(text: str, feared: str) -> None:
    assert _read(text) == [("fear", feared, None, False)]


@pytest.mark.parametrize(("text", "subject"), [("我女儿怕黑", "daughter"), ("小李很怕狗", "小李")])
def test_someone_elses_fear_is_theirs(text: str, subject: str) -> None:
    assert [(k, s) for k, _, s, _ in _read(text)] == [("fear", subject)]


@pytest.mark.parametrize("text", ["我怕来不及", "我怕他生气", "我怕被裁员", "我怕冷", "我不怕蛇", "我今天有点怕蛇",
                                  "我怕忘了", "你怕蛇吗"])
def test_a_worry_a_discomfort_a_denial_or_a_moment_is_no_fear(text: str) -> None:
    assert [f for f in _read(text) if f[0] == "fear"] == []


def test_fears_add_up_and_one_said_as_ended_is_withdrawn(tmp_path: Path) -> None:
    assert key_spec("fear").cardinality == "many"
    with Memory(tmp_path / "m.db", embedder=None, user_id="u") as m:
        for said in ("我怕坐飞机", "我也很怕蛇", "我现在不怕坐飞机了"):
            m.add(said)
        active = sorted(f.value for f in m.list(kind="fact") if f.key == "fear")
    assert active == ["蛇"]
