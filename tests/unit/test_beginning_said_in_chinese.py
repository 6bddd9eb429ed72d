"""A Chinese change said as a beginning: a job begun by going to work somewhere, a car changed with its time said
first, a switch made by the whole group; and whose beginning it is.

上周开始去字节上班了 stored ``activity.current = 去字节上班`` and 阿里巴巴 stayed the employer; now going to work
somewhere, begun, is working there (``extract.onset``), unless it begins at a time to come (下周开始去字节上班: a plan).
前段时间换了辆比亚迪 stored nothing (the time before the change); 我们公司最近全改用飞书了 stored nothing (全 and
公司). 我老公去年开始吃素 and 我妹妹上周开始在字节上班了 stored the user's own diet and employer (妹妹上周 was read as
the time the state began): now they are the husband's and the sister's."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from tests.factvalues import stored_facts

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return sorted((c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT))


def _stored(tmp_path: Path, *messages: str) -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    """(active, superseded) (key, value) of the user's own facts after ``messages`` (``stored_facts``)."""
    return stored_facts(tmp_path, *messages, start=_AT, own=True)


@pytest.mark.parametrize(("text", "org"), [
    ("上周开始去字节上班了", "字节"),
    ("我上个月开始去美团上班了", "美团"),
    ("我从去年开始去华为工作", "华为"),
    ("我开始去京东上班了", "京东"),
])
def test_going_to_work_somewhere_begun_is_the_employer(text: str, org: str) -> None:
    assert ("identity.employer", org, "") in _read(text)


def test_a_job_begun_supersedes_the_employer_before(tmp_path: Path) -> None:
    active, superseded = _stored(tmp_path, "我在阿里巴巴上班", "上周开始去字节上班了")
    assert ("identity.employer", "字节") in active and ("identity.employer", "阿里巴巴") in superseded


@pytest.mark.parametrize("text", ["下周开始去字节上班", "我从下个月开始去美团上班"])
def test_going_to_work_from_a_time_to_come_is_no_employer_yet(text: str) -> None:
    assert not any(key == "identity.employer" for key, _, _ in _read(text))


@pytest.mark.parametrize(("text", "expected"), [
    ("我妹妹上周开始去字节上班了", ("identity.employer", "字节", "younger sister")),
    ("我妹妹上周开始在字节上班了", ("identity.employer", "字节", "younger sister")),
    ("我老公去年开始吃素", ("food.diet", "吃素", "husband")),
])
def test_a_relatives_beginning_is_theirs(text: str, expected: tuple[str, str, str]) -> None:
    found = _read(text)
    assert expected in found and not any(subject == "" for _, _, subject in found)


def test_a_relatives_move_to_come_is_never_the_users() -> None:
    assert not any(subject == "" for _, _, subject in _read("我妹妹从下个月开始住在上海"))


@pytest.mark.parametrize(("text", "expected"), [
    ("前段时间换了辆比亚迪", [("user.car", "比亚迪", "")]),
    ("我前阵子换了一辆特斯拉", [("user.car", "特斯拉", "")]),
    ("我们公司最近全改用飞书了", [("user.uses", "飞书", "")]),
    ("我们最近都改用钉钉了", [("user.uses", "钉钉", "")]),
    ("我们部门统一换成Linear了", [("user.uses", "Linear", "")]),
])
def test_a_change_with_its_time_or_its_group_said_first(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


def test_a_car_changed_ends_the_car_before(tmp_path: Path) -> None:
    active, superseded = _stored(tmp_path, "我开的是大众", "前段时间换了辆比亚迪")
    assert ("user.car", "比亚迪") in active and ("user.car", "大众") in superseded


def test_a_group_switch_ends_the_tool_of_its_kind(tmp_path: Path) -> None:
    active, superseded = _stored(tmp_path, "我平时用钉钉", "我们公司最近全改用飞书了")
    assert ("tool.uses", "飞书") in active and ("tool.uses", "钉钉") in superseded
