"""``text.clauses``: the question-like sentences of a long query, in Chinese and English."""

from __future__ import annotations

import doctest

from memstrata.text import clauses
from memstrata.text.clauses import is_question_like, question_clauses, question_focus

CHAT = ("Yesterday was a long day, the kids woke up early, we made pancakes and walked the dog around "
        "the lake. We met the neighbours at the bakery and argued about football for an hour. Then we "
        "cleaned the garage, repaired a squeaky bicycle chain and phoned grandma about her tomatoes. "
        "In the evening it rained, so we ordered pizza and watched a documentary about volcanoes.")


def test_doctests() -> None:
    assert doctest.testmod(clauses).failed == 0


def test_question_sentences_of_a_long_message_are_its_focus_wherever_they_stand() -> None:
    assert len(clauses.query_terms(CHAT)) > clauses.LONG_QUERY_TERMS
    assert question_focus(f"{CHAT} Where did I put my passport?") == "Where did I put my passport?"
    middle = f"Quick one. Do you remember which hotel we booked in Kyoto? {CHAT}"
    assert question_focus(middle) == "Do you remember which hotel we booked in Kyoto?"
    assert question_focus(f"{CHAT} Tell me the name of my dentist.") == "Tell me the name of my dentist."


def test_chinese_questions_count_without_a_question_mark() -> None:
    chat = "昨天真是漫长的一天，孩子们很早就醒了，我们做了煎饼，绕着湖边遛狗，在面包店碰到邻居，争论足球比赛。"
    assert question_focus(f"{chat}我的护照放在哪里了") == "我的护照放在哪里了"
    assert is_question_like("你还记得我喜欢什么花吗")


def test_short_queries_and_messages_without_a_question_have_no_focus() -> None:
    assert question_focus("Where did I put my passport? And my keys?") is None  # short: its own focus
    assert question_focus(CHAT) is None  # nothing asked
    assert not is_question_like("We made pancakes.")
    assert not is_question_like("   ")


def test_each_question_of_a_long_message_is_a_clause_of_its_own() -> None:
    message = f"Did you sleep well? {CHAT} Where did I put my passport?"
    assert question_clauses(message) == ["Did you sleep well?", "Where did I put my passport?"]
    assert question_focus(message) == "Did you sleep well? Where did I put my passport?"
    assert question_clauses("Where did I put my passport?") == []  # short: its own question
    assert question_clauses(CHAT) == []


DIALOGUE = (f"user: {CHAT}\n"
            "assistant: That sounds lovely! Did you buy anything at the bakery? How is the dog?\n"
            "user: Just bread. The dog is fine, he chased ducks all morning.\n"
            "assistant: Ha, classic. What are you planning for the weekend?\n"
            "user: Not sure yet. Where did I put my passport?")


def test_a_dialogue_asks_the_users_last_turn_not_the_assistants_questions() -> None:
    assert clauses.transcript(DIALOGUE) is not None and len(clauses.transcript(DIALOGUE) or []) == 5
    assert question_clauses(DIALOGUE) == ["Where did I put my passport?"]
    # A last turn that asks without a question-like sentence is asked whole.
    told = DIALOGUE.replace("Not sure yet. Where did I put my passport?", "I need my dentist's address.")
    assert question_clauses(told) == ["I need my dentist's address."]
    zh = ("用户：昨天真是漫长的一天，孩子们很早就醒了，我们做了煎饼，绕着湖边遛狗。\n"
          "助手：听起来很充实！你们吃了什么口味的煎饼？孩子们喜欢吗？\n"
          "用户：他们很喜欢，在面包店碰到邻居，争论足球比赛。对了，我的护照放在哪里了")
    assert question_clauses(zh) == ["对了，我的护照放在哪里了"]


def test_role_labels_are_not_words_of_the_query() -> None:
    assert clauses.unlabelled("user: hi there\nassistant: hello\nsecond line") == "hi there\nhello\nsecond line"
    assert "assistant" not in clauses.query_terms(clauses.unlabelled(DIALOGUE))
    # One leading label, or labels that do not open the text, are a message's own words.
    assert clauses.transcript("User: the login page is down") is None
    assert clauses.transcript("Notes. user: a\nassistant: b") is None
    assert clauses.unlabelled("User: the login page is down") == "User: the login page is down"
    assert clauses.last_user_turn("assistant: a\nassistant: b") is None


def test_a_dialogue_splits_into_the_users_last_turn_and_its_unlabelled_turns() -> None:
    said, context = clauses.split_dialogue(DIALOGUE)
    assert said == "Not sure yet. Where did I put my passport?"
    assert context == clauses.unlabelled(DIALOGUE) and "assistant:" not in (context or "")
    # Only the assistant spoke: nothing the user asked, the turns are the query.
    assert clauses.split_dialogue("assistant: a b\nassistant: c d") == ("a b\nc d", None)
    assert clauses.split_dialogue("User: the login page is down") == ("User: the login page is down", None)
