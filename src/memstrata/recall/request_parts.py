"""The parts of a request to act, each judged as a question of its own for match evidence.

A message that asks the agent to do several things at once ("install the deps and ship the package with the
carrier I like", 先装依赖，然后用我常用的快递寄出去) mixes how-to-work facts with preferences: the carrier fact holds
half of the whole request's meaning at best (its cosine to the whole request is a blend), and at 0.53 it fell
below ``recall.evidence.MATCH_EVIDENCE``, so the block gave only the pnpm convention (the request-to-act path of
``context.block``) and the hook nothing of the carrier. Searched as a part ("ship the package with the carrier I
like") it matches at 0.97. ``recall.search`` reads each part as it reads each question of a message of several
(``text.clauses.asked_questions``): by its own words and vector, for evidence only, never ranking.
"""

from __future__ import annotations

import re

from memstrata.text.clauses import MAX_ASKED
from memstrata.text.regex import lazy_regex
from memstrata.text.requests import asks_to_act

#: What joins the steps of a request: punctuation, "and", "then", "also", "plus", 然后, 并且, 顺便, 还有, 接着 ...
_STEP_BREAK = lazy_regex(r"[,;.!?，；。！？、\n]|\b(?:and|then|also|plus)\b|然后|并且|顺便|还有|另外|接着",
                         re.IGNORECASE)
_LATIN_WORD = lazy_regex(r"[A-Za-z]+")
_CJK_CHAR = lazy_regex(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


def request_parts(text: str) -> list[str]:
    """The steps of ``text`` when it asks the agent to act (``text.requests.asks_to_act``) and holds at least
    two (the pieces between ``_STEP_BREAK``s of at least two words, or two Han characters), in order, at most
    ``text.clauses.MAX_ASKED``; ``[]`` otherwise (a question, a remark, a request of one step).

    >>> request_parts("install the deps and ship the package with the carrier I like")
    ['install the deps', 'ship the package with the carrier I like']
    >>> request_parts("先装依赖，然后用我常用的快递寄出去")
    ['先装依赖', '用我常用的快递寄出去']
    >>> request_parts("run the tests"), request_parts("which carrier do I use, and where do I live?")
    ([], [])
    """
    if not asks_to_act(text):
        return []
    parts = [" ".join(p.split()) for p in _STEP_BREAK.split(text)]
    parts = [p for p in parts if len(_LATIN_WORD.findall(p)) + len(_CJK_CHAR.findall(p)) / 2 >= 2]
    return parts[:MAX_ASKED] if len(parts) > 1 else []
