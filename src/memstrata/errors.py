"""One error tree for memstrata; every error has a stable ``code``.

::

    MemstrataError                      code
    ├── InvalidInput (ValueError)       invalid_input      bad content, scope, argument
    │   ├── ContentTooLarge             content_too_large  over ``Settings.max_content_bytes``
    │   └── InvalidFilter               invalid_filter     filter syntax, unknown field, type mismatch
    ├── NotFound (LookupError)          not_found          no such fact / episode
    ├── Conflict                        conflict           the change contradicts the current state
    ├── StoreError                      store_error        the database cannot be used
    │   ├── CorruptDatabase             corrupt_database   not a memstrata SQLite file, or damaged
    │   ├── SchemaTooNew                schema_too_new     written by a newer memstrata
    │   └── MemoryClosed                memory_closed      used after ``Memory.close()``
    ├── EmbeddingError                  embedding_error    the embedding model failed
    │   └── EmbeddingModelMismatch      embedding_model_mismatch
    └── LLMError                        llm_error          the configured LLM failed (after retries)
        ├── LLMRefused                  llm_error          HTTP 4xx: key, model or a parameter refused
        └── LLMOutputError              llm_bad_output     the answer did not match the schema, twice

Driver errors (``sqlite3.Error``) are translated once, in ``store.sqlite``;
only the CLI catches ``Exception``.
"""

from __future__ import annotations

from typing import Any

#: Attributes of an error copied into its machine-readable ``details`` when present (a filter's
#: position, an import's line and column): the REST body and ``--json`` CLI errors share them.
DETAIL_ATTRIBUTES = ("position", "reason", "line", "column", "expected", "field", "fact_id", "fact_status")


def character(offset: int) -> int:
    """The place of the character at 0-based ``offset`` in a text, counted from 1 (the first
    character is character 1): the one way every door numbers a place in a text, in words
    (``at_character``) and in ``details.position``, as line and column numbers count from 1.
    So the message and the details say the same number, and ``text[position - 1]`` is the
    character named (docs/errors.md). A 0-based offset is never shown."""
    return offset + 1


def at_character(offset: int) -> str:
    """Where in a text a problem is, for a person: ``"at character N"``, N = ``character(offset)``
    (the first character is character 1; "at character 2" is the second). Every message that
    names a place in a text says it this way, with the same N as its ``details.position``."""
    return f"at character {character(offset)}"


def install_hint(extra: str) -> str:
    """The command that adds an optional extra (``server``, ``postgres``, ``llm``, ``crypto``,
    ``bench``, ``e5``, ``test``) to an install from the source checkout. Never ``pip install
    'memstrata[...]'``: a different project holds the name ``memstrata`` on PyPI (0.6.x, "a
    context engine"), and that command would replace this package with it."""
    return (f"pip install -e '.[{extra}]' in the memstrata source checkout "
            "(not 'pip install memstrata[...]': that name on PyPI is another project)")


class MemstrataError(Exception):
    """Base of every error memstrata raises on purpose."""

    code = "memstrata_error"

    def details(self) -> dict[str, Any]:
        """The ``details`` object of the wire error shape: the attributes of
        ``DETAIL_ATTRIBUTES`` this error carries (``{}`` when none)."""
        return {a: getattr(self, a) for a in DETAIL_ATTRIBUTES if getattr(self, a, None) is not None}


class InvalidInput(MemstrataError, ValueError):
    """The caller passed something memstrata cannot store or answer (says what and where).

    Args:
        field: the argument it names (``query``, ``content``, ``sources``), given to the wire
            error as ``details.field`` (REST, MCP, ``--json``), as every invalid_input that names
            an argument gives it; ``None``: the error names no one argument.
    """

    code = "invalid_input"

    def __init__(self, *args: object, field: str | None = None) -> None:
        super().__init__(*args)
        if field is not None:
            self.field = field


class ContentTooLarge(InvalidInput):
    """Content exceeds the configured size limit (``Settings.max_content_bytes``)."""

    code = "content_too_large"


