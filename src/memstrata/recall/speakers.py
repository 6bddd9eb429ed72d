"""Speaker focus: a query that names a speaker ranks that speaker's own memories first.

Memories of a conversation between people are said by someone: an episode by its
``producer_id`` (or, without one, its ``role``), a fact is about its ``subject`` (the speaker
it was extracted from). A question that names one of them ("What activities does Melanie
partake in?", "What did the assistant recommend?") is mostly answered by that speaker's own
words: on LoCoMo, 96 % of the evidence of questions naming one speaker is that speaker's turns,
while the other speaker's turns that only address them ("Wow Melanie, …") match the name as
well and crowd the top ranks.

So after scoring, when the query names the speaker of some candidates and not of others, every
candidate that is *not* a named speaker's (another speaker's turn, a fact about someone else
or about nobody in particular) scores ``1 / (1 + weight)`` of what it would
(``Settings.speaker_weight``). Scores stay in [0, 1]; relevance (how well the text matched)
is left alone. A query naming every speaker, or none, changes nothing.

A speaker is named when all of its terms (``text.tokens.query_terms``: stemmed, so
"Melanie's" names ``Melanie``) are among the query's terms. Measured with the ranking lab
(docs/changelog.md, speaker focus).

A question about the user ("what's my job?", "what is the user allergic to?", 我在哪工作, 用户对什么
过敏: ``about_the_user``) names the user: when it names no speaker and no other person (no name,
relative, role or he / she), a fact about someone else (its ``subject`` is a person who said none of the
candidate turns: "Mark works as engineer" from "My boss Mark works as an engineer") is not the user's
and takes the same factor, so the user's own memories of the same match rank before Mark's, Anna's and
Tom's jobs. A turn keeps its score unless every fact drawn from it is about such a person ("Sarah is
allergic to shellfish." for "what is the user allergic to?": ``about_others``). And such a memory about
someone else never ranks above the user's own best memory (``below_the_users_own``): the factor alone
left "Tom: prefers to be contacted by email" (0.76) above "I prefer Slack for work stuff" (0.70) for
"what's the best way to reach me?". It ranks right after it, still among the hits, rather than being
scored down by a larger factor, which pushed Mark's job below the user's Visa card for "what does the
user do for work?".

A "who" question that names no speaker ("who is allergic to cats?", "who helped me?", 谁喜欢吃饺子: ``asks_who``)
asks for a person, and the user asks it of their own memory: the answer is someone else, or anyone. The user's own
memories matched it as well as another person's and ranked first only because they say no name: "is allergic to
cats" and "I'm allergic to cats" (1.00 match) above "Tom: is allergic to cats" and "my brother Tom is allergic to
cats" (1.00), the name being words the question does not hold. So a memory about someone else (``theirs``) ranks
before the user's own memories directly above it that match the question no better (``whose_first``): Tom's
fact and message, then the user's. A user's memory that matches better stays above; nothing else moves.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from memstrata.extract import kin, roles
from memstrata.recall.evidence import evidence
from memstrata.recall.shortlist import rank_key
from memstrata.text.hanzi import simplified
from memstrata.text.regex import lazy_regex
from memstrata.text.tokens import query_terms
from memstrata.types import Hit

#: English words by which a question asks about the user: the first person, and "the user" as an
#: agent's own questions name them.
_USER_WORDS_EN = frozenset({"i", "me", "my", "mine", "myself", "user", "user's", "users"})
#: English words by which a question asks about someone else, beside names, relatives and roles.
_OTHER_WORDS_EN = frozenset({"he", "she", "him", "her", "his", "hers", "they", "them", "their", "friend",
                             "friends", "neighbor", "neighbour", "neighbors", "neighbours", "roommate", "someone",
                             "somebody", "people", "everyone", "anyone", "who", "whose"})
_OTHER_WORDS_ZH = ("他", "她", "朋友", "邻居", "室友", "别人", "谁")
#: Chinese words by which a question asks about someone else: relatives and pets (``extract.kin``),
#: roles (``extract.roles``) and ``_OTHER_WORDS_ZH``, gathered once rather than on every question.
_OTHER_PEOPLE_ZH = (*kin.ZH_WORDS, *roles.ZH_WORDS, *_OTHER_WORDS_ZH)
_WORD = lazy_regex(r"[A-Za-z][A-Za-z'-]*")
#: "who" / "whom" / "whose" opening a question: at the start of a sentence, or of a clause joined by "and" / "but"
#: ("what went wrong and who helped me?"), or "whom" / "whose" after a preposition in a question ("I went to whose
#: concert?"); not a relative clause ("someone like me, who's always on the go").
_WHO_EN = lazy_regex(r"(?:^|[.?!;:]\s*|\b(?:and|but|or|so)\s+)(?:who|whom|whose)\b"
                     r"|\b(?:to|with|for|from|by|of|about|at)\s+(?:whom|whose)\b(?=[^.!]*\?)", re.IGNORECASE)


def speaker_of(hit: Hit) -> str | None:
    """Who said ``hit`` (an episode's producer, else its role) or whom it is about (a fact's
    subject); ``None`` when unknown."""
    if hit.episode is not None:
        return hit.episode.producer_id or hit.episode.role
    if hit.fact is not None:
        return hit.fact.subject
    return None


def named_speakers(query: str, speakers: set[str | None]) -> set[str]:
    """The ``recall.speakers`` that ``query`` names: those whose every term is among the query's terms.

    >>> sorted(named_speakers("What are Melanie's pets' names?", {"Melanie", "Caroline", None}))
    ['Melanie']
    """
    terms = set(query_terms(query))
    found: set[str] = set()
    for speaker in speakers:
        if speaker and (own := set(query_terms(speaker))) and own <= terms:
            found.add(speaker)
    return found


def about_the_user(query: str) -> bool:
    """Whether ``query`` asks about the user and no one else: it holds the first person or "the user"
    (I, me, my; 我, 用户) and no other person (a capitalised name after its first word, a relative or
    pet, ``extract.kin``, a role, ``extract.roles``, he / she / a friend, 他 / 她 / 朋友).

    >>> [about_the_user(q) for q in ("what's my job?", "What is the user allergic to?", "我在哪工作？")]
    [True, True, True]
    >>> [about_the_user(q) for q in ("what does my sister do?", "What's Anna's job?", "my boss's email?",
    ...                              "我姐姐在哪工作？", "where does he live?", "which carrier?")]
    [False, False, False, False, False, False]
    """
    words = _WORD.findall(query)
    lower = [w.lower() for w in words]
    if any(w[0].isupper() and w != "I" for w in words[1:]):
        return False  # a name: "what did I tell Anna?"
    if any(w in _OTHER_WORDS_EN or kin.is_relative(w.removesuffix("'s")) or roles.subject(w.removesuffix("'s"))
           for w in lower):
        return False
    text = simplified(query)
    if any(word in text for word in _OTHER_PEOPLE_ZH):
        return False
    return any(w.removesuffix("'s") in _USER_WORDS_EN for w in lower) or "我" in text or "用户" in text


def named_focus(query: str, speakers: set[str | None], episode_speakers: set[str | None],
          weight: float) -> tuple[set[str | None] | None, float]:
    """The speakers ``query`` names among ``speakers`` (those of a search's hits; ``episode_speakers``
    those of its episode hits) and the factor ``1 / (1 + weight)`` every other hit's score takes;
    ``(None, 1.0)`` when nothing changes: ``weight`` is 0, the query names no speaker, or it names
    every episode hit's speaker. A query ``about_the_user`` that names no speaker but the user (the
    role ``user``) names every speaker but the other people facts are about (subjects that said no
    candidate turn)."""
    if weight <= 0 or not speakers:
        return None, 1.0
    named: set[str | None] = set(named_speakers(query, speakers))
    if all(s.casefold() == "user" for s in named if s) and about_the_user(query):  # "the user" names the user
        others = {s for s in speakers if s is not None and s not in episode_speakers and s.casefold() != "user"}
        if others:
            return (speakers - others) | {None}, 1.0 / (1.0 + weight)
    if not named or episode_speakers <= named:
        return None, 1.0
    return named, 1.0 / (1.0 + weight)


def focus_on_named(hits: Sequence[Hit], query: str, weight: float) -> list[Hit]:
    """``hits`` with every hit not of a speaker the query names scored ``1 / (1 + weight)``
    of its score (``named_focus``). Order is left to the caller (it sorts by score). In place, as
    ``recall.outdated.mark_outdated``: the hits are a search's own, not yet returned."""
    named, factor = named_focus(query, {speaker_of(h) for h in hits},
                          {speaker_of(h) for h in hits if h.kind == "episode"}, weight)
    if named is not None:
        for hit in hits:
            if speaker_of(hit) not in named:
                object.__setattr__(hit, "score", hit.score * factor)
    return list(hits)


