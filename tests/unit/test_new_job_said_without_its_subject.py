"""A new job told without its subject: "Actually I moved to Seattle last month, new job at Swedish hospital." stored
the city and lost the job, "Got a new job at Stripe" and 从上个月开始不在阿里了，跳槽去网易了 stored nothing. The clause
is the user's news when the sentence is the user's (``extract.onset.job_begun``); after a clause about someone else it
is theirs, never the user's."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _read(text: str) -> set[tuple[str, str, str]]:
    return {(c.key, c.value, c.subject or "")
            for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)}


@pytest.mark.parametrize(("text", "employer"), [
    ("Actually I moved to Seattle last month, new job at Swedish hospital.", "Swedish hospital"),
    ("New job at Stripe!", "Stripe"),
    ("Got a new job at Stripe", "Stripe"),
    ("new job at Stripe, so excited", "Stripe"),
    ("从上个月开始不在阿里了，跳槽去网易了", "网易"),
    ("我搬到了杭州，跳槽去网易了", "网易"),
])
def test_the_new_employer_is_the_users(text: str, employer: str) -> None:
    assert ("identity.employer", employer, "") in _read(text)


def test_the_rest_of_the_sentence_is_still_read() -> None:
    assert ("identity.location", "Seattle", "") in _read(
        "Actually I moved to Seattle last month, new job at Swedish hospital.")


@pytest.mark.parametrize("text", [
    "My sister moved to Ohio, new job at Boeing",  # hers, if anyone's
    "我妹妹上个月辞职了，跳槽去网易了",
    "我妹妹搬到了杭州，跳槽去网易了",
    "Congrats on the new job at Stripe",
    "I'm looking for a new job at a startup",
    "I moved to Denver, new job at Stripe starts Monday",  # a plan
    "他想跳槽去网易",
])
def test_no_employer_of_the_users_is_read(text: str) -> None:
    assert not [f for f in _read(text) if f[0] == "identity.employer" and not f[2]]
