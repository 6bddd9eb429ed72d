"""The inspector reads each field of its addresses and forms once: a repeated one is refused by name.

``/ui/profile?user=alice&user=bob`` showed bob's profile and a posted ``user=alice&user=bob`` forgot
bob, the last value winning without a word; a forget's target must be one. Only the search's ``kinds``
lists several values.
"""

from __future__ import annotations

import pytest
from starlette.requests import Request

from memstrata.server.errors import ApiError
from memstrata.ui.context import takes, unknown_param
from memstrata.ui.guard import form_fields


def _request(query: bytes) -> Request:
    return Request({"type": "http", "method": "GET", "path": "/ui/profile", "query_string": query, "headers": []})


@takes("user", "q", "kinds")
def _page() -> None:
    """A page reading ``user``, ``q`` and ``kinds``."""


def test_a_repeated_form_field_is_refused_and_names_it() -> None:
    with pytest.raises(ApiError) as refused:
        form_fields(b"csrf=t&target=user&user=alice&user=bob")
    assert (refused.value.status, refused.value.details) == (422, {"field": "user"})
    assert "nothing was changed" in refused.value.message
    assert form_fields(b"target=user&user=alice") == {"target": "user", "user": "alice"}


def test_a_repeated_address_parameter_is_refused_but_kinds() -> None:
    refused = unknown_param(_request(b"user=alice&user=bob"), _page)
    assert refused is not None and (refused.status, refused.details) == (422, {"field": "user"})
    assert unknown_param(_request(b"user=alice&q=x&kinds=fact&kinds=episode"), _page) is None
