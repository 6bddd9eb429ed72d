"""A question about "the user" embedded as the user would ask it: in the first person.

Agents ask memory about the person it belongs to in the third person ("where does the user
work?", "what is the user's favourite food?", 用户对什么过敏). Every user turn is embedded as
``"user: …"`` (``text.segment.derivative``), so the word "user" in a question pulled its vector
towards every short user turn: in a store of six messages "where does the user work?" ranked the
message "ab" first (cosine 0.66) above "I work at Intel as an engineer" (0.57). The memories
themselves are in the first person ("I work at …", 我对花生过敏), so the question's vector is
that of the same question in the first person: "where do I work?", "what is my favourite
food?", 我对什么过敏. Only the vector reads the rewrite; the full-text side already leaves
"user" out of what it counts (``recall.search.Retriever._strength_terms``), and speaker focus
still reads the question as asked.

"the user" names the person only where it stands alone as a noun phrase: before the end of a
clause, before "'s" (→ "my"), or before what opens a predicate (an auxiliary, an adverb, or one of
the verbs a statement about a person opens with, ``extract.carried``'s). "user" that modifies a
noun is left alone: "the user interface", "did the user feedback influence …", "user stories",
"user roles". 用户 names the person before 的 or before what opens a predicate (a preposition, an
adverb, a verb: 对 在 是 有 喜欢 住 …) or at a clause end, not as the first part of a noun:
用户反馈, 用户故事, 用户角色, 用户界面, 用户体验, 用户数.
"""

from __future__ import annotations

import re

from memstrata.text.regex import lazy_regex

#: Auxiliaries, modals and negations: after "the user" they open its predicate ("the user is",
#: "the user doesn't"); before it they invert a question about it ("does the user …", "is the user …").
_AUX = (r"(?:do|does|did|is|was|are|were|am|has|have|had|can|could|will|would|should|may|might|must|"
        r"doesn't|didn't|isn't|wasn't|hasn't|hadn't|can't|cannot|won't|wouldn't|shouldn't)")
#: Adverbs that open a predicate ("the user usually pays …", "has the user ever been …").
_ADVERBS = (r"(?:ever|never|always|usually|often|sometimes|still|also|now|currently|recently|just|already|"
            r"really|mostly|normally|typically|generally|actually|not|once|previously|originally)")
#: Verbs a statement about a person opens with (``extract.carried._VERB_3`` and ``_VERB_I``: "the user
#: likes", "did the user like"), and those an agent recalls what was said with ("what did the user say").
_VERBS = (r"(?:lives?|lived|works?|worked|moved?|switched|transferred|joined|left|prefers?|preferred|likes?|"
          r"liked|loves?|loved|hates?|hated|dislikes?|disliked|uses?|used|drinks?|drank|eats?|ate|started|got|"
          r"goes|go|went|plays?|played|study|studies|studied|teach|teaches|taught|wants?|wanted|needs?|needed|"
          r"changed|returned|owns?|owned|speaks?|spoke|enjoys?|enjoyed|runs?|ran|says?|said|mentions?|"
          r"mentioned|tells?|told|thinks?|thought|feels?|felt|knows?|knew|plans?|planned|buys?|bought|"
          r"drives?|drove|visits?|visited|travels?|travelled|traveled|wears?|wore|reads?|watch|watches|"
          r"watched|cooks?|cooked|celebrates?|celebrated|keeps?|kept|asks?|asked)")
#: Copulas of one person: inverted before "the user", a predicate follows ("is the user allergic to cats?",
#: "is the user a vegetarian?"), which a compound's noun does not end ("is the user interface ready?"); "are the
#: user stories …" is a plural's.
_COPULA = r"(?:is|was|isn't|wasn't)"
#: What follows an inverted copula's "the user": an article, an adverb, or one word closing the clause or
#: opening a prepositional phrase ("allergic to", "vegetarian?", "married?", "into hiking").
_PREDICATE = (rf"\s+(?:a|an|any|{_ADVERBS}|[a-z-]+(?=\s*(?:[.?!,;:)]|$)"
              r"|\s+(?:to|of|about|with|for|in|at|from|on|into|by|than)\b))\b")
