"""A ``filter`` or ``mode`` sent to a server whose engine lacks it is refused naming the field in
``details.field``, as every other refused body field is (docs/errors.md): ``filter_unsupported``
and ``mode_unsupported`` carried empty ``details``. The refusal is the server state's own check,
answered before any engine runs, so it is called here on the state of an engine without either."""

from __future__ import annotations

import threading

import pytest

from memstrata.server.config import ServerConfig
from memstrata.server.errors import ApiError
from memstrata.server.limits import RateLimiter
from memstrata.server.state import ServerState


def _state_without_options() -> ServerState:
    config = ServerConfig()
    return ServerState(memory=None, keys=None, config=config,  # type: ignore[arg-type]
                       limiter=RateLimiter(config.rate_limit_per_minute), lock=threading.Lock(),
                       engine_filter=False, engine_modes=False)


@pytest.mark.parametrize(("given", "status", "code", "field"), [
    ({"filter_text": 'tag = "x"'}, 400, "filter_unsupported", "filter"),
    ({"mode": "both"}, 422, "mode_unsupported", "mode"),
])
def test_an_option_the_engine_lacks_is_refused_naming_its_field(given: dict[str, str], status: int, code: str,
                                                                field: str) -> None:
    with pytest.raises(ApiError) as refused:
        _state_without_options().engine_options(**given)
    assert (refused.value.status, refused.value.code, refused.value.details) == (status, code, {"field": field})
    assert f"`{field}`" in refused.value.message


def test_an_engine_with_both_takes_them() -> None:
    state = _state_without_options()
    state.engine_filter = state.engine_modes = True
    assert state.engine_options(filter_text='tag = "x"', mode="both") == {"filter": 'tag = "x"', "mode": "both"}
