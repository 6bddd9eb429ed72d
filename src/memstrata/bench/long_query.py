"""The long-query variant of a benchmark set: each question preceded by unrelated chit-chat.

Agents pass a user's whole message to memory: talk first, the question last, often a hundred
terms or more. The variant asks every question that way: a paragraph of a *user's* messages
from another conversation of the same set (so nothing in it is about this user's memory),
then a blank line, then the question. The paragraph is consecutive sentences from a random
place of the donor conversation, at least ``MIN_TERMS`` index terms (``text.tokens.words``:
words and CJK bigrams) and at most ``MAX_TERMS``. Everything is drawn from
``random.Random(f"{seed}:{conversation id}:{question number}")``: the same seed gives the same
queries on every machine and run.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

from memstrata.loaders.locomo import Conversation
from memstrata.text.tokens import words

#: Terms of chit-chat before each question (the issue's agents send 100+ terms in all).
MIN_TERMS = 80
MAX_TERMS = 120
DEFAULT_SEED = 13
_SENTENCE = re.compile(r"[^.!?。！？\n]+[.!?。！？]*")


def _sentences(conversation: Conversation) -> list[str]:
    said = [m.content for m in conversation.messages if m.role == "user"] or [m.content for m in
                                                                                 conversation.messages]
    return [s.strip() for text in said for s in _SENTENCE.findall(text) if s.strip()]


def chit_chat(donor: Conversation, rng: random.Random) -> str:
    """A paragraph of ``donor``'s user sentences from a random place, ``MIN_TERMS`` to
    ``MAX_TERMS`` terms (fewer only if the donor has fewer); ``""`` for an empty donor."""
    sentences = _sentences(donor)
    if not sentences:
        return ""
    start = rng.randrange(len(sentences))
    kept: list[str] = []
    count = 0
    for sentence in sentences[start:] + sentences[:start]:
        terms = len(words(sentence))
        if kept and count + terms > MAX_TERMS:
            if count >= MIN_TERMS:
                break
            continue
        kept.append(sentence)
        count += terms
        if count >= MIN_TERMS:
            break
    return " ".join(kept)


def long_question(question: str, conversation: Conversation, number: int, pool: Sequence[Conversation],
                  seed: int = DEFAULT_SEED) -> str:
    """``question`` preceded by chit-chat from a conversation of ``pool`` other than
    ``conversation`` (``pool`` is the whole set, so a subset run draws the same paragraphs);
    ``number``: the question's position within its conversation. The question alone if
    ``pool`` has no other conversation.

    >>> from memstrata.loaders.locomo import Conversation
    >>> long_question("Where?", Conversation("a", ("x", "y"), (), ()), 0, [])
    'Where?'
    """
    rng = random.Random(f"{seed}:{conversation.id}:{number}")
    donors = [c for c in pool if c.id != conversation.id]
    if not donors:
        return question
    paragraph = chit_chat(donors[rng.randrange(len(donors))], rng)
    return f"{paragraph}\n\n{question}" if paragraph else question
