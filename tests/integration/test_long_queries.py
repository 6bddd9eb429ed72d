"""Long queries, the way agents send them (chit-chat first, the question last), on both real
stores: every term of the query is searched, wherever it stands."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from memstrata import Memory
from memstrata.embed.base import EmbeddingCache
from memstrata.text.tokens import fts_match_expression, query_terms

CHIT_CHAT = ("Yesterday was such a long day honestly, the kids woke up early, we made pancakes, walked the "
             "dog around the lake, met the neighbours at the bakery, argued about football, watched a "
             "documentary about volcanoes and glaciers, cleaned the garage, repaired a squeaky bicycle "
             "chain, phoned grandma about her garden tomatoes, and finally ordered pizza while it rained.")
CHIT_CHAT_ZH = ("昨天真是漫长的一天，孩子们很早就醒了，我们做了煎饼，绕着湖边遛狗，在面包店碰到邻居，"
                "争论足球比赛，看了一部关于火山和冰川的纪录片，打扫车库，修好自行车的链条，给奶奶打电话聊她种的番茄，"
                "最后下雨了我们点了披萨。")


def test_a_question_after_long_chit_chat_keeps_its_terms() -> None:
    assert len(query_terms(CHIT_CHAT)) > 32
    match = fts_match_expression(f"{CHIT_CHAT}\n\nWhere did I put my passport?")
    assert match is not None and '"passport"' in match
    match_zh = fts_match_expression(f"{CHIT_CHAT_ZH}\n\n我的护照放在哪里了？")
    assert match_zh is not None and '"护照"' in match_zh


def test_long_query_finds_the_memory_its_question_asks_for(location: str | Path, embedder: EmbeddingCache) -> None:
    with Memory(location, embedder=embedder) as memory:
        for text in ("My passport is in the blue drawer of the hallway desk.",
                     "We watched a film about volcanoes last month.",
                     "The bakery on Elm Street sells great sourdough.",
                     "我的护照放在书房的蓝色抽屉里。",
                     "邻居家的狗很可爱。"):
            memory.add(text, user_id="u1")
        hits = memory.search(f"{CHIT_CHAT}\n\nWhere did I put my passport?", user_id="u1", kinds=("episode",))
        assert hits[0].text.startswith("My passport is in the blue drawer")
        hits = memory.search(f"{CHIT_CHAT_ZH}\n\n我的护照放在哪里了？", user_id="u1", kinds=("episode",))
        assert hits[0].text == "我的护照放在书房的蓝色抽屉里。"


def test_a_period_named_in_the_chit_chat_does_not_restrict_the_search(location: str | Path,
                                                                      embedder: EmbeddingCache) -> None:
    may, june = datetime(2024, 5, 3, 12, tzinfo=UTC), datetime(2024, 6, 20, 12, tzinfo=UTC)
    with Memory(location, embedder=embedder) as memory:
        memory.add("My passport is in the blue drawer of the hallway desk.", user_id="u1", created_at=may)
        memory.add("We baked bread with the kids.", user_id="u1", created_at=june)
        memory.add("The neighbours painted their fence green.", user_id="u1", created_at=june)
        text = f"On 20 June we baked bread and talked for hours. {CHIT_CHAT}\n\nWhere did I put my passport?"
        hits = memory.search(text, user_id="u1", kinds=("episode",), now=datetime(2024, 7, 1, tzinfo=UTC))
        assert hits[0].text.startswith("My passport is in the blue drawer")
