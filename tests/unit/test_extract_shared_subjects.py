"""A subject carried past its clause (``extract.carried``): predicates joined to one subject, and "he" / "she"
(他 / 她) for the one person a message named. What is said of someone else stays theirs, never the user's."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
_SISTER_SH = {("older sister", "identity.location", "上海"), ("older sister", "identity.occupation", "医生")}


def _read(text: str) -> set[tuple[str, str, str]]:
    return {(c.subject, c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)}


@pytest.mark.parametrize(("text", "expected"), [
    ("My sister lives in Seattle and works as a dentist.",
     {("sister", "identity.location", "Seattle"), ("sister", "identity.occupation", "dentist")}),
    ("My sister lives in Seattle, and she works as a dentist.",
     {("sister", "identity.location", "Seattle"), ("sister", "identity.occupation", "dentist")}),
    ("My sister lives in Seattle and she's a dentist.",
     {("sister", "identity.location", "Seattle"), ("sister", "identity.occupation", "dentist")}),
    ("My brother moved to Denver and got a job at Boeing.",
     {("brother", "identity.location", "Denver"), ("brother", "identity.employer", "Boeing")}),
    ("My mom is a teacher and lives in Ohio.",
     {("mom", "identity.occupation", "teacher"), ("mom", "identity.location", "Ohio")}),
    ("My husband is vegetarian and loves hiking.",
     {("husband", "food.diet", "vegetarian"), ("husband", "sport.like", "hiking")}),
    ("My parents live in Ohio and work at a hospital.",
     {("parents", "identity.location", "Ohio"), ("parents", "identity.employer", "hospital")}),
    ("我姐姐住在上海，是一名医生。", _SISTER_SH),
    ("我姐姐住在上海，她是一名医生。", _SISTER_SH),
    ("我哥哥住在深圳，他在华为上班。",
     {("older brother", "identity.location", "深圳"), ("older brother", "identity.employer", "华为")}),
])
def test_a_second_predicate_keeps_the_first_ones_subject(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I moved to Denver and got a job at Boeing.",
     {("", "identity.location", "Denver"), ("", "identity.employer", "Boeing")}),
    ("I'm vegetarian and love hiking.", {("", "food.diet", "vegetarian"), ("", "sport.like", "hiking")}),
    ("I'm a teacher and live in Ohio.", {("", "identity.occupation", "teacher"), ("", "identity.location", "Ohio")}),
])
def test_the_users_own_predicates_are_read_by_the_same_shape(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Tom is my neighbor; he is a firefighter.", {("Tom", "identity.occupation", "firefighter"),
      ("", "user.neighbor", "Tom")}),
    ("Tom is my neighbor. He is a firefighter.", {("Tom", "identity.occupation", "firefighter"),
      ("", "user.neighbor", "Tom")}),
    ("Tom is a chef. He's allergic to shellfish.",
     {("Tom", "identity.occupation", "chef"), ("Tom", "health.allergy", "shellfish")}),
    ("My sister lives in Seattle. She works as a dentist.",
     {("sister", "identity.location", "Seattle"), ("sister", "identity.occupation", "dentist")}),
    ("The client is based in Toronto. She prefers email.",
     {("client", "identity.location", "Toronto"), ("client", "contact.channel", "email")}),
    ("老王是我的邻居，他是消防员。", {("老王", "identity.occupation", "消防员")}),
    ("我姐姐住在上海。她是一名医生。", _SISTER_SH),
    ("老王是我的邻居。他是消防员。", {("老王", "identity.occupation", "消防员")}),
    # a relative first named as one the user has: said again as "my sister", 我妹妹
    ("I have a sister. She lives in Boston.",
     {("", "family.member", "sister"), ("sister", "identity.location", "Boston")}),
    ("我有个妹妹，她住在上海。", {("", "family.member", "妹妹"), ("younger sister", "identity.location", "上海")}),
    # a short sentence is read with the next (text.segment): the pronoun still opens a sentence of its own
    ("My son is 5. He goes to Lincoln Elementary.",
     {("son", "identity.age", "5"), ("son", "son.school", "Lincoln Elementary")}),
    # "My wife and I": the wife is named, and the only one who can be "she"
    ("My wife and I moved to Denver. She works as a nurse.",
     {("", "identity.location", "Denver"), ("wife", "identity.occupation", "nurse")}),
])
def test_he_or_she_is_the_one_person_the_message_named(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    # nobody named: no one to carry to, and never the user
    ("He is a chef.", set()),
    ("I live in Paris; he is a chef.", {("", "identity.location", "Paris")}),
    ("我住在上海，她是一名医生。", {("", "identity.location", "上海")}),
    # a "she" is no brother, a 她 no 哥哥
    ("My brother lives in Denver. She works as a dentist.", {("brother", "identity.location", "Denver")}),
    ("我哥哥住在深圳，她是一名医生。", {("older brother", "identity.location", "深圳")}),
    # two people named: the pronoun could be either
    ("My sister lives in Ohio and my brother lives in Denver. He works at Boeing.",
     {("sister", "identity.location", "Ohio"), ("brother", "identity.location", "Denver")}),
    ("I had lunch with Tom and Anna. She is a dentist.", set()),
    ("I have a brother. She lives in Boston.", {("", "family.member", "brother")}),
    ("我有个妹妹，住在上海。", {("", "family.member", "妹妹")}),
    # reported, not stated
    ("My sister said she works as a dentist.", set()),
])
def test_a_pronoun_no_one_person_can_be_meant_by_states_nothing(text: str,
                                                                 expected: set[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", [
    # from real chat: a word opening a clause is no person, a noun after "and" no second predicate
    "Yep, he loves checking out new hiking trails with us.", "Moreover, Max is already old, he is 8 years old.",
    "Fascinated by the traditions and can't wait to get a taste of the culture.",
    "I think not, this is just a one-time experience to learn something new and work as a team.",
    "I love the self-acceptance and love theme.", "I really feel relaxed and enjoy being in nature.",
    "He said hi.", "She is tired today.", "My team lost again.", "我妈今天很忙。", "Tom is nice and funny.",
    "My sister and I went hiking.", "My sister went to the store and got some milk.",
])
def test_no_standing_attribute_no_fact(text: str) -> None:
    assert _read(text) == set()


def test_another_relative_after_a_comma_is_theirs() -> None:
    assert _read("My kids are mostly on their phones, but my sister still likes actual paper.") == {
        ("sister", "preference.like", "actual paper")}


@pytest.mark.parametrize(("text", "expected"), [
    ("我姐姐住在上海，我哥哥住在深圳。",
     {("older sister", "identity.location", "上海"), ("older brother", "identity.location", "深圳")}),
    ("我姐姐住在上海，我住在北京。",
     {("older sister", "identity.location", "上海"), ("", "identity.location", "北京")}),
    ("我住在北京，我姐姐住在上海。",
     {("", "identity.location", "北京"), ("older sister", "identity.location", "上海")}),
    ("My sister lives in Ohio, and I live in Denver.",
     {("sister", "identity.location", "Ohio"), ("", "identity.location", "Denver")}),
    ("Tom is a chef, and I'm a nurse.", {("Tom", "identity.occupation", "chef"), ("", "identity.occupation", "nurse")}),
    # one subject: nothing cut
    ("我不要京东了，我还是用顺丰吧", {("", "shipping.carrier", "顺丰")}),
])
def test_a_clause_with_a_subject_of_its_own_is_that_subjects(text: str,
                                                             expected: set[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("My neighbor Tom loves jazz and hates cats.",
     {("Tom", "music.like", "jazz"), ("Tom", "preference.dislike", "cats")}),
    ("Anna loves sushi and hates olives.", {("Anna", "food.like", "sushi"), ("Anna", "preference.dislike", "olives")}),
    ("My sister loves jazz but can't stand cats.", {("sister", "music.like", "jazz")}),
])
def test_a_dislike_joined_to_a_like_is_no_liked_item(text: str, expected: set[tuple[str, str, str]]) -> None:
    # "hates cats" was read as one more item of the like's list: Tom's music.like = 'hates cats'
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "now"), [
    ("I used to use DHL but now I use FedEx.", ("", "shipping.carrier", "FedEx")),
    ("I used to live in Paris but now I live in Rome.", ("", "identity.location", "Rome")),
    ("I like tea and now I also like coffee.", ("", "drink.like", "coffee")),
])
def test_a_time_word_between_the_joint_and_the_speaker_opens_a_clause(text: str, now: tuple[str, str, str]) -> None:
    # "but now I ..." was read as part of the clause before: the first stored nothing, the second lost Rome,
    # the third liked 'tea and now I also like coffee' (which of the values stands is the resolver's)
    read = _read(text)
    assert now in read and not any("now" in value for _, _, value in read), read


@pytest.mark.parametrize(("text", "expected"), [
    ("I like tea but not coffee.", {("", "drink.like", "tea"), ("", "preference.dislike", "coffee")}),
    ("Tom likes tea but not coffee.", {("Tom", "drink.like", "tea"), ("Tom", "preference.dislike", "coffee")}),
    ("I enjoy sushi, but not sashimi.", {("", "food.like", "sushi"), ("", "preference.dislike", "sashimi")}),
    ("I like running but not today.", {("", "sport.like", "running")}),
    ("I like hiking but not in winter.", {("", "sport.like", "hiking")}),
    # a contrast without "but" dislikes nothing (a like of sushi stored before is withdrawn)
    ("I like pizza, not sushi.", {("", "food.like", "pizza"), ("", "food.like", "sushi")}),
])
def test_but_not_after_a_like_is_a_dislike_of_its_thing(text: str, expected: set[tuple[str, str, str]]) -> None:
    # "I like tea but not coffee" stored only the tea: the coffee was dropped
    assert _read(text) == expected
