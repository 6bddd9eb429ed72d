"""What the English pattern modules share: the per-sentence context and the finding builder."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime

from memstrata.extract.clauses import (
    Finding,
    clean_value,
)
from memstrata.extract.guards import en_degree_only, en_pro_form
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE

_Pattern = Callable[[str, "_Ctx"], list[Finding]]


class _Ctx:
    """Per-sentence state: the sentence, its time and the markers seen so far."""

    def __init__(self, sentence: str, said_at: datetime) -> None:
        self.sentence = sentence
        self.said_at = said_at
        self.habit = False  # "from now on" seen earlier in the sentence
        self.remember = False  # a bare "remember," clause precedes
        # "text me, don't call": a refused channel makes a bare "text me" a preference
        self.contact = bool(_REFUSED_CHANNEL.search(sentence))


_PRONOUN = lazy_regex(
    r"^(?:it|that|this|them|you|him|her|those|these|everything|nothing|something|anything|"
    r"one|how|what|when|where|who|us|me|myself|yours|to know)$",
    _IC,
)

_PAST = lazy_regex(
    # a present tense that ends in -ed is none: "I need a new laptop for the conference" is no happening
    r"^(?:(?!(?:need|feed|bleed|breed|proceed|succeed|exceed|speed|seed|shed|wed)\b)\w+ed|thought|knew|said|saw|went|had|got|heard|told|made|did|been|was|were|wanted|"
    r"felt|found|took|gave|came|left|ate|drank|"
    # irregular pasts a plan check needs ("we flew to Tokyo in March" is done, not next March);
    # forms equal to the base (put, read, cut, hit) cannot be told apart and are left out
    r"flew|drove|rode|ran|swam|met|bought|brought|caught|taught|sold|sent|spent|built|lost|paid|"
    r"won|wrote|began|became|sang|threw|broke|chose|fell|forgot|grew|held|kept|led|lent|meant|"
    r"sat|slept|spoke|stood|stole|tore|understood|woke|wore|drew|fed|fought|froze|hung|rang|"
    r"rose|shook|shot|stuck|swept|swung|wept|bit|blew|hid|slid|spun|sprang|overslept)\b",
    _IC,
)


def _f(key: str, value: str, conf: float, clause: str, **kw: object) -> list[Finding]:
    value = clean_value(value, "en")
    if not value or _PRONOUN.match(value) or en_pro_form(value) or en_degree_only(value) or len(value.split()) > 10:
        return []
    return [Finding(key, value, conf, clause, **kw)]  # type: ignore[arg-type]


def _split_list(text: str) -> list[str]:
    return [p for p in re.split(r"\s*(?:,|\band\b|&|\bor\b)\s*", text) if p.strip()]


_REFUSED_CHANNEL = lazy_regex(r"\b(?:don't|do not|never|please don't|no)\s+(?:call|phone|ring|email|e-mail|"
                              r"text|message|calls|emails|texts|phone calls)\b", _IC)
