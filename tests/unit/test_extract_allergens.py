"""``extract.allergens``: the allergen of an allergy value, and its doctests."""

from __future__ import annotations

import doctest

import pytest

from memstrata.extract import allergens
from memstrata.extract.allergens import allergen


def test_doctests() -> None:
    assert doctest.testmod(allergens).failed == 0


@pytest.mark.parametrize(("value", "expected"), [
    ("花生又", "花生"), ("花生很", "花生"), ("吃花生会", "花生"), ("一吃花生就会", "花生"), ("花生还是", "花生"),
    ("peanuts again", "peanuts"), ("peanuts again now", "peanuts"), ("shellfish after all", "shellfish"),
    ("peanuts 所以不要放花生", "peanuts"), ("花生 so no peanuts please", "花生"),
    # values that are allergens as they stand
    ("tree nuts", "tree nuts"), ("花生", "花生"), ("又", "又"), ("吃", "吃"), ("cats and dogs", "cats and dogs"),
    ("VS Code插件", "VS Code插件"),
])
def test_allergen(value: str, expected: str) -> None:
    assert allergen(value) == expected
