"""The inspector's state-changing actions (POST): sign in and out, edit, delete, roll back, forget.

Each action checks the form came from this browser session's own pages (``guard.check_csrf``)
before it reads or changes anything, names its target explicitly (a user id and a fact, event
or session: never a default taken from the key), and calls one ``Memory`` method under the
engine lock with the caller's scope and an audit actor ``ui:...``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import RedirectResponse
from starlette.responses import Response

from memstrata.lifecycle.forget import TABLES
from memstrata.lifecycle.target import left_out_if_none
from memstrata.server.auth import principal_for
from memstrata.server.errors import ApiError
from memstrata.types import Fact
from memstrata.ui import guard
from memstrata.ui.context import PageRoute, Viewer, render, secure, viewer
from memstrata.ui.pages import forget_target

router = APIRouter(prefix="/ui", include_in_schema=False, route_class=PageRoute)


async def form(request: Request) -> dict[str, str]:
    """FastAPI dependency: the posted form's fields (``guard.form_fields``)."""
    return guard.form_fields(await request.body())


Form = Annotated[dict[str, str], Depends(form)]


@dataclass(frozen=True)
class Posted:
    """A checked form: who sent it and its fields."""

    view: Viewer
    fields: dict[str, str]

    def text(self, name: str) -> str:
        """A field that must be non-empty.

        Raises:
            ApiError: 422 naming the field.
        """
        value = self.fields.get(name, "").strip()
        if not value:
            raise ApiError(422, "invalid_input", f"the form needs `{name}`; nothing was changed")
        return value

    def id(self, name: str) -> int:
        """A positive integer id field.

        Raises:
            ApiError: 422 naming the field and what it got.
        """
        raw = self.text(name)
        if not raw.isdigit() or not 0 < int(raw) < 2**63:
            raise ApiError(422, "invalid_input", f"`{name}` must be a positive integer id, got {raw[:40]!r}")
        return int(raw)

    def share(self, name: str) -> float | None:
        """A number in [0, 1], or ``None`` when the field is blank.

        Raises:
            ApiError: 422 naming the field.
        """
        raw = self.fields.get(name, "").strip()
        if not raw:
            return None
        try:
            return float(raw)
        except ValueError:
            raise ApiError(422, "invalid_input", f"`{name}` must be a number from 0 to 1, got {raw[:40]!r}") from None


def posted(request: Request, fields: Form, view: Annotated[Viewer, Depends(viewer)]) -> Posted:
    """FastAPI dependency: the form, refused unless this session's pages sent it.

    Raises:
        ApiError: 403 ``cross_site_request`` or ``csrf_token_invalid`` (``guard.check_csrf``).
    """
    guard.check_csrf(request, fields, view.cred)
    return Posted(view, fields)


Checked = Annotated[Posted, Depends(posted)]


@router.post("/login")
def login(request: Request, fields: Form) -> Response:
    """Check the key and keep it in the HttpOnly, SameSite=Strict cookie; a new session nonce."""
    guard.check_same_origin(request)
    nonce = guard.nonce_of(request)
    sent = fields.get(guard.CSRF_FIELD, "")
    if nonce is None or sent != guard.csrf_token(nonce):
        raise ApiError(403, "csrf_token_invalid", "sign in from this server's own sign-in page (reload it)")
    key = fields.get("api_key", "").strip()
    address = request.client.host if request.client else ""
    try:
        if not key:
            raise ApiError(401, "missing_api_key", "no key was entered")
        principal_for(request.app.state.memstrata, key, address)
    except ApiError as exc:
        if exc.status != 401:
            raise
        return secure(RedirectResponse("/ui/login?failed=1", status_code=303))
    response = secure(RedirectResponse("/ui/", status_code=303))
    guard.set_cookie(response, request, guard.KEY_COOKIE, key)
    guard.set_cookie(response, request, guard.SESSION_COOKIE, guard.new_nonce())
    return response


