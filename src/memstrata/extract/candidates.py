"""From a finding to the candidate fact the rule extractor returns: its key's kind, importance and sensitivity, its
statement, the time it holds, and a street address said as a home kept as the postal address it is.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

from memstrata.extract.base import FactCandidate
from memstrata.extract.clauses import Finding
from memstrata.extract.directives import forbids_one
from memstrata.extract.statements import statement_for
from memstrata.extract.taxonomy import key_spec
from memstrata.privacy.addresses import is_postal_address

#: Keys a verb of living or moving fills with where one lives (``identity.location``) or, read as a switch, with
#: what one uses (``user.uses``: "I moved to 12 Baker Street"): a street address there is a postal address.
_LIVED_AT = frozenset({"identity.location", "user.uses"})


def postal(finding: Finding) -> Finding:
    """``finding`` under ``shipping.address`` when it places the user at a street address (我住在北京市朝阳区建国路88号,
    "I live in 12 Baker Street"): a postal address is a contact detail, high sensitivity as "My address is 12 Baker
    Street" is (``privacy.addresses``), never a low-sensitivity city. A city alone (我住在北京) is unchanged."""
    if finding.key not in _LIVED_AT or not is_postal_address(finding.value):
        return finding
    return replace(finding, key="shipping.address", statement="")


#: Brackets and quotes a value can hold as pairs: opening -> closing (a straight double quote closes itself).
_PAIRS = {"(": ")", "（": "）", "[": "]", "【": "】", "「": "」", "『": "』", "“": "”", "《": "》", '"': '"'}
_CLOSING = {v: k for k, v in _PAIRS.items() if k != v}
#: The openers of a quoted name or title: a value cut inside one ("rereading \"The Alchemist") is closed, as its title.
_QUOTES = frozenset('"“「『《')


def balanced(finding: Finding) -> Finding:
    """``finding`` with its value cut before a bracket or quote it opens and never closes, and a closing one it never
    opened dropped: a reading that stops at a clause's end cut "drove up to Tahoe with the kids (Noah is 7 and Mia is
    4)" inside the brackets and stored "… with the kids (Noah is 7". A value that is nothing before that bracket is
    kept whole (its reading named only the aside), and a quote left open is closed (a title cut at its comma: "rereading
    \"The Alchemist" keeps the title); ``finding`` itself when every bracket and quote is closed."""
    value, cut = finding.value, None
    stack: list[int] = []  # where each bracket or quote still open was opened
    for i, ch in enumerate(value):
        if ch == '"' and stack and value[stack[-1]] == '"':
            stack.pop()
        elif ch in _PAIRS:
            stack.append(i)
        elif ch in _CLOSING:
            if stack and value[stack[-1]] == _CLOSING[ch]:
                stack.pop()
            elif cut is None:
                cut = i  # a closing one never opened: the value ends before it
    at = min([*stack, *([] if cut is None else [cut])], default=None)
    if at is None:
        return finding
    if cut is None and all(value[i] in _QUOTES for i in stack):  # a title cut at its comma: closed, kept whole
        kept = value.rstrip(" ,;:，；：、") + "".join(_PAIRS[value[i]] for i in reversed(stack))
    else:
        kept = value[:at].rstrip(" ,;:，；：、-—")
    if not kept:
        return finding
    statement = finding.statement.replace(value, kept) if finding.statement else ""
    return replace(finding, value=kept, statement=statement)


def candidate(finding: Finding, sentence: str, lang: str, offset: timedelta | None = None) -> FactCandidate:
    """The ``FactCandidate`` of ``finding`` said in ``sentence`` (its evidence): the key's kind, importance and
    sensitivity (``extract.taxonomy``), the statement in ``lang`` (``extract.statements``), and for a dated event or
    plan ``valid_from`` / ``valid_to`` from its period, its statement naming the day in the speaker's calendar
    (``offset``: the speaker's UTC offset, ``said_at.utcoffset()``)."""
    spec = key_spec(finding.key)
    return FactCandidate(
        kind=spec.kind,
        key=finding.key,
        value=finding.value,
        confidence=finding.confidence,
        importance=spec.importance,
        sensitivity=spec.sensitivity,
        statement=statement_for(finding, lang, offset),
        evidence=sentence,
        valid_from=finding.period[0] if finding.period else None,
        valid_to=_holds_until(finding),
        retracts=finding.retract,
        corrects=finding.corrects,
        subject=finding.subject,
        instead_of=finding.instead_of,
        forbids=finding.retract and forbids_one(sentence),
        held_only=finding.held_only,
        shift=finding.shift,
    )


def _holds_until(finding: Finding) -> datetime | None:
    """When the finding stops holding: the end of its period for a dated event or plan (kind
    ``episode``: "we flew to Tokyo in March" holds in March); ``None`` for a state or a choice,
    whose named time is when it began ("I moved to Munich last month", "I switched to DHL last
    week": Munich and DHL hold from then on, not only during that month or week)."""
    if finding.period is None or key_spec(finding.key).kind != "episode":
        return None
    return finding.period[1]
