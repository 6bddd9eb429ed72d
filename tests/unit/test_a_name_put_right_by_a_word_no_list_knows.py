"""A bare Chinese correction naming a word no list knows puts right the name said in the message before.

我妹妹叫小婉 then 说错了，是小婷 left 妹妹小婉 current: a bare correction was read only for a listed thing (a place, a
time, a number, a colour, a food), since a Chinese word alone may be anything (再等等, 高铁). The word is now read as a
tentative correction (``extract.corrected_later.tentative``) that the fact engine keeps only as the name the message
before said after 叫, when it begins as that name does or the correction names the old one
(``facts.previous._name_put_right``). 说错了，是高铁 / 是表妹 after 我妹妹叫小婉, or a correction after another message,
changes nothing; the rule extractor alone reads nothing new."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)


def _facts(path: Path, *messages: str) -> set[tuple[str, str]]:
    with Memory(path / "m.db", embedder=None, user_id="u1") as mem:
        for n, text in enumerate(messages):
            mem.add(text, created_at=_AT + timedelta(minutes=n))
        return {(f.value, f.status) for f in mem.list(kind="fact", status="all", limit=20)}


@pytest.mark.parametrize(("messages", "old", "new"), [
    (("我妹妹叫小婉。", "说错了，是小婷"), "妹妹小婉", "妹妹小婷"),
    (("我叫王婉。", "不好意思，是王芳"), "王婉", "王芳"),
    (("我妹妹叫小婉。", "说错了，是婷婷，不是小婉"), "妹妹小婉", "妹妹婷婷"),
])
def test_the_name_said_before_is_put_right(tmp_path: Path, messages: tuple[str, ...], old: str, new: str) -> None:
    assert _facts(tmp_path, *messages) == {(old, "superseded"), (new, "active")}


@pytest.mark.parametrize("messages", [
    ("我妹妹叫小婉。", "说错了，是高铁"),
    ("我妹妹叫小婉。", "说错了，是表妹"),
    ("我妹妹叫小婉。", "我坐火车去上海。", "说错了，是小婷"),
    ("我每天坐火车上班。", "说错了，是高铁"),
])
def test_a_word_that_is_no_name_said_before_changes_nothing(tmp_path: Path, messages: tuple[str, ...]) -> None:
    assert all(status == "active" for _, status in _facts(tmp_path, *messages))


def test_the_rule_extractor_alone_reads_no_unlisted_word() -> None:
    assert RuleExtractor().extract(text="说错了，是高铁", role="user", said_at=_AT) == []


@pytest.mark.parametrize(("messages", "old", "new"), [
    # a message that takes back what was said, then names the relative again in full (extract.restated.misspoke):
    # the one of that kind held is put right, never another relative (facts.kinds.same_kin)
    (("我老婆叫王芳。", "我儿子叫张小明。", "不好意思说错了，我儿子叫张晓明。"), "儿子张小明", "儿子张晓明"),
    (("My wife is Lin.", "My son is called Leo.", "Sorry, I misspoke, my son is called Theo."),
     "son named Leo", "son named Theo"),
    (("My son is called Leo.", "My daughter is called Mia.", "Oops, my daughter is called Maya."),
     "daughter named Mia", "daughter named Maya"),
])
def test_a_relative_named_again_after_a_correction_replaces_the_one_of_that_kind(
        tmp_path: Path, messages: tuple[str, ...], old: str, new: str) -> None:
    facts = _facts(tmp_path, *messages)
    assert {(old, "superseded"), (new, "active")} <= facts
    assert {v for v, status in facts if status == "superseded"} == {old}


def test_a_relative_named_after_no_correction_adds_one(tmp_path: Path) -> None:
    facts = _facts(tmp_path, "My son is called Leo.", "My daughter is called Mia.", "Also my brother is called Tom.")
    assert {status for _, status in facts} == {"active"}
