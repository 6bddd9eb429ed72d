"""A job change said first, then where one went (我换工作了，去了字节跳动, 我跳槽了，进了阿里): the place gone to is
the employer now, the user's or a relative's (我老婆换工作了，去了字节跳动 is the wife's), as 我换了新工作，现在在美团
says."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 11, 30, 12, tzinfo=UTC)


def _employers(text: str) -> list[tuple[str, str]]:
    found = RuleExtractor().extract(text=text, role="user", said_at=SAID)
    return [(c.value, c.subject) for c in found if c.key == "identity.employer" and not c.retracts]


@pytest.mark.parametrize(("text", "employer", "whose"), [
    ("我换工作了，去了字节跳动", "字节跳动", ""), ("我跳槽了，去了美团", "美团", ""),
    ("我跳槽了，进了阿里", "阿里", ""),
    ("我老婆换工作了，去了字节跳动", "字节跳动", "wife"), ("我老婆跳槽到阿里了", "阿里", "wife"),
    ("我老公换了份新工作，现在在华为上班", "华为", "husband"),
])
def test_where_one_went_after_a_job_change_is_the_employer(text: str, employer: str, whose: str) -> None:
    assert _employers(text) == [(employer, whose)]


@pytest.mark.parametrize("text", [
    "我换工作了，去了趟北京", "我换工作了，去了上海", "我换工作了，去了一家创业公司", "我想换工作，去字节跳动",
    "我打算跳槽，去阿里", "如果我换工作了，去了字节跳动怎么办", "我朋友换工作了，去了字节跳动",
])
def test_a_trip_a_city_an_unnamed_firm_a_wish_or_a_friend_is_no_employer(text: str) -> None:
    assert _employers(text) == []
