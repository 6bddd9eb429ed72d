"""A relative's facts said the plain way people type Chinese: the kin word with no 我 (女儿对芒果过敏, 老婆是护士 —
in a user's own message the user's relative, as 我女儿 is), an age with no verb (我妈妈65岁, 女儿朵朵4岁), what a
clause after the person says with no subject (有高血压, 在实验小学读一年级) and the school with its year. Before,
女儿对芒果过敏 and 我妈妈65岁，有高血压 stored nothing and 我儿子在实验小学读一年级 dropped the school. A word that
also names a stranger (阿姨, 老王) or a relative's report (女儿说…) is never the user's own fact."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "fact"), [
    ("女儿对芒果过敏", ("health.allergy", "芒果", "daughter")),
    ("女儿朵朵对花生过敏", ("health.allergy", "花生", "朵朵")),
    ("老婆是护士", ("identity.occupation", "护士", "wife")),
    ("儿子在上幼儿园", ("son.grade", "幼儿园", "son")),
    ("老公对猫过敏", ("health.allergy", "猫", "husband")),
    ("妈妈有高血压", ("health.condition", "高血压", "mom")),
])
def test_a_kin_word_opening_a_users_message_is_the_users_relative(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _read(text)


@pytest.mark.parametrize(("text", "facts"), [
    ("我妈妈65岁", {("identity.age", "65", "mom")}),
    ("我女儿4岁", {("identity.age", "4", "daughter")}),
    ("我妈妈65岁，有高血压", {("identity.age", "65", "mom"), ("health.condition", "高血压", "mom")}),
    ("我老婆叫李娜，她35岁，是护士", {("identity.age", "35", "wife"), ("identity.occupation", "护士", "wife")}),
    ("我儿子在实验小学读一年级", {("son.school", "实验小学", "son"), ("son.grade", "一年级", "son")}),
    ("我儿子叫乐乐，在实验小学读一年级", {("son.school", "实验小学", "son"), ("son.grade", "一年级", "son")}),
    ("我在北京大学读大二", {("user.school", "北京大学", ""), ("user.grade", "大二", "")}),
])
def test_a_relatives_age_condition_and_school_said_plainly(text: str, facts: set[tuple[str, str, str]]) -> None:
    assert facts <= set(_read(text))


def test_a_child_named_with_age_school_and_allergy_in_one_message() -> None:
    read = _read("女儿朵朵4岁，在上幼儿园，她对花生过敏！千万记住")
    assert ("health.allergy", "花生", "朵朵") in read and ("identity.age", "4", "朵朵") in read
    assert not [f for f in read if f[0] == "health.allergy" and f[2] == ""]


@pytest.mark.parametrize("text", ["我自己对海鲜有点过敏，虾不能吃", "我本人对海鲜过敏", "我从小对海鲜特别过敏",
                                  "我其实对海鲜比较过敏"])
def test_words_between_me_and_an_allergy_do_not_stop_it(text: str) -> None:
    assert ("health.allergy", "海鲜", "") in _read(text)


@pytest.mark.parametrize("text", ["女儿说她不喜欢数学", "老王对花生过敏", "阿姨对花生过敏", "妈呀我好累",
                                  "我儿子叫乐乐，有点累", "父亲节快到了"])
def test_no_fact_of_the_users_own_from_someone_else(text: str) -> None:
    assert not [f for f in _read(text) if f[2] == "" and f[0] != "family.member"]