def about_others(hits: Sequence[Hit], named: set[str | None], facts: dict[int, str | None],
                 citing: Sequence[tuple[int, int]]) -> set[int]:
    """The episode ``hits`` that a question ``about_the_user`` (``named`` holds ``None``: the user) finds
    about other people only: every fact citing the episode (``citing``: ``(episode id, fact id)``) is one of
    the search's candidates (``facts``: fact id → subject) and about a subject not in ``named``. Empty
    for any other focus. The user's "Sarah is allergic to shellfish." is about Sarah, while "I'm allergic
    to peanuts" and a message with no fact, or with a fact not among the candidates, stay the user's."""
    if None not in named:
        return set()
    subjects: dict[int, list[str | bool | None]] = {}
    for episode_id, fact_id in citing:
        subjects.setdefault(episode_id, []).append(facts.get(fact_id, False))
    return {h.id for h in hits if h.kind == "episode" and (found := subjects.get(h.id))
            and all(s is not False and s not in named for s in found)}


def below_the_users_own(hits: Sequence[Hit], named: set[str | None], others: set[int], best: float) -> float:
    """For a question ``about_the_user`` (``named`` holds ``None``; else nothing changes and ``best`` is
    returned): lower each of ``hits`` that is about someone else (a fact whose subject is not in ``named``,
    an episode in ``others``: ``about_others``) to just below the best score of the user's own hits, these
    and those of earlier batches (``best``; ``0.0`` for none), and return that best. In place, as
    ``focus_on_named``; a score is only lowered, so ``recall.shortlist``'s bounds hold. The batches are built
    best bound first, so the user's best hit is almost always in the first."""
    if None not in named:
        return best
    def theirs(hit: Hit) -> bool:
        return hit.id in others if hit.kind == "episode" else speaker_of(hit) not in named
    best = max([best, *(h.score for h in hits if not theirs(h))])
    ceiling = math.nextafter(best, 0.0)
    for hit in hits:
        if theirs(hit) and hit.score > ceiling:
            object.__setattr__(hit, "score", ceiling)
    return best


