"""The inspector's read-only pages (GET): users, profile, search, a cited message, a fact's
history, the confirmation forms, the forget preview and the export download.

Every page takes its ids from the query string (kept out of the access log, ``guard``) and
reads through ``Memory`` under the server's engine lock, in the scope the caller's key allows.
"""

from __future__ import annotations

import io
import tempfile
import zipfile
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import RedirectResponse, StreamingResponse
from starlette.responses import Response

from memstrata.arguments import check_kinds
from memstrata.clock import parse_time
from memstrata.errors import InvalidInput, NotFound
from memstrata.integrations.markdown import export_folder
from memstrata.lifecycle.export import dumps, require_records
from memstrata.lifecycle.preview import OwnerCount
from memstrata.lifecycle.target import left_out_if_none
from memstrata.server.auth import Principal
from memstrata.server.errors import ApiError
from memstrata.types import Episode, Fact, Scope
from memstrata.ui import guard, views
from memstrata.ui.context import PageRoute, Viewer, render, secure, takes, viewer
from memstrata.ui.i18n import language

router = APIRouter(prefix="/ui", include_in_schema=False, route_class=PageRoute)
View = Annotated[Viewer, Depends(viewer)]
#: Hits a search page shows.
SEARCH_LIMIT = 20
MODES = ("long_term", "short_term", "both")


def _named(view: Viewer) -> Callable[[Fact], str | None]:
    """``views.statement`` in the page's language: how every fact the pages list is named."""
    return partial(views.statement, chinese=view.lang == "zh")


def required(request: Request, name: str) -> str:
    """A query parameter that must be given and non-empty.

    Raises:
        ApiError: 422 naming the parameter.
    """
    value = (request.query_params.get(name) or "").strip()
    if not value:
        raise ApiError(422, "invalid_input", f"the page needs `{name}` in its address; none was given")
    return value


def id_param(request: Request, name: str) -> int:
    """A positive integer id from the query string.

    Raises:
        ApiError: 422 naming the parameter and what it got.
    """
    raw = required(request, name)
    if not raw.isdigit() or not 0 < int(raw) < 2**63:
        raise ApiError(422, "invalid_input", f"`{name}` must be a positive integer id, got {raw[:40]!r}")
    return int(raw)


@router.get("/")
@router.get("")
def home(view: View) -> Response:
    """The users page, or a user-bound key's own profile."""
    bound = view.principal.key.user_id if view.principal.key else None
    target = view.link("profile", user=bound) if bound else view.link("users")
    return secure(RedirectResponse(target, status_code=303))


@router.get("/login")
@takes("failed")
def login_form(request: Request) -> Response:
    """The sign-in form (a key is kept in an HttpOnly, SameSite=Strict cookie)."""
    view = viewer_without_key(request)
    return render(view, "login.html", failed=request.query_params.get("failed") == "1")


def viewer_without_key(request: Request) -> Viewer:
    """A viewer for the sign-in page, which is shown before any key is known."""
    nonce = guard.nonce_of(request)
    return Viewer(request, guard.Credential(Principal("anonymous"), "none"), language(
        request.headers.get("accept-language")), None, None, nonce or guard.new_nonce(), nonce is None)


@router.get("/users")
def users(view: View) -> Response:
    """The tenant's users with counts (a user-bound key: its own user only)."""
    org, project = view.tenant()
    bound = view.principal.key.user_id if view.principal.key else None
    if bound is not None:
        counts = view.call(lambda: view.memory.counts(**view.scope(bound)))
        rows = [OwnerCount(bound, counts.get("episodes", 0), counts.get("facts_active", 0))]
    else:
        rows = view.call(lambda: view.memory.users(org_id=org, project_id=project))
    return render(view, "users.html", rows=rows, org=org, project=project)


@router.get("/profile")
@takes("user", "episodes")
def profile(request: Request, view: View) -> Response:
    """One user's current facts by topic, episodes by session (newest first, ``RECENT_EPISODES`` a
    page; ``episodes=<cursor>`` for older ones, ``Memory.page``), and counts."""
    user = required(request, "user")
    scope = view.scope(user)
    cursor = request.query_params.get("episodes") or None

    def read() -> tuple[list[Any], Any, dict[str, int]]:
        facts = view.memory.list(kind="fact", status="active", limit=views.PROFILE_FACTS, **scope)
        episodes = view.memory.page(kind="episode", limit=views.RECENT_EPISODES, cursor=cursor, **scope)
        return facts, episodes, view.memory.counts(**scope)
    facts, episodes, counts = view.call(read)
    owners = views.by_owner([f for f in facts if isinstance(f, Fact)])
    return render(view, "profile.html", user=user, topics=owners.own, others=owners.others,
                  sessions=views.by_session([e for e in episodes.items if isinstance(e, Episode)]), counts=counts,
                  older=episodes.next_cursor, statement=_named(view), when=views.when)


