"""The kind of employer said with 一家 / 一所 is the employer kept, as "I work at a bank" keeps "bank":
我在一家银行上班, 我在一所中学工作, 我老公在一家医院工作 stored nothing (一家 read as "no employer named"); now
identity.employer = 银行 / 中学 / 医院. A workplace that names no one (一家公司, 一家广告公司, 一个地方,
这家公司) stays none."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_SAID = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _employers(text: str) -> list[tuple[str, str]]:
    return [(c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_SAID)
            if c.key == "identity.employer"]


@pytest.mark.parametrize(("text", "employer"), [
    ("我在一家银行上班", ("银行", "")),
    ("我在一所中学工作", ("中学", "")),
    ("我在一家外企做财务", ("外企", "")),
    ("我老公在一家医院工作", ("医院", "husband")),
])
def test_the_kind_of_employer_said_with_a_measure_word_is_kept(text: str, employer: tuple[str, str]) -> None:
    assert _employers(text) == [employer]


@pytest.mark.parametrize("text", [
    "我在一家公司工作", "我在一家小公司上班", "我在一家广告公司当设计师", "我在一个地方上班", "我在这家公司工作",
])
def test_a_workplace_that_names_no_kind_is_no_employer(text: str) -> None:
    assert _employers(text) == []


@pytest.mark.parametrize(("text", "facts"), [
    # what is done at home is no job (it stored identity.occupation = 饭 / 家务), and 公司 alone names no employer
    ("我在家里做饭。", []),
    ("我在家里做家务。", []),
    ("我在公司做产品经理。", [("identity.occupation", "产品经理")]),
])
def test_a_job_at_home_or_at_no_named_workplace(text: str, facts: list[tuple[str, str]]) -> None:
    assert [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_SAID)] == facts
