"""REST routes that move a scope's memories out and back in: ``GET /v1/export`` (JSON Lines)
and ``POST /v1/import`` (the export's records or ``memstrata import`` messages, re-added as new
messages; nothing forgotten comes back)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response, StreamingResponse
from pydantic import ValidationError

from memstrata.lifecycle.export import dumps, require_records
from memstrata.loaders.identity import forgotten
from memstrata.server.auth import Caller
from memstrata.server.body import JSONL_MEDIA_TYPES, as_sent
from memstrata.server.errors import ApiError
from memstrata.server.metrics import metrics
from memstrata.server.models import ImportRequest, ImportResponse, ScopeQuery
from memstrata.server.query import known_query
from memstrata.server.state import (
    EMPTY_EXPORT_HINT,
    IdempotencyKeyHeader,
    check_batch,
    check_request_scope,
    mark_replayed,
    state_of,
    whose,
)
from memstrata.server.transfer import messages_from_records
from memstrata.write.idempotency import check_key

router = APIRouter(prefix="/v1", dependencies=[Depends(known_query)])


@router.get("/export", tags=["transfer"], response_class=StreamingResponse,
            responses={200: {"content": {"application/x-ndjson": {}},
                             "description": "One JSON record a line: episodes, facts, events."}})
def export(q: Annotated[ScopeQuery, Query()], caller: Caller, request: Request) -> StreamingResponse:
    """The scope as JSON Lines (the format ``memstrata export`` writes and ``/v1/import`` reads)."""
    st = state_of(request)
    scope = st.scope(caller, q)
    limit = st.config.max_export_records
    with st.lock:
        records: list[dict[str, Any]] = []
        # a scope that holds nothing (a mistyped user_id) is a 404 naming it, as on every export door
        for record in require_records(st.memory.export(**scope), whose(scope), hint=EMPTY_EXPORT_HINT):
            if len(records) == limit:
                raise ApiError(413, "export_too_large", f"the scope has more than {limit} records "
                               "(MEMSTRATA_MAX_EXPORT_RECORDS); narrow it or use `memstrata export`",
                               {"max": limit})
            records.append(record)

    def lines() -> Iterator[str]:
        for record in records:
            yield dumps(record) + "\n"
    return StreamingResponse(lines(), media_type="application/x-ndjson")


_IMPORT_BODY_DOC: dict[str, Any] = {"requestBody": {"required": True, "content": {
    "application/json": {"schema": ImportRequest.model_json_schema(ref_template="#/components/schemas/{model}")},
    "application/x-ndjson": {"schema": {"type": "array", "items": {"type": "object"}, "description": (
        "JSON Lines: one record (a JSON object) a line, as GET /v1/export writes them or as "
        "`memstrata import` reads them; the scope comes from the query parameters.")}}}}}


async def import_body(request: Request, q: Annotated[ScopeQuery, Query()]) -> ImportRequest:
    """The ``POST /v1/import`` body: ``{"records": [...]}`` as JSON, or JSON Lines (one record
    a line, scope from the query) for the media types of ``JSONL_MEDIA_TYPES``.

    Raises:
        RequestValidationError: malformed JSON (400, with the position) or a bad shape (422).
        ApiError: 400 ``malformed_json`` naming the line and column of a bad JSON Lines record.
    """
    raw = await request.body()
    media = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if media not in JSONL_MEDIA_TYPES:
        try:
            parsed = ImportRequest.model_validate_json(raw or b"null")
        except ValidationError as exc:
            broken = [e for e in exc.errors(include_url=False) if e["type"] == "json_invalid"]
            if broken:
                reason = (broken[0].get("ctx") or {}).get("error", "parse error")
                raise ApiError(400, "malformed_json", f"request body is not valid JSON: {reason}") from None
            raise RequestValidationError(exc.errors(include_url=False)) from None
        query = {k: v for k, v in q.model_dump().items() if v is not None}
        return parsed.model_copy(update={k: v for k, v in query.items() if getattr(parsed, k) is None})
    records: list[dict[str, Any]] = []
    for line_no, line in enumerate(raw.decode("utf-8", errors="replace").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ApiError(400, "malformed_json", f"line {line_no} of the JSON Lines body is not JSON: {exc.msg} "
                           f"(column {exc.colno})", {"line": line_no, "column": exc.colno}) from None
        if not isinstance(record, dict):
            raise ApiError(400, "malformed_json", f"line {line_no} of the JSON Lines body is not a JSON object",
                           {"line": line_no})
        records.append(record)
    try:
        return ImportRequest(records=records, **q.model_dump())
    except ValidationError as exc:
        raise RequestValidationError(exc.errors(include_url=False)) from None


@router.post("/import", response_model=ImportResponse, tags=["transfer"], openapi_extra=_IMPORT_BODY_DOC)
def import_records(body: Annotated[ImportRequest, Depends(import_body)], caller: Caller,
                   request: Request, response: Response,
                   idempotency_key: IdempotencyKeyHeader = None) -> ImportResponse:
    """Re-add exported episodes, or messages in the ``memstrata import`` JSONL format. The body is
    ``{"records": [...]}`` (``application/json``) or the export's JSON Lines as they are
    (``application/x-ndjson``, scope in the query).

    Whose records: the org and project are the request's (or the key's). A ``user_id``,
    ``agent_id`` or ``session_id`` in the request applies to every record; a record naming a
    different one is a 422 ``invalid_input`` naming the record (``details.index``,
    ``details.field``) and nothing is imported. Leave it out of the request to keep each
    record's own ids (a key bound to one user still gets a 403 for a record of another).

    With an ``Idempotency-Key`` header the records are stored in one transaction with the key, and
    a retry is answered from the first request (``replayed``), as for ``POST /v1/messages``. Without
    it, the same records posted again add nothing (``duplicates``): JSONL message objects without
    ``created_at``, stamped on arrival, are known by their import key (``loaders.identity``).

    The org and project are always the request's (the key's): records exported from another
    tenant are imported into this one, and the answer's ``moved`` counts them by the
    ``org/project`` they named, with a ``note`` saying so."""
    st = state_of(request)
    if idempotency_key is not None:
        check_key(as_sent(idempotency_key), "the Idempotency-Key header")
    check_batch(st, len(body.records), "records")
    check_request_scope(body)
    requested = {"user_id": body.user_id, "agent_id": body.agent_id, "session_id": body.session_id}
    with st.lock:
        built, skipped, moved, expired, gone, suppressions, older = messages_from_records(
            st.memory, body.records, lambda **f: st.scope(caller, body, **f), requested=requested)
        for scope, digests in suppressions:  # before the messages: their extraction must not remake what was forgotten
            st.memory.keep_suppressed(digests, **scope)
        held = forgotten(st.memory, built, dict(older))  # forgotten here by their owner: never stored again
        built = [m for m, h in zip(built, held, strict=True) if not h]
        twins = st.memory.stored_otherwise(built)  # stored already in another redaction: never its original beside it
        built = [m for m, t in zip(built, twins, strict=True) if not t]
        results = st.memory.add_many(built, idempotency_key=idempotency_key if built else None,
                                     skip_forgotten=False)  # asked above (``held``), counted in the answer
    added = sum(1 for r in results if r.created)
    replayed = mark_replayed(results, response)
    if not replayed:
        metrics().messages.inc(added)
    notes = [] if not skipped else [
        f"{skipped} fact, event, audit trail and API key records were not imported: facts come from the episodes' "
        "own extraction, so edits, rollbacks and the audit history of the export (its events, tombstones, forget "
        "receipts and withdrawals) are not carried over, and API keys "
        "are never created over /v1/import; for an exact restore into another database use `memstrata import`"]
    if expired:
        notes.append(f"{expired} episode records had expired (their expires_at has passed: they were stored with "
                     "a ttl) and were not imported")
    if gone:
        ids = ", ".join(f"#{i}" for i in gone)
        notes.append(f"{len(gone)} episode records were forgotten in this database ({ids}) and were not imported: "
                     "what a user forgot is never brought back by an older export")
    if any(held):
        n = sum(held)
        notes.append(f"{n} message{'s' if n != 1 else ''} forgotten here {'were' if n != 1 else 'was'} not imported "
                     "again: what a user forgot is never brought back by an import")
    if moved and built:
        into = f"{built[0].scope.org_id}/{built[0].scope.project_id}"
        named = ", ".join(f"{n} from {tenant!r}" for tenant, n in sorted(moved.items()))
        notes.append(f"episode records of another tenant ({named}) were imported into {into!r}, the tenant of "
                     "this request's API key: a key's writes always go to its own tenant")
    return ImportResponse(added=added, duplicates=len(results) - added + sum(twins), skipped=skipped, moved=moved,
                          forgotten=list(gone), forgotten_messages=sum(held), note="; ".join(notes) or None,
                          replayed=replayed)
