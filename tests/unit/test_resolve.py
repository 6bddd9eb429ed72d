"""Conflict resolution decisions (pure)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

from memstrata.extract.base import FactCandidate
from memstrata.extract.clauses import Finding
from memstrata.facts.resolve import contradicts, decide
from memstrata.text.tokens import normalise_value
from memstrata.types import Fact, Scope

NOW = datetime(2026, 10, 30, tzinfo=UTC)


def fact(fid: int, key: str, value: str) -> Fact:
    return Fact(id=fid, scope=Scope(user_id="u"), kind="preference", key=key, value=value,
                tag=key.split(".")[0], confidence=0.9, importance=0.5, sensitivity="low", citations=(1,),
                observed_at=NOW, valid_from=NOW, valid_to=None, expires_at=None, status="active",
                access_count=0, last_accessed_at=None, created_at=NOW)


def cand(key: str, value: str) -> FactCandidate:
    return FactCandidate(kind="preference", key=key, value=value, confidence=0.9, importance=0.5)


def test_same_value_touches() -> None:
    d = decide(cand("shipping.carrier", "顺丰 "), [fact(1, "shipping.carrier", "顺丰")],
               single_valued=True, similarity={})
    assert (d.action, d.target, d.superseded) == ("touch", 1, ())


def test_new_value_of_single_valued_key_supersedes() -> None:
    d = decide(cand("shipping.carrier", "京东"), [fact(1, "shipping.carrier", "顺丰")],
               single_valued=True, similarity={1: 0.4})
    assert (d.action, d.superseded) == ("supersede", (1,))


def test_new_value_of_multi_valued_key_is_added() -> None:
    d = decide(cand("food.like", "sushi"), [fact(1, "food.like", "pizza")], single_valued=False,
               similarity={1: 0.3})
    assert (d.action, d.superseded) == ("create", ())


def test_near_duplicate_merges() -> None:
    d = decide(cand("food.like", "spicy hotpot"), [fact(1, "food.like", "hot pot, spicy")],
               single_valued=False, similarity={1: 0.93})
    assert (d.action, d.target) == ("merge", 1)


def test_opposite_preference_is_superseded() -> None:
    d = decide(cand("food.dislike", "Cilantro"), [fact(1, "food.like", "cilantro"), fact(2, "food.like", "tea")],
               single_valued=False, similarity={})
    assert (d.action, d.superseded) == ("supersede", (1,))


def test_generic_dislike_retires_a_topical_like() -> None:
    d = decide(cand("preference.dislike", "coffee"),
               [fact(1, "drink.like", "coffee in the morning"), fact(2, "food.like", "steak")],
               single_valued=False, similarity={})
    assert (d.action, d.superseded) == ("supersede", (1,))


def test_same_thing_compares_terms_not_substrings() -> None:
    from memstrata.facts.resolve import same_thing

    assert same_thing("coffee", "Coffee in the morning")
    assert same_thing("咖啡", "早上喝咖啡")
    assert not same_thing("tea", "steak")
    assert not same_thing("coffee beans", "coffee")


def test_helpers() -> None:
    assert normalise_value(" VS Code! ") == "vscode"
    assert contradicts("food.dislike", "food.like")
    assert contradicts("preference.dislike", "drink.like")
    assert not contradicts("drink.like", "food.like")
    assert not contradicts("shipping.carrier", "shipping.carrier")


def test_same_value_compares_whole_values() -> None:
    from memstrata.facts.resolve import same_value

    assert same_value("Peanuts", "peanut") and same_value("New York", "new-york") and same_value("上海", "上海")
    assert not same_value("Berlin's suburbs", "Berlin") and not same_value("Berlin", "Berlin's suburbs")
    assert not same_value("York", "New York") and not same_value("", "")


def test_a_fact_of_the_same_message_is_never_retired_by_it() -> None:
    existing = [fact(1, "shipping.dropoff", "with the concierge"), fact(2, "shipping.dropoff", "at the door")]
    d = decide(cand("shipping.dropoff", "not at the door"), existing, single_valued=True, similarity={},
               same_message={1})
    assert (d.action, d.superseded) == ("supersede", (2,))  # fact 2 came from an earlier message


def test_a_many_valued_key_retires_only_the_facts_the_candidate_replaces() -> None:
    old = [fact(1, "preference.like", "Delta"), fact(2, "preference.like", "jazz")]
    united = replace(cand("preference.like", "United"), statement="favorite airline is United")
    assert decide(united, old, single_valued=False, similarity={}).action == "create"
    decision = decide(united, old, single_valued=False, similarity={}, replaces={1})
    assert (decision.action, decision.superseded) == ("supersede", (1,))
    # ...but never a fact its own message stated
    assert decide(united, old, single_valued=False, similarity={}, replaces={1}, same_message={1}).action == "create"


def test_the_old_value_of_a_favourite_is_superseded_not_merged_however_near() -> None:
    """"favorite flavor of ice cream is vanilla" reads close to "... is mint" (cosine over the merge
    threshold, the label is most of the statement): the new value retires mint, never merges into it."""
    mint = fact(1, "preference.like", "mint")
    vanilla = replace(cand("preference.like", "vanilla"), statement="favorite flavor of ice cream is vanilla")
    decision = decide(vanilla, [mint], single_valued=False, similarity={1: 0.95}, replaces={1})
    assert (decision.action, decision.target, decision.superseded) == ("supersede", None, (1,))
    # a near value of another favourite or a plain like still merges
    assert decide(vanilla, [mint], single_valued=False, similarity={1: 0.95}).action == "merge"


def test_a_value_with_other_numbers_is_never_merged_into_the_old_one() -> None:
    """"43" reads like "42" to the model (cosine over the merge threshold): a new shoe size
    supersedes the old one instead of being merged into it and lost; the same numbers still merge."""
    old = [fact(1, "user.shoe_size", "42")]
    d = decide(cand("user.shoe_size", "43"), old, single_valued=True, similarity={1: 0.97})
    assert (d.action, d.superseded) == ("supersede", (1,))
    room = [fact(1, "user.hotel_room", "room 1204")]
    assert decide(cand("user.hotel_room", "room 1206"), room, single_valued=True,
                  similarity={1: 0.95}).action == "supersede"
    floor = [fact(1, "user.hotel_room", "room 1204 on 12th floor")]
    assert decide(cand("user.hotel_room", "Room 1204, 12th floor"), floor, single_valued=True,
                  similarity={1: 0.95}).action == "merge"


def test_british_and_american_spellings_are_one_favourite() -> None:
    from memstrata.extract.statements import slot_label

    assert slot_label("favorite colour is red") == slot_label("favorite color is blue") == "color"
    assert slot_label("favorite flavour of ice cream is mint") == "flavor of ice cream"
    assert slot_label("favorite colours is red") == "colors"
    assert slot_label("favorite tour is Paris") == "tour"  # only the listed words change


def test_slot_label_reads_back_what_statement_for_wrote() -> None:
    from memstrata.extract.statements import slot_label, statement_for

    assert slot_label(statement_for(Finding("preference.like", "Delta", 0.9, label="Airline"), "en")) == "airline"
    # a Chinese label reads as its English word: the same favourite in either language
    assert slot_label(statement_for(Finding("drink.like", "奶茶", 0.9, label="饮料"), "zh")) == "drink"
    assert slot_label(statement_for(Finding("drink.like", "奶茶", 0.9, label="奶茶店"), "zh")) == "奶茶店"
    assert slot_label("enjoys hiking") is None


def test_a_dislike_of_a_category_retires_a_like_of_its_kind() -> None:
    """現在不喝酒了 covers 我喜欢喝啤酒, "I don't eat seafood" a like of shrimp (``extract.twins.CATEGORIES``);
    a dislike of one kind leaves a like of the category."""
    beer = fact(1, "drink.like", "啤酒")
    assert decide(cand("preference.dislike", "酒"), [beer], single_valued=False, similarity={}).superseded == (1,)
    shrimp = fact(2, "preference.like", "shrimp")
    assert decide(cand("food.dislike", "seafood"), [shrimp], single_valued=False, similarity={}).superseded == (2,)
    seafood = fact(3, "food.like", "seafood")
    assert decide(cand("preference.dislike", "shrimp"), [seafood], single_valued=False, similarity={}).superseded == ()
