"""The filter language: round trip, no crash on any text, and golden error positions."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memstrata.errors import InvalidFilter, InvalidInput
from memstrata.filter import And, Compare, Field, In, IsNull, Not, Or, parse, unparse
from memstrata.filter.parser import MAX_DEPTH
from strategies import exprs


def test_design_example_parses_to_the_expected_tree() -> None:
    tree = parse('user_id = "alice" AND (tag IN ("flight", "hotel") OR session_id = "s001")')
    assert tree == And((
        Compare(Field("user_id"), "=", "alice"),
        Or((In(Field("tag"), ("flight", "hotel")), Compare(Field("session_id"), "=", "s001"))),
    ))


def test_keywords_are_case_insensitive_and_precedence_is_not_and_or() -> None:
    tree = parse("not role = 'user' and kind = 'fact' Or metadata.lang Is Not Null")
    assert tree == Or((
        And((Not(Compare(Field("role"), "=", "user")), Compare(Field("kind"), "=", "fact"))),
        IsNull(Field("metadata", ("lang",)), negated=True),
    ))


def test_not_in_and_literals() -> None:
    assert parse('tag NOT IN ("a", \'b\')') == Not(In(Field("tag"), ("a", "b")))
    assert parse("metadata.x = TRUE") == Compare(Field("metadata", ("x",)), "=", True)
    assert parse("confidence >= 0.5") == Compare(Field("confidence"), ">=", 0.5)
    assert parse("metadata.n < -3") == Compare(Field("metadata", ("n",)), "<", -3)
    assert parse('value = "say \\"hi\\" \\u4e2d\\n"') == Compare(Field("value"), "=", 'say "hi" 中\n')
    assert parse("metadata.a.b_2 = 1e3") == Compare(Field("metadata", ("a", "b_2")), "=", 1000.0)


@given(exprs())
@settings(max_examples=300, deadline=None)
def test_unparse_then_parse_gives_the_same_tree(tree: object) -> None:
    assert parse(unparse(tree)) == tree  # type: ignore[arg-type]


@given(st.text(max_size=60))
@settings(max_examples=500, deadline=None)
def test_any_text_parses_or_fails_with_a_position(text: str) -> None:
    try:
        tree = parse(text)
    except InvalidFilter as exc:
        assert f"at character {exc.position} " in str(exc)  # the message and ``position`` say the same number
        assert exc.code == "invalid_filter" and isinstance(exc, InvalidInput)
    else:  # what parses is a tree that reads back the same
        assert parse(unparse(tree)) == tree
    # The first problem is reported where it is, whatever follows it: '~' at character 1, unless the
    # text holds a character no filter may (NUL, a lone surrogate), which is named first.
    with pytest.raises(InvalidFilter) as first:
        parse("~" + text)
    banned = next((i for i, ch in enumerate(text) if ch == "\x00" or "\ud800" <= ch <= "\udfff"), None)
    assert first.value.position == (1 if banned is None else banned + 2), str(first.value)


@given(exprs(), st.integers(0, 200))
@settings(max_examples=200, deadline=None)
def test_truncated_filters_fail_with_a_position_never_a_crash(tree: object, cut: int) -> None:
    text = unparse(tree)  # type: ignore[arg-type]
    text = text[: cut % (len(text) + 1)]
    try:
        parsed = parse(text)
    except InvalidFilter as exc:
        assert f"at character {exc.position} " in str(exc)
    else:  # a cut that still parses is a tree that reads back the same
        assert parse(unparse(parsed)) == parsed


@given(exprs())
@settings(max_examples=200, deadline=None)
def test_a_filter_cut_at_a_seam_fails_at_its_end_saying_what_is_missing(tree: object) -> None:
    text = unparse(tree)  # type: ignore[arg-type]
    whole = f"({text}) AND ({text})"
    assert parse(whole) == And((tree, tree))  # type: ignore[arg-type]
    for cut, missing in ((1 + len(text), "expected ')' to close the '(' at character 1"),
                         (len(text) + len("() AND"), "expected a condition")):
        with pytest.raises(InvalidFilter) as info:
            parse(whole[:cut])
        assert (info.value.position, info.value.reason[:len(missing)]) == (cut + 1, missing), whole[:cut]


# (filter, position counted from 1, words the message must contain)
GOLDEN_ERRORS = [
    ("", 1, "empty"),
    ("user_id = ", 11, "expected a value"),
    ('usr_id = "a"', 1, "unknown field 'usr_id'; did you mean 'user_id'"),
    ('user_id = "a" AND', 18, "expected a condition"),
    ('user_id = "a" tag = "x"', 15, "join conditions with AND or OR"),
    ('(user_id = "a"', 15, "')' to close the '(' at character 1"),
    ('user_id = "a")', 14, "unexpected ')'"),
    ("confidence > 'high'", 14, "confidence is a number field"),
    ('user_id = 3', 11, "user_id is a text field"),
    ('created_at > "yesterday"', 14, "ISO 8601"),
    ('created_at > 5', 14, "created_at is a time field"),
    ('status = "actve"', 10, "status is one of active"),
    ('role IN ("user", "bot")', 18, "role is one of user"),
    ("metadata = 1", 1, "metadata needs a key"),
    ("user_id.x = 'a'", 1, "has no sub-fields"),
    ("metadata.ok > true", 15, "booleans only compare with = and !="),
    ("tag = null", 7, "IS NULL"),
    ("tag IS 'x'", 8, "expected NULL after IS"),
    ("tag NOT = 'x'", 9, "expected IN after NOT"),
    ("tag IN 'x'", 8, "'(' after IN"),
    ("tag IN ('x' 'y')", 13, "',' or ')'"),
    ("tag == 'x'", 5, "write = instead of '=='"),
    ("tag <> 'x'", 5, "write != instead of '<>'"),
    ("tag ~ 'x'", 5, "unexpected character '~'"),
    ("tag = 'x", 7, "not closed"),
    ("tag = 'a\\qb'", 9, "unknown escape"),
    ("tag = '\\ud800'", 8, "lone surrogate"),
    ("tag = alice", 7, "bare word 'alice'"),
    ("access_count = 99999999999999999999", 16, "does not fit 64 bits"),
    ("confidence < 1e999", 14, "out of range"),
    ("tag = 'a' AND AND tag = 'b'", 15, "expected a condition"),
    ("IN ('a')", 1, "expected a field name"),
    ("tag\x00 = 'a'", 4, "not allowed"),
]


@pytest.mark.parametrize(("text", "position", "words"), GOLDEN_ERRORS)
def test_golden_error_positions(text: str, position: int, words: str) -> None:
    with pytest.raises(InvalidFilter) as info:
        parse(text)
    assert info.value.position == position, str(info.value)
    assert words in str(info.value)
    assert str(info.value).startswith(f"invalid filter at character {position} ")


def test_the_message_and_the_position_count_characters_from_one() -> None:
    """"at character 2" reads as the second character, and ``position`` (the SDK attribute and the
    wire's ``details.position``) is the same number: one convention, as line and column numbers."""
    with pytest.raises(InvalidFilter) as info:
        parse("tag ~ 'x'")
    assert "at character 5 " in str(info.value) and "tag ~ 'x'"[5 - 1] == "~"
    assert info.value.position == 5 and info.value.details()["position"] == 5


def test_nesting_and_length_limits_are_errors_not_crashes() -> None:
    deep = "(" * (MAX_DEPTH + 1) + "tag = 'a'" + ")" * (MAX_DEPTH + 1)
    with pytest.raises(InvalidFilter, match="nested more than"):
        parse(deep)
    with pytest.raises(InvalidFilter, match="NOT"):
        parse("NOT " * 5000 + "tag = 'a'")
    with pytest.raises(InvalidFilter, match="limit is 8192"):
        parse("tag = '" + "x" * 9000 + "'")
