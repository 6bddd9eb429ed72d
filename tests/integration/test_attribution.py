"""Whose memory a line is: in a group scope context() names the speaker of
every turn and the subject of every fact that is not the scope's user's own, an assistant or tool
turn is marked with its role, hits carry ``speaker`` / ``role`` / ``subject``, and a single user's
store reads as before. Real SQLite file, real model, real users' messages and queries."""

from __future__ import annotations

from dataclasses import asdict
from pathlib import Path

import pytest

from memstrata import Embedder, Memory
from memstrata.loaders.importer import import_messages, load_any

LOCOMO = Path(__file__).parents[2] / "src" / "memstrata" / "data" / "locomo-conv-30.json"
GROUP = [("Alice", "I prefer UPS for delivery"), ("Bob", "I prefer FedEx for delivery"),
         ("Alice", "I am allergic to peanuts"), ("Bob", "I'm not allergic to peanuts"),
         ("Alice", "I live in Boston"), ("Bob", "I live in Denver")]


def _line(block: str, needle: str) -> str:
    return next(line for line in block.splitlines() if needle in line)


@pytest.fixture
def group(memory: Memory) -> Memory:
    for speaker, text in GROUP:
        memory.add(text, speaker=speaker, user_id="grp")
    return memory


def test_group_context_names_the_speaker_of_every_turn(group: Memory) -> None:
    block = group.context("Who prefers which delivery? Who lives where? Who is allergic to peanuts?",
                          user_id="grp", kinds=("episode",))
    for speaker, text in GROUP:
        assert _line(block, text).startswith(f"- {speaker}: {text} ("), block
    # A Chinese question: the same names, a full-width colon.
    zh = group.context("Alice住在哪里？", user_id="grp", kinds=("episode",))
    assert _line(zh, "Boston").startswith("- Alice：I live in Boston ("), zh
    # With facts too, a fact that restates a turn names its subject instead.
    both = group.context("Where does Alice live?", user_id="grp")
    assert _line(both, "Boston").startswith(("- Alice: I live in Boston (", "- Alice lives in Boston (")), both
    assert _line(both, "Denver").startswith(("- Bob: I live in Denver (", "- Bob lives in Denver (")), both


def test_a_fact_about_another_speaker_names_its_subject_in_english_and_chinese(memory: Memory) -> None:
    memory.add("I like eating sushi", speaker="Bob", user_id="grp")
    memory.add("我对芒果过敏", speaker="小明", user_id="grp")
    facts = [h for h in memory.search("sushi", user_id="grp", kinds=("fact",))]
    assert facts and facts[0].subject == "Bob" and facts[0].text == "likes eating sushi"
    # The episode restates the fact, so the block shows one of the two: either names Bob.
    block = memory.context("what food does Bob like?", user_id="grp", kinds=("fact",))
    assert _line(block, "sushi").startswith("- Bob likes eating sushi ("), block
    zh = memory.context("小明对什么过敏？", user_id="grp", kinds=("fact",))
    assert _line(zh, "芒果").startswith("- 小明对芒果过敏 ("), zh


def test_assistant_and_tool_turns_are_marked_with_their_role(memory: Memory) -> None:
    memory.add("I prefer DHL for delivery", user_id="r")
    memory.add("I prefer UPS for delivery, it's reliable", role="assistant", user_id="r")
    memory.add("I prefer FedEx for delivery", role="tool", user_id="r")
    memory.add("I prefer USPS for delivery", role="assistant", speaker="Jarvis", user_id="r")
    block = memory.context("which carrier?", user_id="r", kinds=("episode",))
    assert _line(block, "UPS for").startswith("- assistant: I prefer UPS for delivery, it's reliable (")
    assert _line(block, "FedEx").startswith("- tool: I prefer FedEx for delivery (")
    assert _line(block, "USPS").startswith("- Jarvis (assistant): I prefer USPS for delivery (")
    assert _line(block, "DHL").startswith("- I prefer DHL for delivery (")
    zh = memory.context("用哪家快递？", user_id="r", kinds=("episode",))
    assert _line(zh, "UPS for").startswith("- 助手：I prefer UPS")
    assert _line(zh, "USPS").startswith("- Jarvis（助手）：I prefer USPS")
    # Only the user's own statement gave a fact.
    assert [f.value for f in memory.list(user_id="r")] == ["DHL"]


