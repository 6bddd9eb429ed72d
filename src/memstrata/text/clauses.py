"""The question inside a long query: the sentences of an agent's message that ask something.

Agents pass a user's whole message to memory: chit-chat first, the question last, often a
hundred terms or more. Every term is searched (``tokens.fts_match_expression``), but a word of
the chit-chat and a word of the question then weigh alike, and the query's vector is mostly
the chit-chat's. ``question_focus`` gives the question-like sentences of such a message, which
``recall`` searches once more beside the whole text (its own full-text and vector lists), so
what is asked counts more without anything being cut.

A sentence is question-like when it ends with a question mark (``?``, ``？``), opens with an
English question word or auxiliary (``what``, ``where``, ``do you`` ..., ``QUESTION_OPENERS``),
asks to be told or reminded (``tell me``, ``remind me``), or holds a Chinese interrogative
(``吗``, ``呢``, ``什么``, ``哪``, ``谁``, ``怎么``, ``几``, ``多少``, ``为什么``, ``是否``,
``请问``). Position plays no part in which sentences are picked: a question in the middle counts
as one at the end; only the similarity lift reads which question a message closes with
(``closing_question``).

A query may be a dialogue, the way a chat agent passes its history: ``user: ...`` and
``assistant: ...`` lines (``transcript``). Its question is the user's last turn, not every
question of the history (the assistant asks its own), and its role labels are not words of what
is asked (``unlabelled``). ``recall`` searches that turn as the query and the whole dialogue as
context beside it (``split_dialogue``, ``Settings.dialogue_context_weight``).

``lone_question`` picks out the one question of a shorter message ("Long week, the kids were
sick. Anyway, which carrier do I use?") for match evidence only (``recall.search``), and
``asked_questions`` each question of a message that asks several; ranking picks questions out
only above ``LONG_QUERY_TERMS``, as its figures were measured.
"""

from __future__ import annotations

import re

from memstrata.text.regex import lazy_regex
from memstrata.text.tokens import query_terms

#: A query with more distinct terms than this is long enough to have a focus (the number the
#: full-text query was once cut at; short questions are their own focus).
LONG_QUERY_TERMS = 32
#: Words that open an English question.
QUESTION_OPENERS = frozenset(
    """what where when who whom whose which why how do does did is are was were am can could would
    should will shall have has had may might any""".split()
)
_REQUESTS = lazy_regex(r"\b(tell|remind|show|give) me\b|\b(remember|recall) (what|when|where|who|which|how|if)\b",
                       re.IGNORECASE)
_ZH_QUESTION = lazy_regex(r"[吗呢嘛谁哪几]|什么|怎么|多少|为什么|为何|是否|请问|有没有|是不是")
_SENTENCE = lazy_regex(r"[^.!?。！？\n]+[.!?。！？]*")
_FIRST_WORD = lazy_regex(r"[A-Za-z']+")
#: Role labels that open a line of a dialogue passed as a query (English and Chinese chat logs).
USER_LABELS = frozenset({"user", "human", "用户", "用戶"})
ASSISTANT_LABELS = frozenset({"assistant", "ai", "bot", "system", "助手", "助理", "ai助手", "ai 助手", "智能助手"})
#: Markdown bold or underline around a label or its colon (``**User:**``, ``**User**:``).
_EMPHASIS = r"(?:\*\*|__)?"
_LABEL = lazy_regex(r"^[ \t]*" + _EMPHASIS + "(" + "|".join(sorted(USER_LABELS | ASSISTANT_LABELS)) + ")"
                    + _EMPHASIS + r"[ \t]*[:：]" + _EMPHASIS + r"[ \t]*", re.IGNORECASE | re.MULTILINE)
#: A speaker's name opening a line (``Caroline: ...``, ``Mr Lee: ...``, ``小明：...``): up to three
#: capitalised words, or two to four Han characters.
_NAMED = lazy_regex(r"^[ \t]*" + _EMPHASIS + r"([A-Z][\w'.-]*(?:[ \t][A-Z][\w'.-]*){0,2}|[\u4e00-\u9fff]{2,4})"
                    + _EMPHASIS + r"[ \t]*[:：]" + _EMPHASIS + r"[ \t]*", re.MULTILINE)
