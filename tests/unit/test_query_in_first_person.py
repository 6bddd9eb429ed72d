"""A question about "the user" is embedded in the first person (``recall.first_person``): only where "the user" /
用户 names the person the memory belongs to, not where "user" is the first part of a noun."""

from __future__ import annotations

import pytest

from memstrata.recall.first_person import in_first_person


@pytest.mark.parametrize(("asked", "embedded"), [
    ("where does the user work?", "where do I work?"),
    ("What does the user prefer for delivery?", "What do I prefer for delivery?"),
    ("What is the user's favourite food?", "What is my favourite food?"),
    ("The user's job?", "My job?"),
    ("Is the user allergic to cats?", "Am I allergic to cats?"),
    ("is the user a vegetarian?", "am I a vegetarian?"),
    ("Has the user been to Japan?", "Have I been to Japan?"),
    ("Does the user have kids?", "Do I have kids?"),
    ("When did the user move to Berlin?", "When did I move to Berlin?"),
    ("what did the user say about pnpm?", "what did I say about pnpm?"),
    ("What do we know about the user?", "What do we know about me?"),
    ("Who is the user?", "Who am I?"),
    ("where the user usually eats lunch", "where I usually eats lunch"),
    ("用户对什么过敏", "我对什么过敏"),
    ("用户喜欢吃什么？", "我喜欢吃什么？"),
    ("用户的生日是哪天", "我的生日是哪天"),
    ("用户在哪工作？", "我在哪工作？"),
])
def test_the_user_named_as_a_person_is_read_in_the_first_person(asked: str, embedded: str) -> None:
    assert in_first_person(asked) == embedded


@pytest.mark.parametrize("asked", [
    "How did the user feedback influence the UI/UX improvements I made before the public launch?",
    "How many different user roles and security features am I trying to implement?",
    "what are the user stories for checkout?",
    "Is the user interface ready?",
    "Is the user data encrypted?",
    "the user experience of the app",
    "do the users like it?",
    "where do I work?",
    "用户反馈怎么样？", "用户故事写好了吗", "用户角色有哪些", "用户界面", "用户体验", "用户数是多少", "用户们喜欢什么",
])
def test_user_as_part_of_a_noun_or_in_the_plural_is_left_alone(asked: str) -> None:
    assert in_first_person(asked) == asked
