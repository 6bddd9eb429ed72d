"""A fact's new value must show something: only whitespace or invisible characters is refused.

``memstrata update 6 --value $'\\u200b'`` and the inspector's edit box holding a zero-width space
stored the fact's value as a character that shows nothing (spaces alone were refused).
"""

from __future__ import annotations

import pytest

from memstrata.errors import InvalidInput
from memstrata.write.update import FactUpdate


@pytest.mark.parametrize("value", ["\u200b", "\u200b\u2060 ", "\ufeff", "  "])
def test_a_value_that_shows_nothing_is_refused_naming_the_field(value: str) -> None:
    with pytest.raises(InvalidInput, match="value must be a non-blank string") as refused:
        FactUpdate(value=value).check()
    assert refused.value.field == "value"


def test_a_value_with_a_joiner_inside_a_visible_one_is_kept() -> None:
    assert FactUpdate(value="👩\u200d👩\u200d👧 family trip").check().value == "👩\u200d👩\u200d👧 family trip"
