"""The SDK's forget receipt says what REST's ``POST /v1/forget`` says in its ``note``, in the SDK's words.

``Memory.forget(fact_id=...)`` of the peanut allergy left "I'm allergic to peanuts" stored and found by
search, and the receipt only listed ``sources_kept``; REST's answer said it in a ``note`` with how to
forget the message, the CLI in a ``note:`` line. Now ``ForgetReceipt.note`` says it with the call to
make, as it says which replaced value stays superseded and that a forgotten user had nothing stored.
Real SQLite files, the real model."""

from __future__ import annotations

from memstrata import Fact, Memory


def _fact(memory: Memory, value: str) -> Fact:
    return next(f for f in memory.list(status="all") if isinstance(f, Fact)
                and f.value.casefold() == value.casefold())


def test_a_fact_forget_notes_the_message_left_stored_and_the_call_that_forgets_it(memory: Memory) -> None:
    said = memory.add("I'm allergic to peanuts.").episode_id
    receipt = memory.forget(fact_id=_fact(memory, "peanuts").id)
    assert receipt.note == (f"the message that stated it (episode #{said}) is still stored and found by search; "
                            f"memory.forget(episode_id={said}) forgets what was said (or forget(fact_id=..., "
                            "sources=True) next time)")
    assert memory.delete(episode_id=said).note is None  # what the note says to do; nothing more to say
    assert memory.search("peanuts") == []


def test_deleting_a_current_value_notes_the_value_left_superseded_and_its_rollback(memory: Memory) -> None:
    memory.add("From now on ship with FedEx")
    memory.add("Actually ship with UPS from now on")
    ups, fedex = _fact(memory, "UPS"), _fact(memory, "FedEx")
    receipt = memory.delete(ups.id, sources=True)
    [replaced] = receipt.replaced
    assert receipt.note == (f"fact #{fedex.id} (shipping.carrier = FedEx), which fact #{ups.id} had replaced, stays "
                            "superseded, so shipping.carrier may have no current value; "
                            f"memory.rollback({replaced.event_id}) makes it current again")
    memory.rollback(replaced.event_id)
    assert _fact(memory, "FedEx").status == "active"


def test_a_forget_of_a_user_with_nothing_stored_says_so_and_a_real_forget_notes_nothing(memory: Memory) -> None:
    memory.add("I'm allergic to peanuts.", user_id="alice")
    mistyped = memory.forget(user_id="alcie")
    assert mistyped.counts.get("episodes", 0) == 0
    assert mistyped.note == ("nothing is stored for user=alcie in default/default; check user_id (and org_id, "
                             "project_id): memory.users() lists the users with memories")
    assert memory.forget(user_id="alice").note is None
