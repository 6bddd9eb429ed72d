"""``clean_detail``: what a forget removes from the events of the facts that stay."""

from __future__ import annotations

import doctest

import memstrata.store.event_scrub as event_scrub
from memstrata.store.event_scrub import clean_detail


def test_the_module_examples_hold() -> None:
    assert doctest.testmod(event_scrub).failed == 0


def test_a_deleted_successor_takes_its_value_and_the_old_value_stays() -> None:
    detail = {"superseded_by": 2, "old_value": "UPS", "new_value": "FedEx"}
    assert clean_detail(detail, facts={2}, episodes=()) == {
        "superseded_by": None, "old_value": "UPS", "forgotten": ["new_value", "superseded_by"]}
    returning = {"key": "shipping.carrier", "value": "顺丰", "returns_to": [1, 3]}
    assert clean_detail(returning, facts={3}, episodes=()) == {"key": "shipping.carrier", "value": "顺丰",
                                                               "returns_to": [1], "forgotten": ["returns_to"]}
    assert clean_detail(detail, facts={3}, episodes={2}) is None  # ids of other kinds never mix


def test_words_said_in_a_forgotten_episode_go_and_id_lists_lose_its_id() -> None:
    merged = {"restated": "UPS ground", "episode": 5}
    assert clean_detail(merged, facts=(), episodes={5}) == {"forgotten": ["episode", "restated"]}
    llm = {"restated": "likes tea", "episodes": [4, 5], "run": "r1"}
    assert clean_detail(llm, facts=(), episodes={5}) == {"episodes": [4], "run": "r1",
                                                         "forgotten": ["episodes", "restated"]}
    merge = {"absorbed": 9, "added_citations": [5, 6], "cosine": 0.93}
    assert clean_detail(merge, facts=(), episodes={5}) == {"absorbed": 9, "added_citations": [6], "cosine": 0.93,
                                                           "forgotten": ["added_citations"]}
    created = {"key": "shipping.carrier", "value": "UPS", "episode": 5}  # the fact's own value stays
    assert clean_detail(created, facts=(), episodes={5}) == {"key": "shipping.carrier", "value": "UPS",
                                                             "forgotten": ["episode"]}
    assert clean_detail({"superseded_by": True, "new_value": "x"}, facts={1}, episodes=()) is None  # not an id