def test_a_single_users_store_reads_as_before(memory: Memory) -> None:
    memory.add("I like tea")
    memory.add("I am allergic to peanuts", speaker="u1")  # the user named as the speaker: still the user's own
    block = memory.context("what do I like to drink, and allergies?", budget_tokens=1000)
    assert "- I like tea (" in block or "- likes drinking tea (" in block, block
    assert not any(line.startswith(("- u1", "- user")) for line in block.splitlines()), block


def test_a_jsonl_import_without_speakers_reads_as_the_users_own(memory: Memory, tmp_path: Path) -> None:
    # The JSONL loader names a turn with no "speaker" after its role ("user"): that is the user,
    # not a person called "user" (the lead saw "- user is allergic to peanuts" after an import).
    path = tmp_path / "log.jsonl"
    path.write_text('{"content": "I am allergic to peanuts"}\n{"content": "I prefer UPS for delivery"}\n',
                    encoding="utf-8")
    [(_, messages)] = load_any(path)
    import_messages(memory, messages, user_id="solo")
    block = memory.context("allergies and carrier?", user_id="solo", budget_tokens=1000)
    assert "peanuts" in block and "UPS" in block, block
    assert not any(line.startswith("- user") for line in block.splitlines()), block
    assert all(h.speaker in (None, "user") for h in memory.search("peanuts", user_id="solo"))


def test_hits_carry_speaker_role_and_subject(group: Memory) -> None:
    group.add("I like tea", user_id="solo")
    hits = group.search("allergic to peanuts", user_id="grp")
    episode = next(h for h in hits if h.kind == "episode" and h.text == "I am allergic to peanuts")
    fact = next(h for h in hits if h.kind == "fact")
    assert (episode.speaker, episode.role, episode.subject) == ("Alice", "user", None)
    assert (fact.speaker, fact.role, fact.subject) == (None, None, "Alice")
    assert {"speaker", "role", "subject"} <= set(asdict(fact))
    own = group.search("tea", user_id="solo")
    # the user's own fact: subject None, as Fact.subject stores it and a filter selects it (subject IS NULL)
    assert {(h.kind, h.speaker, h.subject) for h in own} == {("episode", "solo", None), ("fact", None, None)}


def test_locomo_context_for_gina_attributes_jons_dances(tmp_path: Path, embedder: Embedder) -> None:
    # "What does Gina like?" must not print Jon's "likes all dances" unattributed.
    with Memory(tmp_path / "loc.db", embedder=embedder, user_id="loc") as memory:
        for _, messages in load_any(LOCOMO):
            import_messages(memory, messages, user_id="loc")
        dances = next(f for f in memory.list() if f.value == "all dances")
        assert dances.subject == "Jon"
        # Every fact line says whose like it is; the budget leaves room for facts below Gina's own turns.
        block = memory.context("What does Gina like?", budget_tokens=600)
        likes = [line for line in block.splitlines() if " likes " in line and ": " not in line.split(" (")[0]]
        assert likes and all(line.startswith(("- Jon likes ", "- Gina likes ")) for line in likes), block
        assert all(line.startswith(("- Gina: ", "- Jon: ", "- Jon ", "- Gina ")) for line in block.splitlines()[1:])


def test_a_block_over_several_users_names_each_user(tmp_path: Path, embedder: Embedder) -> None:
    # Read by session alone, three users' facts must not read as one person's.
    memory = Memory(tmp_path / "group.db", embedder=embedder)
    memory.add("I am allergic to peanuts", user_id="alice", session_id="dinner")
    memory.add("我不喜欢吃辣", user_id="bob", session_id="dinner")
    memory.add("I'm vegetarian", user_id="carol", session_id="dinner")
    block = memory.context("plan dinner", session_id="dinner", budget_tokens=1000)
    assert "- alice is allergic to peanuts (" in block, block
    assert "- bob不喜欢吃辣 (" in block and "- carol's diet: vegetarian (" in block, block
    one = memory.context("allergies?", user_id="alice", budget_tokens=1000)
    assert "- is allergic to peanuts (" in one and "alice" not in one, one  # one user: as before


def test_a_named_persons_fact_names_them_once_in_english_and_chinese(memory: Memory) -> None:
    # The statement of a fact about a named person opens with the name already.
    memory.add("My colleague Tom works on the payments team.", user_id="u")
    memory.add("我同事小王在支付组。", user_id="u")
    block = memory.context("Which team is Tom on?", user_id="u", kinds=("fact",))
    assert _line(block, "payments").startswith("- Tom: is on the payments team ("), block
    zh = memory.context("小王在哪个组？", user_id="u", kinds=("fact",))
    assert _line(zh, "支付组").startswith("- 小王在支付组 ("), zh
