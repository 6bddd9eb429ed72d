"""Outdated memories on every store (``memstrata.recall.outdated``): an episode whose facts were all
superseded is marked ``superseded``, ranks below the current fact, is labelled in the context
block and stays stored and findable; ``update`` does not cite the replaced fact's episode."""

from __future__ import annotations

from datetime import timedelta

from conftest import START, OpenMemory
from memstrata import Fact, Hit, Memory, Settings

#: UPS, then FedEx, then 顺丰: each message states one carrier, each supersedes the one before.
CHANGES = ["I prefer UPS for delivery", "Actually I prefer FedEx for delivery now", "以后都用顺丰 delivery"]
NOW = START + timedelta(hours=5)


def _tell(memory: Memory) -> list[int]:
    ids = []
    for hour, text in enumerate(CHANGES):
        result = memory.add(text, created_at=START + timedelta(hours=hour))
        assert [c.fact.key for c in result.facts] == ["shipping.carrier"], text
        ids.append(result.episode_id)
    return ids


def _by_id(hits: list[Hit]) -> dict[tuple[str, int], Hit]:
    return {(h.kind, h.id): h for h in hits}


def test_episodes_of_superseded_facts_are_marked_and_rank_below_the_current_fact(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="alice")
    ups, fedex, sf = _tell(memory)
    current = memory.list()[0]
    assert isinstance(current, Fact) and current.value == "顺丰"
    hits = memory.search("delivery", now=NOW)
    found = _by_id(hits)
    assert found[("episode", ups)].superseded and found[("episode", fedex)].superseded
    assert not found[("episode", sf)].superseded and not found[("fact", current.id)].superseded
    assert found[("episode", ups)].signals["superseded"] == 1.0
    order = [(h.kind, h.id) for h in hits]
    assert order.index(("fact", current.id)) < min(order.index(("episode", fedex)), order.index(("episode", ups)))
    assert all(not h.superseded for h in hits[:2]) and all(h.superseded for h in hits[-2:])
    # The mark halves the score (Settings.superseded_weight): the same search unweighted.
    plain = open_memory(user_id="alice", settings=Settings(superseded_weight=1.0))
    _tell(plain)
    unweighted = {h.text: h.score for h in plain.search("delivery", now=NOW)}
    assert found[("episode", ups)].score == unweighted[CHANGES[0]] * 0.5
    # Kept and findable: the episode is stored and a search naming it still finds it.
    assert memory.get(episode_id=ups).content == CHANGES[0]  # type: ignore[union-attr]
    assert ("episode", ups) in _by_id(memory.search("UPS", now=NOW))


def test_context_block_labels_outdated_episodes(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="alice")
    _tell(memory)
    block = memory.context("delivery")
    lines = block.splitlines()
    assert "- [outdated] I prefer UPS for delivery (" in block
    assert "- [outdated] Actually I prefer FedEx for delivery now (" in block
    current = next(i for i, line in enumerate(lines) if "顺丰" in line)
    assert "[outdated]" not in lines[current]
    assert current < next(i for i, line in enumerate(lines) if "UPS" in line)
    # Two questions, each judged on its own: "配送 delivery" as one holds a third of its terms.
    assert "[已过时] I prefer UPS" in memory.context("配送呢？delivery呢？")


def test_episode_with_a_current_fact_or_no_fact_is_not_marked(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="alice")
    mixed = memory.add("I am allergic to peanuts, and I prefer UPS for delivery", created_at=START)
    assert {c.fact.key for c in mixed.facts} == {"health.allergy", "shipping.carrier"}
    memory.add("Actually I prefer FedEx for delivery now", created_at=START + timedelta(hours=1))
    chat = memory.add("Noted, delivery it is.", created_at=START + timedelta(hours=2)).episode_id
    found = _by_id(memory.search("delivery", now=NOW))
    assert not found[("episode", chat)].superseded  # no fact cites it
    # One sentence whose allergy still holds: current for the allergy, outdated for the carrier it
    # replaced, as a message of two sentences is (``recall.asked_part``).
    allergy = _by_id(memory.search("peanut allergy", now=NOW))[("episode", mixed.episode_id)]
    assert not allergy.superseded and allergy.outdated_parts == ("and I prefer UPS for delivery",)
    assert found[("episode", mixed.episode_id)].superseded