def search_options(request: Request) -> dict[str, Any]:
    """The search form's options as ``Memory.search`` keywords (blank fields left out).

    Raises:
        ApiError: 422 naming a field that does not parse (``as_of``, ``min_match``, ``mode``, ``kinds``).
    """
    q = request.query_params
    options: dict[str, Any] = {}
    if q.get("filter", "").strip():
        options["filter"] = q["filter"].strip()
    mode = q.get("mode") or "long_term"
    if mode not in MODES:
        raise ApiError(422, "invalid_input", f"mode must be one of {', '.join(MODES)}, got {mode[:40]!r}")
    options["mode"] = mode
    if q.get("as_of", "").strip():
        try:  # the words and field every door refuses a time with (a time without an offset is UTC)
            options["as_of"] = parse_time(q["as_of"], "as_of")
        except InvalidInput as exc:
            raise ApiError(422, "invalid_input", str(exc), {"field": "as_of"}) from None
    if q.get("min_match", "").strip():
        try:
            options["min_match"] = float(q["min_match"])
        except ValueError:
            raise ApiError(422, "invalid_input", f"min_match must be a number from 0 to 1, got "
                           f"{q['min_match'][:40]!r}") from None
    # No box ticked sends no ``kinds``: both. A kind the form never sends (a typed address) is refused
    # as the REST search refuses it, not dropped (with it dropped, kinds=fact&kinds=bogus searched facts alone).
    chosen = q.getlist("kinds")
    try:
        options["kinds"] = check_kinds(chosen) if chosen else ("fact", "episode")
    except InvalidInput as exc:
        raise ApiError(422, "invalid_input", str(exc), {"field": exc.field}) from None
    return options


@router.get("/search")
@takes("user", "session", "q", "filter", "mode", "as_of", "min_match", "kinds")
def search(request: Request, view: View) -> Response:
    """The search form and, with a query, the ranked hits with signals and citations."""
    user = required(request, "user")
    session = request.query_params.get("session", "").strip() or None
    scope = view.scope(user, session)
    query = request.query_params.get("q", "").strip()
    options = search_options(request)
    if query and options["mode"] != "long_term" and session is None:  # Memory would name its session_id
        raise ApiError(422, "invalid_input", f"mode {options['mode']} reads one session's recent turns: give the "
                       "session in `session` (the Session box), or search long_term", {"field": "session"})
    hits = view.call(lambda: view.memory.search(query, limit=SEARCH_LIMIT, **options, **scope)) if query else None
    return render(view, "search.html", user=user, session=session or "", query=query, options=options,
                  raw=request.query_params, hits=hits, cites=views.hit_citations,
                  said=partial(views.hit_text, chinese=view.lang == "zh"),
                  when=views.when, modes=MODES)


@router.get("/episode")
@takes("user", "id")
def episode(request: Request, view: View) -> Response:
    """A cited message in its session with its neighbours (a fragment for htmx, else a page)."""
    user = required(request, "user")
    episode_id = id_param(request, "id")
    scope = view.scope(user)

    def read() -> tuple[Episode, list[Episode]]:
        found = view.memory.get(episode_id=episode_id, **scope)
        assert isinstance(found, Episode)
        session = found.scope.session_id
        if session is None:
            return found, [found]
        around = view.memory.list(kind="episode", limit=1000, **view.scope(user, session))
        return found, [e for e in around if isinstance(e, Episode)]
    found, session = view.call(read)
    return render(view, "episode.html", user=user, episode=found, around=views.neighbours(found, session),
                  when=views.when)


@router.get("/history")
@takes("user", "fact", "done")
def history(request: Request, view: View) -> Response:
    """A fact's timeline: every value of its key for its subject, validity and audit events."""
    user = required(request, "user")
    fact_id = id_param(request, "fact")
    scope = view.scope(user)
    timeline = view.call(lambda: view.memory.history(fact_id, **scope))
    offsets = view.call(lambda: view.memory.said_offsets(f for f, _ in timeline))  # its message's clock
    return render(view, "history.html", user=user, fact_id=fact_id, timeline=timeline, statement=_named(view),
                  when=views.when, offsets=offsets, undoable=views.UNDOABLE, undone=views.rolled_back(timeline),
                  done=request.query_params.get("done", ""))


def _fact(view: Viewer, user: str, fact_id: int) -> Fact:
    scope = view.scope(user)
    fact = view.call(lambda: view.memory.get(fact_id, **scope))
    assert isinstance(fact, Fact)
    return fact


@router.get("/edit")
@takes("user", "fact")
def edit_form(request: Request, view: View) -> Response:
    """The form that changes a fact (an audited update)."""
    user = required(request, "user")
    fact = _fact(view, user, id_param(request, "fact"))
    return render(view, "edit.html", user=user, fact=fact, statement=_named(view))


#: Messages the delete page lists under "also forget the messages" (a fact stated more often is
#: listed in part, saying how many there are).
SOURCES_SHOWN = 20


