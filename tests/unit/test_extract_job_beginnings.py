"""A job or an occupation said as its beginning ("I got a new job at Initech", 我刚入职腾讯, "I became a
nurse") is the state it began (``extract.onset``), as "I started working at Globex" is; a planned
beginning stays a plan and someone else's is not the user's."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "org"), [
    ("I got a new job at Initech.", "Initech"), ("I landed a job at Acme.", "Acme"),
    ("I was hired by Acme.", "Acme"), ("My new job is at Acme.", "Acme"),
    ("I joined Acme as an engineer last week.", "Acme"),
    ("I've just been hired at Globex", "Globex"), ("I found a job with Initech", "Initech"),
    ("我跳槽到了阿里", "阿里"), ("我换了新工作，现在在美团", "美团"), ("我刚入职腾讯", "腾讯"),
    ("我在腾讯找到了新工作", "腾讯"), ("我上个月入职了字节", "字节"), ("我去年入职了字节", "字节"),
    ("我被腾讯录用了", "腾讯"),
])
def test_a_job_begun_is_the_employer(text: str, org: str) -> None:
    assert _read(text) == [("identity.employer", org)]


@pytest.mark.parametrize(("text", "role"), [
    ("I became a nurse.", "nurse"), ("I've just become a teacher", "teacher"),
    ("我成了一名护士", "护士"), ("我当上了老师", "老师"),
])
def test_an_occupation_begun_is_the_occupation(text: str, role: str) -> None:
    assert _read(text) == [("identity.occupation", role)]


def test_a_dated_beginning_holds_from_the_time_it_names() -> None:
    [joined] = RuleExtractor().extract(text="I joined Acme as an engineer last week.", role="user",
                                              said_at=_AT)
    assert joined.key == "identity.employer"
    assert joined.valid_from is not None and joined.valid_from < _AT


@pytest.mark.parametrize("text", [
    "my friend got a job at Acme", "我朋友入职了腾讯", "I didn't get a job at Acme", "I joined a gym",
    "I joined Reddit", "I joined Toastmasters last month", "I became a father", "我被裁员了", "我入职了",
])
def test_someone_elses_or_no_job_begun_names_no_employer(text: str) -> None:
    """(我被裁员了 ends the employer, ``extract.job_end``: a withdrawal, no value)"""
    assert not [k for k, v in _read(text) if k in ("identity.employer", "identity.occupation") and v]


@pytest.mark.parametrize("text", ["I'm starting at Acme on Monday", "我下个月去字节上班"])
def test_a_beginning_still_to_come_stays_a_plan(text: str) -> None:
    assert [k for k, _ in _read(text)] in (["schedule.event"], ["travel.plan"])


@pytest.mark.parametrize(("text", "org", "since"), [
    # the new job in one clause, where it is in the next: the employer, from when the job began
    ("我上周刚换了新工作，现在在美团。", "美团", datetime(2025, 12, 29, tzinfo=UTC)),
    ("I just started a new job last week, I'm at Meta now.", "Meta", datetime(2025, 12, 29, tzinfo=UTC)),
    ("I got a new job, I'm with Stripe now.", "Stripe", None),
    ("I switched jobs last week, now I'm at Google.", "Google", datetime(2025, 12, 29, tzinfo=UTC)),
    ("我换工作了，现在在字节。", "字节", None),
])
def test_a_new_job_then_where_one_is_names_the_employer(text: str, org: str, since: datetime | None) -> None:
    [found] = RuleExtractor().extract(text=text, role="user", said_at=_AT)
    assert (found.key, found.value, found.valid_from) == ("identity.employer", org, since)


@pytest.mark.parametrize("text", [
    "我换了新工作，现在在北京。", "我换了新工作，现在在上海。", "我换了新工作，现在在家。",
    "I started a new job, I'm at home now.", "I started a new job last week, I'm at Berlin now.",
])
def test_a_new_job_then_a_place_names_no_employer(text: str) -> None:
    # the employer before ends (a withdrawal names no value: ``test_extract_ends_and_beginnings``), none is named
    assert [v for k, v in _read(text) if k == "identity.employer" and v] == []


@pytest.mark.parametrize(("text", "found"), [
    # each wording of a new job is read by all three readings (onset.JOB_TAKEN_EN / JOB_TAKEN_ZH): before, "taken"
    # and "started ... the job" were known to one or two of them, 开始了 to the end of the old job alone
    ("I've taken a new job, I'm at Meta now.", [("identity.employer", "Meta", False)]),
    ("I started the new job at Acme last week.", [("identity.employer", "Acme", False)]),
    ("我开始了新工作，现在在美团", [("identity.employer", "美团", False)]),
    ("I've taken a new job.", [("identity.employer", "", True)]),  # the employer before ends
    ("我换新工作了", [("identity.employer", "", True)]),
])
def test_every_wording_of_a_new_job_is_read_by_each_reading(text: str, found: list[tuple[str, str, bool]]) -> None:
    said = RuleExtractor().extract(text=text, role="user", said_at=_AT)
    assert [(c.key, c.value, c.retracts) for c in said if c.key == "identity.employer"] == found