#: Turns a dialogue of named speakers needs (a name said again: a back and forth, not a letter's
#: ``Subject:`` / ``Date:`` header lines).
NAMED_TURNS = 3


def transcript(text: str) -> list[tuple[str, str]] | None:
    r"""``text`` as a dialogue: ``(label, said)`` per turn, labels lower-case, a line without a
    label continuing the turn before it; ``None`` unless the text is one. A dialogue opens with a
    role label (``USER_LABELS``, ``ASSISTANT_LABELS``; Markdown bold around it too) and holds at
    least two (one label is a message that happens to start with "User:"), or opens with a
    speaker's name and holds ``NAMED_TURNS`` named turns or more, of two speakers or more and a
    name said twice.

    >>> transcript("user: hi\nassistant: hello, what's up?\nuser: where is my passport?")[-1]
    ('user', 'where is my passport?')
    >>> transcript("User: the login page is down") is None
    True
    >>> transcript("Caroline: I went hiking.\nMelanie: Where?\nCaroline: Where did I go last May?")[-1]
    ('caroline', 'Where did I go last May?')
    """
    marks = _turn_marks(text)
    if marks is None:
        return None
    names = [" ".join(m.group(1).lower().split()) for m in marks]
    ends = [m.start() for m in marks[1:]] + [len(text)]
    return [(name, text[m.end():end].strip()) for name, m, end in zip(names, marks, ends, strict=True)]


def _turn_marks(text: str) -> list[re.Match[str]] | None:
    """The label of each turn of ``text`` when ``transcript`` reads it as a dialogue, else ``None``."""
    for pattern, least in ((_LABEL, 2), (_NAMED, NAMED_TURNS)):
        marks = list(pattern.finditer(text))
        if len(marks) < least or text[:marks[0].start()].strip():
            continue
        names = [" ".join(m.group(1).lower().split()) for m in marks]
        if pattern is _NAMED and not 1 < len(set(names)) < len(names):
            continue  # one name alone is a list of notes; each said once, header lines
        return marks
    return None


def latest_turns(text: str, limit: int) -> str | None:
    r"""The latest whole turns of the dialogue ``text`` (as ``transcript`` reads one) that fit in
    ``limit`` characters, from the first of them to the end of ``text``, when they still read as a
    dialogue; ``None`` when ``text`` is no dialogue or its last turns alone do not fit.

    An agent passes the conversation so far as its query, and a long chat outgrows any bound on a
    query's length; what it asks is in its last turns, so a long dialogue is read from the end.

    >>> latest_turns("user: a\nassistant: bb\nuser: where?", 26)
    'assistant: bb\nuser: where?'
    >>> latest_turns("user: a\nassistant: bb\nuser: where?", 12) is None
    True
    """
    marks = _turn_marks(text)
    if marks is None:
        return None
    for mark in marks:
        if len(text) - mark.start() <= limit:
            tail = text[mark.start():]
            return tail if transcript(tail) is not None else None
    return None


def assistant_turns(text: str) -> list[tuple[int, int]]:
    r"""Character spans ``(start, end)`` of the assistant's turns in ``text``, label included, when
    ``text`` is a role-labelled dialogue (a pasted chat log: "user: ... / assistant: ...", 用户：/
    助理：, as ``transcript`` reads one); ``[]`` for any other text.

    >>> text = "user: I live in Paris.\nassistant: You said you live in London?"
    >>> [text[a:b] for a, b in assistant_turns(text)]
    ['assistant: You said you live in London?']
    """
    first = len(text) - len(text.lstrip())
    if _LABEL.match(text, text.rfind("\n", 0, first) + 1) is None:
        return []  # no label first: not read further (a search asks this of long documents too)
    marks = list(_LABEL.finditer(text))
    if len(marks) < 2:
        return []
    ends = [m.start() for m in marks[1:]] + [len(text)]
    return [(m.start(), end) for m, end in zip(marks, ends, strict=True)
            if " ".join(m.group(1).lower().split()) in ASSISTANT_LABELS]


