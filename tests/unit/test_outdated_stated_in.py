"""Which sentence of a message states a fact's value (``text.stating.stated_in``)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.privacy.crypto import UNREADABLE
from memstrata.text.stating import outdated_parts, stated_in


@pytest.mark.parametrize(("value", "text", "expected"), [
    ("UPS", "I prefer UPS for delivery.", True),
    ("UPS", "I prefer ups.", True),  # case folded
    ("UPS", "I prefer ＵＰＳ.", True),  # full-width letters, as the extractor reads them
    ("UPS", "Two cups of tea, please.", False),  # a whole word, not a piece of one
    ("UPS", "I am allergic to peanuts.", False),
    ("顺丰", "我以後都希望用順豐。", True),  # Traditional characters read as Simplified
    ("火锅", "I like 火锅!", True),
    ("peanuts", "I am allergic to peanuts.", True),
    ("", "anything", False),
    (UNREADABLE, "I prefer UPS.", False),  # an encrypted value read without the key
    ("4", "今年四岁。", True),  # a number said in Chinese numerals
    ("15", "她十五岁了", True),
    ("4", "她十四岁了", False),
    ("4", "I have 14 cats.", False),
])
def test_stated_in(value: str, text: str, expected: bool) -> None:
    assert stated_in(value, text) is expected


@pytest.mark.parametrize(("text", "cited", "expected"), [
    # The withdrawn sentence, beside current ones.
    ("I prefer UPS for delivery. I am allergic to peanuts. My gate code is 4417.",
     [("UPS", False), ("peanuts", True)], ("I am allergic to peanuts.",)),
    # One sentence, two facts: the clause of the replaced one (不放门口 placed by shared characters).
    ("我以後都希望用順豐，別放門口", [("顺丰", True), ("不放门口", False)], ("我以後都希望用順豐",)),
    ("我以后都用顺丰。我对花生过敏。", [("顺丰", True), ("花生", False)], ("我以后都用顺丰。",)),
    # A clause that states both values stays unlabelled.
    ("I used UPS, now FedEx", [("UPS", True), ("FedEx", False)], ("I used UPS",)),
    ("I moved from UPS to FedEx", [("UPS", True), ("FedEx", False)], ()),
    ("I use FedEx instead of UPS", [("UPS", True), ("FedEx", False)], ()),
    # One clause, a value that holds and one replaced, nothing splitting them: the replaced value with the word
    # opening its phrase.
    ("I work as a nurse at OHSU, night shifts mostly", [("nurse", False), ("OHSU", True)], ("at OHSU",)),
    ("我在阿里当程序员", [("程序员", False), ("阿里", True)], ("在阿里",)),
    # Nothing superseded: no pieces. Everything: the pieces stating the values (a hit on another
    # sentence of the message still holds, ``_episode_outdated``).
    ("I prefer UPS. I am allergic to peanuts.", [("UPS", False), ("peanuts", False)], ()),
    ("I prefer UPS. I am allergic to peanuts.", [("UPS", True), ("peanuts", True)],
     ("I prefer UPS.", "I am allergic to peanuts.")),
    ("I prefer UPS. My gate code is 4417.", [("UPS", True)], ("I prefer UPS.",)),
    # A current value the text does not spell out might be in any sentence: nothing labelled.
    ("I prefer UPS for delivery. I use VS Code.", [("UPS", True), ("VSCode", False)], ()),
    # A superseded value the text does not spell out labels nothing either.
    ("I ship with SF Express. I am allergic to peanuts.", [("顺丰", True), ("peanuts", False)], ()),
])
def test_outdated_parts(text: str, cited: list[tuple[str, bool]], expected: tuple[str, ...]) -> None:
    parts = outdated_parts(text, cited)
    assert parts == expected
    assert all(part in text for part in parts)  # pieces of the text itself: the renderer finds them


def test_a_replaced_value_labels_the_clause_stating_it_not_the_company_said_with_it() -> None:
    """"I live in Leeds with my wife Anna" once the home is replaced: the home's clause, not the wife's."""
    assert outdated_parts("I live in Leeds with my wife Anna and our two kids.", [("Leeds", True)]) == (
        "I live in Leeds",)
    assert outdated_parts("我住在杭州，老婆叫小丽，有两个孩子。", [("杭州", True)]) == ("我住在杭州",)
    assert outdated_parts("I prefer UPS for delivery.", [("UPS", True)]) == ("I prefer UPS for delivery.",)


@pytest.mark.parametrize(("text", "value"), [
    ("From now on ship with FedEx", "FedEx"),  # "with" names what the clause chose: the clause states it
    ("Actually, make it FedEx", "FedEx"),  # "Actually" beside it is an aside, not a statement that holds
    ("其实，改用顺丰吧", "顺丰"),
])
def test_a_message_stating_only_the_replaced_value_is_outdated_whole(text: str, value: str) -> None:
    # before: 'From now on ship with [outdated: FedEx]' and 'Actually, [outdated: make it FedEx]' (the
    # narrowing to clauses cut at "with" and after the comma), and the whole message was no longer marked
    assert outdated_parts(text, [(value, True)]) == (text,)


def test_a_corrected_name_beside_a_chinese_age_is_labelled_in_the_context_block(tmp_path: Path) -> None:
    """The daughter's age (identity.age 4, said 四岁) holds while her name was put right: the name's clause is
    labelled outdated, as the English message stating the name alone is whole. The age, stored as digits, was
    placed in no clause (四 is no "4"), so no piece of the message was labelled."""
    at = datetime(2026, 12, 1, 9, 0, tzinfo=timezone(timedelta(hours=8)))
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add("我女儿叫小雨，今年四岁。", created_at=at)
        mem.add("不好意思我说错了，我女儿叫小雪，不是小雨。", created_at=at + timedelta(days=2))
        block = mem.context("我女儿叫什么？")
    assert "[已过时：我女儿叫小雨]，今年四岁。" in block, block
