"""A dialogue passed as the query in the shapes agents send it: role labels of several chat
formats (English and Chinese), Markdown bold labels, named speakers, and lines without labels.
In each, what is asked is the asker's last turn and the rest is the dialogue around it."""

from __future__ import annotations

import pytest

from memstrata.text.clauses import latest_turns, split_dialogue, transcript

ASKED = "What should I get her?"
CONTEXT = "my sister's wedding is in May\nLovely!\nWhat should I get her?"


@pytest.mark.parametrize("user, assistant", [
    ("User:", "Assistant:"), ("user:", "assistant:"), ("Human:", "AI:"), ("USER:", "Bot:"),
    ("**User:**", "**Assistant:**"), ("**User**:", "**Assistant**:"), ("__Human:__", "__AI:__"),
])
def test_role_labels_of_english_chat_formats_ask_the_users_last_turn(user: str, assistant: str) -> None:
    text = f"{user} my sister's wedding is in May\n{assistant} Lovely!\n{user} {ASKED}"
    assert split_dialogue(text) == (ASKED, CONTEXT)


@pytest.mark.parametrize("user, assistant", [
    ("用户：", "助手："), ("用户：", "助理："), ("用户：", "AI助手："), ("用戶：", "AI 助手："), ("用户:", "智能助手:"),
    ("**用户：**", "**助手：**"),
])
def test_role_labels_of_chinese_chat_formats_ask_the_users_last_turn(user: str, assistant: str) -> None:
    text = f"{user}我妹妹五月结婚\n{assistant}恭喜！你想送她什么？\n{user}我该送她什么？"
    assert split_dialogue(text) == ("我该送她什么？", "我妹妹五月结婚\n恭喜！你想送她什么？\n我该送她什么？")


def test_an_assistant_label_is_a_turn_of_its_own_not_part_of_the_users() -> None:
    # Before, 助理： was no label: its words ran on as the user's turn, and were asked as the user's.
    said, _ = split_dialogue("用户：我妹妹五月结婚\n助理：恭喜！你想送她什么？")
    assert said == "我妹妹五月结婚"


def test_named_speakers_ask_the_last_speakers_last_turn_and_keep_the_names_as_words() -> None:
    text = ("Caroline: I went to a support group yesterday.\nMelanie: That's great! What did you learn?\n"
            "Caroline: Lots. What did Melanie paint last week?")
    said, context = split_dialogue(text)
    assert said == "Lots. What did Melanie paint last week?"
    assert context == text  # who said what is part of what was said
    zh = "小明：我下个月去北京出差\n小红：好啊，住哪儿？\n小明：我上次住的酒店叫什么？"
    assert split_dialogue(zh) == ("我上次住的酒店叫什么？", zh)
    # The asker is whoever spoke last, an assistant named by role aside.
    assert split_dialogue("Ann: I moved to Lyon.\nBob: Nice!\nAnn: Where?\nAssistant: In France.")[0] == "Where?"


@pytest.mark.parametrize("text", [
    "Subject: trip\nDate: Monday\nWhere is my passport?",  # header lines: every name said once
    "Note: buy milk\nNote: call mom\nNote: where is my passport?",  # one name alone: a list of notes
    "Caroline: hi\nMelanie: where did I put my passport?",  # two lines: too little to tell
    "Dear Ann: thanks.\nMeeting at 10:30 today.\nWhere is my passport?",
])
def test_lines_that_open_with_a_name_and_a_colon_are_no_dialogue_without_a_back_and_forth(text: str) -> None:
    assert transcript(text) is None
    assert split_dialogue(text) == (text, None)


def test_a_dialogue_without_labels_is_a_message_of_several_lines() -> None:
    # One turn a line and nothing says who spoke: the text is searched as a message, whose
    # question sentences the long-query focus finds wherever they stand.
    text = "my sister's wedding is in May\nLovely! What will you get her?\nNot sure. Any ideas?"
    assert transcript(text) is None
    assert split_dialogue(text) == (text, None)


def test_a_dialogue_over_the_bound_is_read_from_its_latest_whole_turns() -> None:
    turns = [f"user: note {i} about the garden\nassistant: noted {i}." for i in range(400)]
    text = "\n".join(turns) + "\nuser: " + ASKED
    tail = latest_turns(text, 1_000)
    assert tail is not None and len(tail) <= 1_000 and text.endswith(tail)
    assert tail.startswith(("user: note", "assistant: noted"))  # a whole turn, label first
    assert split_dialogue(tail)[0] == ASKED
    # a shorter bound keeps fewer turns; one turn alone is no dialogue, and a message none at all
    assert latest_turns(text, len("user: " + ASKED)) is None
    assert latest_turns("a long note " * 200, 1_000) is None
    assert latest_turns("Caroline: hi\nMelanie: hey\nCaroline: where?\nMelanie: " + "x" * 50, 30) is None
