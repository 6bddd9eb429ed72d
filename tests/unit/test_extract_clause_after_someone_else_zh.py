"""A Chinese clause with no subject after one that opens with someone else is theirs, never the user's:
他也住在上海，不过下个月要搬去成都 stored the move to 成都 as the user's plan, as did 她人挺好的，下周三要去北京出差 and
我妈妈住在上海，下个月要搬去成都 (which lost the mother's home too). Now the clause is read with the person it follows
(the mother's home and move) or, when the rules cannot name them (他, 她, a friend), as nobody's. A clause of the
user's own (我下个月要搬去成都) and a plan said with no one else named stay the user's."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return sorted((c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT))


@pytest.mark.parametrize("text", [
    "他也住在上海，不过下个月要搬去成都",
    "她人挺好的，下周三要去北京出差",
    "他们家在苏州，月底要搬到上海",
    "他也在上海，不过明天要飞广州",
    "Maria 也住在上海，不过下个月要搬去成都",
    "我朋友住在上海，下个月要搬去成都",
    "我哥人很好，下周三要去北京出差",
    "他是我高中同学，明年要去美国读书",
])
def test_a_clause_after_someone_else_is_never_the_users(text: str) -> None:
    assert [f for f in _read(text) if not f[2]] == []


def test_a_relatives_clauses_are_all_the_relatives() -> None:
    assert _read("我妈妈住在上海，下个月要搬去成都") == [("identity.location", "上海", "mom"),
                                                        ("schedule.event", "搬去成都", "mom")]


@pytest.mark.parametrize(("text", "fact"), [
    ("他住在上海，我下个月要搬去成都", ("schedule.event", "搬去成都", "")),
    ("我妈妈住在上海，我下个月要搬去成都", ("schedule.event", "搬去成都", "")),
    ("下个月要搬去成都", ("schedule.event", "搬去成都", "")),
    ("周末去爬山，下周三要去北京出差", ("travel.plan", "去北京出差", "")),
])
def test_the_users_own_clause_stays_the_users(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _read(text)
