"""A search embeds every text it needs in one call of the model: after chit-chat, the whole message and its
question together (``recall.search.Retriever._query_vectors``), and ranks as with each embedded alone."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from memstrata import Memory
from memstrata.embed.base import Embedder, EmbeddingCache
from memstrata.types import Hit

CHAT = ("Honestly the weather has been all over the place this week, and the train was late again so I spent "
        "twenty minutes reading the news on my phone. Anyway, enough of that.")
ZH_CHAT = "这周天气真是变来变去，地铁又晚点了，我在站台上刷了二十分钟手机新闻。不说这些了。"
SAID = ["We planned a trip to Lisbon for May, flights booked on Tuesday", "I adopted a grey cat called Tom",
        "My brother fixed the kitchen sink last weekend", "我们买了一辆新自行车，周末骑去公园",
        "音乐会是下个月五号晚上八点", "Dinner with Anna on Friday at the Italian place"]


class CountedModel:
    """The real model, each call's texts recorded."""

    def __init__(self, inner: Embedder) -> None:
        self.inner, self.name, self.dim = inner, inner.name, inner.dim
        self.calls: list[list[str]] = []

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        self.calls.append(list(texts))
        return self.inner.embed(texts)


def _ranked(hits: list[Hit]) -> list[tuple[str, int]]:
    return [(h.kind, h.id) for h in hits]


def test_a_message_and_its_question_are_embedded_in_one_call_with_the_same_hits(
        tmp_path: Path, embedder: EmbeddingCache) -> None:
    model = CountedModel(embedder.inner)
    with Memory(tmp_path / "m.db", embedder=model, user_id="u1") as mem:
        for text in SAID:
            mem.add(text, role="user")
        cache = mem.embedder
        assert isinstance(cache, EmbeddingCache)
        for chat, question in ((CHAT, "What trips did we plan?"), (ZH_CHAT, "我们买了什么？"),
                               (CHAT, "who fixed the sink")):
            message = f"{chat}\n\n{question}"
            cache.clear()
            model.calls.clear()
            together = mem.search(message, limit=10)
            assert len(model.calls) == 1 and model.calls[0][0] == message, model.calls
            assert len(model.calls[0]) == 2 and question in model.calls[0][1], model.calls
            # Each text embedded alone first (as a search embedded them before): the same hits, in order.
            cache.clear()
            for text in model.calls[0]:
                cache.embed_queries([text])
            alone = mem.search(message, limit=10)
            assert together and _ranked(together) == _ranked(alone)
            assert np.allclose([h.score for h in together], [h.score for h in alone], atol=1e-5)
        # A question alone is its own focus: one text, once.
        cache.clear()
        model.calls.clear()
        assert "Lisbon" in mem.search("What trips did we plan?", limit=5)[0].text
        assert model.calls == [["What trips did we plan?"]]