@router.get("/delete")
@takes("user", "fact")
def delete_form(request: Request, view: View) -> Response:
    """The confirmation before a fact is deleted, listing the messages the box would forget too and,
    by key and value, every other fact that goes with them (``Memory.delete_preview``)."""
    user = required(request, "user")
    fact = _fact(view, user, id_param(request, "fact"))
    scope = view.scope(user)

    def sources() -> list[Episode]:
        found: list[Episode] = []
        for episode_id in sorted(fact.citations)[:SOURCES_SHOWN]:
            try:
                episode = view.memory.get(episode_id=episode_id, **scope)
            except NotFound:  # forgotten since the fact was drawn from it
                continue
            if isinstance(episode, Episode):
                found.append(episode)
        return found
    # The facts that go with the messages, decided by the code the delete runs (Memory.delete_preview);
    # a store without forget jobs cannot forget messages, so there is nothing to list.
    previewed = bool(fact.citations) and view.memory.store.capabilities.forget_jobs
    going = view.call(lambda: view.memory.delete_preview(fact.id, sources=True, **scope)) if previewed else None
    others = [f for f in going.facts if f.id != fact.id] if going is not None else []
    return render(view, "delete.html", user=user, fact=fact, statement=_named(view), sources=view.call(sources),
                  cited=len(fact.citations), when=views.when, others=others, shown_value=views.shown_value)


@router.get("/rollback")
@takes("user", "fact", "event")
def rollback_form(request: Request, view: View) -> Response:
    """The confirmation before an event is rolled back."""
    user = required(request, "user")
    fact_id = id_param(request, "fact")
    event_id = id_param(request, "event")
    timeline = view.call(lambda: view.memory.history(fact_id, **view.scope(user)))
    event = next((e for _, events in timeline for e in events if e.id == event_id), None)
    if event is None:
        raise ApiError(404, "not_found", f"event #{event_id} is not in the history of fact #{fact_id}")
    return render(view, "rollback.html", user=user, fact_id=fact_id, event=event, when=views.when)


def forget_target(fields: Any) -> tuple[str, str | None]:
    """The explicit target of a forget: ``("user", None)`` or ``("session", id)``.

    Raises:
        ApiError: 422 when ``target`` is missing or unknown, or a session target names no session.
    """
    target = (fields.get("target") or "").strip()
    if target not in ("user", "session"):
        raise ApiError(422, "invalid_input", "a forget needs `target`: `user` (everything about the user) or "
                       "`session` with `session`; nothing was deleted", {"field": "target"})
    session = (fields.get("session") or "").strip() or None
    if target == "session" and session is None:
        raise ApiError(422, "invalid_input", "target `session` needs the session id in `session`; nothing was deleted",
                       {"field": "session"})
    return target, session if target == "session" else None


@router.get("/forget")
@takes("user", "target", "session")
def forget_preview(request: Request, view: View) -> Response:
    """Exactly what a forget of the user or one session would delete, with the confirmation form."""
    user = required(request, "user")
    target, session = forget_target(request.query_params)
    scope = view.scope(user, session)
    preview = view.call(lambda: view.memory.forget_preview(
        user_id=scope["user_id"], session_id=left_out_if_none(scope["session_id"]), org_id=scope["org_id"],
        project_id=scope["project_id"]))
    return render(view, "forget.html", user=user, target=target, session=session or "", preview=preview,
                  statement=_named(view), when=views.when)


@router.get("/export.jsonl")
@takes("user")
def export_jsonl(request: Request, view: View) -> Response:
    """The user's records as JSON Lines (what ``memstrata export`` writes), as a download.

    Raises:
        ApiError: 413 over the server's ``max_export_records``.
    """
    user = required(request, "user")
    scope = view.scope(user)
    limit = view.state.config.max_export_records

    def read() -> list[dict[str, Any]]:
        records: list[dict[str, Any]] = []
        for record in require_records(view.memory.export(**scope), Scope(**scope).describe(),
                                      hint="check the user"):
            if len(records) == limit:
                raise ApiError(413, "export_too_large", f"more than {limit} records (MEMSTRATA_MAX_EXPORT_RECORDS); "
                               "use `memstrata export`")
            records.append(record)
        return records
    records = view.call(read)
    response = StreamingResponse(iter([dumps(r) + "\n" for r in records]), media_type="application/x-ndjson",
                                 headers={"Content-Disposition": 'attachment; filename="memstrata-export.jsonl"'})
    return secure(response)


@router.get("/export.zip")
@takes("user")
def export_markdown(request: Request, view: View) -> Response:
    """The user's Markdown projection (``MEMORY.md`` and daily notes, ``integrations.markdown``)
    as a zip download; ``memstrata import --format markdown`` reads the unpacked folder back."""
    user = required(request, "user")
    scope = view.scope(user)
    with tempfile.TemporaryDirectory(prefix="memstrata-md-") as tmp:
        folder = Path(tmp) / "memory"
        view.call(lambda: export_folder(view.memory, folder, user_id=scope["user_id"], org_id=scope["org_id"],
                                        project_id=scope["project_id"]))
        packed = io.BytesIO()
        with zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as archive:
            for path in sorted(folder.rglob("*")):
                if path.is_file():
                    archive.write(path, path.relative_to(folder).as_posix())
    return secure(Response(packed.getvalue(), media_type="application/zip",
                           headers={"Content-Disposition": 'attachment; filename="memstrata-markdown.zip"'}))
