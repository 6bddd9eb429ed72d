"""A pasted chat log ("user: ... / assistant: ..." lines, 用户：/助理：) is stored whole as one
message, and facts come from the user's lines only; for a question about the user its user lines
now count ahead of the assistant's. Before, the assistant's "You said you live in London?" was the
line that ranked the message and the one shown for "where does the user live?", above the user's
own answer. Nothing stored is dropped: the message keeps every line. Real SQLite file, real model."""

from __future__ import annotations

from memstrata import Memory

EVERYDAY = ("I prefer window seats on flights", "My cat is called Miso", "I pay with my Visa card",
            "I go running every morning")


def test_the_users_line_ranks_a_pasted_dialogue_for_a_question_about_the_user(memory: Memory) -> None:
    for text in EVERYDAY:
        memory.add(text)
    pasted = ("user: I just got back from a trip.\nassistant: You said you live in London?\n"
              "user: No, my home is Paris. I was only visiting.\nassistant: Got it.")
    memory.add(pasted)
    for question in ("where does the user live?", "Where do I live?"):
        [hit] = [h for h in memory.search(question) if h.kind == "episode" and h.text == pasted]
        assert hit.matched == "user: No, my home is Paris.", (question, hit.matched)
        assert hit.signals["match"] >= 0.55, hit.signals  # the user's line answers it: context() shows it
    assert memory.get(episode_id=hit.id).content == pasted  # the assistant's lines are kept
    # A question that is not about the user reads every line as before.
    [hit] = [h for h in memory.search("what did the assistant ask about London?") if h.text == pasted]
    assert hit.matched.startswith("assistant: You said you live in London?"), hit.matched


def test_a_chinese_pasted_dialogue_counts_the_users_line_first(memory: Memory) -> None:
    for text in ("我养了两只猫", "我喜欢靠窗的座位", "我每天早上跑步"):
        memory.add(text)
    pasted = "用户：我最近在学做饭。\n助理：你住在上海吗？\n用户：不是，我住在杭州。"
    memory.add(pasted)
    for question in ("用户住在哪里？", "where does the user live?"):
        hits = memory.search(question)
        [hit] = [h for h in hits if h.kind == "episode" and h.text == pasted]
        assert hit.matched == "用户：不是，我住在杭州。", (question, hit.matched)
