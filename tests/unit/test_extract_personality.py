"""What kind of person the speaker is (``extract.temperament``): the speaker's own trait, in any of its
shapes and in both languages, is one ``identity.personality`` value from one bilingual vocabulary; someone
else's trait, a passing moment and a wish are none."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor
from memstrata.extract.twins import lexicon_twins

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.statement)
            for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "value"), [
    ("I'm an introvert.", "introvert"), ("I'm a pretty shy person", "shy"),
    ("I'd describe myself as outgoing", "extrovert"), ("I would describe myself as an extrovert.", "extrovert"),
    ("My personality is pretty calm.", "calm"), ("I'm a very independent person", "independent"),
    ("I'm quite the perfectionist", "perfectionist"), ("I've always been stubborn", "stubborn"),
    ("I've become more outgoing", "extrovert"), ("I'm naturally quiet", "quiet"),
    ("I'm a laid-back guy", "easygoing"),
])
def test_the_speakers_own_trait_in_english_is_one_value(text: str, value: str) -> None:
    assert _read(text) == [("identity.personality", value, f"personality: {value}")]


@pytest.mark.parametrize(("text", "value"), [
    ("我的性格比较内向", "内向"), ("我是个内向的人", "内向"), ("我性格很急", "急躁"), ("我是个很安静的人", "安静"),
    ("我这个人比较随和", "随和"), ("我现在变得外向了", "外向"), ("我的性格是外向型的", "外向"),
    ("我是一个挺乐观的人。", "乐观"), ("我性格有点腼腆", "害羞"),
])
def test_the_speakers_own_trait_in_chinese_is_one_value(text: str, value: str) -> None:
    assert _read(text) == [("identity.personality", value, f"性格{value}")]


@pytest.mark.parametrize("text", [
    "my sister is shy", "我妹妹性格内向", "他是个很外向的人",  # someone else's
    "I'm shy today", "I'm feeling quiet tonight", "我今天有点害羞", "我刚才有点急躁",  # the moment
    "I wish I were more outgoing", "I want to be more outgoing", "我希望自己外向一点",  # a wish
    "I'm calm", "I'm quiet", "I'm a patient at the clinic",  # the moment, or no trait
    "Are you an introvert?", "你是个内向的人吗？",  # a question
])
def test_someone_elses_trait_a_moment_or_a_wish_is_no_personality(text: str) -> None:
    assert [f for f in _read(text) if f[0] == "identity.personality"] == []


@pytest.mark.parametrize(("en", "zh"), [("introvert", "内向"), ("extrovert", "外向"), ("shy", "害羞"),
                                         ("calm", "冷静"), ("impatient", "急躁")])
def test_each_trait_and_its_counterpart_are_twins_and_opposites_are_not(en: str, zh: str) -> None:
    assert lexicon_twins(en, zh)
    assert not lexicon_twins("introvert", "外向") and not lexicon_twins("extrovert", "内向")
