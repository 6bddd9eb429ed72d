"""Where a person one deals with is from, or what they do, is theirs, not who they are: 我老板是广东人 stored
``user.boss = 广东人`` and 我室友是程序员 ``user.roommate = 程序员`` (the possessive copula read the description as the
boss's name). Now the boss's and the landlord's hometown are kept under them and nothing is stored for the roommate
(no subject the store names); a name said so (我的牙医是李医生, 我老板是王总) is still who they are."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "facts"), [
    ("我老板是广东人", [("identity.hometown", "广东", "boss")]),
    ("我的房东是上海人", [("identity.hometown", "上海", "landlord")]),
    ("我室友是程序员", []),
    ("我邻居是医生", []),
])
def test_where_they_are_from_or_what_they_do_is_never_the_users_attribute(
        text: str, facts: list[tuple[str, str, str]]) -> None:
    assert _read(text) == facts


@pytest.mark.parametrize(("text", "fact"), [
    ("我的牙医是李医生", ("user.dentist", "李医生", "")),
    ("我老板是王总", ("user.boss", "王总", "")),
])
def test_a_name_is_still_who_they_are(text: str, fact: tuple[str, str, str]) -> None:
    assert _read(text) == [fact]
