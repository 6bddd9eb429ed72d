"""The filter AST: small frozen dataclasses, and ``unparse`` back to canonical text.

Every node keeps the character ``position`` where it started in the filter text (for
error messages); positions never take part in equality, so ``parse(unparse(tree)) ==
tree`` holds for every tree.
"""

from __future__ import annotations

import dataclasses
import json
import math
from dataclasses import dataclass

#: A literal of the language: a string, a number (int or float) or a boolean.
Value = str | int | float | bool

#: Comparison operators, as written in the language.
OPERATORS: tuple[str, ...] = ("=", "!=", "<", "<=", ">", ">=")


@dataclass(frozen=True)
class Field:
    """A field reference: ``user_id`` (``path == ()``) or ``metadata.a.b`` (``path == ("a", "b")``)."""

    name: str
    path: tuple[str, ...] = ()
    position: int = dataclasses.field(default=0, compare=False)

    @property
    def dotted(self) -> str:
        """The field as written: ``metadata.a.b``."""
        return ".".join((self.name, *self.path))


@dataclass(frozen=True)
class Compare:
    """``field op value``."""

    field: Field
    op: str
    value: Value
    position: int = dataclasses.field(default=0, compare=False)


@dataclass(frozen=True)
class In:
    """``field IN (v1, v2, ...)``; ``NOT IN`` is ``Not(In(...))``."""

    field: Field
    values: tuple[Value, ...]
    position: int = dataclasses.field(default=0, compare=False)


@dataclass(frozen=True)
class IsNull:
    """``field IS NULL`` (``negated``: ``IS NOT NULL``): the field is missing on the record."""

    field: Field
    negated: bool = False
    position: int = dataclasses.field(default=0, compare=False)


@dataclass(frozen=True)
class Not:
    """``NOT operand``."""

    operand: Expr
    position: int = dataclasses.field(default=0, compare=False)


@dataclass(frozen=True)
class And:
    """All of ``operands`` (two or more)."""

    operands: tuple[Expr, ...]
    position: int = dataclasses.field(default=0, compare=False)


@dataclass(frozen=True)
class Or:
    """Any of ``operands`` (two or more)."""

    operands: tuple[Expr, ...]
    position: int = dataclasses.field(default=0, compare=False)


Expr = Compare | In | IsNull | Not | And | Or


def unparse_value(value: Value) -> str:
    """A literal as filter text: ``true``, ``3``, ``0.5``, ``"text"`` (JSON string escapes)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"{value!r} has no filter literal")
        return repr(value)
    if isinstance(value, int):
        return str(value)
    return json.dumps(value, ensure_ascii=False)


def unparse(expr: Expr) -> str:
    """Canonical filter text for ``expr``; ``parse(unparse(e)) == e``. Fully parenthesised
    below the top level, so the text never depends on operator precedence."""
    if isinstance(expr, Compare):
        return f"{expr.field.dotted} {expr.op} {unparse_value(expr.value)}"
    if isinstance(expr, In):
        return f"{expr.field.dotted} IN ({', '.join(unparse_value(v) for v in expr.values)})"
    if isinstance(expr, IsNull):
        return f"{expr.field.dotted} IS {'NOT ' if expr.negated else ''}NULL"
    if isinstance(expr, Not):
        return f"NOT ({unparse(expr.operand)})"
    word = " AND " if isinstance(expr, And) else " OR "
    return word.join(f"({unparse(o)})" for o in expr.operands)
