"""What every inspector page shares: the viewer (caller, language, tenant, session), the
templates, the security headers, and error pages instead of the API's JSON errors."""

from __future__ import annotations

import threading
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import urlencode

from fastapi import Request
from fastapi.responses import HTMLResponse, RedirectResponse
from fastapi.routing import APIRoute
from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.responses import Response

from memstrata.errors import MemstrataError
from memstrata.memory import Memory
from memstrata.server.auth import Principal
from memstrata.server.errors import STATUS_BY_CODE, ApiError
from memstrata.ui import guard
from memstrata.ui.i18n import LABELS, language

if TYPE_CHECKING:
    from memstrata.server.state import ServerState

T = TypeVar("T")
HERE = Path(__file__).parent
STATIC = "/ui/static"
#: Content-Security-Policy of every page: scripts, styles and forms of this server only (htmx is
#: served from the package; no inline script or style), never framed by another site.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
TEMPLATES = Environment(loader=FileSystemLoader(str(HERE / "templates")),
                        autoescape=select_autoescape(default=True, default_for_string=True))


@dataclass
class Viewer:
    """The caller of one page: who (``principal``), which labels (``lang``), which tenant was
    asked for (``org``/``project``, ``None``: the key's or the server's default), and the browser
    session's nonce (``fresh``: set it in the response)."""

    request: Request
    cred: guard.Credential
    lang: str
    org: str | None
    project: str | None
    nonce: str
    fresh: bool

    @property
    def principal(self) -> Principal:
        """The authenticated caller."""
        return self.cred.principal

    @property
    def state(self) -> ServerState:
        """The server's shared state (engine, lock, config)."""
        state: ServerState = self.request.app.state.memstrata
        return state

    @property
    def memory(self) -> Memory:
        """The engine."""
        return self.state.memory

    @property
    def lock(self) -> threading.Lock:
        """The engine lock every call into ``memory`` holds (as the REST routes do)."""
        return self.state.lock

    @property
    def actor(self) -> str:
        """The audit actor of a change made here: ``ui:admin``, ``ui:open`` or ``ui:key:<id>``."""
        return "ui:" + self.principal.actor.removeprefix("api:")

    def scope(self, user: str | None, session: str | None = None) -> dict[str, Any]:
        """The ``Memory`` scope keywords for ``user`` (and ``session``) in the viewer's tenant.

        Raises:
            ApiError: 403 when a key bound to another tenant or user asks for this one.
        """
        s = self.memory.settings
        return self.principal.scope(org_id=self.org, project_id=self.project, user_id=user or None,
                                    session_id=session or None, default_org=s.org_id, default_project=s.project_id)

    def tenant(self) -> tuple[str, str]:
        """The org and project the pages show."""
        sc = self.scope(None)
        return str(sc["org_id"]), str(sc["project_id"])

    def link(self, page: str, **params: object) -> str:
        """``/ui/<page>?...`` with ``params`` (``None`` left out) and the asked tenant kept."""
        pairs = {"org": self.org, "project": self.project, **params}
        query = urlencode({k: v for k, v in pairs.items() if v is not None and v != ""})
        return f"/ui/{page}" + (f"?{query}" if query else "")

    def call(self, fn: Callable[[], T]) -> T:
        """Run ``fn`` (a call into the engine) under the engine lock."""
        with self.lock:
            return fn()


def viewer(request: Request) -> Viewer:
    """FastAPI dependency: the ``Viewer`` of a page.

    Raises:
        ApiError: 401 without a needed key (a page answers with the sign-in form), 429 over the rate limit.
    """
    cred = guard.credential(request)
    nonce = guard.nonce_of(request)
    fresh = nonce is None
    org, project = asked_tenant(request)
    return Viewer(request, cred, language(request.headers.get("accept-language")), org, project,
                  nonce or guard.new_nonce(), fresh)


def asked_tenant(request: Request) -> tuple[str | None, str | None]:
    """The ``org`` and ``project`` a page's address asks for (``None``: not given, the default).

    Raises:
        ApiError: 422 naming ``org`` or ``project`` given blank (``?org=$ORG`` with ORG unset): read as
            the default tenant, a forget confirmed there deleted the default tenant's user, as REST
            refuses ``?org_id=``.
    """
    asked = []
    for name in TENANT_PARAMS:
        value = request.query_params.get(name)
        if value is not None and not value.strip():
            raise ApiError(422, "invalid_input", f"`{name}` is {'empty' if value == '' else 'only whitespace'} in the "
                           f"address; name the tenant or leave `{name}` out for the default; nothing was read or "
                           "changed", {"field": name})
        asked.append(value)
    return asked[0], asked[1]


