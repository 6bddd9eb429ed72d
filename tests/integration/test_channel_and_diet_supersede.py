"""Supersede behaviour for contact channels and diet, through the public SDK on a real SQLite
file with the real embedding model: a new contact channel retires the old one, a message never
supersedes its own instructions, "I no longer eat meat" retires the liking."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from typing import Any

from memstrata import Memory
from memstrata.config import Settings
from memstrata.embed.base import EmbeddingCache
from memstrata.types import Fact


def _facts(mem: Memory, key: str, status: str = "active") -> list[str]:
    return sorted(f.value for f in mem.list(key=key, status=status) if isinstance(f, Fact))


def test_a_new_contact_channel_supersedes_the_old_one(memory: Memory) -> None:
    memory.add("I prefer email")
    [change] = memory.add("Actually, I prefer phone calls now").facts
    assert (change.action, change.fact.value, [p.value for p in change.previous]) == (
        "supersede", "phone call", ["email"])
    assert _facts(memory, "contact.channel") == ["phone call"]
    assert _facts(memory, "contact.channel", "superseded") == ["email"]
    facts = [h for h in memory.search("how does this user want to be contacted?", limit=5) if h.kind == "fact"]
    assert facts[0].text == "prefers to be contacted by phone call"
    assert all("email" not in h.text for h in facts)  # the superseded channel is not recalled as a fact


def test_a_new_contact_channel_supersedes_the_old_one_in_chinese(memory: Memory) -> None:
    memory.add("联系我请发邮件", user_id="u2")
    memory.add("算了，请打电话联系我", user_id="u2")
    assert _facts(memory, "contact.channel", "active") == []  # u1 (the default user) said nothing
    assert sorted(f.value for f in memory.list(key="contact.channel", user_id="u2")
                  if isinstance(f, Fact)) == ["电话"]


def test_one_message_keeps_its_positive_and_negative_instruction(memory: Memory) -> None:
    result = memory.add("Please leave packages with the concierge, never at the door")
    assert [(c.action, c.fact.value) for c in result.facts] == [
        ("create", "with the concierge"), ("create", "not at the door")]
    assert _facts(memory, "shipping.dropoff") == ["not at the door", "with the concierge"]
    # a later message still changes where: it supersedes the concierge, and the door stays forbidden
    [change] = memory.add("Actually, just leave them at the front desk").facts
    assert change.action == "supersede"
    assert _facts(memory, "shipping.dropoff") == ["at the front desk", "not at the door"]


def test_one_chinese_message_keeps_its_positive_and_negative_instruction(memory: Memory) -> None:
    memory.add("请放快递柜，别放门口")
    assert _facts(memory, "shipping.dropoff") == ["不放门口", "放快递柜"]


def test_no_longer_eating_meat_retires_the_liking(memory: Memory) -> None:
    memory.add("I love eating meat")
    memory.add("我爱吃牛肉", user_id="u2")
    assert _facts(memory, "food.like") == ["meat"]
    memory.add("I no longer eat meat")
    memory.add("我不再吃牛肉了", user_id="u2")
    assert _facts(memory, "food.like") == []
    assert _facts(memory, "food.quit") == ["meat"]  # a habit ended, no dislike
    u2 = [(f.key, f.value) for f in memory.list(key="food", user_id="u2") if isinstance(f, Fact)]
    assert u2 == [("food.quit", "牛肉")]


def test_same_message_rule_holds_on_both_stores(db_settings: dict[str, Any]) -> None:
    with Memory(settings=Settings(**db_settings), embedder=None, user_id="ann") as mem:
        mem.add("I prefer email")
        mem.add("Please leave packages with the concierge, never at the door")
        assert _facts(mem, "shipping.dropoff") == ["not at the door", "with the concierge"]
        mem.add("联系我请发邮件")
        assert _facts(mem, "contact.channel") == ["邮件"]
        assert _facts(mem, "contact.channel", "superseded") == ["email"]


def test_a_new_favourite_supersedes_the_old_one_of_the_same_label(db_settings: dict[str, Any]) -> None:
    """A favourite holds one value although its key (preference.like, food.like) holds many:
    a new favourite airline retires the old one; other likes, and favourites of another
    label, stay."""
    with Memory(settings=Settings(**db_settings), embedder=None, user_id="ann") as mem:
        mem.add("My favorite airline is Delta now")
        mem.add("My favorite food is sushi")
        mem.add("I love ramen")
        [change] = mem.add("My favorite airline is United").facts
        assert (change.action, change.fact.value, [p.value for p in change.previous]) == (
            "supersede", "United", ["Delta"])
        assert _facts(mem, "preference.like") == ["United"]
        assert _facts(mem, "preference.like", "superseded") == ["Delta"]
        mem.add("My favorite food is dumplings")
        assert _facts(mem, "food.like") == ["dumplings", "ramen"]
        mem.add("我最喜欢的饮料是奶茶")
        mem.add("我最喜欢的饮料是咖啡")
        assert _facts(mem, "drink.like") == ["咖啡"]
        assert _facts(mem, "drink.like", "superseded") == ["奶茶"]


def test_a_favourite_respelled_or_close_in_meaning_is_still_superseded(db_settings: dict[str, Any],
                                                                       embedder: EmbeddingCache) -> None:
    """"My favourite colour is red" is the favourite "My favorite color is blue" named (both stayed
    active), and "My favorite flavor of ice cream is vanilla" retires mint (it was merged into mint,
    whose statement is near by vector, and vanilla was stored nowhere)."""
    with Memory(settings=Settings(**db_settings), embedder=embedder.inner, user_id="ann") as mem:
        mem.add("My favorite color is blue")
        [change] = mem.add("My favourite colour is red").facts
        assert (change.action, change.fact.value, [p.value for p in change.previous]) == ("supersede", "red", ["blue"])
        mem.add("My favorite flavor of ice cream is mint")
        [change] = mem.add("My favorite flavor of ice cream is vanilla").facts
        assert (change.action, change.fact.value, [p.value for p in change.previous]) == (
            "supersede", "vanilla", ["mint"])
        assert _facts(mem, "preference.like") == ["red", "vanilla"]
        assert _facts(mem, "preference.like", "superseded") == ["blue", "mint"]
        [first] = [h for h in mem.search("what is my favourite ice cream flavour?", limit=5) if h.kind == "fact"][:1]
        assert first.text == "favorite flavor of ice cream is vanilla"


def test_a_new_number_supersedes_the_old_one(db_settings: dict[str, Any], embedder: EmbeddingCache) -> None:
    """"My shoe size is 43" after "My shoe size is 42" was merged into 42 (the statements read alike
    to the model), so 42 stayed the answer and 43 was stored nowhere; now 43 supersedes it."""
    with Memory(settings=Settings(**db_settings), embedder=embedder.inner, user_id="ann") as mem:
        mem.add("My shoe size is 42")
        [change] = mem.add("My shoe size is 43").facts
        assert (change.action, change.fact.value, [p.value for p in change.previous]) == ("supersede", "43", ["42"])
        assert _facts(mem, "user.shoe_size") == ["43"]
        assert _facts(mem, "user.shoe_size", "superseded") == ["42"]
        assert [c.action for c in mem.add("My shoe size is 43").facts] == ["touch"]


def test_no_longer_eating_meat_retires_a_chinese_liking(memory: Memory) -> None:
    """docs/extraction.md's 我不再吃肉了 retires 我喜欢吃肉 (the liking's value is the food, 肉)."""
    memory.add("我喜欢吃肉")
    assert _facts(memory, "food.like") == ["肉"]
    memory.add("我不再吃肉了")
    assert _facts(memory, "food.like") == []
    assert _facts(memory, "food.like", "superseded") == ["肉"]
    assert _facts(memory, "food.quit") == ["肉"]


def test_withdrawing_a_carrier_or_a_seat_retires_it(db_settings: dict[str, Any]) -> None:
    """"I don't use FedEx anymore" / 我不再用顺丰了 / "I no longer prefer window seats" leave no active
    value behind and create nothing (the retraction machinery of allergies), on both stores."""
    with Memory(settings=Settings(**db_settings), embedder=None, user_id="ann") as mem:
        mem.add("I use FedEx")
        mem.add("I prefer window seats")
        mem.add("我用顺丰", user_id="bo")
        assert (_facts(mem, "shipping.carrier"), _facts(mem, "travel.seat")) == (["FedEx"], ["window seat"])
        mem.add("I don't use FedEx anymore")
        mem.add("I no longer prefer window seats")
        mem.add("我不再用顺丰了", user_id="bo")
        assert (_facts(mem, "shipping.carrier"), _facts(mem, "travel.seat")) == ([], [])
        assert _facts(mem, "shipping.carrier", "superseded") == ["FedEx"]
        assert _facts(mem, "travel.seat", "superseded") == ["window seat"]
        bo = [(f.value, f.status) for f in mem.list(key="shipping.carrier", user_id="bo", status="superseded")
              if isinstance(f, Fact)]
        assert bo == [("顺丰", "superseded")]


def test_an_appointment_tomorrow_is_the_speakers_tomorrow(memory: Memory) -> None:
    """created_at at 07:00 +08:00 on 1 January: the dentist is on 2 January where the speaker is,
    stored in UTC (1 January 16:00 UTC), in English and Chinese."""
    said = datetime(2026, 1, 1, 7, 0, tzinfo=timezone(timedelta(hours=8)))
    for text in ("I have a dentist appointment tomorrow", "我明天去看牙医"):
        [change] = memory.add(text, created_at=said).facts
        assert (change.fact.valid_from, change.fact.valid_to) == (
            datetime(2026, 1, 1, 16, tzinfo=UTC), datetime(2026, 1, 2, 16, tzinfo=UTC)), text