#: "the user" (``_person`` reads what stands before and after it).
_THE_USER = lazy_regex(r"\b(?P<the>the)\s+user\b(?P<own>['’]s\b)?", re.IGNORECASE)
#: An auxiliary or copula inverting a question right before "the user" (read in ``_LOOK_BACK`` characters).
_INVERTED = lazy_regex(rf"\b(?:(?P<cop>{_COPULA})|(?P<aux>{_AUX}))\s+$", re.IGNORECASE)
#: What makes "the user" a person after it: the end of a clause, or what opens a predicate.
_CLOSES = lazy_regex(r"\s*(?:[.?!,;:)]|$)")
_OPENS = lazy_regex(rf"\s+(?:{_AUX}|{_ADVERBS}|{_VERBS}|been)\b(?!['’]s)", re.IGNORECASE)
_PREDICATE_AT = lazy_regex(_PREDICATE, re.IGNORECASE)
_LOOK_BACK = 16  # the longest auxiliary ("shouldn't") and the words before an object ("contact") with spaces
#: The first person of an auxiliary that inverts a question about the user ("does the user" → "do I").
_FIRST_AUX = {"does": "do", "is": "am", "has": "have", "was": "was", "doesn't": "don't", "isn't": "am not",
              "hasn't": "haven't", "wasn't": "wasn't"}
#: A preposition or verb before "the user" at the end of a clause makes it an object ("about the user" → "about me").
_BEFORE_OBJECT = lazy_regex(r"\b(?:about|to|for|with|from|of|by|at|on|in|like|than|remind|tell|ask|help|"
                            r"give|show|call|email|text|contact|know)\s+$", re.IGNORECASE)
#: 用户 as a person: before 的, at a clause end, or before what opens a predicate (prepositions, adverbs,
#: verbs, question words). 们 (users), and a noun after it (反馈, 故事, 角色, 界面, 体验, 数, 得分, 生成内容) are left
#: alone: a verb that also opens a noun (学习, 开发, 生成) is not read as the user's.
_YONGHU = lazy_regex(
    r"用户(?=的|[，。？！、；：,.?!;:]|$|对|在|是|有|喜欢|爱|想|要|需要|住|去|来|用|吃|喝|会|能|可以|最|曾|以前|"
    r"之前|现在|目前|平时|平常|经常|常|一般|通常|不|没|也|还|都|又|叫|姓|和|跟|与|做|从|家|今年|多大|几|"
    r"怎么|怎样|哪|什么|为什么|为何|多少|说|提到|讲|觉得|认为|打算|计划|准备|正在|刚|已经|养|买|学过|"
    r"看过|听过|玩过|穿|戴|过敏|讨厌|害怕|怕|患|出生|毕业|结婚)")


def _person(text: str, found: re.Match[str]) -> tuple[int, str] | None:
    """Where the first person of "the user" at ``found`` starts in ``text`` and what it reads, or ``None`` when
    "the user" there is no person (the first part of a noun)."""
    start, end = found.start(), found.end()
    inverted = _INVERTED.search(text, max(0, start - _LOOK_BACK), start)
    closing = _CLOSES.match(text, end) is not None
    if not found.group("own") and not closing and not _OPENS.match(text, end) and not (
            inverted is not None and inverted.group("cop") and _PREDICATE_AT.match(text, end)):
        return None
    if inverted is not None:
        word = inverted.group("cop") or inverted.group("aux")
        first = _FIRST_AUX.get(word.lower(), word.lower())
        first = first[0].upper() + first[1:] if word[0].isupper() else first
        return inverted.start(), f"{word} my" if found.group("own") else f"{first} I"
    if found.group("own"):
        return start, "My" if found.group("the")[0].isupper() else "my"
    if closing and _BEFORE_OBJECT.search(text, max(0, start - _LOOK_BACK), start):
        return start, "me"
    return start, "I"


def in_first_person(text: str) -> str:
    """``text`` with "the user" / "the user's" / 用户, where they name the person the memory belongs to,
    in the first person (I / me / my; 我), and the auxiliary of an inverted question made to agree
    ("does the user" → "do I"); ``text`` itself when nothing names them so. For the query's vector
    only: the memories it should find are in the first person, and "user" pulls it towards every
    ``"user: …"`` turn (see the module docstring).

    >>> in_first_person("Where does the user work?")
    'Where do I work?'
    >>> in_first_person("What is the user's favourite food?"), in_first_person("用户对什么过敏？")
    ('What is my favourite food?', '我对什么过敏？')
    >>> in_first_person("tell me about the user"), in_first_person("the user likes what?")
    ('tell me about me', 'I likes what?')
    >>> in_first_person("How did the user feedback influence the UI?"), in_first_person("用户反馈怎么样？")
    ('How did the user feedback influence the UI?', '用户反馈怎么样？')
    """
    if "用户" in text:
        text = _YONGHU.sub("我", text)
    if "user" not in text.lower():
        return text
    pieces, at = [], 0
    for found in _THE_USER.finditer(text):
        person = _person(text, found)
        if person is not None and person[0] >= at:
            pieces += [text[at:person[0]], person[1]]
            at = found.end()
    return "".join(pieces) + text[at:] if pieces else text
