"""The filter language (``shared/DESIGN.md`` section 5): parse → AST → per-backend SQL.

``parse(text)`` checks syntax, field names and value types and returns a tree of
frozen dataclasses (``ast``); each store compiles the tree to its own SQL with bound
parameters only (``sql``), and ``evaluate.matches`` is the reference semantics the
in-memory store uses and the SQL stores are tested against.

Where a filter applies: it is ANDed with the caller's scope inside every storage
query (candidate lists, neighbours, listings), so it narrows the scope and can never
widen it: ``user_id = "bob"`` read with alice's scope finds nothing.

**Missing fields.** A field is *missing* on a record when its column is NULL
(``expires_at`` of a fact that never expires), when ``metadata`` has no such key or
holds JSON ``null``, or when the record's kind does not carry the field at all (facts
have no ``role``, ``session_id`` or ``metadata``; episodes have no ``key``, ``tag`` or
``status``). The rule users expect, and the one implemented:

* a comparison (``=``, ``<``, ``<=``, ``>``, ``>=``, ``IN``) on a missing field is **false**;
* ``!=`` is exactly ``NOT (=)``, and ``NOT IN`` exactly ``NOT (IN)``, so both are **true**
  on a missing field: ``status != "archived"`` keeps every episode, and
  ``metadata.lang != "zh"`` keeps episodes without a ``lang``;
* ``NOT (...)`` is plain boolean negation (no SQL three-valued ``UNKNOWN``);
* ``IS NULL`` is true exactly when the field is missing.

So ``tag IN ("flight", "hotel") OR session_id = "s001"`` returns the flight and hotel
facts and the episodes of session s001. A ``metadata`` value is compared only with a
literal of its own JSON type (string, number, boolean); otherwise the comparison is
false, like a missing field. Numbers compare by value, exactly, as Python compares an int with a
float (``3 = 3.0``; the float 2.0**60 equals the integer 2**60, ``sql._json_number``). Text compares
by Unicode code point on every backend.

Errors (``memstrata.errors.InvalidFilter``, code ``invalid_filter``) carry the 0-based
``position`` in the text; they are raised by ``parse``, before any store runs, so they
are identical on every backend.
"""

from memstrata.filter.ast import And, Compare, Expr, Field, In, IsNull, Not, Or, Value, unparse
from memstrata.filter.evaluate import matches
from memstrata.filter.fields import FIELDS, FieldSpec
from memstrata.filter.parser import parse

__all__ = [
    "FIELDS",
    "And",
    "Compare",
    "Expr",
    "Field",
    "FieldSpec",
    "In",
    "IsNull",
    "Not",
    "Or",
    "Value",
    "matches",
    "parse",
    "unparse",
]