def asker(turns: list[tuple[str, str]]) -> str | None:
    """The label of who asks in a dialogue's ``turns``: ``USER_LABELS``' when one is there, else
    the last speaker who is no assistant (named speakers: the one who spoke last asks);
    ``None`` when only assistants speak.

    >>> asker([("ann", "hi"), ("bob", "hey"), ("ann", "where?")]), asker([("assistant", "hi")])
    ('ann', None)
    """
    for label, _ in turns:
        if label in USER_LABELS:
            return label
    speakers = [label for label, _ in turns if label not in ASSISTANT_LABELS]
    return speakers[-1] if speakers else None


def unlabelled(text: str) -> str:
    r"""A dialogue's turns without their role labels, one a line; any other text as it is. A
    speaker's name is a word of what was said (who said it) and stays.

    >>> unlabelled("user: hi\nassistant: hello")
    'hi\nhello'
    """
    turns = transcript(text)
    if turns is None or any(label not in USER_LABELS | ASSISTANT_LABELS for label, _ in turns):
        return text
    return "\n".join(said for _, said in turns if said)


def last_user_turn(text: str) -> str | None:
    """What the user said last in a dialogue (``transcript``); ``None`` for any other text or a
    dialogue without a non-empty user turn."""
    turns = transcript(text) or []
    who = asker(turns)
    asking = USER_LABELS if who in USER_LABELS else {who}
    said = [t for label, t in turns if label in asking and t]
    return said[-1] if said else None


def split_dialogue(text: str) -> tuple[str, str | None]:
    r"""What a query asks and the dialogue around it: for a dialogue (``transcript``) with a user
    turn, ``(the user's last turn, every turn without its label)``; for any other text ``(text,
    None)`` (a dialogue without a user turn: its turns unlabelled, ``None``).

    >>> split_dialogue("user: my sister's wedding is in May\nassistant: lovely!\nuser: what should I get her?")
    ('what should I get her?', "my sister's wedding is in May\nlovely!\nwhat should I get her?")
    >>> split_dialogue("Where is my passport?")
    ('Where is my passport?', None)
    """
    last = last_user_turn(text)
    return (unlabelled(text), None) if last is None else (last, unlabelled(text))


def is_question_like(sentence: str) -> bool:
    """Whether ``sentence`` asks something (the rules in the module docstring).

    >>> is_question_like("Where did I put my passport"), is_question_like("We made pancakes.")
    (True, False)
    >>> is_question_like("我的护照放在哪里了"), is_question_like("昨天下雨了。")
    (True, False)
    """
    text = sentence.strip()
    if not text:
        return False
    if text.endswith(("?", "？")) or _ZH_QUESTION.search(text) or _REQUESTS.search(text):
        return True
    first = _FIRST_WORD.match(text)
    return first is not None and first.group(0).lower() in QUESTION_OPENERS


def question_clauses(text: str) -> list[str]:
    """The question-like sentences of a long query (more than ``LONG_QUERY_TERMS`` distinct
    terms), in their order; empty for a short query, or when no sentence or every sentence is
    question-like (then the whole text is the question). Of a dialogue (``transcript``), the
    question-like sentences of the user's last turn, or that turn whole when it has none.

    >>> question_clauses("Where is my passport?")
    []
    """
    if len(query_terms(unlabelled(text))) <= LONG_QUERY_TERMS:
        return []
    last = last_user_turn(text)
    if last is not None:
        return _sentences_and_questions(last)[1] or [last]
    sentences, asked = _sentences_and_questions(text)
    return [] if len(asked) == len(sentences) else asked


def question_focus(text: str) -> str | None:
    """The question-like sentences of a long query (``question_clauses``) joined by spaces;
    ``None`` when it has none.

    >>> question_focus("Where is my passport?") is None
    True
    """
    return " ".join(question_clauses(text)) or None


