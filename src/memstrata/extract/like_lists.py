"""What a like's list goes on with, clause by clause: one more liked thing ("I like skiing, running, and hiking"),
one not liked ("I like tea but not coffee"), or examples of the kind liked or disliked ("I love outdoor stuff, like
hiking and kayaking", ``extract.examples``), under the like's person. Read by ``extract.patterns_en`` on the clauses
after a like."""

from __future__ import annotations

import re
from dataclasses import replace

from memstrata.extract import examples
from memstrata.extract.clause_en import _IC, _PAST, _f, _split_list
from memstrata.extract.clauses import CONF_PREFER, Finding, Polarity, like_finding
from memstrata.text.regex import lazy_regex

#: A bare item of a list continued after a comma: at most two words, the last clause may join two such ("...,
#: sesame and shellfish"). Shared with the allergy lists of ``extract.patterns_en``.
_ITEM = r"[a-z][\w\-]*(?:\s+[\w\-]+)?"
LIST_ITEM = lazy_regex(rf"^(?:and\s+|or\s+|also\s+|plus\s+)?(?P<v>{_ITEM}(?:\s+(?:and|or|&)\s+{_ITEM})?)[.!]*$", _IC)

#: Words that open a remark, not one more liked thing, after a like and a comma.
_NOT_A_LIKE = lazy_regex(
    r"^(?:so|but|because|since|though|although|which|that|this|these|those|it|they|them|he|she|we|you|i|i'm|my|me|"
    r"please|thanks|thank|ok|okay|lol|haha\w*|btw|sorry|yeah|yes|no|not|never|just|even|all|both|too|etc|"
    r"everything|anything|nothing|something|the|a|an|[a-z]+ly|what|how|do|does|is|are|was|were|have|has|"
    r"hates?|dislikes?|loathes?|detests?|can't|cannot|"
    # a remark of how long, no thing: "I love jazz, always have", "..., still do", "..., forever"
    r"always|still|forever|ever|again)\b", _IC)


def more_likes(raw: str, head: Finding) -> list[Finding]:
    """The likes ``raw``, a clause of bare nouns after the like ``head``, adds to its list
    ("I also like scuba diving, skiing, running, and rock climbing"): each under ``head``'s key and
    person; ``[]`` for a clause of its own or a remark ("..., thanks", "..., so good")."""
    item = LIST_ITEM.match(re.sub(r"^(?:especially|particularly|mostly|mainly|including)\s+", "", raw.strip(),
                                   flags=_IC))
    parts = _split_list(item.group("v")) if item else []
    if not parts or not all(not _NOT_A_LIKE.match(p) and not any(_PAST.match(w) for w in p.split()) for p in parts):
        return []
    # a topical key is the head's own ("classical music, read books, travel": books are no music), so the
    # items are generic likes, which an embedder may key (extract.rules, zero-shot)
    return [replace(f, subject=head.subject, polarity="like")
            for part in parts for f in _f("preference.like", part, head.confidence, raw)]


#: "but not X" after a like names a thing disliked unless X is a time or a degree ("..., but not today", "but not
#: really"); "I like pizza, not sushi" without "but" ranks the two and dislikes nothing.
_BUT_NOT = lazy_regex(r"^but\s+not\s+(?P<v>[a-z][\w\-]*(?:\s+[\w\-]+)?)[.!]*$", _IC)
_NOT_A_THING = lazy_regex(r"^(?:today|tonight|tomorrow|now|yet|anymore|really|sure|much|always|often|very|too|"
                          r"that|this|so|quite|exactly|necessarily|everything|all|ever|again|[a-z]+ly|"
                          r"in|on|at|for|with|when|during|after|before|until|if|because|as|to|the|a|an|my|your)\b",
                          _IC)


#: "..., not tea" after a like, no "but": the thing named as not the one liked ("Actually no, I like coffee, not tea").
_NOT = lazy_regex(r"^not\s+(?P<v>[a-z][\w\-]*(?:\s+[\w\-]+)?)[.!]*$", _IC)


def but_not(raw: str, head: Finding) -> list[Finding]:
    """A dislike of what ``raw`` ("not coffee", a clause after "but") names, beside the like ``head``
    ("I like tea but not coffee": the coffee was dropped), under ``head``'s person; ``[]`` for a time
    or a degree ("..., but not today", "but not really").

    Said without "but" ("I like coffee, not tea") the two are ranked, no dislike said, yet the thing is named as not
    the one liked: a like of it stored before is withdrawn (the same key and person as ``head``), so a change of
    mind ("I love tea" then "Actually no, I like coffee, not tea") leaves tea no longer current. After "prefer" the
    thing is avoided, a dislike of its own (``shapes_en.avoided``: "I prefer pytest, not unittest"), which ends the
    like as well."""
    bare = _NOT.match(raw.strip())
    if bare is not None and head.confidence != CONF_PREFER and not _NOT_A_THING.match(bare.group("v")) and not any(
            _PAST.match(w) for w in bare.group("v").split()):
        return [replace(f, subject=head.subject, retract=True, statement="")
                for f in _f(head.key, bare.group("v"), head.confidence, raw)]
    said = _BUT_NOT.match(raw.strip())
    if said is None or _NOT_A_THING.match(said.group("v")) or any(_PAST.match(w) for w in said.group("v").split()):
        return []
    return [replace(f, subject=head.subject, polarity="dislike")
            for f in _f("preference.dislike", said.group("v"), head.confidence, raw)]


#: A clause that opens with a word of example: "like hiking and kayaking", "such as surfing", "for example tapas".
_EXAMPLES = lazy_regex(r"^(?:like|such as|for example|for instance|e\.g\.,?|including)\s+(?P<x>.+?)[.!]*$", _IC)


def examples_of(raw: str, head: Finding | None) -> list[Finding] | None:
    """The examples ``raw`` gives of the kind the like or dislike ``head`` (the clause before's) names: each liked or
    disliked as ``head`` is, under its person ("I hate chores, like ironing": ironing disliked; it was read "I like
    ironing"). ``[]`` when ``raw`` is a clause of examples after no like, or lists no bare name ("..., like really",
    "..., like a lot"); ``None`` when ``raw`` opens with no word of example."""
    m = _EXAMPLES.match(raw.strip())
    if m is None:
        return None
    if head is None:
        return []
    polarity: Polarity = "dislike" if head.key.endswith((".dislike", ".avoid")) else "like"
    return [replace(f, subject=head.subject) for item in examples.listed(m.group("x"), "en")
            for f in like_finding(item, polarity, head.confidence, raw, "en")]
