"""A value said as a pro-form that stands for the thing named before it: "My favourite coffee shop is the one on
Wulumuqi Road", "My gym is the one near the station".

"one" after the copula stands for the head noun of the subject (the coffee shop, the gym); with a modifier after it
the value is the head with that modifier ("coffee shop on Wulumuqi Road"), which names the thing; alone ("that
one", "it") it names nothing this sentence says, and the value is refused.
"""

from __future__ import annotations

import re

from memstrata.text.regex import lazy_regex

#: "the one on Wulumuqi Road", "one near my office", "that one by the river", "the ones from Trader Joe's", "the one
#: I told you about": the pro-form and its modifier (a place or a clause).
_ONE_MODIFIED = lazy_regex(
    r"^(?:(?:the|that|this)\s+)?(?:one|ones)\s+(?P<mod>(?:on|in|at|near|by|from|across|off|behind|opposite|around|"
    r"next\s+to|close\s+to|down|up|along|over|under|with|that|which|where|who|i|we|my|our|you)\b.+)$",
    re.IGNORECASE)
#: A pro-form alone: it names no thing here ("that one", "it", "the one", "this").
_ONE_ALONE = lazy_regex(r"^(?:(?:the|that|this)\s+)?(?:one|ones)$|^(?:it|that|this|those|these|them)$", re.IGNORECASE)
#: Words of the subject phrase that are no part of the head the pro-form stands for.
_NOT_HEAD = lazy_regex(r"^(?:(?:all-time|absolute|very|usual|current|go-to|new|main|only|favou?rite|preferred|"
                       r"regular|own|local)\s+)+", re.IGNORECASE)


def resolved(head: str, value: str) -> str | None:
    """``value`` with a pro-form read as the ``head`` it stands for ("coffee shop", "the one on Wulumuqi Road" →
    ``"coffee shop on Wulumuqi Road"``); ``value`` itself when it opens with no pro-form; ``None`` when it is a
    pro-form alone ("that one", "it"), which names no thing.

    >>> resolved("favourite coffee shop", "the one on Wulumuqi Road"), resolved("gym", "Equinox")
    ('coffee shop on Wulumuqi Road', 'Equinox')
    >>> resolved("bakery", "that one") is None
    True
    """
    said = value.strip().rstrip(".!")
    if _ONE_ALONE.match(said):
        return None
    m = _ONE_MODIFIED.match(said)
    if m is None:
        return value
    noun = _NOT_HEAD.sub("", head.strip())
    return f"{noun} {m.group('mod')}" if noun else None