def test_a_sentence_whose_own_facts_were_superseded_is_marked_beside_a_current_one(
        open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="alice")
    mixed = memory.add("I prefer UPS for delivery. I am allergic to peanuts.", created_at=START).episode_id
    memory.add("Actually I prefer FedEx for delivery now", created_at=START + timedelta(hours=1))
    ups = _by_id(memory.search("delivery", now=NOW))[("episode", mixed)]
    assert ups.matched == "I prefer UPS for delivery." and ups.superseded
    assert ups.signals["superseded"] == 1.0
    allergy = _by_id(memory.search("peanut allergy", now=NOW))[("episode", mixed)]
    assert allergy.matched == "I am allergic to peanuts." and not allergy.superseded
    # The mark halves the sentence hit's score, as for a whole message.
    plain = open_memory(user_id="alice", settings=Settings(superseded_weight=1.0))
    plain_id = plain.add("I prefer UPS for delivery. I am allergic to peanuts.", created_at=START).episode_id
    plain.add("Actually I prefer FedEx for delivery now", created_at=START + timedelta(hours=1))
    assert ups.score == _by_id(plain.search("delivery", now=NOW))[("episode", plain_id)].score * 0.5


def test_a_current_fact_the_message_does_not_spell_out_keeps_every_sentence_current(
        open_memory: OpenMemory) -> None:
    # "VS Code" is stored as VSCode: no sentence spells the value, so it may be the UPS sentence's.
    memory = open_memory(user_id="alice")
    said = memory.add("I prefer UPS for delivery. I use VS Code.", created_at=START)
    assert {c.fact.value for c in said.facts} == {"UPS", "VSCode"}
    memory.add("Actually I prefer FedEx for delivery now", created_at=START + timedelta(hours=1))
    hit = _by_id(memory.search("delivery", now=NOW))[("episode", said.episode_id)]
    assert hit.matched == "I prefer UPS for delivery." and not hit.superseded


def test_marks_follow_as_of_and_include_superseded(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="alice")
    ups = _tell(memory)[0]
    # As believed between the first and second message: UPS was current then.
    then = _by_id(memory.search("delivery", as_of=START + timedelta(minutes=30), now=NOW))
    assert set(then) >= {("episode", ups)} and not any(h.superseded for h in then.values())
    hits = memory.search("delivery", include_superseded=True, kinds=("fact",), now=NOW)
    assert {h.fact.value: h.superseded for h in hits if h.fact} == {"UPS": True, "FedEx": True, "顺丰": False}
    assert hits[0].fact is not None and hits[0].fact.value == "顺丰"


def test_update_cites_no_episode_and_keeps_the_old_link(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="alice")
    ups = memory.add("I prefer UPS for delivery", created_at=START)
    old = ups.facts[0].fact
    new = memory.update(old.id, value="DHL")
    assert new.value == "DHL" and new.citations == ()
    assert memory.get(old.id).citations == (ups.episode_id,)  # type: ignore[union-attr]
    timeline = memory.history(new.id)
    created = next(e for f, events in timeline if f.id == new.id for e in events if e.action == "create")
    assert created.detail["updated_from"] == old.id and created.actor == "sdk"
    # The episode now states only a superseded value: marked, and the context cites no episode for DHL.
    hit = _by_id(memory.search("delivery", now=NOW))[("episode", ups.episode_id)]
    assert hit.superseded
    block = memory.context("delivery DHL")
    dhl = next(line for line in block.splitlines() if "DHL" in line)
    assert "episode" not in dhl and "[outdated]" not in dhl


def test_store_reports_which_facts_cite_episodes(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="alice")
    ups, fedex, sf = _tell(memory)
    bob = memory.add("I prefer UPS for delivery", user_id="bob", created_at=START).episode_id
    cited = memory.store.citing_facts(memory._scope(), [ups, fedex, sf, bob])
    rows = sorted((c.episode_id, c.status) for c in cited)
    assert rows == [(ups, "superseded"), (fedex, "superseded"), (sf, "active")]  # bob's is out of scope
    first = next(c for c in cited if c.episode_id == ups)
    assert first.recorded_at <= first.expired_at  # type: ignore[operator]
    assert memory.store.citing_facts(memory._scope(), []) == []


def test_a_bare_correction_then_a_switch_marks_both_old_carriers(open_memory: OpenMemory) -> None:
    # "Actually FedEx" names only the carrier (extract.ellipsis).
    memory = open_memory(user_id="alice")
    said = ["I prefer UPS for delivery", "Actually FedEx", "以后都用顺丰"]
    ids = [memory.add(text, created_at=START + timedelta(hours=i)).episode_id for i, text in enumerate(said)]
    assert [(f.value, f.status) for f in memory.list(status="all")] == [  # type: ignore[union-attr]
        ("顺丰", "active"), ("FedEx", "superseded"), ("UPS", "superseded")]
    hits = memory.search("UPS FedEx 顺丰 delivery", now=NOW)
    marks = {h.id: h.superseded for h in hits if h.kind == "episode"}
    assert marks == {ids[0]: True, ids[1]: True, ids[2]: False}
    assert hits[0].kind == "fact" and hits[0].fact is not None and hits[0].fact.value == "顺丰"


