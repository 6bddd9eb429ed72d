"""The fields a filter may name, their types, and which records carry them.

A search returns two kinds of record, facts and episodes (an episode's segments
are filtered through their episode). A field either exists on a kind of record or
it does not; a field a record does not carry counts as *missing* there, exactly
like a ``NULL`` column or an absent ``metadata`` key (see ``memstrata.filter``).

Types: ``text`` (compared by Unicode code point; on the fields in ``SCRIPT_FOLDED`` a ``=``,
``!=`` or ``IN`` literal also matches its Simplified form, see ``literal_forms``), ``number`` (int or float), ``time``
(an ISO 8601 string in the filter, compared as an instant in UTC) and ``json``
(``metadata.<name>``: whatever JSON type the record holds; a comparison against a
value of another type is false).
"""

from __future__ import annotations

from dataclasses import dataclass

from memstrata.errors import InvalidFilter
from memstrata.filter.ast import And, Compare, In, Not, Or
from memstrata.text.hanzi import simplified

FieldType = str  # "text" | "number" | "time" | "json"


@dataclass(frozen=True)
class FieldSpec:
    """One filterable field.

    Attributes:
        name: the name in filter text.
        type: ``text`` | ``number`` | ``time`` | ``json``.
        fact_column: column of the ``facts`` table, or ``None`` (facts lack the field).
        episode_column: column of the ``episodes`` table, or ``None``.
        choices: the only values a ``text`` field can hold (a typo is an error, not an
            empty result), or ``None`` for free text.
    """

    name: str
    type: FieldType
    fact_column: str | None
    episode_column: str | None
    choices: tuple[str, ...] | None = None

    def column(self, kind: str) -> str | None:
        """The column holding this field on ``kind`` (``fact`` | ``episode``), or ``None``."""
        return self.fact_column if kind == "fact" else self.episode_column


STATUSES = ("active", "superseded", "archived", "deleted")
KINDS = ("preference", "fact", "episode", "procedure")
SENSITIVITIES = ("low", "medium", "high")
ROLES = ("user", "assistant", "system", "tool")
CONTENT_TYPES = ("message", "text")

_SPECS = (
    # scope (facts belong to a user or agent, not a session: facts lack session_id)
    FieldSpec("org_id", "text", "org_id", "org_id"),
    FieldSpec("project_id", "text", "project_id", "project_id"),
    FieldSpec("user_id", "text", "user_id", "user_id"),
    FieldSpec("agent_id", "text", "agent_id", "agent_id"),
    FieldSpec("session_id", "text", None, "session_id"),
    # both
    FieldSpec("created_at", "time", "created_at", "created_at"),
    # facts
    FieldSpec("kind", "text", "kind", None, KINDS),
    FieldSpec("key", "text", "key", None),
    FieldSpec("tag", "text", "tag", None),
    FieldSpec("value", "text", "value", None),
    FieldSpec("subject", "text", "subject", None),
    FieldSpec("status", "text", "status", None, STATUSES),
    FieldSpec("sensitivity", "text", "sensitivity", None, SENSITIVITIES),
    FieldSpec("confidence", "number", "confidence", None),
    FieldSpec("importance", "number", "importance", None),
    FieldSpec("access_count", "number", "access_count", None),
    FieldSpec("observed_at", "time", "observed_at", None),
    FieldSpec("valid_from", "time", "valid_from", None),
    FieldSpec("valid_to", "time", "valid_to", None),
    FieldSpec("expires_at", "time", "expires_at", None),
    FieldSpec("last_accessed_at", "time", "last_accessed_at", None),
    # episodes
    FieldSpec("role", "text", None, "role", ROLES),
    FieldSpec("content_type", "text", None, "content_type", CONTENT_TYPES),
    FieldSpec("producer_id", "text", None, "producer_id"),
    FieldSpec("produced_for_id", "text", None, "produced_for_id"),
    FieldSpec("sequence_num", "number", None, "sequence_num"),
    # facts carry no metadata column: metadata.<name> is missing on every fact
    FieldSpec("metadata", "json", None, "metadata"),
)

#: Every filterable field by name.
FIELDS: dict[str, FieldSpec] = {spec.name: spec for spec in _SPECS}

#: Fields holding what the rule extractor wrote, in Simplified characters: it reads Traditional
#: text as Simplified (``text.hanzi``), so 我以後都希望用順豐 is stored as ``value = "顺丰"``. An
#: equality literal on them matches the literal as written and its Simplified form: otherwise a
#: ``forget`` with ``value = "順豐"`` deletes nothing and says so only as zero counts.
SCRIPT_FOLDED = frozenset({"value", "key", "tag"})


def literal_forms(field: str, value: object) -> tuple[object, ...]:
    """What an equality (``=``, ``!=``, ``IN``) literal on ``field`` matches: ``value`` itself,
    and on a ``SCRIPT_FOLDED`` field a string's Simplified form too when it differs. A value
    stored in Traditional characters (``update`` keeps what it is given) matches a literal in
    the same characters only. Ordering comparisons (``<``, ``>=`` ...) use the literal as written.

    >>> literal_forms("value", "順豐"), literal_forms("value", "UPS"), literal_forms("user_id", "順豐")
    (('順豐', '顺丰'), ('UPS',), ('順豐',))
    """
    if field not in SCRIPT_FOLDED or not isinstance(value, str):
        return (value,)

    folded = simplified(value)
    return (value,) if folded == value else (value, folded)


def require_fields_of(expr: object, kind: str, text: str) -> None:
    """Refuse a forget filter that compares a field ``kind`` records never carry
    (``forget(filter=..., kind=...)``): ``role = "user"`` over facts matches nothing, and
    ``NOT role = "user"`` every fact, which in a deletion is never what was meant (an erasure
    request deleted nothing and said so only as zero counts). Reads (``list``,
    ``search``) keep the missing-field rule of ``memory.filter``; ``IS NULL`` stays allowed.

    Args:
        expr: the parsed filter (``memstrata.filter.ast`` nodes).
        kind: ``fact`` or ``episode``.
        text: the filter as written, for the error's position.

    Raises:
        InvalidFilter: at the first such field, naming the kind that carries it.
    """
    stack = [expr]
    while stack:
        node = stack.pop()
        if isinstance(node, (And, Or)):
            stack.extend(reversed(node.operands))
        elif isinstance(node, Not):
            stack.append(node.operand)
        elif isinstance(node, (Compare, In)):
            spec = FIELDS.get(node.field.name)
            if spec is not None and spec.column(kind) is None:
                other, article = ("episode", "an") if kind == "fact" else ("fact", "a")
                carried = sorted(f.name for f in _SPECS if f.column(kind) is not None)
                raise InvalidFilter(f"{kind}s have no field {node.field.dotted!r} ({article} {other} field), so this "
                                    f"could only match none or all of them; {kind} fields: {', '.join(carried)}",
                                    offset=node.field.position, text=text)
