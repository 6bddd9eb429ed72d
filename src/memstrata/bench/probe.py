"""A small hand-made recall probe: 10 memories to find, 10 noise, two users, Chinese and English.

Used by the recall-quality test and by ``memstrata bench embeddings``. Queries are
paraphrases (few shared words), so they test meaning, not keywords.
"""

from __future__ import annotations

#: (user, memory text, query that should find it)
TARGETS: tuple[tuple[str, str, str], ...] = (
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
)

#: (user, text) that no probe query should want.
NOISE: tuple[tuple[str, str], ...] = (
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
)

#: Cross-lingual and synonym pairs (query, the memory it must find) from the engine issue.
SYNONYMS: tuple[tuple[str, str], ...] = (
    ("配送偏好", "我以后都希望用顺丰，别放门口"),
    ("我常用什么编辑器？", "我喜欢用 VSCode 写代码"),
    ("what IDE do I use?", "我喜欢用 VSCode 写代码"),
    ("what does this user prefer for delivery?", "我以后都希望用顺丰，别放门口"),
)