class InvalidFilter(InvalidInput):
    """A filter expression (``shared/DESIGN.md`` section 5) that cannot be parsed or checked.

    Raised before any store is asked, so every backend reports the same error.

    Args:
        offset: 0-based offset in ``text`` where the problem starts (``len(text)`` for "ended too
            early"), as the parser counts; never shown as such.
        field: the argument that held the filter, as every invalid input names its argument
            (``details.field``): ``filter`` on every door (SDK, REST body and query, ``--filter``, MCP).

    Attributes:
        position: where the problem starts, counted from 1 (``character``): the N of the
            message's "at character N", so ``text[position - 1]`` is that character
            (``len(text) + 1`` for "ended too early").
        reason: what is wrong, without the position.
    """

    code = "invalid_filter"

    def __init__(self, reason: str, *, offset: int, text: str, field: str = "filter") -> None:
        self.position, self.reason, self.text = character(offset), reason, text
        near = text[offset:offset + 24]
        where = f"near {near!r}" if near else "at the end"
        super().__init__(f"invalid filter {at_character(offset)} ({where}): {reason}", field=field)


class NotFound(MemstrataError, LookupError):
    """The fact or episode does not exist in the caller's scope."""

    code = "not_found"


class Conflict(MemstrataError):
    """The change cannot apply to the current state (e.g. updating a superseded fact).

    The message names no command of any one door (SDK, CLI, REST): each door may add its own
    hint from the attributes.

    Attributes:
        fact_id: the fact the change was aimed at, when there is one.
        fact_status: that fact's status (``superseded``, ``archived`` ...).
    """

    code = "conflict"

    def __init__(self, message: str, *, fact_id: int | None = None, fact_status: str | None = None) -> None:
        super().__init__(message)
        self.fact_id, self.fact_status = fact_id, fact_status


class StoreError(MemstrataError):
    """The database could not be opened or written."""

    code = "store_error"


class CorruptDatabase(StoreError):
    """The file is not a memstrata database, or SQLite reports it damaged."""

    code = "corrupt_database"


class SchemaTooNew(StoreError):
    """The database was migrated by a newer memstrata than this one."""

    code = "schema_too_new"


class MemoryClosed(StoreError):
    """The ``Memory`` (its store) was closed (``close()``, or the end of its ``with`` block) and is
    used again; open a new one. Nothing was read or written."""

    code = "memory_closed"


class EmbeddingError(MemstrataError):
    """The embedding model could not load or failed on input."""

    code = "embedding_error"


class EmbeddingModelMismatch(EmbeddingError):
    """The database was embedded with another model; run ``memstrata reembed``."""

    code = "embedding_model_mismatch"

    def __init__(self, *, stored: str, stored_dim: int, current: str, current_dim: int) -> None:
        self.stored, self.stored_dim = stored, stored_dim
        self.current, self.current_dim = current, current_dim
        super().__init__(
            f"this database was embedded with {stored!r} (dim {stored_dim}) but the configured "
            f"model is {current!r} (dim {current_dim}); run `memstrata reembed` to migrate it, "
            f"or configure {stored!r} again (MEMSTRATA_EMBEDDING_MODEL={stored})"
        )


class LLMError(MemstrataError):
    """The configured LLM could not be reached or kept failing (timeouts, HTTP 429/5xx after
    the retries, authentication). Nothing derived from the failed call was written."""

    code = "llm_error"


class LLMRefused(LLMError):
    """The LLM endpoint refused the request with an HTTP 4xx other than 429 (bad key, unknown
    model, a parameter the model does not take); not retried.

    Attributes:
        status: the HTTP status.
        body: the start of the server's answer (at most a few hundred characters).
    """

    code = "llm_error"

    def __init__(self, message: str, *, status: int, body: str) -> None:
        super().__init__(message)
        self.status, self.body = status, body


class LLMOutputError(LLMError):
    """The LLM answered, but not with JSON matching the requested schema, even after being
    shown the validation error once. The answer was logged and dropped, never written."""

    code = "llm_bad_output"
