"""An employer said with its city is the employer and where that workplace is: "My wife works at Google in
Zurich" stored the employer "Google in Zurich" and 我老婆在苏黎世的谷歌上班 "苏黎世的谷歌"; now the employer is
Google / 谷歌 and the city where that person works (``user.workplace_location``, a relative's under their own key,
``wife.workplace_location``, never the user's), never the user's home; "I work at SAP
in Berlin" leaves "I live in Munich" standing. A department is no city ("Google in Marketing" stays as said)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor
from memstrata.types import Fact

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str | None, bool]]:
    return sorted((c.key, c.value, c.subject or None, c.retracts)
                  for c in RuleExtractor().extract(text=text, role="user", said_at=_AT))


@pytest.mark.parametrize(("text", "read"), [
    ("My wife works at Google in Zurich", [("identity.employer", "Google", "wife", False),
                                           ("wife.workplace_location", "Zurich", "wife", False)]),
    ("I work at SAP in Berlin", [("identity.employer", "SAP", None, False),
                                 ("user.workplace_location", "Berlin", None, False)]),
    ("I'm a nurse at Mass General in Boston", [("identity.employer", "Mass General", None, False),
                                               ("identity.occupation", "nurse", None, False),
                                               ("user.workplace_location", "Boston", None, False)]),
    ("我老婆在苏黎世的谷歌上班", [("identity.employer", "谷歌", "wife", False),
                                  ("wife.workplace_location", "苏黎世", "wife", False)]),
    ("我在北京的腾讯工作", [("identity.employer", "腾讯", None, False),
                            ("user.workplace_location", "北京", None, False)]),
    ("I don't work at SAP in Berlin anymore", [("identity.employer", "SAP", None, True),
                                               ("identity.former", "SAP", None, False)]),
    ("I work at Google in Marketing", [("identity.employer", "Google in Marketing", None, False)]),
])
def test_the_city_is_where_the_workplace_is_not_part_of_the_employer(
        text: str, read: list[tuple[str, str, str | None, bool]]) -> None:
    assert _read(text) == read


@pytest.mark.parametrize(("home", "work", "facts"), [
    ("I live in Munich", "I work at SAP in Berlin", [
        ("identity.employer", "SAP", None), ("identity.location", "Munich", None),
        ("user.workplace_location", "Berlin", None)]),
    ("I live in Munich", "My wife works at Google in Zurich", [
        ("identity.employer", "Google", "wife"), ("identity.location", "Munich", None),
        ("wife.workplace_location", "Zurich", "wife")]),
    ("我住在上海", "我老婆在苏黎世的谷歌上班", [
        ("identity.employer", "谷歌", "wife"), ("identity.location", "上海", None),
        ("wife.workplace_location", "苏黎世", "wife")]),
])
def test_the_work_city_never_replaces_the_home(
        tmp_path: Path, home: str, work: str, facts: list[tuple[str, str, str | None]]) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add(home)
        mem.add(work)
        assert sorted((f.key, f.value, f.subject) for f in mem.list() if isinstance(f, Fact)) == facts


@pytest.mark.parametrize(("text", "read"), [
    # the city one works in, said with the verb of working: the user's, or a relative's under their own key
    ("I work in Boston", [("user.workplace_location", "Boston", None, False)]),
    ("My wife works in Boston.", [("wife.workplace_location", "Boston", "wife", False)]),
    ("我在杭州上班", [("user.workplace_location", "杭州", None, False)]),
    ("我老婆在杭州上班", [("wife.workplace_location", "杭州", "wife", False)]),
    ("我老公在北京工作，我在上海", [("husband.workplace_location", "北京", "husband", False),
                                    ("user.workplace_location", "上海", None, False)]),
    # a field, a workplace or home is no city
    ("I work in Marketing", []),
    ("我在银行上班", [("identity.employer", "银行", None, False)]),
])
def test_the_city_one_works_in_is_the_workplace_of_whoever_works_there(
        text: str, read: list[tuple[str, str, str | None, bool]]) -> None:
    assert _read(text) == read
