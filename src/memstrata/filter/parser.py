"""Lexer and recursive-descent parser of the filter language (``shared/DESIGN.md`` section 5).

::

    expr    := or
    or      := and ("OR" and)*
    and     := not ("AND" not)*
    not     := "NOT" not | atom
    atom    := "(" expr ")" | field op value | field ["NOT"] "IN" "(" value ("," value)* ")"
             | field "IS" ["NOT"] "NULL"
    op      := "=" | "!=" | "<" | "<=" | ">" | ">="
    value   := string ('…' or "…", backslash escapes as in JSON) | number | true | false
    field   := identifier ("." identifier)*

Keywords are case-insensitive. ``field NOT IN (...)`` is accepted as ``NOT (field IN
(...))``. Each field is checked against ``fields.FIELDS`` while parsing, so an unknown
field or a value of the wrong type is reported with its position, before any store runs.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from memstrata.clock import parse_time
from memstrata.errors import InvalidFilter, InvalidInput, at_character
from memstrata.filter.ast import OPERATORS, And, Compare, Expr, Field, In, IsNull, Not, Or, Value
from memstrata.filter.fields import FIELDS
from memstrata.text.regex import lazy_regex

#: Longest filter accepted, in characters (a filter is a query, not a payload).
MAX_FILTER_CHARS = 8192
#: Deepest nesting of parentheses and NOTs (keeps the recursive parser off Python's stack limit).
MAX_DEPTH = 64
#: Most values in one ``IN`` list.
MAX_IN_VALUES = 1000
#: Integers must fit a signed 64-bit column (SQLite and PostgreSQL ``bigint``).
INT_RANGE = (-(2**63), 2**63 - 1)

KEYWORDS = frozenset({"AND", "OR", "NOT", "IN", "IS", "NULL", "TRUE", "FALSE"})
_WS = lazy_regex(r"\s+")
_NUMBER = lazy_regex(r"-?\d+(\.\d+)?([eE][+-]?\d+)?")
_WORD = lazy_regex(r"[^\W\d]\w*(?:\.\w+)*")
_ESCAPES = {'"': '"', "'": "'", "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}


@dataclass(frozen=True)
class Token:
    """One lexeme; ``kind``: ``word`` ``keyword`` ``op`` ``string`` ``number`` ``(`` ``)`` ``,`` ``end``."""

    kind: str
    text: str
    value: Value | None
    position: int


def _fail(text: str, position: int, reason: str) -> InvalidFilter:
    return InvalidFilter(reason, offset=position, text=text)


def _string(text: str, start: int) -> tuple[str, int]:
    quote, i = text[start], start + 1
    out: list[str] = []
    while i < len(text):
        ch = text[i]
        if ch == quote:
            return "".join(out), i + 1
        if ch != "\\":
            out.append(ch)
            i += 1
            continue
        esc = text[i + 1:i + 2]
        if esc in _ESCAPES:
            out.append(_ESCAPES[esc])
            i += 2
        elif esc == "u" and re.fullmatch(r"[0-9a-fA-F]{4}", text[i + 2:i + 6]):
            code = int(text[i + 2:i + 6], 16)
            low = text[i + 8:i + 12] if text[i + 6:i + 8] == "\\u" else ""
            if 0xD800 <= code < 0xDC00 and re.fullmatch(r"[dD][c-fC-F][0-9a-fA-F]{2}", low):
                out.append(chr(0x10000 + ((code - 0xD800) << 10) + (int(low, 16) - 0xDC00)))
                i += 12
            elif 0xD800 <= code < 0xE000:
                raise _fail(text, i, "a \\u escape names a lone surrogate; text must be valid Unicode")
            elif code == 0:
                raise _fail(text, i, "a string cannot contain a NUL character")
            else:
                out.append(chr(code))
                i += 6
        else:
            raise _fail(text, i, f"unknown escape {text[i:i + 2]!r} in a string "
                                 "(use \\\\, \\\", \\', \\n, or \\u and four hex digits)")
    raise _fail(text, start, "a string is not closed (missing " + quote + ")")


def tokenize(text: str) -> list[Token]:
    """Split filter text into tokens, ending with an ``end`` token.

    Raises:
        InvalidFilter: an unexpected character, an unclosed string, a bad number.
    """
    tokens, i = [], 0
    while i < len(text):
        ch = text[i]
        if ch.isspace():
            i = _WS.match(text, i).end()  # type: ignore[union-attr]
        elif ch in "(),":
            tokens.append(Token(ch, ch, None, i))
            i += 1
        elif ch in "=!<>":
            if text[i:i + 2] in ("==", "<>"):
                raise _fail(text, i, f"write {'=' if text[i] == '=' else '!='} instead of {text[i:i + 2]!r}")
            op = text[i:i + 2] if text[i:i + 2] in OPERATORS else ch
            if op not in OPERATORS:
                raise _fail(text, i, f"unknown operator {op!r} (use =, !=, <, <=, >, >=)")
            tokens.append(Token("op", op, None, i))
            i += len(op)
        elif ch in "'\"":
            value, end = _string(text, i)
            tokens.append(Token("string", text[i:end], value, i))
            i = end
        elif m := _NUMBER.match(text, i):
            tokens.append(Token("number", m.group(0), _number(text, i, m), i))
            i = m.end()
        elif m := _WORD.match(text, i):
            word = m.group(0)
            if word.upper() in KEYWORDS:
                tokens.append(Token("keyword", word.upper(), None, i))
            else:
                tokens.append(Token("word", word, None, i))
            i = m.end()
        else:
            raise _fail(text, i, f"unexpected character {ch!r}")
    tokens.append(Token("end", "", None, len(text)))
    return tokens


def _number(text: str, start: int, m: re.Match[str]) -> int | float:
    literal = m.group(0)
    if m.group(1) is None and m.group(2) is None:
        value: int | float = int(literal)
        if not INT_RANGE[0] <= value <= INT_RANGE[1]:
            raise _fail(text, start, f"integer {literal} does not fit 64 bits")
        return value
    number = float(literal)
    if number in (float("inf"), float("-inf")):
        raise _fail(text, start, f"number {literal} is out of range")
    return number


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = tokenize(text)
        self.pos = 0
        self.depth = 0

    @property
    def tok(self) -> Token:
        return self.tokens[self.pos]

    def fail(self, token: Token, reason: str) -> InvalidFilter:
        return _fail(self.text, token.position, reason)

    def expect(self, kind: str, what: str) -> Token:
        token = self.tok
        if token.kind != kind:
            raise self.fail(token, f"expected {what}, found {_describe(token)}")
        self.pos += 1
        return token

    def keyword(self, word: str) -> bool:
        if self.tok.kind == "keyword" and self.tok.text == word:
            self.pos += 1
            return True
        return False

    def parse(self) -> Expr:
        expr = self.or_()
        if self.tok.kind != "end":
            hint = " (join conditions with AND or OR)" if self.tok.kind in ("word", "(") else ""
            raise self.fail(self.tok, f"unexpected {_describe(self.tok)}{hint}")
        return expr

    def or_(self) -> Expr:
        start = self.tok.position
        items = [self.and_()]
        while self.keyword("OR"):
            items.append(self.and_())
        return items[0] if len(items) == 1 else Or(tuple(items), start)

    def and_(self) -> Expr:
        start = self.tok.position
        items = [self.not_()]
        while self.keyword("AND"):
            items.append(self.not_())
        return items[0] if len(items) == 1 else And(tuple(items), start)

    def not_(self) -> Expr:
        token = self.tok
        if self.keyword("NOT"):
            return Not(self.nested(self.not_, token), token.position)
        return self.atom()

    def nested(self, rule: object, token: Token) -> Expr:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise self.fail(token, f"nested more than {MAX_DEPTH} levels deep")
        try:
            return rule()  # type: ignore[operator, no-any-return]
        finally:
            self.depth -= 1

    def atom(self) -> Expr:
        token = self.tok
        if token.kind == "(":
            self.pos += 1
            expr = self.nested(self.or_, token)
            self.expect(")", f"')' to close the '(' {at_character(token.position)}")
            return expr
        if token.kind != "word":
            if token.kind == "keyword" and token.text in ("TRUE", "FALSE", "NULL", "IN", "IS"):
                raise self.fail(token, f"expected a field name, found {_describe(token)}")
            raise self.fail(token, f"expected a condition (field op value) or '(', found {_describe(token)}")
        self.pos += 1
        fld = self.field(token)
        op = self.tok
        if self.keyword("IS"):
            negated = self.keyword("NOT")
            if not self.keyword("NULL"):
                raise self.fail(self.tok, f"expected NULL after IS{' NOT' if negated else ''}, "
                                          f"found {_describe(self.tok)}")
            return IsNull(fld, negated, token.position)
        if op.kind == "keyword" and op.text in ("IN", "NOT"):
            negated = self.keyword("NOT")
            if not self.keyword("IN"):
                raise self.fail(self.tok, f"expected IN after NOT, found {_describe(self.tok)}")
            node: Expr = In(fld, self.in_values(fld), token.position)
            return Not(node, op.position) if negated else node
        if op.kind != "op":
            raise self.fail(op, f"expected an operator (=, !=, <, <=, >, >=, IN, IS) after "
                                f"{fld.dotted!r}, found {_describe(op)}")
        self.pos += 1
        value = self.value()
        self.check(fld, op.text, value)
        return Compare(fld, op.text, value.value, token.position)  # type: ignore[arg-type]

    def in_values(self, fld: Field) -> tuple[Value, ...]:
        self.expect("(", "'(' after IN")
        values = [self.value()]
        while self.tok.kind == ",":
            self.pos += 1
            values.append(self.value())
            if len(values) > MAX_IN_VALUES:
                raise self.fail(values[-1], f"more than {MAX_IN_VALUES} values in one IN list")
        self.expect(")", "',' or ')' in the IN list")
        for v in values:
            self.check(fld, "=", v)
        return tuple(v.value for v in values)  # type: ignore[misc]

    def value(self) -> Token:
        token = self.tok
        if token.kind in ("string", "number"):
            self.pos += 1
            return token
        if token.kind == "keyword" and token.text in ("TRUE", "FALSE"):
            self.pos += 1
            return Token("bool", token.text, token.text == "TRUE", token.position)
        if token.kind == "keyword" and token.text == "NULL":
            raise self.fail(token, "NULL is not a value; write 'field IS NULL' or 'field IS NOT NULL'")
        if token.kind == "word":
            raise self.fail(token, f"expected a value, found the bare word {token.text!r} "
                                   f"(quote text: \"{token.text}\")")
        raise self.fail(token, f"expected a value (a quoted string, a number, true or false), "
                               f"found {_describe(token)}")

    def field(self, token: Token) -> Field:
        name, *path = token.text.split(".")
        spec = FIELDS.get(name)
        if spec is None:
            close = difflib.get_close_matches(name, FIELDS, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise self.fail(token, f"unknown field {name!r}{hint} (fields: {', '.join(FIELDS)}, metadata.<name>)")
        if spec.type == "json" and not path:
            raise self.fail(token, f"{name} needs a key: {name}.<name>")
        if spec.type != "json" and path:
            raise self.fail(token, f"field {name!r} has no sub-fields (only metadata.<name> does)")
        return Field(name, tuple(path), token.position)

    def check(self, fld: Field, op: str, token: Token) -> None:
        spec = FIELDS[fld.name]
        value = token.value
        kind = "boolean" if isinstance(value, bool) else "number" if token.kind == "number" else "string"
        if spec.type == "json":
            if isinstance(value, bool) and op not in ("=", "!="):
                raise self.fail(token, f"{op} needs a number or a string; booleans only compare with = and !=")
            return
        wanted = {"text": "string", "number": "number", "time": "string"}[spec.type]
        if kind != wanted:
            shown = "an ISO 8601 time string" if spec.type == "time" else f"a {wanted}"
            raise self.fail(token, f"{fld.name} is {_article(spec.type)} field: compare it with {shown}, "
                                   f"not a {kind}")
        if spec.type == "time":
            try:
                parse_time(str(value), fld.name)
            except (InvalidInput, OverflowError):
                raise self.fail(token, f"{fld.name}: cannot read {value!r} as an ISO 8601 time "
                                       "(e.g. \"2026-10-30\" or \"2026-10-30T09:00:00Z\")") from None
        if spec.choices is not None and op in ("=", "!=") and value not in spec.choices:
            raise self.fail(token, f"{fld.name} is one of {', '.join(spec.choices)}; {value!r} never matches")


def _article(kind: str) -> str:
    return {"text": "a text", "number": "a number", "time": "a time"}[kind]


def _describe(token: Token) -> str:
    if token.kind == "end":
        return "the end of the filter"
    return f"{token.text!r}"


def parse(text: str) -> Expr:
    """Parse and check filter text into an AST.

    Args:
        text: e.g. ``user_id = "alice" AND (tag IN ("flight", "hotel") OR session_id = "s001")``.

    Returns:
        The expression tree (frozen dataclasses of ``memstrata.filter.ast``).

    Raises:
        InvalidFilter: syntax error, unknown field, a value of the wrong type, an unknown
            choice (``status = "actve"``), too long or too deep; ``position`` says where.
    """
    if not isinstance(text, str):
        raise InvalidFilter(f"a filter is text, got {type(text).__name__}", offset=0, text="")
    if len(text) > MAX_FILTER_CHARS:
        raise InvalidFilter(f"the filter is {len(text)} characters; the limit is {MAX_FILTER_CHARS}",
                            offset=MAX_FILTER_CHARS, text=text)
    for i, ch in enumerate(text):
        if ch == "\x00" or "\ud800" <= ch <= "\udfff":
            raise InvalidFilter(f"character U+{ord(ch):04X} is not allowed in a filter", offset=i, text=text)
    if not text.strip():
        raise InvalidFilter("the filter is empty; give a condition such as user_id = \"alice\"",
                            offset=0, text=text)
    return _Parser(text).parse()
