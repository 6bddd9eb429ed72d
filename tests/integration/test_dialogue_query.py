"""A dialogue passed as the query, the way a chat agent passes its history (``user: ...`` /
``assistant: ...`` lines): what it asks is the user's last turn, not the assistant's own
questions of the history, and its role labels are no words of it (``text.clauses.transcript``).
Real SQLite file, real model."""

from __future__ import annotations

import pytest

from memstrata import Memory
from memstrata.errors import InvalidInput

EN = ("user: Morning! Long week, the kids were sick and the car broke down again, so I spent Saturday at "
      "the garage and Sunday cleaning the house before my parents visited.\n"
      "assistant: Oh no, I hope everyone feels better! Did the garage fix the car? Where do you like to "
      "sit when you fly to see your parents?\n"
      "user: They fixed it, expensive though. My sister sent a parcel for my birthday, it was lovely.\n"
      "assistant: How nice! What did she send? Are you allergic to anything she might have baked?\n"
      "user: Just a scarf. Anyway, which carrier do I use for deliveries?")
ZH = ("用户：早上好！这周好累，孩子生病了，车又坏了，周六一整天都在修车厂，周日打扫房子等爸妈来。\n"
      "助手：希望大家都好起来！车修好了吗？你坐飞机去看爸妈的时候喜欢坐哪儿？有没有什么过敏的？\n"
      "用户：修好了，就是有点贵。我妹妹给我寄了生日礼物，是一条围巾。\n"
      "助手：真贴心！她还送了别的吗？\n"
      "用户：没有了。对了，我寄快递一般用哪家？")
DIALOGUES = [("en", EN, "UPS"), ("zh", ZH, "顺丰")]


@pytest.fixture
def stored(memory: Memory) -> Memory:
    # Beside the answer, memories of what the history talks about (the car, the sister, the
    # parents' visit) and of what the assistant asks (seats, allergies).
    for text in ("I prefer UPS for delivery", "I'm allergic to peanuts", "I like window seats",
                 "My car is an old blue Toyota that breaks down often", "My sister knits scarves for my birthday",
                 "My parents visit every month and the kids love it"):
        memory.add(text, user_id="en")
    for text in ("我寄快递一般用顺丰", "我对花生过敏", "我喜欢靠窗的座位", "我的车是一辆老丰田，经常坏",
                 "我妹妹每年生日都给我织围巾", "爸妈每个月都来看我们，孩子们很开心"):
        memory.add(text, user_id="zh")
    return memory


@pytest.mark.parametrize(("user", "dialogue", "answer"), DIALOGUES)
def test_a_dialogue_is_answered_for_the_users_last_turn(stored: Memory, user: str, dialogue: str,
                                                        answer: str) -> None:
    hits = stored.search(dialogue, user_id=user, limit=3)
    assert answer in hits[0].text, [(h.text, h.score) for h in hits]


def test_a_last_turn_that_leans_on_the_dialogue_still_finds_what_it_is_about(memory: Memory) -> None:
    # "Any ideas what I could get?" names nothing; the wedding gift is the dialogue's subject.
    for text in ("My sister loves pottery and hand-made ceramics", "I could get tickets for the jazz concert on Friday",
                 "Any ideas for the team offsite are welcome", "I need to get new running shoes",
                 "My parents visit every month and the kids love it", "I prefer UPS for delivery"):
        memory.add(text, user_id="en")
    dialogue = ("user: I'm so nervous about my sister's wedding next month.\n"
                "assistant: That's exciting! Have you found a present yet?\n"
                "user: Not yet. Any ideas what I could get?")
    alone = [h.text for h in memory.search("Not yet. Any ideas what I could get?", user_id="en", limit=5)]
    assert not any("sister" in t for t in alone), alone
    hits = [h.text for h in memory.search(dialogue, user_id="en", limit=5)]
    assert any("sister" in t for t in hits), hits


@pytest.mark.parametrize("labels", ["user:\nassistant:", "user: \nassistant: \nuser: ", "用户：\n助手：",
                                    "**User:**\n**Assistant:**"])
def test_a_dialogue_of_labels_alone_is_an_empty_query(stored: Memory, labels: str) -> None:
    # before: searched as an empty text, it returned the store's memories scored 0.68 as if they matched
    with pytest.raises(InvalidInput, match="empty turns; say what to recall") as raised:
        stored.search(labels, user_id="en")
    assert raised.value.field == "query"
    with pytest.raises(InvalidInput, match="empty turns"):
        stored.context(labels, user_id="en")
