"""Hypothesis strategies for filter trees, shared by the parser tests and the contract suite."""

from __future__ import annotations

from datetime import UTC, datetime

from hypothesis import strategies as st

from memstrata.filter import FIELDS, And, Compare, Expr, Field, In, IsNull, Not, Or
from memstrata.filter.ast import OPERATORS, Value

_TEXT = st.text(st.characters(exclude_categories=("Cs",), exclude_characters="\x00"), max_size=12)
#: Values the contract data set actually holds, so generated filters match something.
TEXT_POOL = ["alice", "bob", "s1", "s2", "t1", "shipping", "drink", "food", "pet", "coffee", "顺丰", "a\"b'c\\d",
             "default", "x-proj"]
METADATA_KEYS = ["lang", "n", "flag", "tags", "nested"]
#: JSON values where the stores' JSON handling can part from the reference semantics: the values the
#: contract corpus's metadata holds (``CORPUS`` in tests/contract/conftest.py) next to their twins of
#: another JSON type or number kind (3, 3.0, "3"; true, 1, "true"; 2.5 and its neighbours).
METADATA_EDGES: list[Value] = [3, 3.0, "3", 2.5, "2.5", 2, 2.4999999999999996, -1, -1.0, 0, 1, 1.0, 10**12, 1e12,
                               10**12 + 1, 2.0**60, 2**60, 2**60 + 4, True, False, "true", "en", "zh", "de", "x", "a",
                               "", "a\"b'c\\d"]
#: Instants around and at the contract corpus's (``CORPUS``: hours after 2026-01-01), where ``<=`` and ``<`` differ.
TIMES = [datetime(2026, 1, d, h, tzinfo=UTC) for d in (1, 2, 5) for h in (0, 12)] + [
    datetime(2026, 1, 1 + h // 24, h % 24, tzinfo=UTC) for h in (1, 2, 3, 30, 31, 32, 60, 61)]


def _text_value() -> st.SearchStrategy[str]:
    return st.one_of(st.sampled_from(TEXT_POOL), _TEXT)


def _number() -> st.SearchStrategy[Value]:
    return st.one_of(st.integers(-5, 5), st.integers(-(2**63), 2**63 - 1),
                     st.floats(allow_nan=False, allow_infinity=False, width=64),
                     st.sampled_from([0.0, 0.25, 0.5, 0.7, 0.9, 1.0]))


def _value_for(name: str) -> st.SearchStrategy[Value]:
    spec = FIELDS[name]
    if spec.type == "number":
        return _number()
    if spec.type == "time":
        return st.one_of(st.sampled_from(TIMES), st.datetimes(timezones=st.just(UTC))).map(
            lambda t: t.isoformat())
    if spec.type == "json":
        return st.one_of(_text_value(), _number(), st.booleans())
    if spec.choices is not None:
        return st.sampled_from(spec.choices)
    return _text_value()


@st.composite
def atoms(draw: st.DrawFn) -> Expr:
    """One condition on a random field with a well-typed value."""
    name = draw(st.sampled_from(sorted(FIELDS)))
    path = (draw(st.sampled_from(METADATA_KEYS)),) if FIELDS[name].type == "json" else ()
    if path and draw(st.booleans()):
        path = (*path, draw(st.sampled_from(["a", "b"])))
    fld = Field(name, path)
    shape = draw(st.sampled_from(["compare", "in", "null"]))
    if shape == "null":
        return IsNull(fld, draw(st.booleans()))
    if shape == "in":
        return In(fld, tuple(draw(st.lists(_value_for(name), min_size=1, max_size=4))))
    value = draw(_value_for(name))
    op = "=" if isinstance(value, bool) else draw(st.sampled_from(OPERATORS))
    if isinstance(value, bool) and draw(st.booleans()):
        op = "!="
    return Compare(fld, op, value)


@st.composite
def metadata_atoms(draw: st.DrawFn) -> Expr:
    """One condition on ``metadata.<key>``, every operator over ``METADATA_EDGES``: JSON null
    against a missing key, 3 against 3.0 and "3", true against 1, ``!=``, ``IN`` and ``NOT IN``
    across types (a random field is a metadata one once in 27 draws, and these cases are rarer)."""
    path = (draw(st.sampled_from(METADATA_KEYS)),)
    if draw(st.integers(0, 3)) == 0:
        path = (*path, draw(st.sampled_from(["a", "b"])))
    fld = Field("metadata", path)
    edge = st.sampled_from(METADATA_EDGES)
    shape = draw(st.sampled_from(["compare", "compare", "in", "not in", "null", "null"]))
    if shape == "null":
        return IsNull(fld, draw(st.booleans()))
    if shape in ("in", "not in"):
        found = In(fld, tuple(draw(st.lists(edge, min_size=1, max_size=3))))
        return found if shape == "in" else Not(found)
    value = draw(edge)
    op = draw(st.sampled_from(["=", "!="] if isinstance(value, bool) else OPERATORS))
    return Compare(fld, op, value)


def exprs() -> st.SearchStrategy[Expr]:
    """Filter trees up to a few levels deep (AND/OR have two or more operands); about one atom in
    two is a ``metadata_atoms`` one."""
    return st.recursive(
        st.one_of(atoms(), metadata_atoms()),
        lambda children: st.one_of(
            children.map(Not),
            st.lists(children, min_size=2, max_size=3).map(lambda xs: And(tuple(xs))),
            st.lists(children, min_size=2, max_size=3).map(lambda xs: Or(tuple(xs))),
        ),
        max_leaves=8,
    )