def asks_who(query: str) -> bool:
    """Whether ``query`` asks "who": "who", "whom" or "whose" opening a question or a clause of one, or 谁.

    >>> [asks_who(q) for q in ("who is allergic to cats?", "Whose birthday is it?", "what broke and who fixed it?",
    ...                        "谁喜欢吃饺子？", "我最近去看了谁的演唱会？")]
    [True, True, True, True, True]
    >>> [asks_who(q) for q in ("a plan for someone like me, who's always busy?", "what does Tom like?")]
    [False, False]
    """
    return ("who" in query.lower() and bool(_WHO_EN.search(query))) or "谁" in simplified(query)


def other_people(subjects: Sequence[str | None], speakers: set[str | None]) -> set[str]:
    """The persons among ``subjects`` (those of a search's candidate facts) who said none of its turns (``speakers``)
    and are not the user (``None``, the role "user"): whom a "who" question may be answered with."""
    return {s for s in subjects if s is not None and s not in speakers and s.casefold() != "user"}


def theirs(hits: Sequence[Hit], people: set[str], facts: dict[int, str | None],
           citing: Sequence[tuple[int, int]]) -> set[tuple[str, int]]:
    """The ``(kind, id)`` of the ``hits`` about someone else: a fact whose subject is one of ``people`` (persons who
    said none of the search's turns, ``named_focus``'s), an episode that a fact about one of them cites (``citing``:
    ``(episode id, fact id)``; ``facts``: the search's candidate facts, id → subject). "my brother Tom is allergic
    to cats" is Tom's for a "who" question, though its other fact (the user has a brother) is the user's."""
    about = {episode_id for episode_id, fact_id in citing if facts.get(fact_id) in people}
    return {(h.kind, h.id) for h in hits
            if (h.kind == "fact" and speaker_of(h) in people) or (h.kind == "episode" and h.id in about)}


def whose_first(hits: Sequence[Hit], others: set[tuple[str, int]]) -> None:
    """For a question that ``asks_who``: each of ``hits`` about someone else (``others``: ``(kind, id)``, ``theirs``)
    ranks before the hits directly above it that are the user's own and match the question no better
    (``recall.evidence.evidence``); another person's hit, or one that matches better, stops it. Done by lowering
    those hits' scores to just below it (a score is only lowered, so ``recall.shortlist``'s bounds hold), in
    place, within one batch of built hits (the batches are built best bound first)."""
    if not others:
        return
    order = sorted(hits, key=rank_key)
    moved = False
    for hit in [h for h in order if (h.kind, h.id) in others]:
        at = top = order.index(hit)
        while top > 0 and (order[top - 1].kind, order[top - 1].id) not in others \
                and evidence(order[top - 1]) <= evidence(hit):
            top -= 1
        if top < at:
            order.insert(top, order.pop(at))
            moved = True
    previous = math.inf
    for hit in order if moved else ():
        if hit.score >= previous:
            object.__setattr__(hit, "score", math.nextafter(previous, 0.0))
        previous = hit.score
