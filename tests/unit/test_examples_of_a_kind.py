"""Examples given of a liked or disliked kind are facts beside the kind (``extract.examples``): after it in a clause
of their own (我喜欢水上运动，像冲浪、潜水和皮划艇等等; "I hate chores, like ironing") or inside the value (像滑板这样的
极限运动, "cities such as Lisbon"); a clause that only compares or points ("像是…", "like I said") names none."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> dict[str, tuple[str, str]]:
    """Each stored value with its key's polarity (the key's last part) and subject."""
    return {c.value: (c.key.rsplit(".", 1)[-1], c.subject)
            for c in RuleExtractor().extract(text=text, role="user", said_at=_AT) if not c.retracts}


@pytest.mark.parametrize(("text", "kind", "shown", "polarity"), [
    ("我喜欢水上运动，像冲浪、潜水和皮划艇等等。", "水上运动", ["冲浪", "潜水", "皮划艇"], "like"),
    ("我爱吃四川菜，像麻婆豆腐、回锅肉什么的。", "四川菜", ["麻婆豆腐", "回锅肉"], "like"),
    ("我对很多球类都感兴趣，比如网球、羽毛球和乒乓球。", "很多球类", ["网球", "羽毛球", "乒乓球"], "like"),
    ("我最近在学乐器，比如吉他和尤克里里。", "乐器", ["吉他", "尤克里里"], "learning"),
    ("我不吃海鲜，比如虾和螃蟹。", "海鲜", ["虾", "螃蟹"], "dislike"),
    ("我喜欢吃水果，尤其是芒果。", "水果", ["芒果"], "like"),
    ("I enjoy board games, such as chess, poker, and go.", "board games", ["chess", "poker", "go"], "like"),
    ("I hate chores, like ironing.", "chores", ["ironing"], "dislike"),
])
def test_examples_in_a_clause_after_the_kind(text: str, kind: str, shown: list[str], polarity: str) -> None:
    said = _read(text)
    assert all(said.get(value, ("", ""))[0] == polarity for value in [kind, *shown]), (text, said)


@pytest.mark.parametrize(("text", "kind", "shown"), [
    ("我喜欢像滑板这样的极限运动。", "极限运动", ["滑板"]),
    ("我喜欢滑板、攀岩之类的户外运动。", "户外运动", ["滑板", "攀岩"]),
    ("我特别爱吃像火锅、烧烤之类的东西。", "", ["火锅", "烧烤"]),
    ("我喜欢古典小说比如《红楼梦》和《西游记》。", "古典小说", ["《红楼梦》", "《西游记》"]),
    ("I love cities such as Lisbon, Porto, and Faro.", "cities", ["Lisbon", "Porto", "Faro"]),
])
def test_examples_inside_the_liked_value(text: str, kind: str, shown: list[str]) -> None:
    said = _read(text)
    assert sorted(said) == sorted([kind, *shown] if kind else shown), (text, said)


def test_an_english_pair_joined_by_and_is_split_as_a_like_splits_it() -> None:
    assert "hot" not in _read("I love home-style dishes like hot and sour soup, etc.")


def test_a_disliked_kind_narrowed_by_its_examples_is_no_dislike_of_the_whole_kind() -> None:
    assert _read("我不喜欢像恐怖片这样的电影。") == {"恐怖片": ("dislike", "")}


def test_a_relatives_examples_are_the_relatives() -> None:
    said = _read("我妈妈喜欢花，比如玫瑰和百合。")
    assert {said.get(v, ("", ""))[1] for v in ("花", "玫瑰", "百合")} == {"mom"}, said


@pytest.mark.parametrize("text", [
    "我喜欢这部电影，像是在看自己的故事。",
    "我喜欢这家店，比如说我昨天又去了。",
    "I like you, like a lot.",
    "I love my job, like really.",
    "I finished the report, like we talked about.",
    "I prefer morning routines, like the ones I've been doing.",
])
def test_a_comparison_or_a_remark_names_no_example(text: str) -> None:
    said = _read(text)
    assert not any(w in v for v in said for w in ("像", "比如", "自己", "昨天", "lot", "really", "talked", "ones")), \
        (text, said)


def test_examples_are_no_more_items_of_a_comma_list() -> None:
    assert "像图书馆" not in _read("我喜欢安静的地方，像图书馆和咖啡馆。")
