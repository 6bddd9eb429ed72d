"""The retrieval bench's user-only and dialogue variants on tiny hand-made fixtures: which turns
the user side keeps, which questions it leaves out, and how a dialogue query is drawn."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata.bench.retrieval import Dataset, markdown, questions, recent, run_benchmark, user_only
from memstrata.bench.variants import (
    POOLED_ID,
    POOLED_SPEAKER,
    TURN_CHARS,
    dialogue_question,
    own_turn,
    pool,
    session_question,
    shifted_to,
    user_side,
)
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


def _chat(cid: str = "c") -> Conversation:
    """A user and an assistant over two sessions; questions are turns of the conversation."""
    turns = [("s1", "user", "My sister Mia is getting married in May."), ("s1", "assistant", "Congratulations!"),
             ("s2", "user", "Any ideas what I could get her?"), ("s2", "assistant", "Maybe a photo album?"),
             ("s2", "user", "long " * 200), ("s2", "user", "Which one would she like best?"),
             ("s3", "user", "What did I say about Mia?")]
    messages = tuple(_msg(cid, s, n, "Kim" if r == "user" else "AI", r, t) for n, (s, r, t) in enumerate(turns))
    at = [m.created_at for m in messages]
    qa = (QAItem("Any  ideas what I could get her?", "", ("s1",), 0, before=at[2]),
          QAItem("Which one would she like best?", "", ("s1",), 0, before=at[5]),
          QAItem("What did I say about Mia?", "", ("s1",), 0, before=at[6]),
          QAItem("Where does Mia live?", "", ("s1",), 0, before=at[6]))
    return Conversation(cid, ("Kim", "AI"), messages, qa)


def test_session_question_is_the_turns_before_it_in_its_own_session_then_the_question() -> None:
    chat = _chat()
    assert session_question(chat, chat.qa[0]) is None  # it opens its session (s1's turns are not its own)
    assert own_turn(chat, chat.qa[0]) == 2  # said at its time, in its words (spacing aside)
    lines = session_question(chat, chat.qa[1]).split("\n")
    assert lines[0] == "user: Any ideas what I could get her?"
    assert lines[1] == "assistant: Maybe a photo album?"
    assert lines[2].startswith("user: long ") and len(lines[2]) <= len("user: ") + TURN_CHARS + 2  # cut
    assert lines[3] == "user: Which one would she like best?"
    assert session_question(chat, chat.qa[1], turns=1).split("\n") == [lines[2], lines[3]]
    assert session_question(chat, chat.qa[2]) is None  # first turn of s3
    assert own_turn(chat, chat.qa[3]) is None and session_question(chat, chat.qa[3]) is None  # not a turn


def test_in_session_variant_leaves_out_questions_without_turns_before_them() -> None:
    dataset = Dataset("x", [_chat()], {0: "q"}, frozenset({0}), lambda turn: turn.split("#")[0])
    asked = questions(dataset, "in-session", dataset.conversations)
    assert [qa.question for _, qa, _ in asked] == ["Which one would she like best?"]
    assert asked[0][2].count("\n") == 3


def _realmem_file(folder: Path) -> Path:
    def turn(speaker: str, text: str, **more: object) -> dict[str, object]:
        return {"speaker": speaker, "content": text, **more}
    sessions = [
        {"session_uuid": "u1", "current_time": "2025-01-06 (Monday)", "dialogue_turns": [
            turn("User", "I am planning a trip to Oslo in June."), turn("Assistant", "Nice, Oslo in June is lovely.")]},
        {"session_uuid": "u2", "current_time": "2025-01-08 (Wednesday)", "dialogue_turns": [
            turn("User", "Remember my trip from last time?", is_query=True, category_name="recall"),
            turn("Assistant", "Yes.", memory_session_uuids=["u1"]),
            turn("User", "Where was it again?", is_query=True, category_name="recall"),
            turn("Assistant", "Oslo.", memory_session_uuids=["u1"])]}]
    path = folder / "kim_dialogues_256k.json"
    path.write_text(json.dumps({"_metadata": {}, "dialogues": sessions}), encoding="utf-8")
    return path


def test_benchmark_asks_in_session_questions_only_where_a_set_has_them(tmp_path: Path) -> None:
    _realmem_file(tmp_path)
    report = run_benchmark("realmem", data=tmp_path, retrievers=["bm25"], ks=[1, 10],
                           variants=["normal", "in-session"])
    assert report["questions"] == {"normal": 2, "in-session": 1}
    assert report["left_out"] == {"in-session": 1}  # the query that opens its session
    assert report["variants"]["in-session"]["bm25"]["main"]["R@10"] == 1.0  # 'trip' finds session u1
    assert "1 left out, no turn before them in their session" in markdown(report)
    locomo = run_benchmark("locomo", data=_locomo_file(tmp_path), retrievers=["bm25"], ks=[10],
                           variants=["normal", "in-session"])
    assert (locomo["questions"]["in-session"], locomo["left_out"]) == (0, {"in-session": 4})
    assert "in-session questions: none in this set." in markdown(locomo)


def test_pool_stores_every_user_side_as_one_speaker_with_ids_told_apart() -> None:
    people, assisted = _people("p1"), _assisted("a1")
    side = pool([people, assisted], user_only=True)
    merged = side.conversation
    assert merged.id == POOLED_ID
    assert [(m.source_id, m.speaker, m.session_id) for m in merged.messages] == [
        ("p1/s1#0", POOLED_SPEAKER, "p1/s1"), ("p1/s1#2", POOLED_SPEAKER, "p1/s1"),  # Ann's turns, in order
        ("a1/s1#0", POOLED_SPEAKER, "a1/s1"), ("a1/s3#3", POOLED_SPEAKER, "a1/s3")]  # Kim's, after them
    assert [m.created_at for m in merged.messages] == [m.created_at for c in (people, assisted)
                                                       for m in user_side(c).conversation.messages]  # own times
    assert [(q.question, q.evidence) for q in merged.qa] == [
        ("What is Ann's dog called?", ("p1/s1#0", "p1/s1#2")),
        ("Where does Ann's dog like to go and where did Bob move?", ("p1/s1#2",)),
        ("What is Ann's passport number?", ())]
    assert side.left_out == 3  # Bob's move (p1); a1's evidence names sessions, not turns, without a unit
    session = pool([assisted], user_only=True, unit=lambda turn: turn.split("#")[0])
    assert [q.evidence for q in session.conversation.qa] == [("a1/s1",)]  # the unit of 'a1/s1#0'
    assert session.left_out == 1  # the dentist reminder was the assistant's
    both = pool([people, assisted], user_only=False).conversation
    assert [m.speaker for m in both.messages] == [POOLED_SPEAKER, "Bob", POOLED_SPEAKER, "Bob",
                                                  POOLED_SPEAKER, "Kim", "Kim", POOLED_SPEAKER]
    assert [m.role for m in both.messages] == [m.role for c in (people, assisted) for m in c.messages]
    assert len(both.qa) == 6
    with pytest.raises(ValueError, match="p1"):
        pool([people, people], user_only=True)


def test_pooled_variant_asks_the_subset_questions_of_the_whole_set_in_one_store(tmp_path: Path) -> None:
    path = _locomo_file(tmp_path)
    report = run_benchmark("locomo", data=path, retrievers=["bm25"], ks=[1, 10], conversations=1,
                           variants=["user-only", "pooled-user-only", "pooled"])
    assert report["questions"] == {"user-only": 1, "pooled-user-only": 1, "pooled": 2}  # c1's questions
    assert report["left_out"] == {"user-only": 1, "pooled-user-only": 1}
    assert report["store_turns"] == {"user-only": 2, "pooled-user-only": 4, "pooled": 6}  # c2 pooled too
    # 'dog' finds two identical turns in the pool, c1's and c2's; c1's counts, c2's crowds it.
    pooled_r = report["variants"]["pooled-user-only"]["bm25"]["main"]
    assert (pooled_r["R@1"], pooled_r["R@10"]) == (1.0, 1.0)
    assert report["variants"]["pooled"]["bm25"]["main"]["R@10"] == 1.0
    with pytest.raises(InvalidInput, match="pooled"):
        run_benchmark("locomo", data=path, retrievers=["bm25"], ks=[10],
                      database_url="postgresql://nowhere/x", variants=["normal", "pooled"])


def test_each_variants_table_says_what_it_stores_and_asks(tmp_path: Path) -> None:
    # before: "pooled-user-only questions (1 in the main set; 1 left out, ...):" named the variant only,
    # and the turns the pool held (the whole set's, whatever --conversations kept) were in the JSON alone
    report = run_benchmark("locomo", data=_locomo_file(tmp_path), retrievers=["bm25"], ks=[1, 10], conversations=1,
                           variants=["normal", "pooled-user-only"])
    text = markdown(report)
    assert ("pooled-user-only questions (1 with evidence, 1 in the main set; 1 left out, their evidence only "
            "in the other side's turns): every conversation's user messages in one user's store, each question "
            "asked of the whole; "
            "4 turns stored.") in text  # the whole set's user messages, though --conversations kept one
    assert "normal questions (2 with evidence, 2 in the main set): each conversation stored as one user, " \
           "each question asked of its own conversation; 3 turns stored." in text


def test_a_table_counts_questions_outside_the_main_set_apart(tmp_path: Path) -> None:
    # before: "normal questions (3 in the main set)" counted LoCoMo's adversarial question (category 5,
    # scored apart) in the main set, as the whole set's header read "1982 in the main set" for 1,536
    path = _locomo_file(tmp_path)
    samples = json.loads(path.read_text(encoding="utf-8"))
    samples[0]["qa"].append({"question": "What did Bob adopt?", "answer": "", "evidence": ["D1:1"], "category": 5})
    path.write_text(json.dumps(samples), encoding="utf-8")
    report = run_benchmark("locomo", data=path, retrievers=["bm25"], ks=[10], conversations=1, variants=["normal"])
    assert "normal questions (3 with evidence, 2 in the main set): " in markdown(report)


def test_shifted_conversation_ends_now_and_keeps_its_spacing_and_question_times() -> None:
    people = _people()
    asked_inside = QAItem("Where did Bob move?", "Lyon", ("s1#1",), 1, people.messages[2].created_at)
    people = Conversation(people.id, people.speakers, people.messages, (*people.qa, asked_inside))
    now = datetime(2026, 12, 6, 1, 0, tzinfo=UTC)
    moved = shifted_to(people, now)
    assert max(m.created_at for m in moved.messages) == now  # the newest message is said now
    assert [m.created_at - moved.messages[0].created_at for m in moved.messages] == \
           [m.created_at - people.messages[0].created_at for m in people.messages]  # 1-minute steps kept
    assert moved.qa[-1].before == moved.messages[2].created_at  # a question inside moves with its turns
    assert [q.before for q in moved.qa[:-1]] == [None] * 4  # questions after the conversation stay so
    assert [(m.content, m.source_id) for m in moved.messages] == [(m.content, m.source_id) for m in people.messages]
    empty = Conversation("e", ("x", "y"), (), ())
    assert shifted_to(empty, now) is empty
    dataset = Dataset("d", [_people("p1"), _assisted("a1")], {1: "x"}, frozenset({1}), lambda t: t)
    stores = recent(dataset, now).conversations
    assert [max(m.created_at for m in c.messages) for c in stores] == [now, now]  # each conversation's own offset
    assert stores[1].messages[0].created_at == now - timedelta(minutes=3)  # a1's turns 0..3 end now


def test_recent_variant_asks_of_a_moved_store_as_of_each_questions_own_time(tmp_path: Path) -> None:
    _realmem_file(tmp_path)
    report = run_benchmark("realmem", data=tmp_path, retrievers=["bm25"], ks=[1, 10], variants=["normal", "recent"])
    assert report["questions"] == {"normal": 2, "recent": 2}
    assert report["store_turns"] == {"normal": 6, "recent": 6}
    # each query still sees the sessions said before it ('trip' finds u1): had its time stayed
    # in 2025 while the store moved to today, it would see nothing
    assert report["variants"]["recent"]["bm25"]["main"]["R@10"] == report["variants"]["normal"]["bm25"]["main"]["R@10"]
    assert report["variants"]["recent"]["bm25"]["main"]["R@10"] > 0
    assert "newest message is said when the store is built" in markdown(report)
