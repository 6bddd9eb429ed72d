"""The retrieval bench's user-only and dialogue variants on tiny hand-made fixtures: which turns
the user side keeps, which questions it leaves out, and how a dialogue query is drawn."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata.bench.retrieval import Dataset, questions, run_benchmark, user_only
from memstrata.bench.variants import TURN_CHARS, dialogue_question, user_side
from memstrata.errors import InvalidInput
from memstrata.loaders.base import ImportedMessage
from memstrata.loaders.locomo import Conversation, QAItem


def _msg(cid: str, session: str, n: int, speaker: str, role: str, text: str) -> ImportedMessage:
    return ImportedMessage(f"{cid}/{session}", speaker, role, text, datetime(2024, 1, 1, 9, n, tzinfo=UTC),
                           f"{session}#{n}", {})


def _people(cid: str = "p") -> Conversation:
    """Two people talking (every role ``user``), as LoCoMo: Ann speaks first."""
    said = [("Ann", "I adopted a dog named Rex."), ("Bob", "I moved to Lyon last spring."),
            ("Ann", "Rex loves the beach."), ("Bob", "Lyon has great food, do you cook?")]
    qa = (QAItem("What is Ann's dog called?", "Rex", ("s1#0", "s1#2"), 1),
          QAItem("Where did Bob move?", "Lyon", ("s1#1",), 1),
          QAItem("Where does Ann's dog like to go and where did Bob move?", "", ("s1#1", "s1#2"), 1),
          QAItem("What is Ann's passport number?", "", (), 5))
    return Conversation(cid, ("Ann", "Bob"), tuple(_msg(cid, "s1", n, s, "user", t) for n, (s, t) in
                                                  enumerate(said)), qa)


def _assisted(cid: str = "a") -> Conversation:
    """A user and an assistant; the assistant's speaker name says nothing, its role does."""
    turns = [("s1", "Kim", "user", "Plan my trip to Oslo please."), ("s1", "Kim", "assistant", "Sure, when do you go?"),
             ("s2", "Kim", "assistant", "Reminder: your dentist visit is on Friday."),
             ("s3", "Kim", "user", "x" * 30 + " " + "long " * 200)]
    qa = (QAItem("Where am I travelling?", "Oslo", ("s1",), 0), QAItem("When is the dentist?", "", ("s2",), 0))
    return Conversation(cid, ("Kim", "AI"), tuple(_msg(cid, s, n, sp, r, t) for n, (s, sp, r, t) in
                                                 enumerate(turns)), qa)


def test_user_side_of_two_people_keeps_the_first_speaker_and_the_evidence_still_stored() -> None:
    side = user_side(_people())
    assert [m.content for m in side.conversation.messages] == ["I adopted a dog named Rex.", "Rex loves the beach."]
    assert [(q.question, q.evidence) for q in side.conversation.qa] == [
        ("What is Ann's dog called?", ("s1#0", "s1#2")),
        ("Where does Ann's dog like to go and where did Bob move?", ("s1#2",)),
        ("What is Ann's passport number?", ())]  # no evidence by design: kept
    assert side.left_out == 1  # Bob's move was only in Bob's turns


def test_user_side_reads_roles_and_keeps_a_session_unit_while_one_of_its_turns_is_stored() -> None:
    side = user_side(_assisted(), unit=lambda turn: turn.split("#")[0])
    assert [m.role for m in side.conversation.messages] == ["user", "user"]
    assert [q.evidence for q in side.conversation.qa] == [("s1",)]
    assert side.left_out == 1  # session s2 held only an assistant turn


def test_user_only_dataset_counts_what_it_left_out_and_asks_the_questions_unchanged() -> None:
    dataset = Dataset("x", [_people("p1"), _people("p2")], {1: "one", 5: "apart"}, frozenset({1}),
                      lambda turn: turn.split("#")[0], apart=frozenset({5}))
    cut, left_out = user_only(dataset)
    assert left_out == 2
    asked = questions(cut, "user-only", cut.conversations)
    assert [text for _, _, text in asked] == [q.question for c in cut.conversations for q in c.qa]


def test_dialogue_question_is_history_of_another_conversation_then_the_question() -> None:
    own, donor, other = _people("p1"), _people("p2"), _assisted()
    text = dialogue_question("Where did Bob move?", own, 3, [own, donor], seed=5)
    assert text == dialogue_question("Where did Bob move?", own, 3, [own, donor], seed=5)
    lines = text.split("\n")
    assert lines[-1] == "user: Where did Bob move?"
    # Ann, the donor's first speaker, is the user; Bob the other side.
    expected = {"user: I adopted a dog named Rex.", "assistant: I moved to Lyon last spring.",
                "user: Rex loves the beach.", "assistant: Lyon has great food, do you cook?"}
    assert lines[:-1] and set(lines[:-1]) <= expected
    drawn = {dialogue_question("q?", own, n, [own, other], seed=s, turns=2) for n in range(4) for s in range(6)}
    assert len(drawn) > 1  # the point in the donor moves with the question and the seed
    assert all(len(q.split("\n")) == 3 for q in drawn)
    drawn.add(dialogue_question("q?", own, 0, [own, other], seed=1))  # the donor whole, its long turn too
    for query in drawn:
        history = query.split("\n")[:-1]
        assert all(line.startswith(("user: ", "assistant: ")) for line in history)
        assert all(len(line) <= len("assistant: ") + TURN_CHARS + 2 for line in history)  # long turns cut
    assert dialogue_question("Where?", own, 0, [own], seed=5) == "user: Where?"  # no other conversation


def _locomo_file(folder: Path) -> Path:
    turns = [{"speaker": s, "dia_id": f"D1:{n + 1}", "text": t} for n, (s, t) in enumerate(
        [("Ann", "I adopted a dog named Rex."), ("Bob", "I moved to Lyon last spring."),
         ("Ann", "Rex loves the beach.")])]
    samples = [{"sample_id": cid, "conversation": {"speaker_a": "Ann", "speaker_b": "Bob",
                                                   "session_1": turns, "session_1_date_time": "1:56 pm on 8 May, 2023"},
                "qa": [{"question": "What is the dog called?", "answer": "Rex", "evidence": ["D1:1"], "category": 4},
                       {"question": "Where did Bob move?", "answer": "Lyon", "evidence": ["D1:2"], "category": 4}]}
               for cid in ("c1", "c2")]
    path = folder / "locomo10.json"
    path.write_text(json.dumps(samples), encoding="utf-8")
    return path


def test_benchmark_runs_the_user_side_on_a_store_of_its_own(tmp_path: Path) -> None:
    report = run_benchmark("locomo", data=_locomo_file(tmp_path), retrievers=["bm25"], ks=[1, 10],
                           variants=["normal", "user-only", "dialogue"])
    assert report["questions"] == {"normal": 4, "user-only": 2, "dialogue": 4}
    assert report["left_out"] == {"user-only": 2}
    assert (report["turns"], report["user_turns"]) == (6, 4)
    assert report["variants"]["user-only"]["bm25"]["main"]["R@1"] == 1.0  # 'dog' finds Ann's turn
    assert report["variants"]["normal"]["bm25"]["main"]["R@1"] == 1.0


def test_user_only_beside_other_variants_is_refused_on_one_postgres_database(tmp_path: Path) -> None:
    with pytest.raises(InvalidInput, match="user-only"):
        run_benchmark("locomo", data=_locomo_file(tmp_path), retrievers=["bm25"], ks=[10],
                      database_url="postgresql://nowhere/x", variants=["normal", "user-only"])
