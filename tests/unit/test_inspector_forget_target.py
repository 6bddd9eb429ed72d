"""The inspector's forget names the field its refused target is missing, as every other door does.

``POST /ui/forget`` without ``target``, or ``target=session`` without ``session``, answered 422 with
``details`` ``{}``: a program (or the page) could not tell which field to fix; nothing is deleted either way.
"""

from __future__ import annotations

import pytest

from memstrata.server.errors import ApiError
from memstrata.ui.pages import forget_target


@pytest.mark.parametrize(("fields", "field"), [({}, "target"), ({"target": "everything"}, "target"),
                                               ({"target": "session", "session": "  "}, "session")])
def test_a_refused_forget_target_names_its_field(fields: dict[str, str], field: str) -> None:
    with pytest.raises(ApiError) as refused:
        forget_target(fields)
    assert (refused.value.status, refused.value.code, refused.value.details) == (422, "invalid_input", {"field": field})
    assert refused.value.message.endswith("nothing was deleted")


def test_an_explicit_target_is_read() -> None:
    assert forget_target({"target": "user"}) == ("user", None)
    assert forget_target({"target": "session", "session": " s1 "}) == ("session", "s1")
