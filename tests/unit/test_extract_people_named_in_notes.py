"""Notes about the people around the user, as a personal assistant is told them: a relation before a name
without "my" (同事小王喜欢喝咖啡, 同事小李下周去北京出差, "Coworker Tom loves coffee", "Colleague Tom prefers
email"), a name said with 阿 (我朋友阿强在腾讯工作, 我的朋友阿强是厨师) and the name of a role one has one of
(我的老板叫陈总, 我老板叫陈总, as "My boss is called Chen" was) are that person's facts. Before, the first ones
stored nothing, 我的朋友阿强是厨师 stored ``user.朋友阿强 = 厨师`` (a key made of a person) and 我的老板叫陈总
nothing. Kin words and places with 阿 (阿姨, 阿里) name nobody, 老板叫我加班 is no name, and a colleague said
without a name (我的同事叫小王) is one of several."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "fact"), [
    ("同事小王喜欢喝咖啡", ("drink.like", "咖啡", "小王")),
    ("同事小李下周去北京出差", ("travel.plan", "去北京出差", "小李")),
    ("我朋友阿强在腾讯工作", ("identity.employer", "腾讯", "阿强")),
    ("我的朋友阿强是厨师", ("identity.occupation", "厨师", "阿强")),
    ("阿强喜欢打篮球", ("sport.like", "打篮球", "阿强")),
    ("我的老板叫陈总", ("identity.name", "陈总", "boss")),
    ("我老板叫陈总", ("identity.name", "陈总", "boss")),
    ("Coworker Tom loves coffee", ("drink.like", "coffee", "Tom")),
    ("Colleague Tom prefers email", ("contact.channel", "email", "Tom")),
])
def test_a_person_named_in_a_note_keeps_the_fact(text: str, fact: tuple[str, str, str]) -> None:
    assert _read(text) == [fact]


@pytest.mark.parametrize("text", ["阿姨喜欢跳舞", "阿里在杭州", "老板叫我加班", "我的同事叫小王", "朋友说我很胖"])
def test_no_name_or_a_kin_word_keeps_nothing(text: str) -> None:
    assert _read(text) == []
