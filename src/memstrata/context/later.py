"""A later message beside the standing fact it may have changed.

The extractor never reads every wording: "I prefer UPS for delivery" stores ``shipping.carrier = UPS``,
and "FedEx from now on pls, UPS keeps losing my stuff" may store nothing. The fact then stays current,
and a context block that shows it alone ("- prefers UPS for shipping") tells the agent the old carrier
is the whole truth, although the search found the later message (third, at 0.67). So a block shows,
right after a current fact it lists, the best-ranked message of the search that is **later** than the
fact, is about the same thing, and that the extractor did not read as a value of the fact's key:

* later: said after the fact was last stated (``Fact.observed_at``), and not one of its citations;
* about the same thing: a sentence of it that asks nothing, reports no one else's words ("My coworker said
  Denver is too expensive", 他说上海太贵了: ``told_by_another``) and is said of no other person ("My brother is
  leaving Denver", 他也住在上海: ``said_of_another``) names the fact's value
  (``text.stating.stated_in``: "UPS", 上海, a whole word), or, for a key holding one value at a time
  (where a new value replaces the old: a carrier, a city, an editor), the key's attribute word
  ("carrier" of ``shipping.carrier``; ``later_words``), and that sentence or the next says it changes, ends or
  still holds ("from now on", "moving", "done with", "still", 以后, 搬, 不再, 还是: ``names``): a sentence that
  only names the value passes it by ("UPS called me about the FedEx package" says nothing of a FedEx
  preference, 上海的朋友来看我了 nothing of a home in 上海);
* said by the person the fact is about (a group's other speakers say nothing of it), or by the user;
* not read: no current fact of the same key and subject cites it (a message the extractor read for
  that key, "I like pizza too" beside "likes sushi", is shown by its own fact);
* found: an episode hit of the search, a ``user`` turn, not outdated (``Hit.superseded``), with
  evidence of a match (``recall.evidence.evidence`` above 0), said in this folder, and not already a
  line of the block (there it stays where it ranks).

The message is labelled ``[said later]`` (``[后来说的]``; ``context.render``) so the agent weighs it
against the fact. At most one message a fact (``MAX_LATER``), each message once. Measured over the
probing questions of MemoryBank en and zh (every user, their own messages): a line is added to 0 of 73
and 0 of 100 blocks since a change, an ending or a restatement is asked for (before: 0 and 1 with the
code of the day; 2 and 8, and 0 of 80 LoCoMo conv-26 blocks, when the rule was added; docs/context.md).
Display only: ranking and the stored facts are untouched.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import UTC, datetime  # noqa: F401 (the doctest of ``names``)

from memstrata.context.attribution import ELSEWHERE, is_users_own
from memstrata.extract import kin, subject_en, subject_zh
from memstrata.extract.subject_zh import NAME as NAME_ZH
from memstrata.extract.subject_zh import RELATION as RELATION_ZH
from memstrata.extract.taxonomy import key_spec
from memstrata.recall.evidence import evidence
from memstrata.text.regex import lazy_regex
from memstrata.text.stating import SENTENCE_END, pieces, stated_in
from memstrata.text.tokens import query_terms
from memstrata.types import Fact, Hit, Scope, names_the_user  # noqa: F401 (Scope: the doctest of ``names``)

#: The signal that marks a message shown beside a fact as said after it (``context.render`` labels it).
LATER = "said_later"

#: A sentence that asks: it ends with a question mark (closing quotes aside).
_QUESTION = lazy_regex(r"[?？][\s\"'”’)）]*$")

#: Messages shown beside one fact: the best-ranked. More would let one fact's topic fill a small block.
MAX_LATER = 1

#: A sentence that reports what another person said or thinks ("My coworker said Denver is too expensive", "Tom
#: thinks ...", 他说上海太贵了, 我朋友说北京太堵了): the teller, then a verb of saying or thinking, at its start.
_TOLD_EN = lazy_regex(
    r"^(?:(?:so|but|and|well|also|btw|anyway)\s*,?\s+)?(?P<who>he|she|they|(?-i:[A-Z][a-z]+)|"
    r"(?:my|our|his|her|their)\s+[a-z-]+(?:\s+[a-z-]+)?)\s+(?:(?:also|always|just|still|even)\s+)*"
    r"(?:said|says|told\s+me|tells\s+me|thinks|thought|reckons|claims|claimed|mentioned|"
    r"keeps?\s+(?:saying|telling\s+me))\b", re.IGNORECASE)
_TOLD_ZH = lazy_regex(rf"^(?:其实|不过|但是|对了)?[，,]?(?P<who>[他她]们?|(?:我的?)?(?:{RELATION_ZH})|{NAME_ZH})"
                      r"(?:也|还|一直|总|老是|总是)?(?:说|觉得|认为|告诉我|跟我说|对我说)")


def later_words(key: str) -> set[str]:
    """The stemmed words (``text.tokens.query_terms``) that name what a key holding one value at a time
    is about: its attribute ("carrier" of ``shipping.carrier``, "package", "manager" of
    ``project.package_manager``); none for a key of many values (a later food named by "food" changes no
    liked food) or one the taxonomy and the open keys do not know.

    >>> sorted(later_words("shipping.carrier")), sorted(later_words("food.like"))
    (['carrier'], [])
    """
    try:
        spec = key_spec(key)
    except KeyError:
        return set()
    if spec.cardinality != "one" or "." not in key:
        return set()
    return set(query_terms(key.rsplit(".", 1)[1].replace("_", " ")))


#: Words that say something changes, ends or still holds: what makes a later sentence that names a fact's value or
#: attribute a word *about* it ("FedEx from now on pls", "moving to Austin", "I'm done with UPS", 下个月搬去成都, 以后换
#: 京东, 我还是用顺丰), where a sentence that only names it passes it by ("UPS called me about the FedEx package",
#: 上海的朋友来看我了). Kept to words of no one topic: a change (switch, change, move, replace, instead, from now
#: on, back to, different; 换 改 搬 以后 今后), an ending (leave, quit, stop, no longer, anymore, done with, cancel,
#: tired of; 离开 不再 别再 取消 腻 受够) and a restatement (still, stick with; 还是 仍然 依然 继续).
_ABOUT_EN = lazy_regex(
    r"\b(?:switch(?:es|ed|ing)?|chang(?:e|es|ed|ing)|mov(?:e|es|ed|ing)|relocat(?:e|es|ed|ing)|"
    r"replac(?:e|es|ed|ing)|instead|from\s+now\s+on|going\s+forward|(?:go|going|went|gone|get|got)\s+back\s+to|"
    r"back\s+to|different|leav(?:e|es|ing)|left|quit(?:s|ting)?|stop(?:s|ped|ping)?|no\s+longer|"
    r"any\s?more|any\s+longer|done\s+with|drop(?:s|ped|ping)?|ditch(?:es|ed|ing)?|cancel(?:s|l?ed|l?ing)?|"
    r"(?:tired|sick)\s+of|fed\s+up|never\s+again|still|stick(?:s|ing)?\s+with|stuck\s+with)\b", re.IGNORECASE)
_ABOUT_ZH = lazy_regex(r"换|改|搬|以后|今后|从现在起|离开|不再|别再|再也不|取消|腻|受够|还是|仍然|依然|继续")


def names(fact: Fact, text: str) -> bool:
    """Whether ``text`` says something of what ``fact`` holds: a sentence that is no question names the
    value (``text.stating.stated_in``) or one of the key's ``later_words``, and that sentence or the next
    says it changes, ends or still holds (``_ABOUT_EN``, ``_ABOUT_ZH``). A question states nothing ("What
    kind of music do you like?" beside "likes music"), and a sentence that only names the value passes it
    by ("UPS called me about the FedEx package" beside a FedEx preference).

    >>> fact = Fact(1, Scope(), "preference", "shipping.carrier", "UPS", "", 1.0, 0.8, "low", (1,),
    ...             datetime(2026, 1, 1, tzinfo=UTC), None, None, None, "active", 0, None,
    ...             datetime(2026, 1, 1, tzinfo=UTC))
    >>> names(fact, "FedEx from now on pls, UPS keeps losing my stuff"), names(fact, "Do you like UPS?")
    (True, False)
    >>> names(fact, "Switch the carrier to DHL."), names(fact, "two cups of tea")
    (True, False)
    >>> names(fact, "The UPS guy called me about the package."), names(fact, "The carrier called about my order.")
    (False, False)
    """
    words = later_words(fact.key)
    value = fact.value if fact.value and not fact.encrypted else ""
    said = [text[start:end] for start, end in pieces(text, SENTENCE_END)]
    said = [s if not (_QUESTION.search(s) or told_by_another(s, fact) or said_of_another(s, fact)) else ""
            for s in said]
    for i, sentence in enumerate(said):
        if not ((value and stated_in(value, sentence)) or (words and not words.isdisjoint(query_terms(sentence)))):
            continue
        if any(_ABOUT_EN.search(s) or _ABOUT_ZH.search(s) for s in said[i:i + 2]):
            return True
    return False


def told_by_another(sentence: str, fact: Fact) -> bool:
    """Whether ``sentence`` reports what a person other than the user and other than the one ``fact`` is about said
    or thinks ("My coworker said Denver is too expensive", 他说上海太贵了, 我朋友说北京太堵了): their words say
    nothing of the fact. The user's own ("I said Denver was fine") and those of the fact's person ("My mom said she
    is leaving Boston" beside her home) are not.

    >>> fact = Fact(1, Scope(), "fact", "identity.location", "Boston", "", 1.0, 0.8, "low", (1,),
    ...             datetime(2026, 1, 1, tzinfo=UTC), None, None, None, "active", 0, None,
    ...             datetime(2026, 1, 1, tzinfo=UTC), subject="mom")
    >>> told_by_another("Tom thinks Boston is boring.", fact), told_by_another("My mom said she's leaving Boston", fact)
    (True, False)
    """
    m = _TOLD_EN.match(sentence.strip()) or _TOLD_ZH.match(sentence.strip())
    if m is None:
        return False
    who = re.sub(r"^(?:(?:my|our)\s+|我的?)", "", m.group("who"), flags=re.IGNORECASE)
    return fact.subject is None or kin.subject(who) != kin.subject(fact.subject)


#: A sentence whose subject is a third person: he, she, they (他, 她, 他们).
_PRONOUN_SUBJECT = lazy_regex(r"^(?:(?:so|but|and|well|also|btw|anyway)\s*,?\s+)?(?:he|she|they)\b|^[他她]们?",
                              re.IGNORECASE)


def said_of_another(sentence: str, fact: Fact) -> bool:
    """Whether ``sentence`` is said of a relative of the user's other than the one ``fact`` is about ("My brother is
    leaving Denver for Austin", 我哥要离开上海去成都: ``extract.subject_en`` / ``subject_zh.someone_else``), or, of a
    fact of the user's own, of he / she (他也住在上海): what another person does says nothing of the fact. A sentence of
    the fact's person ("She is leaving Boston" beside mom's home) or of a thing ("Denver is too expensive", "FedEx is
    way better than UPS": a name may be a place or a firm, so only a relative's word counts) is not.

    >>> fact = Fact(1, Scope(), "fact", "identity.location", "Denver", "", 1.0, 0.8, "low", (1,),
    ...             datetime(2026, 1, 1, tzinfo=UTC), None, None, None, "active", 0, None,
    ...             datetime(2026, 1, 1, tzinfo=UTC))
    >>> said_of_another("My brother is leaving Denver", fact), said_of_another("Denver is too expensive", fact)
    (True, False)
    """
    text = sentence.strip()
    if _PRONOUN_SUBJECT.match(text):
        return fact.subject is None  # he / she may be the fact's own person
    zh = any("\u4e00" <= ch <= "\u9fff" for ch in text[:4])
    found = (subject_zh if zh else subject_en).someone_else(text)
    if found is None or not kin.is_relative(found[0]):
        return False
    return fact.subject is None or kin.subject(found[0]) != kin.subject(fact.subject)


def is_later(episode: Hit, fact: Fact) -> bool:
    """Whether episode hit ``episode`` was said after ``fact`` was last stated and is not one of its
    citations."""
    return episode.id not in fact.citations and episode.created_at > fact.observed_at


def _candidate(hit: Hit) -> bool:
    return (hit.kind == "episode" and hit.role == "user" and not hit.superseded and evidence(hit) > 0
            and not hit.signals.get(ELSEWHERE))


def said_by_whom_it_holds(episode: Hit, fact: Fact) -> bool:
    """Whether ``episode`` was said by the person ``fact`` is about (the speaker it was drawn from, in a
    group: Melanie's later message says nothing of Caroline's carrier), or by the scope's user (of their own
    facts, their relatives' and their projects')."""
    producer = episode.episode.producer_id if episode.episode is not None else None
    if fact.subject is not None and producer is not None and names_the_user(fact.subject, producer):
        return True
    return is_users_own(episode)


def with_later(shown: Sequence[Hit], hits: Sequence[Hit], read: Sequence[Hit] = (),
               stated: Mapping[int, Sequence[Fact]] | None = None) -> list[Hit]:
    """``shown`` (the lines of a block, in order) with, right after each current fact of it, the
    best-ranked message of ``hits`` (the search's, best first) that is later than the fact and about the
    same thing and said by the fact's person (``is_later``, ``names``, ``said_by_whom_it_holds``), marked
    ``LATER``. A message ``shown`` or ``read`` (the block's other lines) already lists stays where it ranks,
    and one the extractor read for the fact's key and subject (a current fact of ``shown`` or ``read`` of
    that key and subject cites it) is not added. Each message is added once.

    A message line stands for the current facts it states (``stated``: episode id -> the current facts citing
    it), so an old message shown as it was said ("I prefer UPS for delivery", ranked first for a dialogue) is
    followed by the later message about the same thing in the same way; that later message is moved up to it from
    further down ``shown`` when it is listed there (else the old word read as current above it)."""
    stated = stated or {}
    lines = [*shown, *read]
    facts = [h.fact for h in lines if h.fact is not None and not h.superseded] + [
        f for h in lines if h.kind == "episode" and not h.superseded for f in stated.get(h.id, ())]
    read_for = {(c, f.key, f.subject) for f in facts for c in f.citations}
    listed = {h.id for h in lines if h.kind == "episode"}  # shown where it ranks: left there
    candidates = [h for h in hits if _candidate(h) and h.id not in listed]
    moved: dict[int, Hit] = {}  # episode id -> the line it is shown after
    for at, line in enumerate(shown):
        if line.superseded or line.signals.get("past") or (line.kind == "episode" and line.id in moved):
            continue
        below = [h for h in shown[at + 1:] if _candidate(h)] if line.kind == "episode" else []
        for fact in [line.fact] if line.fact is not None else stated.get(line.id, ()):
            found = [h for h in [*candidates, *below] if h.id not in moved and h.id != line.id
                     and (h.id, fact.key, fact.subject) not in read_for
                     and is_later(h, fact) and said_by_whom_it_holds(h, fact) and names(fact, h.text)]
            for episode in found[:MAX_LATER]:
                moved[episode.id] = line
            if found:
                break
    if not moved:
        return list(shown)
    beside: dict[int, list[Hit]] = {}
    by_id = {h.id: h for h in [*candidates, *(h for h in shown if h.kind == "episode")]}
    for episode_id, line in moved.items():
        beside.setdefault(id(line), []).append(replace(by_id[episode_id], signals={**by_id[episode_id].signals,
                                                                                     LATER: 1.0}))
    out: list[Hit] = []
    for line in shown:
        if line.kind == "episode" and line.id in moved:
            continue  # moved up beside the line it follows
        out.append(line)
        out.extend(beside.get(id(line), ()))
    return out