@router.post("/logout")
def logout(request: Request, fields: Form) -> Response:
    """Forget the key cookie and the session (a form of this session only)."""
    guard.check_same_origin(request)
    nonce = guard.nonce_of(request)
    if nonce is None or fields.get(guard.CSRF_FIELD, "") != guard.csrf_token(nonce):
        raise ApiError(403, "csrf_token_invalid", "sign out from this server's own pages (reload the page)")
    response = secure(RedirectResponse("/ui/login", status_code=303))
    guard.clear_cookie(response, guard.KEY_COOKIE)
    guard.clear_cookie(response, guard.SESSION_COOKIE)
    return response


@router.post("/edit")
def edit(post: Checked) -> Response:
    """Change a fact (``Memory.update``): a new value supersedes it, numbers change in place."""
    view, user, fact_id = post.view, post.text("user"), post.id("fact")
    scope = view.scope(user)
    if "value" in post.fields and not post.fields["value"].strip():
        # A cleared box was read as "value unchanged": alone it said "nothing to update", and with a
        # changed number the number was saved and the cleared value passed over in silence.
        raise ApiError(422, "invalid_input", f"the new value of fact #{fact_id} is blank: a fact keeps a value; "
                       "type the new one, or delete the fact", {"field": "value"})

    def change() -> Fact:
        current = view.memory.get(fact_id, **scope)
        assert isinstance(current, Fact)
        value = post.fields.get("value", "").strip() or None
        importance, confidence = post.share("importance"), post.share("confidence")
        return view.memory.update(
            fact_id, value=value if value is not None and value != current.value else None,
            importance=importance if importance is not None and importance != current.importance else None,
            confidence=confidence if confidence is not None and confidence != current.confidence else None,
            actor=view.actor, **scope)
    fact = view.call(change)
    return secure(RedirectResponse(view.link("history", user=user, fact=fact.id, done="updated"), status_code=303))


@router.post("/delete")
def delete(post: Checked) -> Response:
    """Delete one fact (``Memory.delete``), optionally with the messages that stated it; the receipt."""
    view, user, fact_id = post.view, post.text("user"), post.id("fact")
    scope = view.scope(user)
    sources = post.fields.get("sources") == "on"
    receipt = view.call(lambda: view.memory.delete(fact_id, sources=sources, actor=view.actor, **scope))
    notes = [r.note(fact_id, "the rollback on the history page") for r in receipt.replaced]
    return render(view, "receipt.html", user=user, what=f"fact #{fact_id}", receipt=receipt,
                  counts=_counts(receipt), notes=notes, sources_kept=list(receipt.sources_kept))


@router.post("/rollback")
def rollback(post: Checked) -> Response:
    """Undo a supersede, merge or archive event (``Memory.rollback``); back to the history."""
    view, user, fact_id, event_id = post.view, post.text("user"), post.id("fact"), post.id("event")
    scope = view.scope(user)
    view.call(lambda: view.memory.rollback(event_id, actor=view.actor, **scope))
    return secure(RedirectResponse(view.link("history", user=user, fact=fact_id, done="rolled_back"),
                                   status_code=303))


@router.post("/forget")
def forget(post: Checked) -> Response:
    """Forget the user or one session (``Memory.forget``, an explicit target); the receipt."""
    view, user = post.view, post.text("user")
    _, session = forget_target(post.fields)
    scope = view.scope(user, session)
    receipt = view.call(lambda: view.memory.forget(
        user_id=scope["user_id"], session_id=left_out_if_none(scope["session_id"]), org_id=scope["org_id"],
        project_id=scope["project_id"], actor=view.actor))
    what = f"session {session!r} of {user!r}" if session else f"user {user!r}"
    counts = _counts(receipt)
    # a mistyped session or user deleted nothing: "Forgotten." over a table of zeros read as done
    return render(view, "receipt.html", user=user, what=what, receipt=receipt, counts=counts,
                  notes=[], sources_kept=[], nothing=not any(counts.values()))


def _counts(receipt: Any) -> dict[str, int]:
    return {**{t: receipt[t] for t in TABLES}, **receipt.counts}
