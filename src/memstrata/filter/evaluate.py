"""Evaluate a filter on an in-memory ``Fact`` or ``Episode``: the reference semantics.

The SQL compilers (``memstrata.filter.sql``) must agree with this function on every
record; the contract tests check that they do, on both stores.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from datetime import datetime
from typing import Any

from memstrata.clock import parse_time
from memstrata.filter.ast import And, Compare, Expr, In, IsNull, Not, Or, Value
from memstrata.filter.fields import FIELDS, literal_forms
from memstrata.types import Episode, Fact

_OPS: dict[str, Callable[[Any, Any], bool]] = {
    "=": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
}
_MISSING = object()


def matches(expr: Expr, record: Fact | Episode) -> bool:
    """Whether ``record`` satisfies ``expr`` (the missing-field rule of ``memstrata.filter``)."""
    if isinstance(expr, Not):
        return not matches(expr.operand, record)
    if isinstance(expr, And):
        return all(matches(o, record) for o in expr.operands)
    if isinstance(expr, Or):
        return any(matches(o, record) for o in expr.operands)
    actual = _field_value(expr, record)
    if isinstance(expr, IsNull):
        return (actual is _MISSING) != expr.negated
    if isinstance(expr, In):
        return any(_compare(actual, "=", v, expr) for v in expr.values)
    assert isinstance(expr, Compare)
    if expr.op == "!=":
        return not _compare(actual, "=", expr.value, expr)
    if expr.op != "=" and expr.field.name == "value" and isinstance(record, Fact) and record.encrypted:
        return False  # the SQL stores hold ciphertext: an encrypted value has no order (``filter.sql``)
    return _compare(actual, expr.op, expr.value, expr)


def _field_value(expr: Compare | In | IsNull, record: Fact | Episode) -> object:
    spec = FIELDS[expr.field.name]
    kind = "fact" if isinstance(record, Fact) else "episode"
    column = spec.column(kind)
    if column is None:
        return _MISSING
    if column in ("org_id", "project_id", "user_id", "agent_id", "session_id"):
        value: object = getattr(record.scope, column)
    else:
        value = getattr(record, column)
    if spec.type == "json":
        for key in expr.field.path:
            if not isinstance(value, dict) or key not in value:
                return _MISSING
            value = value[key]
    return _MISSING if value is None else value


def _compare(actual: object, op: str, literal: Value, expr: Compare | In) -> bool:
    if actual is _MISSING:
        return False
    spec = FIELDS[expr.field.name]
    if spec.type == "time":
        assert isinstance(actual, datetime)
        return _OPS[op](actual, parse_time(str(literal)))
    if not _same_json_type(actual, literal):
        return False
    if op == "=":
        return any(actual == form for form in literal_forms(spec.name, literal))
    return _OPS[op](actual, literal)


def _same_json_type(actual: object, literal: Value) -> bool:
    if isinstance(literal, bool) or isinstance(actual, bool):
        return isinstance(literal, bool) and isinstance(actual, bool)
    if isinstance(literal, str):
        return isinstance(actual, str)
    return isinstance(actual, (int, float))
