"""What a possessed thing is ("my <thing> is <value>", 我的X是Y / 姓Y / X预算Y), in English and Chinese: an amount,
a sum of money, a compound attribute and a surname are values; an opinion or a reply in the same shape is none. And
what a relative does: read by the shapes that read the user's own, under the relative, never as the user's."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "expected"), [
    # an amount with its bound: the bound opens it as a preposition opens a description, yet it is a value
    ("My commute is about 40 minutes.", [("user.commute", "about 40 minutes", "")]),
    ("My commute is around an hour.", [("user.commute", "around an hour", "")]),
    ("My morning run is over 5 km.", [("user.morning_run", "over 5 km", "")]),
    # Chinese says an amount with 是 or without it, its bound (大概, "about") kept as English keeps it
    ("我的通勤时间大概是40分钟", [("user.commute", "大概40分钟", "")]),
    ("我的通勤时间大概40分钟", [("user.commute", "大概40分钟", "")]),
    ("我的房租每月五千", [("user.rent", "每月五千", "")]),
    # a sum of money with a thousands comma is one value, not "$2" and a clause "000"
    ("My rent is $2,000 a month.", [("user.rent", "$2,000 a month", "")]),
    ("My budget for hotels is $2,000 a night.", [("budget", "hotel: $2,000 a night", "")]),
    ("My budget for the trip is $2,000.", [("budget", "trip: $2,000", "")]),
    ("这次旅行预算两万。", [("budget", "旅行：两万", "")]),
    # a hyphenated word is part of the attribute ("go-to" holds no preposition "to")
    ("My go-to coffee order is an oat latte.", [("user.coffee_order", "oat latte", "")]),
    ("My go-to drink is a flat white.", [("user.drink", "flat white", "")]),
    # 姓X: the copula of a surname
    ("我的房东姓陈。", [("user.landlord", "姓陈", "")]),
    ("我女儿的老师姓王。", [("daughter.teacher", "姓王", "daughter")]),
    # said plainly, without 我的, of a person one deals with: as with 我的 (they stored nothing)
    ("房东姓陈", [("user.landlord", "姓陈", "")]),
    ("老板姓王。", [("user.boss", "姓王", "")]),
    ("邻居姓李", [("user.邻居", "姓李", "")]),
    ("我老板姓王", [("user.boss", "姓王", "")]),
    ("房东姓陈，人很好", [("user.landlord", "姓陈", "")]),
])
def test_a_possessed_thing_takes_amounts_money_compounds_and_surnames(
        text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("My manager is Sarah", [("user.manager", "Sarah", "")]),
    ("My landlord is Mr. Chen.", [("user.landlord", "Mr. Chen", "")]),
    ("我的老板是王总", [("user.boss", "王总", "")]),
    ("我的房东是陈先生", [("user.landlord", "陈先生", "")]),
    # what the person is like is no attribute of the user's
    ("My boss is a jerk", []),
    ("My friend is a shy person", []),
    ("My friend is excited to visit Kyoto.", []),
    ("My roommate is a night owl", []),
    ("我的房东是个好人", []),
    ("我的同事是一个很有趣的人", []),
])
def test_a_person_one_deals_with_is_who_they_are_never_what_they_are_like(
        text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


def test_a_surname_is_stated_as_said() -> None:
    [fact] = RuleExtractor().extract(text="我的房东姓陈。", role="user", said_at=_AT)
    assert fact.statement == "房东姓陈"


@pytest.mark.parametrize("text", [
    "My point is that we should wait.",
    "My guess is 40 minutes.",
    "My guess is about 40 minutes.",
    "My question is about billing.",
    "My question is about a refund.",
    "My bad.",
    "My flight is about to leave.",
    "我的意思是再等等。",
    "我的猜测大概是40分钟",
    "我大概明天到",
    "我的房东姓什么来着",
    "我的房东姓陈吗？",
    "房东姓什么来着",
    "老板姓王吗？",
    "他姓王",
    "这个姓很少见",
    "这次预算3000",
])
def test_an_opinion_or_a_reply_in_the_same_shape_is_no_fact(text: str) -> None:
    assert _read(text) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("My wife works as a teacher.", [("identity.occupation", "teacher", "wife")]),
    ("My wife works at Google.", [("identity.employer", "Google", "wife")]),
    ("My brother lives in Denver.", [("identity.location", "Denver", "brother")]),
    ("My mom is a nurse.", [("identity.occupation", "nurse", "mom")]),
    ("My niece lives in Austin.", [("identity.location", "Austin", "niece")]),
    ("我哥住在深圳。", [("identity.location", "深圳", "older brother")]),
    ("我姐在腾讯工作。", [("identity.employer", "腾讯", "older sister")]),
    ("我爸是医生。", [("identity.occupation", "医生", "dad")]),
    ("我老婆是老师", [("identity.occupation", "老师", "wife")]),
    ("我哥哥住在上海", [("identity.location", "上海", "older brother")]),  # the longer word, not 哥 and a name 哥
    # what the shapes read of the user they read of a relative: a pastime, a trip, a pet, a carrier, a trait
    ("My sister plays tennis", [("sport.like", "tennis", "sister")]),
    ("My sister went to Paris.", [("event", "went to Paris", "sister")]),
    ("My sister got a dog.", [("pet", "dog", "sister")]),
    ("My wife prefers FedEx", [("shipping.carrier", "FedEx", "wife")]),
    ("My sister is a shy person", [("identity.personality", "shy", "sister")]),
    ("我妹很喜欢猫", [("preference.like", "猫", "younger sister")]),
    ("我妹妹很期待去京都。", [("plan.intent", "去京都", "younger sister")]),
    # a job, a diet or a pet said as its beginning, as the user's own is read
    ("My husband got a job at Amazon.", [("identity.employer", "Amazon", "husband")]),
    ("my sister got a job at Acme", [("identity.employer", "Acme", "sister")]),
    ("我哥刚入职腾讯", [("identity.employer", "腾讯", "older brother")]),
    ("我妹妹入职了腾讯", [("identity.employer", "腾讯", "younger sister")]),
    ("My sister went vegan.", [("food.diet", "vegan", "sister")]),
    ("我妹妹养了一只猫", [("pet", "猫", "younger sister")]),
])
def test_a_relatives_job_home_and_employer_are_theirs(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", [
    "My wife works as a teacher.", "My brother lives in Denver.", "My wife works at Google.", "My mom is Catholic.",
    "My friend works at Google.", "My friend lives in Denver.", "My mom said I should rest.",
    "我哥住在深圳。", "我姐在腾讯工作。", "我老婆是老师", "我朋友住在深圳", "我妈说我应该休息", "我爸妈住在北京",
    "My husband got a job at Amazon.", "我哥刚入职腾讯", "my friend got a job at Acme", "我朋友入职了腾讯",
])
def test_a_relatives_or_a_friends_fact_is_never_the_users(text: str) -> None:
    assert [f for f in _read(text) if not f[2]] == []


@pytest.mark.parametrize("text", ["I'm Catholic", "My mom is Catholic", "I'm Buddhist"])
def test_a_faith_is_no_name(text: str) -> None:
    assert [f for f in _read(text) if f[0] == "identity.name"] == []


@pytest.mark.parametrize(("text", "expected"), [
    ("I work as a nurse in Boston.", [("identity.occupation", "nurse", ""), ("identity.location", "Boston", "")]),
    ("I'm a student in Beijing.", [("identity.occupation", "student", "")]),
    ("I'm a nurse in the ICU.", [("identity.occupation", "nurse", "")]),
    ("My daughter works as a nurse in Boston.", [("identity.occupation", "nurse", "daughter"),
                                                 ("identity.location", "Boston", "daughter")]),
    ("I'm a teacher in a public school.", [("identity.occupation", "teacher", ""),
                                           ("identity.employer", "public school", "")]),
    ("I'm an engineer at Google.", [("identity.occupation", "engineer", ""), ("identity.employer", "Google", "")]),
    # Chinese reads the same: a city worked in is no employer (it is where one is), a place of work is
    ("我在深圳当老师", [("identity.occupation", "老师", ""), ("identity.location", "深圳", "")]),
    ("我哥在深圳当老师",
     [("identity.occupation", "老师", "older brother"), ("identity.location", "深圳", "older brother")]),
    ("我在医院当护士", [("identity.employer", "医院", ""), ("identity.occupation", "护士", "")]),
])
def test_where_one_works_in_is_no_employer_unless_a_place_of_work(
        text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("My parents live in Ohio.", [("identity.location", "Ohio", "parents")]),
    ("My parents are from Texas.", [("identity.hometown", "Texas", "parents")]),
    ("My parents both work at Boeing.", [("identity.employer", "Boeing", "parents")]),
    ("My kids love painting.", [("hobby.like", "painting", "kids")]),
    ("我爸妈住在北京", [("identity.location", "北京", "parents")]),
    ("我父母都是老师", [("identity.occupation", "老师", "parents")]),
    ("我爸妈都在银行上班", [("identity.employer", "银行", "parents")]),
    # relatives by marriage and the wider family
    ("My brother-in-law lives in Ohio.", [("identity.location", "Ohio", "brother-in-law")]),
    ("My in-laws live in Texas.", [("identity.location", "Texas", "in-laws")]),
    ("My stepdad works at Ford.", [("identity.employer", "Ford", "stepdad")]),
    ("我岳父住在杭州", [("identity.location", "杭州", "father-in-law")]),
    ("我表哥在腾讯工作", [("identity.employer", "腾讯", "cousin")]),
    ("我舅舅是医生", [("identity.occupation", "医生", "uncle")]),
    # asked, or told of what they say: none
    ("My parents live in Ohio?", []),
    ("我爸妈说我应该休息", []),
])
def test_relatives_named_in_the_plural_are_read_as_one_is(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("The company I work for is Google.", [("identity.employer", "Google", "")]),
    ("The city I live in is Berlin.", [("identity.location", "Berlin", "")]),
    ("The car I drive is a Tesla.", [("user.car", "Tesla", "")]),
    ("The coffee I usually order is an oat latte.", [("user.coffee", "oat latte", "")]),
    ("我工作的公司是腾讯", [("identity.employer", "腾讯", "")]),
    ("我住的城市是上海", [("identity.location", "上海", "")]),  # was 住 and a place '的城市是上海'
    ("我开的车是一辆宝马", [("user.car", "宝马", "")]),
    ("我常点的咖啡是燕麦拿铁", [("user.咖啡", "燕麦拿铁", "")]),
    ("我老婆工作的公司是华为", [("identity.employer", "华为", "wife")]),
    # no thing named, or what a person is like: none
    ("The one I use is the blue one.", []),
    ("The boss I work for is a jerk", []),
    ("我说的是英语", []),
    ("我想说的话是谢谢", []),
])
def test_a_thing_named_by_what_one_does_with_it_is_a_possessed_thing(
        text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    # the household said as 我们家 / "we", as 我家 is
    ("我们家有两只猫。", [("pet", "2只猫", "")]),
    ("We have two cats.", [("pet", "2 cats", "")]),
    ("我们家有一只狗叫旺财。", [("pet", "狗旺财", "")]),
    ("我们家的狗叫旺财。", [("pet", "狗旺财", "")]),
    # a relative's keyed attribute said without 的, as the user's own is (我生日是…)
    ("我女朋友生日是十月五号。", [("identity.birthday", "十月五号", "girlfriend")]),
    ("My girlfriend's birthday is October 5th.", [("identity.birthday", "October 5th", "girlfriend")]),
    ("我妈生日是三月八号。", [("identity.birthday", "三月八号", "mom")]),
])
def test_a_household_pet_and_a_relatives_birthday_read_in_chinese_as_in_english(
        text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", ["我女朋友生日快到了。", "我们家有很多书。", "我儿子生日那天我们去了海边。"])
def test_a_birthday_coming_or_a_household_thing_is_no_pet_or_birthday(text: str) -> None:
    assert [k for k, _, _ in _read(text) if k in ("pet", "identity.birthday", "family.member")] == []
