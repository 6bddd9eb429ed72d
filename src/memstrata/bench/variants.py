"""More shapes of a benchmark set: the user's messages alone, pooled stores, and questions asked
in a dialogue.

* ``user-only``: the store holds only the user side of each conversation, as an assistant that
  keeps its user's messages and not its own replies would. In a conversation between two people
  (every turn has the role ``user``: LoCoMo) the first speaker is the user. A question keeps the
  evidence that is still stored; a question whose evidence was all on the dropped side is left
  out, and counted (``UserSide.left_out``).
* ``pooled-user-only``: every conversation's user side (as ``user-only`` keeps it) stored under
  ONE user, as one person's long history of short first-person messages: hundreds to thousands
  of them, where the same subjects come back on other days and in other people's similar lives.
  Each conversation keeps its own sessions and times (no message is moved: conversations whose
  days overlap interleave, as users of one service write on the same days), and every user-side
  message is said by one speaker (``POOLED_SPEAKER``), so nothing but the text tells one life from
  another. Turn and evidence ids gain their conversation's id (``<conversation>/<turn>``). Each
  question is asked of the whole pool and scored on its own evidence; one whose evidence was all
  on the other side is left out and counted, as ``user-only`` does.
* ``pooled``: the same with both sides stored (the other side keeps its speaker and role).
* ``dialogue``: each question is asked the way a chat agent passes its history to memory: the
  ``DIALOGUE_TURNS`` turns before a random point of another conversation of the same set, one
  ``user: ...`` or ``assistant: ...`` line each, then the question as the user's last line. The
  turns carry both speakers and the assistant's own questions, so the query holds several
  questions and many terms about something else. Each turn is cut to ``TURN_CHARS`` characters
  (a long assistant answer would otherwise fill the query alone). Drawn from
  ``random.Random(f"{seed}:dialogue:{conversation id}:{question number}")``: the same seed gives
  the same queries on every machine and run. It measures what a history about something else
  costs, never what a history gives.
* ``in-session``: each question asked after the turns before it in its own session, the dialogue
  so far, as ``dialogue`` lays them out (the same ``DIALOGUE_TURNS`` and ``TURN_CHARS``). Only a
  set whose questions are turns of their conversation has it (RealMemBench, where the gold is
  earlier sessions and the session's own turns are stored but not gold); a question that is no
  turn of its conversation, or opens its session, is left out and counted (its figure is the
  ``normal`` variant's).
* ``recent``: the set's own store with every time of a conversation (its messages, and the
  ``before`` of a question asked inside it) moved by one offset, so that its newest message is
  said at the moment the store is built (the bench's clock, ``datetime.now(UTC)``) and the spacing
  between messages is kept. The questions, asked as they are minutes later, count recency from
  the query time (the SDK's default ``now``), as a real user's recent memory would: every set is
  old, so in ``normal`` every memory's recency is ~0 and the recency term ranks little or nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from memstrata.loaders.base import ImportedMessage
from memstrata.loaders.locomo import Conversation, QAItem

#: Turns of history before each dialogue question (a few exchanges, both speakers).
DIALOGUE_TURNS = 6
#: Characters kept of each history turn, cut at a space where there is one.
TURN_CHARS = 400


def user_speaker(conversation: Conversation) -> str | None:
    """The speaker taken as the user when ``conversation`` has no assistant turn (two people
    talking: its first speaker); ``None`` when its roles tell the sides apart."""
    two_people = all(m.role == "user" for m in conversation.messages)
    return conversation.speakers[0] if two_people else None


def is_user_side(message: ImportedMessage, speaker: str | None) -> bool:
    """Whether ``message`` is the user's: its role is ``user`` and, given the ``user_speaker``
    of a conversation between two people, its speaker is that one."""
    return message.role == "user" and (speaker is None or message.speaker == speaker)


#: The one speaker of every user-side message of a pooled store (``pool``).
POOLED_SPEAKER = "user"
#: The user id, and conversation id, of a pooled store.
POOLED_ID = "pooled"


@dataclass(frozen=True)
class UserSide:
    """A conversation cut to its user's messages (or a pool of them: ``pool``), and how many of
    its questions were left out."""

    conversation: Conversation
    left_out: int


def user_side(conversation: Conversation, unit: Callable[[str], str] | None = None) -> UserSide:
    """``conversation`` with only its user-side messages (``is_user_side``) and the questions
    whose evidence is still stored, each keeping only that evidence. ``unit``: what evidence ids
    name when not turns (RealMemBench's sessions): a unit is stored while one of its turns is.
    A question without evidence (abstention) is kept as it is."""
    speaker = user_speaker(conversation)
    kept = tuple(m for m in conversation.messages if is_user_side(m, speaker))
    ids = {m.source_id for m in kept if m.source_id is not None}
    stored = {unit(i) for i in ids} if unit is not None else ids
    qa: list[QAItem] = []
    left_out = 0
    for item in conversation.qa:
        evidence = tuple(e for e in item.evidence if e in stored)
        if item.evidence and not evidence:
            left_out += 1
            continue
        qa.append(QAItem(item.question, item.answer, evidence, item.category, item.before))
    return UserSide(Conversation(conversation.id, conversation.speakers, kept, tuple(qa)), left_out)


def _pooled_message(message: ImportedMessage, conversation: str, speaker: str | None) -> ImportedMessage:
    """``message`` of ``conversation`` as a pooled store holds it: its id prefixed with the
    conversation's, its session too unless it already names it, and said by ``POOLED_SPEAKER``
    when it is the user's (``is_user_side`` with ``speaker``)."""
    session = message.session_id
    if not session.startswith(f"{conversation}/"):
        session = f"{conversation}/{session}"
    said_by = POOLED_SPEAKER if is_user_side(message, speaker) else message.speaker
    source = None if message.source_id is None else f"{conversation}/{message.source_id}"
    return replace(message, session_id=session, speaker=said_by, source_id=source)


def pool(conversations: Sequence[Conversation], *, user_only: bool,
         unit: Callable[[str], str] | None = None) -> UserSide:
    """Every message of ``conversations`` (with ``user_only``, their user sides: ``user_side``)
    in one conversation ``POOLED_ID``, conversation after conversation, each in its own order and
    at its own times, and every question of each asked of the whole. Ids become
    ``<conversation>/<id>`` (turns, evidence, sessions), user-side messages are said by
    ``POOLED_SPEAKER``. ``left_out``: questions dropped by ``user_side``. ``unit`` as for
    ``user_side`` (a unit id gains the prefix too: ``unit`` of a prefixed turn id must keep it,
    as ``id.split("#")[0]`` does).

    Raises:
        ValueError: two conversations share an id (their ids would no longer be told apart).
    """
    ids = [c.id for c in conversations]
    if len(set(ids)) != len(ids):
        raise ValueError(f"conversation ids repeat: {sorted({i for i in ids if ids.count(i) > 1})}")
    messages: list[ImportedMessage] = []
    qa: list[QAItem] = []
    left_out = 0
    for conversation in conversations:
        speaker = user_speaker(conversation)
        if user_only:
            side = user_side(conversation, unit)
            conversation, left_out = side.conversation, left_out + side.left_out
        messages += [_pooled_message(m, conversation.id, speaker) for m in conversation.messages]
        qa += [replace(q, evidence=tuple(f"{conversation.id}/{e}" for e in q.evidence)) for q in conversation.qa]
    others = sorted({m.speaker for m in messages} - {POOLED_SPEAKER})
    speakers = (POOLED_SPEAKER, others[0] if len(others) == 1 else "others")
    return UserSide(Conversation(POOLED_ID, speakers, tuple(messages), tuple(qa)), left_out)


def shifted_to(conversation: Conversation, now: datetime) -> Conversation:
    """``conversation`` with every message's ``created_at`` and every question's ``before`` moved
    by one offset so that its newest message is said at ``now`` (timezone-aware); the spacing
    between messages is kept and nothing else changes. A conversation without messages is
    returned as it is."""
    if not conversation.messages:
        return conversation
    offset = now - max(m.created_at for m in conversation.messages)
    messages = tuple(replace(m, created_at=m.created_at + offset) for m in conversation.messages)
    qa = tuple(q if q.before is None else replace(q, before=q.before + offset) for q in conversation.qa)
    return Conversation(conversation.id, conversation.speakers, messages, qa)


def _cut(text: str, limit: int = TURN_CHARS) -> str:
    """``text`` on one line, at most ``limit`` characters, cut at a space when one is near the end."""
    flat = " ".join(text.split())
    if len(flat) <= limit:
        return flat
    head = flat[:limit]
    space = head.rfind(" ")
    return (head[:space] if space > limit // 2 else head) + " …"


def history(donor: Conversation, rng: random.Random, turns: int = DIALOGUE_TURNS) -> list[str]:
    """``turns`` consecutive turns of ``donor`` ending at a random point, as ``user: ...`` /
    ``assistant: ...`` lines (fewer if the donor is shorter; none for an empty donor)."""
    messages = donor.messages
    if not messages:
        return []
    end = rng.randrange(min(turns, len(messages)), len(messages) + 1)
    window = messages[max(0, end - turns):end]
    speaker = user_speaker(donor)
    return [f"{'user' if is_user_side(m, speaker) else 'assistant'}: {_cut(m.content)}" for m in window]


def dialogue_question(question: str, conversation: Conversation, number: int, pool: Sequence[Conversation],
                      seed: int, turns: int = DIALOGUE_TURNS) -> str:
    """``question`` as the user's last line after ``turns`` turns of a conversation of ``pool``
    other than ``conversation`` (``pool`` is the whole set, so a subset run asks the same
    queries); ``number``: the question's position within its conversation. ``user: <question>``
    alone if ``pool`` has no other conversation.

    >>> from memstrata.loaders.locomo import Conversation
    >>> dialogue_question("Where?", Conversation("a", ("x", "y"), (), ()), 0, [], 13)
    'user: Where?'
    """
    rng = random.Random(f"{seed}:dialogue:{conversation.id}:{number}")
    donors = [c for c in pool if c.id != conversation.id]
    lines = history(donors[rng.randrange(len(donors))], rng, turns) if donors else []
    return "\n".join([*lines, f"user: {' '.join(question.split())}"])


def own_turn(conversation: Conversation, item: QAItem) -> int | None:
    """The index in ``conversation.messages`` of the turn that asks ``item``: said at ``item.before``
    with the question's words; ``None`` when the question is no turn of the conversation (LoCoMo's
    and MemoryBank's are asked after it)."""
    if item.before is None:
        return None
    words = item.question.split()
    return next((n for n, m in enumerate(conversation.messages)
                 if m.created_at == item.before and m.content.split() == words), None)


def session_question(conversation: Conversation, item: QAItem, turns: int = DIALOGUE_TURNS) -> str | None:
    """``item``'s question as the user's last line after the (at most ``turns``) turns before it in
    its own session, each ``user: ...`` / ``assistant: ...`` and cut to ``TURN_CHARS``; ``None``
    when the question is no turn of ``conversation`` (``own_turn``) or opens its session."""
    at = own_turn(conversation, item)
    if at is None:
        return None
    messages = conversation.messages
    start = at
    while start > max(0, at - turns) and messages[start - 1].session_id == messages[at].session_id:
        start -= 1
    if start == at:
        return None
    speaker = user_speaker(conversation)
    lines = [f"{'user' if is_user_side(m, speaker) else 'assistant'}: {_cut(m.content)}" for m in messages[start:at]]
    return "\n".join([*lines, f"user: {' '.join(item.question.split())}"])
