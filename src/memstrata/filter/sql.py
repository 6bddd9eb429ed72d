"""Compile a filter AST to a SQL predicate with bound parameters, for SQLite or PostgreSQL.

No value ever enters the SQL text: every literal (and every metadata path) is a bound
parameter, and column names come from ``fields.FIELDS`` only. Every compiled atom is
two-valued (TRUE or FALSE, never SQL NULL), so ``NOT`` means what it says; see the
missing-field rule in ``memstrata.filter``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field

from memstrata.clock import parse_time, to_db
from memstrata.filter.ast import And, Compare, Expr, In, IsNull, Not, Or, Value
from memstrata.filter.fields import FIELDS, literal_forms
from memstrata.text.tokens import normalise_value  # the write path's normalisation, kept in one place

_NEGATE = {"=": "!=", "!=": "="}


@dataclass(frozen=True)
class Dialect:
    """What differs between the SQL backends: placeholders, literals, JSON access, time values."""

    name: str  # "sqlite" | "postgres"
    placeholder: str
    true: str
    false: str


SQLITE = Dialect("sqlite", "?", "1", "0")
POSTGRES = Dialect("postgres", "%s", "TRUE", "FALSE")


#: ``value_mac(literal)``: the keyed hash an encrypted fact keeps of its normalised value
#: (``facts.value_norm``; ``privacy.crypto.Cipher.mac`` of ``facts.resolve.normalise_value``).
ValueMac = Callable[[str], str]


@dataclass
class _Out:
    dialect: Dialect
    kind: str
    alias: str
    params: list[object] = field(default_factory=list)
    value_mac: ValueMac | None = None

    def bind(self, value: object) -> str:
        self.params.append(value)
        return self.dialect.placeholder


def compile_filter(expr: Expr, *, kind: str, dialect: Dialect, alias: str = "",
                   value_mac: ValueMac | None = None) -> tuple[str | bool, list[object]]:
    """SQL predicate selecting the records of ``kind`` (``fact`` | ``episode``) that ``expr`` matches.

    Args:
        expr: a tree from ``parse`` (already checked).
        kind: which table the predicate runs on: ``facts`` or ``episodes``.
        dialect: ``SQLITE`` or ``POSTGRES``.
        alias: table alias prefix for columns, e.g. ``"e."``.
        value_mac: with an encryption key, the keyed hash of a literal (``ValueMac``): then a
            ``value`` equality (``=``, ``!=``, ``IN``) also matches an encrypted fact whose
            normalised value has that hash. Its ``value`` column holds ciphertext, so without
            this ``forget value = "bob@example.com"`` deleted nothing.
            Ordering comparisons never match an encrypted value.

    Returns:
        ``(sql, params)``, or ``(True, [])`` / ``(False, [])`` when the filter is constant for
        this kind (``tag = "x"`` can never match an episode: the caller skips the query).
    """
    out = _Out(dialect, kind, alias, value_mac=value_mac)
    sql = _node(expr, out)
    return (sql, []) if isinstance(sql, bool) else (f"({sql})", out.params)


def _node(expr: Expr, out: _Out) -> str | bool:
    """SQL for ``expr`` with its parameters appended to ``out.params`` in text order, or a
    constant (then nothing was appended: a folded branch leaves no stray parameter)."""
    if isinstance(expr, Not):
        inner = _node(expr.operand, out)
        return (not inner) if isinstance(inner, bool) else f"NOT ({inner})"
    if isinstance(expr, (And, Or)):
        absorbing = isinstance(expr, Or)  # TRUE absorbs an OR, FALSE an AND
        mark = len(out.params)
        parts: list[str] = []
        for operand in expr.operands:
            sql = _node(operand, out)
            if isinstance(sql, bool):
                if sql is absorbing:
                    del out.params[mark:]
                    return absorbing
                continue
            parts.append(f"({sql})")
        if not parts:
            return not absorbing
        return parts[0][1:-1] if len(parts) == 1 else (" OR " if absorbing else " AND ").join(parts)
    spec = FIELDS[expr.field.name]
    column = spec.column(out.kind)
    if column is None:  # the record kind lacks the field: missing
        if isinstance(expr, IsNull):
            return not expr.negated
        return isinstance(expr, Compare) and expr.op == "!="
    col = out.alias + column
    if spec.type == "json":
        return _json(expr, col, out)
    if isinstance(expr, IsNull):
        return f"{col} IS {'NOT ' if expr.negated else ''}NULL"
    if isinstance(expr, In):
        forms = [f for v in expr.values for f in literal_forms(spec.name, v)]
        marks = ", ".join(out.bind(_scalar(spec.type, f, out.dialect)) for f in forms)  # type: ignore[arg-type]
        return _or_encrypted(f"{col} IS NOT NULL AND {col} IN ({marks})", spec.name, expr.values, out)
    assert isinstance(expr, Compare)
    if expr.op == "!=":
        equal = _column_compare(col, '=', expr.value, spec.type, out, spec.name)
        return f"NOT ({_or_encrypted(equal, spec.name, (expr.value,), out)})"
    compared = _column_compare(col, expr.op, expr.value, spec.type, out, spec.name)
    if expr.op == "=":
        return _or_encrypted(compared, spec.name, (expr.value,), out)
    if spec.name == "value" and out.kind == "fact":  # ciphertext has no order worth comparing
        return f"{compared} AND {out.alias}encrypted = {out.dialect.false}"
    return compared


def _or_encrypted(sql: str, name: str, literals: tuple[Value, ...], out: _Out) -> str:
    """``sql`` widened, for a fact ``value`` equality under an encryption key, to the encrypted
    facts whose stored hash (``value_norm``) is a literal's (``compile_filter``'s ``value_mac``).
    A plain fact's ``value_norm`` is its normalised text, never a hash, so it cannot match."""
    if name != "value" or out.kind != "fact" or out.value_mac is None:
        return sql
    macs = sorted({out.value_mac(normalise_value(f)) for v in literals
                   for f in literal_forms(name, v) if isinstance(f, str)})
    if not macs:
        return sql
    marks = ", ".join(out.bind(m) for m in macs)
    return (f"({sql}) OR ({out.alias}encrypted = {out.dialect.true} AND {out.alias}value_norm IS NOT NULL "
            f"AND {out.alias}value_norm IN ({marks}))")


