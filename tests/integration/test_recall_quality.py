"""Recall quality on a small hand-made set: 10 memories to find, 10 noise, two users."""

from __future__ import annotations

from memstrata import Memory

# (user, memory text, query that should find it): Chinese and English, half paraphrased.
TARGETS = [
    ("alice", "我以后都希望用顺丰，别放门口", "这个用户对配送有什么偏好？"),
    ("alice", "我喜欢用 VSCode 写代码", "我常用什么编辑器？"),
    ("alice", "I am allergic to peanuts", "does she have any food allergies?"),
    ("alice", "My daughter Lily starts primary school in September", "when does her kid start school"),
    ("alice", "我住在杭州西湖区", "用户住在哪个城市？"),
    ("bob", "I always book an aisle seat when I fly", "what seat does he prefer on planes?"),
    ("bob", "我每天早上都喝一杯美式咖啡", "他早上喝什么？"),
    ("bob", "My favourite programming language is Rust", "which language does bob like to code in?"),
    ("bob", "下个月我要去成都出差", "他什么时候去成都？"),
    ("bob", "I play tennis every Saturday morning", "what sport does he play on weekends?"),
]
NOISE = [
    ("alice", "The weather was lovely this afternoon"),
    ("alice", "我刚看完一部很长的纪录片"),
    ("alice", "Can you summarise this article for me?"),
    ("alice", "今天地铁特别挤"),
    ("alice", "Thanks, that was helpful!"),
    ("bob", "Let me check my calendar and get back to you"),
    ("bob", "这个函数的返回值不对"),
    ("bob", "The meeting ran late again"),
    ("bob", "我把手机忘在办公室了"),
    ("bob", "Please translate this paragraph into French"),
]


def test_recall_at_3_false_recall_and_isolation(memory: Memory, capsys: object) -> None:
    for user, text, _ in TARGETS:
        memory.add(text, user_id=user)
    for user, text in NOISE:
        memory.add(text, user_id=user)
    own = {user: {t for u, t, _ in TARGETS if u == user} | {t for u, t in NOISE if u == user}
           for user in ("alice", "bob")}
    found = 0
    noise_in_top3 = 0
    for user, text, query in TARGETS:
        hits = memory.search(query, user_id=user, limit=3, kinds=("episode",))
        texts = [h.text for h in hits]
        found += text in texts
        noise_in_top3 += sum(1 for t in texts if t in {n for u, n in NOISE if u == user})
        # Cross-user contamination must be exactly zero.
        assert all(t in own[user] for t in texts), (user, query, texts)
        assert all(h.scope.user_id == user for h in hits)
    recall_at_3 = found / len(TARGETS)
    false_recall = noise_in_top3 / (3 * len(TARGETS))
    print(f"Recall@3 = {recall_at_3:.2f}; noise share of top-3 slots = {false_recall:.2f}")
    assert recall_at_3 >= 0.9


def test_synonyms_bridge_through_embeddings(memory: Memory) -> None:
    memory.add("我喜欢用 VSCode 写代码", user_id="u1")
    for filler in ("今天天气不错", "I need to buy milk", "周末去看了电影", "The train was late",
                   "我最近在学做饭"):
        memory.add(filler, user_id="u1")
    for query in ("我常用什么编辑器？", "what IDE do I use?"):
        hits = memory.search(query, user_id="u1", limit=3)
        assert any("VSCode" in h.text for h in hits), (query, [h.text for h in hits])
