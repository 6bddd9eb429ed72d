"""What an agent reads about a message that is partly outdated (fresh-user trial 6, G4 and G7),
with the real model and the trial's own queries: a current message labels the sentence or clause
the user has since withdrawn or replaced, an outdated hit on one sentence shows only that sentence."""

from __future__ import annotations

from memstrata import Memory


def _line(block: str, needle: str) -> str:
    return next(line for line in block.splitlines() if needle in line)


def test_gate_code_context_labels_the_withdrawn_allergy_and_allergy_context_leaves_the_gate_code(
        memory: Memory) -> None:
    memory.add("I prefer UPS for delivery. I am allergic to peanuts. My gate code is 4417.")
    memory.add("Actually, I'm not allergic to peanuts")
    gate = _line(memory.context("gate code"), "gate code")
    assert gate.startswith("- I prefer UPS for delivery. [outdated: I am allergic to peanuts.] My gate code is 4417.")
    allergies = memory.context("allergies")
    assert "- [outdated] I am allergic to peanuts. (" in allergies and "gate code" not in allergies


def test_a_replaced_carrier_clause_is_labelled_in_a_message_whose_drop_off_still_holds(memory: Memory) -> None:
    memory.add("我以後都希望用順豐，別放門口")
    memory.add("I prefer UPS for delivery. I am allergic to peanuts.")
    memory.add("Actually, make it FedEx")
    block = memory.context("which carrier should we ship with?")
    assert _line(block, "門口").startswith("- [outdated: 我以後都希望用順豐]，別放門口 (")
    assert _line(block, "I prefer UPS").startswith("- [outdated] I prefer UPS for delivery. (")
    assert "FedEx" in block.splitlines()[1]
    # Chinese: the same memory, the same label in Chinese; a later Chinese correction too.
    memory.add("我以后都用顺丰。我对花生过敏。我家大门密码是4417。", user_id="zh")
    memory.add("算了，以后用京东", user_id="zh")
    allergy = _line(memory.context("有什么过敏？", user_id="zh"), "花生过敏。")
    assert allergy.startswith("- [已过时：我以后都用顺丰。]我对花生过敏。"), allergy
