"""Everyday shapes that say a fact inside another: a chronotype denied, and what does not state one."""

from __future__ import annotations

from pathlib import Path

import pytest

from memstrata import Memory


def _facts(mem: Memory) -> list[tuple[str, str, str | None]]:
    return sorted(((f.key, f.value, f.subject or None) for f in mem.list()), key=lambda f: (f[0], f[1], f[2] or ""))


@pytest.mark.parametrize(("said", "value"), [
    ("I'm not a morning person.", "not an early bird"),
    ("I'm not really a night owl.", "not a night owl"),
    ("我不是早起的人。", "不是早起型"),
    ("我并不是夜猫子。", "不是夜猫子"),
])
def test_a_chronotype_denied_is_stored_as_said_never_as_its_opposite(tmp_path: Path, said: str, value: str) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add(said)
        assert _facts(mem) == [("identity.chronotype", value, None)]


@pytest.mark.parametrize(("first", "then", "kept"), [
    ("I'm not a morning person.", "I'm a morning person.", ["early bird"]),
    ("I'm a morning person.", "I'm not a morning person.", ["not an early bird"]),
    ("我不是早起的人。", "我是早起的人。", ["早起型"]),
    ("我是早起的人。", "我不是早起的人。", ["不是早起型"]),
    ("I'm not a morning person.", "I'm a night owl.", ["night owl", "not an early bird"]),  # both true at once
])
def test_a_chronotype_and_its_denial_end_each_other(tmp_path: Path, first: str, then: str, kept: list[str]) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add(first)
        mem.add(then)
        assert [v for k, v, _ in _facts(mem) if k == "identity.chronotype"] == kept


@pytest.mark.parametrize("said", [
    "I told him I'd think about it.",
    "我跟他说我考虑一下。",
    "I'm not a fan of this weather today.",
    "My brother and I went fishing.",
    "I'm not a morning person today.",
])
def test_shapes_that_state_no_fact_store_nothing(tmp_path: Path, said: str) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add(said)
        assert _facts(mem) == []


@pytest.mark.parametrize(("said", "expected"), [
    ("My brother and I both love chess.", [("hobby.like", "chess", None), ("hobby.like", "chess", "brother")]),
    ("My wife and I both hate olives.",
     [("preference.dislike", "olives", None), ("preference.dislike", "olives", "wife")]),
    ("我和我哥都喜欢下棋。", [("hobby.like", "下棋", None), ("hobby.like", "下棋", "older brother")]),
    ("My brother and I love chess.", [("hobby.like", "chess", None), ("hobby.like", "chess", "brother")]),
    ("My brother and I love chess and hate poker.",
     [("hobby.like", "chess", None), ("hobby.like", "chess", "brother"),
      ("preference.dislike", "poker", None), ("preference.dislike", "poker", "brother")]),
    ("我跟我老婆都不喜欢香菜。", [("food.dislike", "香菜", None), ("food.dislike", "香菜", "wife")]),
])
def test_a_like_shared_with_a_relative_is_both_of_theirs(tmp_path: Path, said: str,
                                                        expected: list[tuple[str, str, str | None]]) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add(said)
        assert _facts(mem) == expected


@pytest.mark.parametrize("said", ["My friend and I both love chess.", "我和朋友都喜欢下棋。"])
def test_a_like_shared_with_no_relative_lends_it_to_no_one(tmp_path: Path, said: str) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add(said)
        assert not [f for f in _facts(mem) if f[2] is not None]


@pytest.mark.parametrize(("said", "expected"), [
    ("I told my boss I hate meetings.", [("preference.dislike", "meetings", None)]),
    ("I told my boss I prefer remote work.", [("preference.like", "remote work", None)]),
    ("我跟老板说我更喜欢远程办公。", [("preference.like", "远程办公", None)]),
    ("我告诉老板我更喜欢远程办公。", [("preference.like", "远程办公", None)]),
    ("My boss told me she prefers email.", [("contact.channel", "email", "boss")]),
    ("老板跟我说她更喜欢邮件。", [("contact.channel", "邮件", "boss")]),
    ("My wife told me she loves sushi.", [("food.like", "sushi", "wife")]),
])
def test_a_preference_told_is_its_own_speakers(tmp_path: Path, said: str,
                                               expected: list[tuple[str, str, str | None]]) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add(said)
        assert _facts(mem) == expected


@pytest.mark.parametrize(("said", "expected"), [
    ("I used to hate olives but now I love them.", [("preference.like", "olives", None)]),
    ("I used to love coffee, but now I can't stand it.", [("preference.dislike", "coffee", None)]),
    ("我以前讨厌橄榄，现在很喜欢。", [("preference.like", "橄榄", None)]),
])
def test_a_feeling_turned_within_a_sentence_is_the_present_one(tmp_path: Path, said: str,
                                                               expected: list[tuple[str, str, str | None]]) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add(said)
        assert _facts(mem) == expected


@pytest.mark.parametrize(("before", "turned", "expected"), [
    ("I hate olives.", "I used to hate olives but now I love them.", ("preference.like", "olives", None)),
    ("我讨厌橄榄。", "我以前讨厌橄榄，现在很喜欢。", ("preference.like", "橄榄", None)),
])
def test_a_feeling_turned_replaces_the_one_stored(tmp_path: Path, before: str, turned: str,
                                                  expected: tuple[str, str, str | None]) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add(before)
        mem.add(turned)
        assert _facts(mem) == [expected]
