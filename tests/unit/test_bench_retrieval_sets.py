"""The retrieval bench's new sets and baselines on tiny hand-made fixtures: RealMemBench and
BEAM loading, session-level scoring, the long-query variant, and the plain baselines."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import pytest

from memstrata.bench.baselines import BM25Baseline, DenseBaseline, RRFBaseline, rrf_order
from memstrata.bench.long_query import MAX_TERMS, long_question
from memstrata.bench.metrics import ndcg_at_k, ranked_units, recall_at_k
from memstrata.bench.retrieval import Dataset, content_limit, index_all, make_retrievers, questions, ratios, subset
from memstrata.bench.retrieval import load_dataset as load_set
from memstrata.errors import ContentTooLarge, InvalidInput
from memstrata.loaders.base import ImportedMessage
from memstrata.loaders.beam import ABSTENTION, load_beam, strip_marker
from memstrata.loaders.locomo import Conversation, QAItem
from memstrata.loaders.realmem import load_realmem, session_of
from memstrata.text.tokens import words


def _turn(speaker: str, content: str, **extra: object) -> dict[str, object]:
    return {"speaker": speaker, "content": content, "is_query": False, "query_id": None, **extra}


def _persona(folder: Path, name: str) -> Path:
    sessions = [
        {"session_uuid": "aaa", "session_identifier": "Travel:S1_01", "current_time": "2025-12-20 (Saturday)",
         "dialogue_turns": [_turn("User", "I only travel by train, never by plane."), _turn("Assistant", "Noted.")]},
        # Dated before the previous session: file order wins, one minute later.
        {"session_uuid": "bbb", "session_identifier": "Travel:S1_02", "current_time": "2025-12-18 (Thursday)",
         "dialogue_turns": [
             _turn("User", "Regarding the trip from last time, how do I get to Lyon?", is_query=True,
                   query_id="Q-1", category_name="Implicit Preference"),
             _turn("Assistant", "By train.", memory_session_uuids=["aaa", "zzz"]),
         ]},
    ]
    path = folder / f"{name}_dialogues_256k.json"
    path.write_text(json.dumps({"_metadata": {}, "dialogues": sessions}), encoding="utf-8")
    return path


def test_realmem_query_is_asked_before_its_own_turn_with_earlier_sessions_as_gold(tmp_path: Path) -> None:
    _persona(tmp_path, "Ann_Lee")
    categories: dict[str, int] = {}
    [conv] = load_realmem(tmp_path, categories=categories)
    assert conv.id == "Ann_Lee"
    assert [m.source_id for m in conv.messages] == ["aaa#0", "aaa#1", "bbb#0", "bbb#1"]
    assert conv.messages[0].created_at == datetime(2025, 12, 20, 9, tzinfo=UTC)
    # The second session's date goes back in time: it follows the first by a minute instead.
    assert conv.messages[2].created_at == datetime(2025, 12, 20, 9, 1, 10, tzinfo=UTC)
    [qa] = conv.qa
    assert qa.evidence == ("aaa",)  # a gold session the file does not hold is dropped
    assert qa.before == conv.messages[2].created_at
    assert categories == {"Implicit Preference": 0}
    assert session_of("bbb#1") == "bbb"


def test_realmem_folder_without_personas_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InvalidInput, match="no RealMemBench persona"):
        load_realmem(tmp_path)


def _beam(folder: Path) -> None:
    chat = [
        {"batch_number": 1, "time_anchor": None, "turns": [[
            {"role": "user", "id": 0, "time_anchor": "March-15-2024", "content": "My sprint ends Friday. ->-> 1,1"},
            {"role": "assistant", "id": 1, "content": "Got it."}]]},
        {"batch_number": 2, "time_anchor": None, "turns": [[
            {"role": "user", "id": 2, "content": "Actually the sprint ends Monday. ->-> 2,1"},
            {"role": "assistant", "id": 3, "content": "Updated."}]]},
    ]
    probes = {
        "knowledge_update": [{"question": "When does my sprint end?", "answer": "Monday",
                              "source_chat_ids": {"original_info": [0], "updated_info": [2, 0]}}],
        "abstention": [{"question": "What did my manager say?", "ideal_response": "Not mentioned."}],
    }
    (folder / "1" / "probing_questions").mkdir(parents=True)
    (folder / "1" / "chat.json").write_text(json.dumps(chat), encoding="utf-8")
    (folder / "1" / "probing_questions" / "probing_questions.json").write_text(json.dumps(probes), encoding="utf-8")


def test_beam_chat_loads_batches_as_sessions_and_flattens_evidence(tmp_path: Path) -> None:
    _beam(tmp_path)
    [conv] = load_beam(tmp_path)
    assert conv.id == "beam-1"
    assert [m.source_id for m in conv.messages] == ["1:0", "1:1", "2:2", "2:3"]
    assert conv.messages[0].content == "My sprint ends Friday."
    assert conv.messages[0].created_at == datetime(2024, 3, 15, 9, tzinfo=UTC)
    assert conv.messages[2].created_at == datetime(2024, 3, 16, 9, 2, tzinfo=UTC)
    update, abstain = conv.qa
    assert update.evidence == ("1:0", "2:2") and update.answer == "Monday"
    assert abstain.evidence == () and abstain.category == ABSTENTION
    assert strip_marker("plan it ->-> 12,3") == "plan it"


def test_beam_abstention_is_asked_apart_from_the_main_set(tmp_path: Path) -> None:
    _beam(tmp_path)
    dataset = load_set("beam", tmp_path)
    asked = questions(dataset, "normal", dataset.conversations)
    assert [qa.category in dataset.main for _, qa, _ in asked] == [True, False]
    assert dataset.session_of("2:2") == "2"


def test_session_gold_is_scored_on_sessions_at_their_best_turn() -> None:
    ranked = ranked_units(["bbb#3", "ccc#1", "bbb#0", "aaa#2"], session_of)
    assert ranked == ["bbb", "ccc", "aaa"]
    assert recall_at_k(ranked, {"aaa"}, 2) == 0.0
    assert recall_at_k(ranked, {"aaa"}, 3) == 1.0
    assert ndcg_at_k(ranked, {"aaa"}, 10) == pytest.approx(0.5)  # 1 / log2(3 + 1)


def _conv(cid: str, texts: list[str], qa: tuple[QAItem, ...] = ()) -> Conversation:
    messages = tuple(ImportedMessage(f"{cid}/s1", "Ann", "user", t, datetime(2024, 1, 1, 9, i, tzinfo=UTC),
                                     f"D1:{i + 1}", {}) for i, t in enumerate(texts))
    return Conversation(cid, ("Ann", "Bob"), messages, qa)


CHAT = ["I went hiking with my sister on Sunday and the weather was lovely.",
        "Then we had pancakes at the little cafe near the lake. It was crowded but fun.",
        "My cat knocked over a plant again, so I spent the evening cleaning the floor.",
        "Work has been busy; the quarterly report took most of my week and my boss was pleased.",
        "I might start learning the guitar, a friend offered to lend me hers."] * 3


def test_long_question_prefixes_chit_chat_from_another_conversation_deterministically() -> None:
    own = _conv("a", ["My passport number ends in 42."])
    donor = _conv("b", CHAT)
    text = long_question("Where is my passport?", own, 0, [own, donor], seed=5)
    assert text == long_question("Where is my passport?", own, 0, [own, donor], seed=5)
    paragraph, question = text.rsplit("\n\n", 1)
    assert question == "Where is my passport?"
    assert paragraph and paragraph in " ".join(CHAT)
    assert 80 <= len(words(paragraph)) <= MAX_TERMS
    assert long_question("Where is my passport?", own, 0, [own]) == "Where is my passport?"  # no other


def test_bm25_baseline_uses_the_product_terms_and_hides_later_turns() -> None:
    conv = _conv("a", ["我以后都希望用顺丰，别放门口", "The dogs adopted a routine", "今天天气很好"])
    bm25 = BM25Baseline()
    bm25.index(conv)
    assert bm25.query(conv, "放门口", 10) == ["D1:1"]  # CJK bigrams
    assert bm25.query(conv, "adopting dog", 10) == ["D1:2"]  # stems
    assert bm25.query(conv, "adopting dog", 10, before=datetime(2024, 1, 1, 9, 1, tzinfo=UTC)) == []
    assert bm25.query(conv, "nothing shared", 10) == []


class _Table:
    """A deterministic embedder of known vectors (a fixture for the dense baseline's ranking)."""

    name, dim = "table", 2

    def __init__(self, vectors: dict[str, list[float]]) -> None:
        self.vectors = vectors

    def embed(self, texts: list[str]) -> np.ndarray:
        return np.array([next(v for k, v in self.vectors.items() if k in t) for t in texts], dtype=np.float32)


def test_dense_and_fused_baselines_rank_by_cosine_and_rrf() -> None:
    conv = _conv("a", ["alpha words", "beta words", "gamma words"])
    dense = DenseBaseline(_Table({"alpha": [1, 0], "beta": [0.6, 0.8], "gamma": [0, 1], "q?": [0, 1]}), "table")
    dense.index(conv)
    assert dense.name == "dense-table"
    assert dense.query(conv, "q?", 3) == ["D1:3", "D1:2", "D1:1"]
    bm25 = BM25Baseline()
    bm25.index(conv)
    fused = RRFBaseline(bm25, dense)
    assert fused.name == "rrf-table"
    # bm25 finds only D1:1; the table embeds the query like "alpha": D1:1, D1:2, D1:3.
    assert fused.query(conv, "alpha q?", 3) == ["D1:1", "D1:2", "D1:3"]
    assert rrf_order([[1, 2, 3], [3, 1]]) == [1, 3, 2]


def test_subset_and_ratios_against_the_best_baseline() -> None:
    qa = tuple(QAItem(f"q{i}", "", ("D1:1",), 1) for i in range(6))
    dataset = Dataset("x", [_conv("a", CHAT[:2], qa), _conv("b", CHAT[:2], qa)],
                      {1: "one"}, frozenset({1}), lambda t: t)
    small = subset(dataset, conversations=1, questions=4, seed=1)
    assert [c.id for c in small.conversations] == ["a"] and len(small.conversations[0].qa) == 4
    results = {"hybrid": {"main": {"R@10": 0.6}}, "bm25": {"main": {"R@10": 0.4}},
               "rrf-use": {"main": {"R@10": 0.5}}}
    assert ratios(results, "R@10") == pytest.approx({"hybrid": 1.2, "bm25": 0.8, "rrf-use": 1.0})


def test_a_message_above_the_size_limit_is_stored_whole_by_the_bench(tmp_path: Path) -> None:
    # BEAM's chat 4 holds a 348 KB assistant message: the bench's memory stored nothing past it.
    drawing = "Step 1: draw the triangle. " + " " * 300_000 + "|"
    said = [("user", "How do I bisect an angle?"), ("assistant", drawing), ("user", "Thanks, and a hexagon?")]
    conv = Conversation("beam-4", ("user", "assistant"), tuple(
        ImportedMessage("beam-4/1", role, role, text, datetime(2024, 1, 1, 9, n, tzinfo=UTC), f"1:{n}", {})
        for n, (role, text) in enumerate(said)), ())
    data = Dataset("beam", [conv], {0: "x"}, frozenset({0}), lambda turn: turn.split(":")[0])
    assert content_limit([conv]) == len(drawing.encode())
    assert content_limit([_conv("small", ["a short message"])]) is None
    [stored] = make_retrievers(["hybrid"], tmp_path / "raised", lambda label: None,
                               max_content_bytes=content_limit([conv]))
    index_all(data, stored)
    assert sorted(stored.turn_of.values()) == ["1:0", "1:1", "1:2"]
    assert stored.query(conv, "triangle", 10)[0] == "1:1"
    [default] = make_retrievers(["hybrid"], tmp_path / "default", lambda label: None)
    with pytest.raises(ContentTooLarge):
        index_all(data, default)
    for retriever in (stored, default):
        retriever.memory.close()
