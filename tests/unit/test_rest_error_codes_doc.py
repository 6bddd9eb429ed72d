"""Every error code the REST server (and the inspector it serves) can answer is named on
docs/errors.md, the page that lists the codes: ``limit_too_large``, ``batch_too_large``,
``admin_required`` and a dozen more were answered by the server and named on no page.

The code's side is read from the source, so a new code without its line on the page fails here:
the second argument of every ``ApiError(status, "code", ...)`` and ``error_response(status,
"code", ...)``, the first of ``error_body("code", ...)``, the ``(status, "code", ...)`` tuples the
body checks return, the HTTP statuses' generic codes (``errors._HTTP_CODES``), the SDK codes the
server maps to a status (``STATUS_BY_CODE``) and every ``MemstrataError`` subclass's ``code`` (the
server answers the SDK's own errors with their code).
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

from memstrata import errors as sdk_errors
from memstrata.server import errors as server_errors

REPO = Path(__file__).resolve().parents[2]
PACKAGE = REPO / "src" / "memstrata"
DOC = REPO / "docs" / "errors.md"
MODULES = sorted((PACKAGE / "server").glob("*.py")) + sorted((PACKAGE / "ui").glob("*.py"))


def _literal_codes(path: Path) -> set[str]:
    codes = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        args: list[ast.expr] = []
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("ApiError", "error_response"):
            args = list(node.args)
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "error_body":
            args = [ast.Constant(0), *node.args]
        elif isinstance(node, ast.Return) and isinstance(node.value, ast.Tuple):
            args = list(node.value.elts)
        if (len(args) >= 2 and isinstance(args[0], ast.Constant) and isinstance(args[0].value, int)
                and isinstance(args[1], ast.Constant) and isinstance(args[1].value, str)):
            codes.add(args[1].value)
    return codes


def rest_codes() -> set[str]:
    """Every ``error.code`` the server's source can answer with."""
    codes = set().union(*(_literal_codes(path) for path in MODULES))
    codes |= set(server_errors._HTTP_CODES.values()) | {"http_error"} | set(server_errors.STATUS_BY_CODE)
    codes |= {cls.code for _, cls in inspect.getmembers(sdk_errors, inspect.isclass)
              if issubclass(cls, sdk_errors.MemstrataError) and cls is not sdk_errors.MemstrataError}
    return codes


def test_the_source_is_read() -> None:
    # the reading itself finds codes of each kind, so an empty set cannot pass the test below
    assert {"limit_too_large", "validation_error", "malformed_json", "csrf_token_invalid", "internal",
            "method_not_allowed", "conflict", "body_too_large", "idempotency_key_reused"} <= rest_codes()


def test_every_code_the_server_answers_is_on_the_errors_page() -> None:
    page = DOC.read_text(encoding="utf-8")
    assert sorted(code for code in rest_codes() if f"`{code}`" not in page) == []
