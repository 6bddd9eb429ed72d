"""A change back to an earlier value is a change like any other, on every store.

"I moved back to Shanghai" and "Switch back to UPS" (after a switch away from UPS) used to
store nothing: the old value stayed current. Each must supersede the
current value, with the history showing every step (the first value, the one in between, the
value said again) and a ``supersede`` event per change.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from conftest import OpenMemory

START = datetime(2026, 3, 1, 9, tzinfo=UTC)

CASES = [
    ("identity.location", ["I live in Shanghai", "I moved to Beijing", "I moved back to Shanghai"], "Shanghai"),
    ("shipping.carrier", ["I use UPS for delivery", "Switch to FedEx from now on", "Switch back to UPS"], "UPS"),
    ("shipping.carrier", ["I use UPS for delivery", "Switch to FedEx from now on", "Actually, go back to UPS"],
     "UPS"),
    ("shipping.carrier", ["I use UPS for delivery", "Switch to FedEx from now on", "I've gone back to using UPS"],
     "UPS"),
    ("identity.location", ["我住在上海", "我搬到北京了", "我搬回上海了"], "上海"),
    ("shipping.carrier", ["以后用顺丰", "改用京东", "我又用回顺丰了"], "顺丰"),
    ("shipping.carrier", ["以后用顺丰", "改用京东", "改回顺丰"], "顺丰"),
]


@pytest.mark.parametrize(("key", "said", "back"), CASES, ids=[c[1][-1] for c in CASES])
def test_a_change_back_supersedes_the_current_value(open_memory: OpenMemory, key: str, said: list[str],
                                                   back: str) -> None:
    memory = open_memory(user_id="cb")
    results = [memory.add(text, created_at=START + timedelta(days=i)) for i, text in enumerate(said)]
    [change] = [f for f in results[-1].facts if f.fact.key == key]
    assert (change.action, change.fact.value, change.fact.status) == ("supersede", back, "active")
    current = memory.list(key=key)
    assert [f.value for f in current] == [back]
    steps = memory.history(key=key)
    assert [(f.value, f.status) for f, _ in steps] == [
        (back, "superseded"), (results[1].facts[0].fact.value, "superseded"), (back, "active")]
    assert [f.valid_to for f, _ in steps[:2]] == [START + timedelta(days=1), START + timedelta(days=2)]
    assert all(any(e.action == "supersede" for e in events) for _, events in steps[:2])


@pytest.mark.parametrize("text", ["I moved back in 2019", "I went back to work", "switch back to the other tab",
                                  "Let's go back to the previous topic", "我回到家了"])
def test_back_phrasings_without_a_value_change_nothing(open_memory: OpenMemory, text: str) -> None:
    memory = open_memory(user_id="cn")
    memory.add("I live in Shanghai", created_at=START)
    memory.add("I use UPS for delivery", created_at=START)
    memory.add(text, created_at=START + timedelta(days=1))
    assert sorted(f.value for f in memory.list(filter='key IN ("identity.location", "shipping.carrier")')) == [
        "Shanghai", "UPS"]