def test_a_correction_in_the_same_message_supersedes_the_value_it_corrects(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="alice")
    result = memory.add("I prefer UPS for delivery. Actually FedEx.", created_at=START)
    assert [(c.action, c.fact.value) for c in result.facts] == [("create", "UPS"), ("supersede", "FedEx")]
    assert [(f.value, f.status) for f in memory.list(status="all")] == [  # type: ignore[union-attr]
        ("FedEx", "active"), ("UPS", "superseded")]
    # Other statements of one message still never supersede each other.
    both = memory.add("Please leave packages with the concierge, never at the door", created_at=START)
    assert len(both.facts) == 2 and {c.action for c in both.facts} == {"create"}


def test_a_current_message_labels_its_withdrawn_sentence_inline(open_memory: OpenMemory) -> None:
    # "gate code" matches the current sentence of this message; printed whole and unmarked, the
    # withdrawn peanut allergy would read as current.
    memory = open_memory(user_id="alice")
    said = memory.add("I prefer UPS for delivery. I am allergic to peanuts. My gate code is 4417.", created_at=START)
    memory.add("Actually, I'm not allergic to peanuts", created_at=START + timedelta(hours=1))
    hit = _by_id(memory.search("gate code", now=NOW))[("episode", said.episode_id)]
    assert not hit.superseded and hit.outdated_parts == ("I am allergic to peanuts.",)
    line = next(x for x in memory.context("gate code").splitlines() if "gate code" in x)
    assert line.startswith("- I prefer UPS for delivery. [outdated: I am allergic to peanuts.] My gate code is "
                           "[REDACTED:password].")  # a door code is a secret (docs/privacy.md)
    # Other way round: the hit on the withdrawn sentence is outdated and shows that sentence only.
    allergy = next(x for x in memory.context("allergic to peanuts").splitlines() if "peanuts." in x)
    assert allergy.startswith("- [outdated] I am allergic to peanuts. (")
    # Nothing withdrawn: nothing labelled.
    assert not any(h.outdated_parts for h in memory.search("gate code", user_id="bob", now=NOW))


def test_a_replaced_clause_is_labelled_beside_a_current_one_in_the_same_sentence(open_memory: OpenMemory) -> None:
    # One sentence, two facts (carrier 顺丰, drop-off 不放门口); the carrier is replaced twice.
    memory = open_memory(user_id="mu")
    first = memory.add("我以後都希望用順豐，別放門口", created_at=START)
    assert {c.fact.key for c in first.facts} == {"shipping.carrier", "shipping.dropoff"}
    memory.add("I prefer UPS for delivery. I am allergic to peanuts.", created_at=START + timedelta(hours=1))
    memory.add("Actually, make it FedEx", created_at=START + timedelta(hours=2))
    hits = _by_id(memory.search("delivery 順豐", now=NOW))
    assert hits[("episode", first.episode_id)].superseded  # asked about the carrier replaced
    assert hits[("episode", first.episode_id)].outdated_parts == ("我以後都希望用順豐",)
    dropoff = _by_id(memory.search("快递放门口吗", now=NOW))[("episode", first.episode_id)]
    assert not dropoff.superseded and dropoff.outdated_parts == ("我以後都希望用順豐",)  # the drop-off holds
    assert "- [已過時：我以後都希望用順豐]，別放門口 (" in memory.context("順豐 門口")  # a Traditional query


def test_a_sentence_stating_no_superseded_value_holds_when_every_fact_was_superseded(
        open_memory: OpenMemory) -> None:
    # After "make it FedEx", context("gate code") must not print "[outdated] My gate code is
    # 4417." because the message's only fact (UPS) was superseded.
    memory = open_memory(user_id="alice")
    said = memory.add("I prefer UPS for delivery. My gate code is 4417.", created_at=START)
    assert [c.fact.value for c in said.facts] == ["UPS"]
    memory.add("Actually, make it FedEx", created_at=START + timedelta(hours=1))
    gate = _by_id(memory.search("gate code", now=NOW))[("episode", said.episode_id)]
    assert not gate.superseded and gate.outdated_parts == ("I prefer UPS for delivery.",)
    line = next(x for x in memory.context("gate code").splitlines() if "gate code" in x)
    assert line.startswith("- [outdated: I prefer UPS for delivery.] My gate code is [REDACTED:password]. ("), line
    ups = _by_id(memory.search("UPS delivery", now=NOW))[("episode", said.episode_id)]
    assert ups.superseded  # the sentence that states the superseded value still is outdated
