"""Eating what a diet leaves out ends the diet.

"I'm vegetarian" then "I eat meat now" (我吃素 then 我现在吃肉了) kept both current: the meat as
``user.eats`` and the diet as ``food.diet``, and the context block told an agent to respect a diet the
user had left. A statement of the user's own that they eat meat withdraws the diets that exclude it
(vegetarian, vegan, pescatarian; 吃素, 素食, 纯素); what they eat is kept as said. Halal and kosher
allow meat and stay. Someone else's eating ("My sister eats meat") withdraws nothing of the user's.
"""

from __future__ import annotations

from collections.abc import Sequence

from memstrata.extract.clauses import CONF_STATED, Finding
from memstrata.text.regex import lazy_regex

#: Meat in either language, as ``user.eats`` stores it ("meat", "chicken", 肉, 牛肉, 荤).
_MEAT = lazy_regex(r"^(?:(?:red\s+)?meat|chicken|beef|pork|steak|lamb|bacon|ham|turkey|[鸡牛猪羊]?肉|荤菜?|肉类)$",
                   flags=0)
#: The diets that leave meat out, as ``food.diet`` stores them in both languages.
MEATLESS = ("vegetarian", "vegan", "pescatarian", "吃素", "吃纯素", "素食", "纯素")


def ended_by_eating(found: Sequence[tuple[Finding, str]]) -> list[tuple[Finding, str]]:
    """Withdrawals of the meatless diets for each of the user's own ``user.eats`` findings that name
    meat, in the finding's language; ``[]`` when none does."""
    out: list[tuple[Finding, str]] = []
    for f, lang in found:
        if f.key == "user.eats" and not f.subject and not f.retract and _MEAT.match(f.value.strip().lower()):
            out += [(Finding("food.diet", diet, CONF_STATED, f.clause, retract=True), lang) for diet in MEATLESS]
    return out