def secure(response: Response) -> Response:
    """Add the headers every inspector answer carries (no caching: pages hold memories)."""
    response.headers["Content-Security-Policy"] = CSP
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "same-origin"
    response.headers["Cache-Control"] = "no-store"
    return response


def render(view: Viewer, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    """A page from ``template`` with the shared context (labels, links, CSRF token, caller)."""
    body = TEMPLATES.get_template(template).render(
        t=LABELS[view.lang], lang=view.lang, static=STATIC, view=view, link=view.link,
        csrf=guard.csrf_token(view.nonce), csrf_field=guard.CSRF_FIELD, who=guard.describe(view.principal),
        fragment=view.request.headers.get("hx-request") == "true", **context)
    response = HTMLResponse(body, status_code=status)
    if view.fresh:
        guard.set_cookie(response, view.request, guard.SESSION_COOKIE, view.nonce)
    secure(response)
    return response


def error_page(request: Request, status: int, code: str, message: str) -> Response:
    """The error as a page in the browser's language (a GET without a key goes to the sign-in form;
    one whose header key was refused gets the 401 saying so: a script, not a browser, sends it)."""
    if status == 401 and request.method == "GET" and guard.header_key(request) is None:
        return secure(RedirectResponse("/ui/login", status_code=303))
    lang = language(request.headers.get("accept-language"))
    body = TEMPLATES.get_template("error.html").render(
        t=LABELS[lang], lang=lang, static=STATIC, status=status, code=code, message=message, view=None,
        who=None, link=lambda page, **_: f"/ui/{page}", fragment=request.headers.get("hx-request") == "true")
    return secure(HTMLResponse(body, status_code=status))


#: The query parameters every page and form reads: the tenant asked for (``Viewer.org``, ``project``).
TENANT_PARAMS = ("org", "project")
#: The query parameters a page reads several values of (the search's ticked ``kinds``); any other is read once.
MULTI_PARAMS = ("kinds",)
E = TypeVar("E", bound=Callable[..., Any])


def takes(*names: str) -> Callable[[E], E]:
    """Declare the query parameters a page reads besides ``TENANT_PARAMS`` (``PageRoute`` refuses
    any other, as REST does: ``/ui/search?...&limit=0`` showed 20 hits as if ``limit`` were read)."""
    def declare(endpoint: E) -> E:
        endpoint.page_params = names  # type: ignore[attr-defined]
        return endpoint
    return declare


def unknown_param(request: Request, endpoint: Callable[..., Any]) -> ApiError | None:
    """A 422 naming the first query parameter the page does not read (``takes``) or that is given twice
    (but ``MULTI_PARAMS``), or ``None``."""
    known = TENANT_PARAMS + getattr(endpoint, "page_params", ())
    unknown = next((name for name in request.query_params if name not in known), None)
    if unknown is not None:
        return ApiError(422, "invalid_input", f"the page reads no `{unknown[:40]}` in its address; it reads "
                        f"{', '.join(f'`{name}`' for name in known)}", {"field": unknown[:40]})
    # ``profile?user=alice&user=bob`` showed bob, the last value winning; only ``kinds`` lists several.
    twice = next((name for name in request.query_params if name not in MULTI_PARAMS
                  and len(request.query_params.getlist(name)) > 1), None)
    if twice is not None:
        return ApiError(422, "invalid_input", f"the address gives `{twice}` more than once; the page reads one",
                        {"field": twice})
    return None


class PageRoute(APIRoute):
    """A route whose failures render ``error.html`` with the API's status and code, and which
    refuses a query parameter its page does not read (``takes``)."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        """The route's handler, wrapped so ``ApiError`` and ``MemstrataError`` become pages."""
        original = super().get_route_handler()

        async def handler(request: Request) -> Response:
            try:
                if (refused := unknown_param(request, self.endpoint)) is not None:
                    raise refused
                return await original(request)
            except ApiError as exc:
                return error_page(request, exc.status, exc.code, exc.message)
            except MemstrataError as exc:
                return error_page(request, STATUS_BY_CODE.get(exc.code, 500), exc.code, str(exc))
        return handler