#: The most questions of one message whose own words ``asked_questions`` gives for match evidence
#: (each costs ``recall.search`` one vector look-up); a message asking more keeps its last ones.
MAX_ASKED = 4


def asked_questions(text: str) -> list[str]:
    """The questions of a message of several sentences, in order, at any length: its question-like
    sentences, or of several the ones that end with a question mark (``lone_question``); at most the
    last ``MAX_ASKED``. Empty for one sentence (the message is its own question) or none asked. Of
    a dialogue (``transcript``), the question-like sentences of the user's last turn, or that turn.

    >>> asked_questions("Which team is Tom on? And where do I live?")
    ['Which team is Tom on?', 'And where do I live?']
    >>> asked_questions("今天好累啊。对了，快递用哪家？小王在哪个组？")
    ['对了，快递用哪家？', '小王在哪个组？']
    >>> asked_questions("Where do I live?")
    []
    """
    last = last_user_turn(text)
    if last is not None:
        return (_sentences_and_questions(last)[1] or [last])[-MAX_ASKED:]
    sentences, asked = _sentences_and_questions(text)
    if len(asked) > 1:
        asked = [s for s in asked if s.endswith(("?", "？"))] or asked
    return asked[-MAX_ASKED:] if len(sentences) > 1 else []


def closing_question(text: str) -> str | None:
    """The question a message closes with: its last asked question (``asked_questions``) when the
    message ends with it, the way an agent passes a user's message (chit-chat first, the question
    last); ``None`` when the message goes on after its last question (that question may be the
    chit-chat's own) or asks none.

    >>> closing_question("Can we push it to Monday? I'm swamped. Anyway, where do I live?")
    'Anyway, where do I live?'
    >>> closing_question("Where do I live? I keep forgetting.") is None
    True
    """
    asked = asked_questions(text)
    return asked[-1] if asked and text.rstrip().endswith(asked[-1]) else None


#: Words by which a question refers back to the sentences before it ("I read a book. What was its
#: name?"), which then say what it asks about; a question without them stands alone.
REFERRING_WORDS = frozenset("it its they them their theirs there that this these those then".split())
_ZH_REFERRING = lazy_regex(r"[它其]|他们|她们|那个|那些|那里|那儿|这个|这些|那时|当时")
_WORD = lazy_regex(r"[A-Za-z]+")


def refers_back(question: str) -> bool:
    """Whether ``question`` refers back to what was said before it (``REFERRING_WORDS``, 它, 那个 ...).

    >>> refers_back("What was its name?"), refers_back("Where do I live?"), refers_back("它叫什么名字？")
    (True, False, True)
    """
    return any(w.lower() in REFERRING_WORDS for w in _WORD.findall(question)) or bool(
        _ZH_REFERRING.search(question))


def lone_question(text: str) -> str | None:
    """The one question-like sentence of a message of several sentences, at any length, or of
    several question-like ones the one that ends with a question mark ("Had a great weekend!
    Anyway, what's the capital of France?": "Had" opens questions too, "!" says this one is not);
    ``None`` for one sentence, for no question-like sentence or for several such (their joined text
    is a blend, as ``question_clauses``'s users found for vectors).

    >>> lone_question("Long week, the kids were sick. Anyway, which carrier do I use?")
    'Anyway, which carrier do I use?'
    >>> lone_question("这周好累。对了，我用哪家快递？"), lone_question("Which carrier do I use?")
    ('对了，我用哪家快递？', None)
    >>> lone_question("Had a great weekend! Anyway, what's the capital of France?")
    "Anyway, what's the capital of France?"
    """
    asked = asked_questions(text)
    return asked[0] if len(asked) == 1 else None


def _sentences_and_questions(text: str) -> tuple[list[str], list[str]]:
    """``text``'s non-empty sentences and, of those, the question-like ones, in order."""
    sentences = [s.strip() for s in _SENTENCE.findall(text) if s.strip()]
    return sentences, [s for s in sentences if is_question_like(s)]