def _column_compare(col: str, op: str, value: Value, kind: str, out: _Out, name: str = "") -> str:
    forms = literal_forms(name, value) if op == "=" else (value,)
    if len(forms) > 1:  # a Traditional literal also matches its Simplified form (``fields.SCRIPT_FOLDED``)
        marks = ", ".join(out.bind(f) for f in forms)
        return f"{col} IS NOT NULL AND {col} IN ({marks})"
    mark = out.bind(_scalar(kind, value, out.dialect))
    lhs = f'{col} COLLATE "C"' if out.dialect is POSTGRES and kind == "text" and op != "=" else col
    return f"{col} IS NOT NULL AND {lhs} {op} {mark}"


def _scalar(kind: str, value: Value, dialect: Dialect) -> object:
    if kind != "time":
        return value
    when = parse_time(str(value))
    return to_db(when) if dialect is SQLITE else when


def _json(expr: Expr, col: str, out: _Out) -> str:
    assert isinstance(expr, (Compare, In, IsNull))
    path = expr.field.path
    if isinstance(expr, IsNull):
        test = f"coalesce({_json_type(col, path, out)}, 'null') = 'null'"
        return f"NOT ({test})" if expr.negated else test
    if isinstance(expr, In):
        return " OR ".join(f"({_json_compare(col, path, '=', v, out)})" for v in expr.values)
    assert isinstance(expr, Compare)
    if expr.op == "!=":
        return f"NOT ({_json_compare(col, path, '=', expr.value, out)})"
    return _json_compare(col, path, expr.op, expr.value, out)


def _json_type(col: str, path: tuple[str, ...], out: _Out) -> str:
    if out.dialect is SQLITE:
        return f"json_type({col}, {out.bind(_sqlite_path(path))})"
    return f"jsonb_typeof({_pg_path(col, path, out)})"


def _pg_path(col: str, path: tuple[str, ...], out: _Out, *, text: bool = False) -> str:
    """``col -> key -> ...`` (``->>`` last when ``text``): object keys only, as SQLite's quoted
    path and the reference semantics read them (``#>`` would also index an array by a numeric
    key: ``metadata.tags.0`` would reach ``["a"]``'s first element); and cheaper per row than
    ``#>``, which takes its path as an array."""
    last = len(path) - 1
    steps = "".join(f" {'->>' if text and i == last else '->'} {out.bind(key)}::text" for i, key in enumerate(path))
    return f"({col}{steps})"


def _sqlite_path(path: tuple[str, ...]) -> str:
    # Keys are \w+ (the lexer allows nothing else), so quoting them needs no escaping.
    return "$" + "".join(f'."{key}"' for key in path)


def _json_compare(col: str, path: tuple[str, ...], op: str, value: Value, out: _Out) -> str:
    """A comparison with a JSON value: false unless the stored value has the literal's JSON type.

    Parameters are bound in the order their placeholders appear in the returned text.
    """
    if out.dialect is SQLITE:
        typ = f"coalesce({_json_type(col, path, out)}, '')"
        if isinstance(value, bool):
            return f"{typ} = '{'true' if value else 'false'}'"
        wanted = "= 'text'" if isinstance(value, str) else "IN ('integer', 'real')"
        return f"{typ} {wanted} AND json_extract({col}, {out.bind(_sqlite_path(path))}) {op} {out.bind(value)}"
    contained = ""
    if op == "=":
        # Containment is implied by equality and lets PostgreSQL use the GIN index on metadata.
        nested: object = _json_number(value)
        for key in reversed(path):
            nested = {key: nested}
        contained = f"{col} @> {out.bind(json.dumps(nested, ensure_ascii=False))}::jsonb AND "
    if op == "=" and not isinstance(value, str):
        # A jsonb number (boolean) equals only a number (boolean): no type test is needed, and
        # none is made: at a million rows a 1 % filter reads it 10,000 times per search.
        return f"{contained}{_pg_path(col, path, out)} = {out.bind(json.dumps(_json_number(value)))}::jsonb"
    typed = f"{contained}coalesce({_json_type(col, path, out)}, '')"
    if isinstance(value, bool):
        return f"{typed} = 'boolean' AND {_pg_path(col, path, out)} = {out.bind(json.dumps(value))}::jsonb"
    if isinstance(value, str):
        return f"{typed} = 'string' AND {_pg_path(col, path, out, text=True)} COLLATE \"C\" {op} {out.bind(value)}"
    return f"{typed} = 'number' AND {_pg_path(col, path, out)} {op} {out.bind(json.dumps(_json_number(value)))}::jsonb"


def _json_number(value: Value) -> Value:
    """``value`` as jsonb should read it: a float that is a whole number as that integer, exactly.

    ``json.dumps`` writes the shortest text naming a float, which jsonb reads as a decimal: 2.0**60
    became 1152921504606847000, not 1152921504606846976, so ``metadata.n = 1.152921504606847e18``
    missed a stored 2**60 that the reference semantics (Python's exact int/float comparison) and
    SQLite match. A float with a fraction is below 2**52, where the shortest text orders every
    stored number as the float itself does."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value
