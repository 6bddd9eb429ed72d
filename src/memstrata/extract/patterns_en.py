"""English patterns: explicit first-person statements and instructions → findings.

Every pattern is anchored at the start of a clause (after discourse fillers such as
"well," or "also"), so "I like X" is read but "do you like X" and "if I like X" are
not. Questions are skipped whole. Patterns are tried in order and the first that
matches a clause wins; the order puts specific wordings ("my favorite X is Y",
"I'm allergic to") before the generic ones ("I like X").
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime

from memstrata.extract import (
    abilities,
    arrangements,
    bodily,
    changed_to,
    conditions,
    counts,
    diets,
    directives,
    fears,
    gazetteer,
    guards,
    habits,
    kin,
    medication,
    pro_forms,
    rescheduled,
    routines,
    shapes,
    temperament,
    vehicles,
)
from memstrata.extract.allergens import allergen, severity, severity_remark
from memstrata.extract.allergies_en import ALLERGY_DEGREE as _ALLERGY_DEGREE
from memstrata.extract.allergies_en import allergen_as_object, allergy_named_apart, list_item
from memstrata.extract.asides import without_opening
from memstrata.extract.clause_en import _IC, _Ctx, _f, _Pattern, _split_list
from memstrata.extract.clauses import (
    CLAUSE_COMMA,
    CONF_EXPLICIT,
    CONF_PREFER,
    CONF_STATED,
    Finding,
    clean_value,
    merge_time_clauses,
    third_person,
    with_confidence,
)
from memstrata.extract.events_en import _event
from memstrata.extract.goals import goal_set
from memstrata.extract.identity_en import (
    _NAME_WORD,
    _NOT_NAMES,
    _age_place,
    _contact,
    _details,
    _name,
    _retraction,
    _work,
)
from memstrata.extract.like_lists import LIST_ITEM, but_not, examples_of, more_likes
from memstrata.extract.preferences_en import (
    _avoided,
    _drink_how,
    _habit,
    _habit_fallback,
    _instruction,
    _like,
    _not_eat,
    _person_of,
    _use,
)
from memstrata.text.regex import lazy_regex

#: "I" and a verb of something done (the past of a deed, not of thinking, saying or feeling: "as I mentioned",
#: "because I thought", "since I was a kid" open no happening).
_TOLD_DONE = (r"(?:i|we)\s+(?:(?:just|already|finally|recently|actually|also|officially|successfully)\s+)*"
              r"(?:(?!(?:need|feed|bleed|breed|proceed|succeed|exceed|speed|seed|shed|wed|mentioned|noticed|realized|"
              r"realised|decided|wondered|guessed|assumed|figured|hoped|wished|expected|asked|suggested|explained|"
              r"shared|discussed|talked|learned|used|liked|loved|hated|enjoyed|preferred|believed|imagined|"
              r"considered|supposed|tried|planned|intended|needed|wanted|started|stopped|promised|agreed|"
              r"seemed|appeared|happened|mentioned|missed|worried|feared|lived|worked|struggled)\b)[a-z]+ed|"
              r"went|made|found|took|gave|left|flew|drove|ran|met|bought|sold|sent|spent|built|lost|paid|won|wrote|"
              r"broke|chose|got\s+(?:a|an|my|our|the|into|accepted|married|engaged|promoted|hired)\b)\b")
#: Feelings a happening is told as the cause of ("so relieved that I passed", "proud that we finished").
_FEELING_BEFORE_THAT = "|".join(
    f"(?<=\\b{w})" for w in ("happy", "glad", "proud", "relieved", "excited", "thrilled", "sad", "upset", "nervous",
                               "worried", "stressed", "annoyed", "grateful", "thankful", "surprised", "disappointed"))

_SPLIT = lazy_regex(
    # "My son and I are allergic to eggs": "and I are" joins two subjects, it starts no clause
    # "I used to use DHL but now I use FedEx": a time word may stand between the joint and the speaker
    rf"\s*(?:{CLAUSE_COMMA}|;)\s*|\s+(?:and|but|so)\s+"
    r"(?=(?:(?:now|nowadays|these\s+days|today|currently)\s*,?\s+)?"
    r"(?:i(?!\s+(?:are|were|both|all)\b)|i'm|i've|i'll|i'd|my|"
    r"don't|do not|never|please|"
    r"always|we|(?:(?:also|really|still|even|truly)\s+)+(?:like|love|enjoy|prefer)s?)\b)"
    r"|\s+and\s+(?=(?:ship|send|use|leave|put|drop|deliver)\b)"
    # "I like tea but not coffee": what is not liked is a clause of its own (``extract.like_lists.but_not``)
    r"|\s+(?=but\s+not\s+[a-z])"
    # "Tom loves jazz and hates cats": a dislike is no item of the like's list ("hates cats" was liked)
    r"|\s+(?:and|but)\s+(?=(?:(?:also|really|still|even|truly)\s+)*(?:hates?|dislikes?|loathes?|detests?|"
    r"can't\s+stand|cannot\s+stand)\b)"
    # "I love sushi and live in Tokyo", "I like hiking and work at Google": a statement verb of the speaker's
    r"|\s+and\s+(?=(?:also\s+|now\s+)?(?:live|work|study)\s+(?:in|at|near|for|as)\b)"
    # "I've been doing great - I won a tournament last week": a spaced dash before the speaker opens a clause
    r"|\s+[-–—]+\s+(?=(?:i|i'm|i've|i'll|i'd|we|my)\b)"
    # "My sister lives in Denver while I live in Austin", "I like tea and Sarah likes coffee": another subject
    # with a verb of its own opens a clause ("Denver while I live in Austin" was the sister's home)
    r"|\s+(?:while|whereas)\s+(?=(?:i|i'm|i've|we|my|he|she|they)\b)"
    r"|\s+(?:and|but|while|whereas)\s+(?=(?-i:[A-Z][a-z]+)\s+(?:(?:also|really|still)\s+)?"
    r"(?:likes|loves|lives|works|prefers|hates|enjoys|is|has|drives|studies|speaks)\b)"
    # "I'm allergic to peanuts and mildly allergic to cats": a second allergy with a degree of its own
    r"|\s+and\s+(?=(?:(?:also|too|very|really|so|[a-z]+ly)\s+)*allergic\s+to\b)"
    # "I'm nervous because I signed the lease on March 3", "which is weird because I registered for X on April 5",
    # "I'm so relieved that I passed my driving test": a happening told as the reason of a feeling or a remark is a
    # statement of its own (what the speaker did), read as if said alone
    rf"|\s+(?:because|now\s+that|as)\s+(?={_TOLD_DONE})"
    # "since" with its own time ("since I adjusted my schedule on June 7"); undated, it says when a state began
    # ("I've been happy since I moved here": no happening of note, ``events_en._told_in_passing``)
    rf"|\s+since\s+(?={_TOLD_DONE}[^,.;!?]*?(?:\d|\b(?:yesterday|last|ago|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|"
    r"oct|nov|dec)[a-z]*)\b))"
    rf"|(?:{_FEELING_BEFORE_THAT})\s+that\s+(?={_TOLD_DONE})",
    _IC,
)
_QUESTION = lazy_regex(
    r"^(?:do|does|did|are|is|was|were|can|could|would|will|should|shall|have|has|what|who|"
    r"whom|where|when|why|how|which|whose|am|may|isn't|aren't|don't you|doesn't)\b",
    _IC,
)
_POLITE = lazy_regex(r"^(?:can|could|would|will) you (?:please )?(?=remember|note|keep in mind)", _IC)
_HABIT = lazy_regex(
    r"^(?:from now on|going forward|in (?:the )?future|henceforth|from here on(?: out)?|"
    r"from today(?: on)?|(?P<weak>next time)|for all future orders)\b[\s,]*",
    _IC,
)


#: A clause that goes on about the speaker without saying "I" again, after one that stated something of theirs:
#: "I love romance novels, but also really like classic literature" (Chinese drops 我 the same way).
#: A bare "like" before a determiner or an amount is "such as" ("..., like the $35 I had for February"), no like.
_GOES_ON = lazy_regex(r"^(?!like\s+(?:(?:the|a|an|this|that|these|those|when|how|if|my|our|your|his|her|their)\b|"
                      r"[$€£¥\d]))(?:(?:also|really|still|even|truly)\s+)*(?:like|love|enjoy|prefer)s?\s+\w"
                      # "I love sushi and live in Tokyo": a second statement of the speaker's, its verb after "and"
                      r"|^(?:also\s+|now\s+)?(?:live|work|study|speak|drive|own)\s+(?:in|at|near|for|as|an?|the|[A-Z])",
                      _IC)
#: "again" closing a statement: the state it names holds once more, no part of its value.
_AGAIN = lazy_regex(r"\s+(?:once\s+)?again(?:\s+now)?$", _IC)


def _clauses(sentence: str) -> list[str]:
    parts = [p for p in _SPLIT.split(sentence) if p and p.strip()]
    return merge_time_clauses(parts)


def _is_question(clause: str) -> bool:
    return clause.rstrip().endswith("?") or bool(_QUESTION.match(clause))


def find(sentence: str, said_at: datetime) -> list[Finding]:
    """Findings in one English sentence said at ``said_at`` (timezone-aware UTC)."""
    ctx = _Ctx(sentence, said_at)
    if not sentence.rstrip().endswith("?") and (named := allergy_named_apart(sentence)) is not None:
        return named
    out: list[Finding] = []
    listing: list[Finding] = []  # the allergies of the clause before: "..., shellfish" names one more
    liked: list[Finding] = []  # the like of the clause before: "..., skiing" names one more
    kind: list[Finding] = []  # the like or dislike of the clause before, whose examples a clause may give
    for at, raw in enumerate(_clauses(sentence)):
        # "I love outdoor stuff, like hiking and kayaking": the kind's examples (a clause after another, never "Like I
        # said, ..." opening the sentence, whose "like" is no example)
        if at and (shown := examples_of(raw, kind[0] if kind else None)) is not None:
            out.extend(shown)
            continue
        kind = []
        if liked and (also := more_likes(raw, liked[0])):  # "I like skiing, running, and hiking"
            if liked[0].label:  # "My favorite foods are sushi, ramen and pizza": one set (shapes.set_value)
                items = shapes.set_items(liked[0].value, "en") + [f.value for f in also]
                merged = replace(liked[0], value=shapes.set_value(items, "en"))
                out[out.index(liked[0])], liked = merged, [merged]
            else:
                out.extend(also)
            continue
        if liked and (unliked := but_not(raw, liked[0])):  # "I like tea but not coffee"
            out.extend(unliked)
            liked = []
            continue
        liked = []
        if listing and (more := _more_allergies(raw, listing[0], ctx)) is not None:
            out.extend(more)
            listing += more
            continue
        if listing and (level := severity_remark(raw)):  # "..., it's severe", "..., I carry an EpiPen"
            out = [replace(f, severity=f.severity or severity(f.clause) or level) if f in listing else f for f in out]
        listing = []
        clause = _POLITE.sub("", without_opening(raw.strip(), "en"))
        if not clause or (_is_question(raw.strip()) and not _POLITE.match(raw.strip())):
            continue
        habit = _HABIT.match(clause)
        if habit:
            ctx.habit = ctx.habit or not habit.group("weak")
            clause = clause[habit.end() :]
        clause = clean_value(clause, "en", clause=True)
        if out and not out[-1].subject and _GOES_ON.match(clause):  # "I love hiking, and also really enjoy cooking"
            clause = f"I {clause}"
        if re.fullmatch(r"(?:please )?(?:remember|note|keep in mind)", clause, _IC):
            ctx.remember = True
            continue
        if clause:
            # "I'm vegetarian again", "I live in Berlin again": the state back, read as said plainly (the
            # habit rules below read the word: "I started drinking coffee again" withdraws the dislike)
            found = _denied_of_whom(match_clause(clause, ctx), clause, out)
            if _AGAIN.search(clause) and (not found or any(_AGAIN.search(f.value) for f in found)):
                found = match_clause(_AGAIN.sub("", clause), ctx) or found
            if not found and (pair := _AND_I.search(clause)):
                # "the gf and I are hitting the beach": what the user does with someone
                verb = {"are": "am", "were": "was"}.get(pair.group("verb").lower(), "")
                found = match_clause(re.sub(r"\s+", " ", f"i {verb} {clause[pair.end():]}"), ctx)
            out.extend(found)
            if not any(f.retract for f in found):  # "I'm no longer diabetic" withdraws that, no habit
                out.extend(habits.find_en(clause, ctx))  # "I don't drink coffee anymore": a coffee habit too
            listing = [f for f in found if f.key == "health.allergy" and not f.retract]
            liked = [f for f in found if f.key.endswith(".like") and not f.retract][-1:]
            kind = [f for f in found if f.key.endswith((".like", ".dislike")) and not f.retract][-1:]
    return out


def _denied_of_whom(found: list[Finding], clause: str, before: list[Finding]) -> list[Finding]:
    """``found`` with an allergy withdrawn by ", not peanuts" (``_allergy_contrast``) kept under whoever the allergy
    before it in the sentence (``before``) is of: "My son is allergic to tree nuts, not peanuts" withdraws the son's
    peanuts, never the user's; ``[]`` for that withdrawal when no allergy was read before it ("Mia is allergic to tree
    nuts, not peanuts": the sentence is Mia's, read by ``subject_en.someone_else``)."""
    if not found or not _ALLERGY_NOT.match(clause) or not all(f.key == "health.allergy" and f.retract for f in found):
        return found
    said = next((f for f in reversed(before) if f.key == "health.allergy" and not f.retract), None)
    return [] if said is None else [replace(f, subject=said.subject) for f in found]


#: "..., mildly allergic to cats" / "... and also allergic to cats" after an allergy: one more, its degree its own.
_ALLERGIC_TOO = lazy_regex(rf"^(?:and\s+)?(?P<c>{_ALLERGY_DEGREE}allergic\s+to\b.+)$", _IC)


def _more_allergies(raw: str, head: Finding, ctx: _Ctx) -> list[Finding] | None:
    """The allergies ``raw``, the clause after the allergy ``head``, adds to it: more items of its
    list ("..., shellfish", "..., sesame and shellfish"), as severe as ``head`` said, or one more
    allergy with its own degree ("..., mildly allergic to cats"); each of ``head``'s person. ``None``
    when ``raw`` is a clause of its own."""
    if (item := LIST_ITEM.match(raw.strip())) and all(list_item(part) for part in _split_list(item.group("v"))):
        level = head.severity or severity(head.clause)
        found = [f for part in _split_list(item.group("v")) for f in _f("health.allergy", part, CONF_PREFER, raw)]
        return [replace(f, subject=head.subject, severity=level) for f in found]
    if (again := _ALLERGIC_TOO.match(raw.strip())) is not None:
        return [replace(f, subject=head.subject) for f in _health_fav(f"I'm {again.group('c')}", ctx)] or None
    return None


def _opens_sentence(clause: str, ctx: _Ctx) -> bool:
    """Whether nothing but fillers and punctuation comes before ``clause`` in its sentence."""
    at = ctx.sentence.lower().find(clause.lower())
    before = ctx.sentence[: max(0, at)]
    return at >= 0 and not without_opening(re.sub(r"[\s,.!;:~\-]+", " ", before).strip(), "en").strip()


#: "The gf and I are hitting the beach next month", "She and I are going to a game": two subjects with
#: the user, read as the user's own (after ``_whose_health`` saw them whole: "My son and I are allergic"
#: is both's): "I am going to a game", "I am vegetarian" ("My wife and I are vegetarian").
_AND_I = lazy_regex(r"(?:^|[-—–:]\s*)(?:(?:the|my|our)\s+)?[\w'\-]+(?:\s+[\w'\-]+)?\s+and\s+i\s+"
                    r"(?P<verb>are|were|both|all)\b\s*(?:(?:both|all)\b\s*)?", _IC)


def match_clause(clause: str, ctx: _Ctx) -> list[Finding]:
    """Findings of the first pattern that matches ``clause``."""
    for pattern in _PATTERNS:
        found = pattern(clause, ctx)
        if found:  # after a bare "remember," / "记住，" the request makes it explicit
            return with_confidence(found, CONF_EXPLICIT) if ctx.remember else found
    if ctx.remember:
        return _note(clause, clause)
    if ctx.habit:  # "from now on I'll go grocery shopping on Sundays": the routine of other days withdrawn
        return rescheduled.moved_habit(_habit_fallback(clause, ctx), "en", ctx.sentence)
    return []  # "next time, I'll make sushi" is a passing plan, not a standing habit


# --- explicit memory requests ---------------------------------------------------------

_REMEMBER = lazy_regex(
    r"^(?:please )?(?:remember|note|keep in mind|don't forget|do not forget)\b[\s:,]*"
    r"(?:that\s+)?(?P<v>.+)$",
    _IC,
)


def _remember(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _REMEMBER.match(clause)
    if not m or m.group("v").lower().startswith("to "):
        return []  # "remember to buy milk" is a to-do for now, not a fact about the user
    inner = m.group("v")
    found = [f for p in _PATTERNS if p is not _remember for f in p(inner, ctx)][:3]
    # A remembered self-statement becomes its specific fact; anything else is a note.
    return with_confidence(found, CONF_EXPLICIT) if found else _note(inner, clause)


def _note(value: str, clause: str) -> list[Finding]:
    """A remembered statement, kept only if it is about the speaker (``guards.en_note_ok``)."""
    return _f("note", value, CONF_EXPLICIT, clause) if guards.en_note_ok(value) else []


# --- health, diet, favourites ---------------------------------------------------------

# "still"/"again"/"now" re-state an allergy ("I'm still allergic" stored nothing)
#: How bad an allergy is, said before the allergen or "allergy" ("a severe peanut allergy"): not the
#: allergen (``allergens.allergen`` cuts it from a value too).
_ALLERGY_ADJ = (r"(?:(?:very|really|pretty|quite|extremely|super|so)\s+)?(?:severe|serious|bad|mild|slight|minor|"
                r"major|life[- ]threatening|deadly|deathly|anaphylactic|terrible|awful|strong|diagnosed|confirmed)")
_I_HAVE = (r"(?:i\s+(?:also\s+|still\s+|actually\s+|do\s+)?have|i(?:'ve|\s+have)\s+(?:also\s+|still\s+)?got)"
           r"\s+(?!no\b|not\b|never\b|any\b)(?:an?\s+|some\s+)?")
#: "I'm allergic to peanuts"; "I have a (severe) peanut allergy", "I've got peanut allergies", "I have
#: a severe allergy to peanuts"; "I'm peanut allergic", "I'm tree-nut allergic" (unread, the last three
#: stored nothing, and "severe peanut" as the allergen); "My peanut allergy is severe".
_ALLERGY = lazy_regex(rf"^(?:i'm|i am)\s+{_ALLERGY_DEGREE}allergic\s+to\b\s*:?\s*(?P<v>.+)$"
                      rf"|^{_I_HAVE}(?P<w>.+?)\s+allerg(?:y|ies)$"
                      rf"|^{_I_HAVE}(?:{_ALLERGY_ADJ}\s+)*allerg(?:y|ies)\s+to\s*:?\s*(?P<x>.+)$"
                      rf"|^(?:i'm|i am)\s+{_ALLERGY_DEGREE}(?P<y>[a-z][\w]*(?:[\s-][a-z][\w]*)?)[\s-]allergic$"
                      rf"|^my\s+(?P<z>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+allerg(?:y|ies)\s+(?:is|are|'s|can be)\s+"
                      rf"{_ALLERGY_ADJ}$", _IC)
#: "Peanut allergy here", "severe nut allergy", "tree-nut allergic", "Peanut-allergic here": the
#: allergy said as a noun with no subject, the user's own only when it opens the sentence (as the
#: answer to "any allergies?"); nothing may follow but "here" and the like ("Peanut allergy is
#: serious" says what allergies are, "peanut allergy awareness" is something else).
#: A pronoun and its verb ("I am allergic", "I AM allergic" said to insist) name no allergen.
_ALLERGY_NOUN = lazy_regex(rf"^(?:{_ALLERGY_ADJ}\s+)*(?!(?:i|we|you|he|she|they)\s+(?:am|are|is|was|were)\b)"
                           r"(?P<v>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)[\s-]+allerg(?:y|ies|ic)"
                           r"(?:\s+(?:here|over here|for me|myself|too|as well|btw|fyi))?$", _IC)
#: Words before "allergy"/"allergic" that name no allergen: the person or the kind of allergy
#: ("seasonal allergies", "food allergy", "my allergy"), a degree ("so allergic", "not allergic"), a number ("I have
#: lots of allergies" stored the allergen "lots of").
#: What follows a form's label when it asks rather than answers ("Allergies: Please let us know ...").
_FORM_PROSE = lazy_regex(r"(?:please|if|let|any|we|you|i|do|does|are|is|what|which|how|none|n/a|tbd)\b", _IC)
_NOT_ALLERGEN = lazy_regex(
    r"^(?:not|no|never|also|too|so|very|super|extra|quite|pretty|still|again|now|definitely|indeed|crazy|kinda|"
    r"really|actually|[a-z]+ly|food|foods|seasonal|skin|drug|drugs|medication|medicine|environmental|spring|"
    r"summer|fall|autumn|winter|some|many|multiple|several|any|all|bad|my|your|his|her|their|our|its|the|a|an|"
    r"this|that|these|those|kids?|child|children|people|everyone|someone|anyone|nobody|common|rare|new|"
    r"allergy|allergic|immune|severe|mild|lots?|tons|loads|plenty|few|couple|of)$", _IC)
#: "Allergic to: peanuts, shellfish", "Allergies: peanuts": a form-like line with no subject, the
#: user's own only when it opens the sentence.
_ALLERGY_BARE = lazy_regex(rf"^{_ALLERGY_DEGREE}(?:allergic\s+to\b\s*:?|(?:my\s+)?(?:food\s+)?allerg(?:y|ies)\s*:)"
                           r"\s*(?P<v>.+)$", _IC)
_DIET = lazy_regex(r"^(?:i'm|i am)\s+(?:an?\s+)?(?:strict\s+)?(?P<v>vegetarian|vegan|pescatarian)$"
                   r"|^i (?:only )?eat (?P<w>halal|kosher)(?: food)?$", _IC)
_FAVORITE = lazy_regex(r"^my (?:all-time |absolute |very )?favou?rite\s+(?P<cat>[\w\- ]+?)\s+"
                       r"(?:is|are|has to be|would be|'s)\s+(?P<v>.+)$", _IC)
#: A plural label: a favourite of several ("my favorite books are …") is one set.
_PLURAL = lazy_regex(r"[^s]s$")
_FAV_KEYS: tuple[tuple[str, str], ...] = (
    (r"programming language|coding language", "tool.language"),
    (r"editor|ide", "tool.editor"),
    (r"food|dish|meal|snack|cuisine|fruit|dessert|restaurant", "food.like"),
    (r"drink|beverage|coffee|tea|cocktail|beer|wine", "drink.like"),
    (r"band|singer|song|artist|musician|album|genre|music|composer|rapper", "music.like"),
    (r"sport|team|exercise|workout", "sport.like"),
    (r"hobby|pastime|activity", "hobby.like"),
    (r"movie|film|show|tv show|series|book|novel|author|writer|anime|game", "media.like"),
    (r"language", "language.spoken"),
)


#: A kind said before what it is a kind of ("kind of music", "type of food", "genre of film"): the favourite is
#: keyed by what follows "of".
_KIND_OF = lazy_regex(r"^(?:kind|kinds|type|types|sort|sorts|style|styles|genre|genres|form|forms)\s+of\s+(?=\w)", _IC)


#: "I'm not allergic to peanuts, it's shellfish": the clause after a withdrawn allergy names the real one.
_ALLERGY_WITHDRAWN = lazy_regex(r"\b(?:i'm|i am)\s+(?:not|not actually|no longer)\s+allergic\s+to\b", _IC)
#: "..., it's Max who is" names who is allergic, no allergen (``extract.deflected``).
_ALLERGY_INSTEAD = lazy_regex(r"^(?:it's|it is|it was)\s+(?:actually\s+|really\s+)?(?!.*\bwho\b)(?P<v>.+?)"
                              r"(?:\s+instead)?$", _IC)


#: "It's shellfish I'm allergic to": a cleft puts the allergy in contrast with one said before.
#: Unread, "Actually, it's shellfish I'm allergic to, not peanuts" recorded nothing.
_ALLERGY_CLEFT = lazy_regex(r"^(?:it's|it is|it was)\s+(?:actually\s+|really\s+)?(?P<v>.+?)\s+(?:that\s+)?"
                            r"(?:i'm|i am)\s+(?:actually\s+|really\s+)?allergic\s+to$", _IC)
#: "..., not peanuts" after an allergy in the same sentence: the allergy it replaces.
_ALLERGY_NOT = lazy_regex(r"^(?:and\s+|but\s+)?not\s+(?:to\s+)?(?P<v>.+)$", _IC)
_ALLERGY_SAID = lazy_regex(r"\ballergic\s+to\b|\ballergy\b", _IC)


#: A reply opening with a correction: "No, ...", "Sorry, I meant ...", "Correction: ...".
_CORRECTING_REPLY = lazy_regex(r"^\W*(?:no|nope|sorry|correction|i mean|i meant|my mistake|my bad|scratch that|"
                               r"wait)\b", _IC)


def _allergy_contrast(clause: str, ctx: _Ctx) -> list[Finding]:
    """A contrasted allergy: the cleft ("it's shellfish I'm allergic to") and the value it
    replaces (", not peanuts"). With the old value named, that value is withdrawn; without,
    the cleft ``corrects``: it replaces the allergy said last (``extract.base.FactCandidate``)."""
    before = ctx.sentence[: max(0, ctx.sentence.find(clause))]
    m = _ALLERGY_NOT.match(clause)
    if m and _ALLERGY_SAID.search(before):
        return [replace(f, retract=True) for part in _split_list(m.group("v"))
                for f in _f("health.allergy", part, CONF_STATED, clause)]
    m = _ALLERGY_CLEFT.match(clause)
    if m is None:
        return []
    after = ctx.sentence[ctx.sentence.find(clause) + len(clause):]
    named_old = re.match(r"^[\s,;]+(?:and\s+|but\s+)?not\b", after, _IC) is not None
    return [replace(f, corrects=not named_old) for part in _split_list(m.group("v"))
            for f in _f("health.allergy", part, CONF_PREFER, clause)]


def _health_fav(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _ALLERGY_INSTEAD.match(clause)
    if m and _ALLERGY_WITHDRAWN.search(ctx.sentence[: max(0, ctx.sentence.find(clause))]):
        return [f for part in _split_list(m.group("v")) for f in _f("health.allergy", part, CONF_PREFER, clause)]
    m = _ALLERGY.match(clause) or (_ALLERGY_BARE.match(clause) if _opens_sentence(clause, ctx) else None)
    if m is None and _opens_sentence(clause, ctx):
        m = _ALLERGY_NOUN.match(clause)
    if m:
        things = next((g for g in m.groups() if g), "")
        if m.re.pattern == _ALLERGY_BARE.pattern and _FORM_PROSE.match(things):
            return []  # "Allergies: Please let us know if there are any ...": a form's question, not its answer
        if m.re.pattern != _ALLERGY_BARE.pattern and (m.re.pattern == _ALLERGY_NOUN.pattern or not m.group("v")):
            # an allergen said as a modifier ("peanut allergy", "tree-nut allergic"): one of at most
            # two words, no person, kind or degree ("seasonal allergies", "so allergic")
            if m.re.pattern == _ALLERGY_NOUN.pattern and re.search(r"\b(?:and|or)\b|&", things, _IC):
                return []  # "Supervision and Allergies": a heading of two subjects, no allergen
            things = allergen(things).replace("-", " ")
            if not things or "'" in things or any(_NOT_ALLERGEN.match(w) for w in things.split()):
                return []
            things = allergen_as_object(things)
        # "No, I'm allergic to shellfish" / "Sorry, I meant ...": a reply that corrects the allergy said
        # before (one more is "also"/"too"); "Actually, ..." alone is as often "by the way"
        corrects = (bool(_CORRECTING_REPLY.match(ctx.sentence))
                    and not re.search(r"\b(?:also|too|as well)\b", clause, _IC)
                    and not re.search(r",\s*(?:and\s+|but\s+)?not\b", ctx.sentence, _IC))
        return [replace(f, corrects=corrects) for part in _split_list(things) for f in
                _f("health.allergy", part, CONF_PREFER, clause)]
    m = _DIET.match(clause)
    if m:
        return _f("food.diet", (m.group("v") or m.group("w")).lower(), CONF_STATED, clause)
    m = _FAVORITE.match(clause)
    if m:
        cat, value = m.group("cat").lower(), m.group("v")
        if (named := pro_forms.resolved(cat, value)) is None:
            return []  # "my favorite bakery is that one": the thing is named elsewhere
        said = "" if named == value else f"favorite {cat} is {third_person(value.strip().rstrip('.!'))}"
        value = third_person(named)  # "my favorite coffee shop is the one on Wulumuqi Road": the coffee shop on it
        if guards.en_points_away(value):
            return []  # "my favorite is this amazing tart": the thing is on screen, not named
        kind = _KIND_OF.sub("", cat)  # "my favorite kind of music": music's
        key = next((k for pat, k in _FAV_KEYS if re.fullmatch(rf"(?:{pat})s?", kind)), "preference.like")
        hit = gazetteer.lookup(value)
        if hit is not None and hit.named and hit.key == key:
            value = hit.value  # canonical spelling ("vs code" → "VSCode")
        elif _PLURAL.search(cat) or re.search(r"\bare\b", clause[: m.start("v")], _IC):
            value = shapes.set_value(shapes.set_items(value, "en"), "en")  # "my favorite books are Dune and Emma"
        if said:  # "favorite coffee shop is the one on Wulumuqi Road", as said
            return [replace(f, statement=said) for f in _f(key, value, CONF_STATED, clause, label=cat)]
        return _f(key, value, CONF_STATED, clause, label=cat)
    return []


# --- family and pets ------------------------------------------------------------------

_RELATIVES = (r"wife|husband|partner|spouse|son|daughter|sister|brother|mom|mum|mother|dad|"
              r"father|boyfriend|girlfriend|fianc[eé]e?|grandma|grandmother|grandpa|"
              r"grandfather|kid|child|baby|twin|cousin|aunt|uncle|niece|nephew")
_ANIMALS = kin.ANIMALS_EN
_COUNT = r"a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+"
_HAVE = lazy_regex(rf"^(?:i|we)\s+(?:only\s+|now\s+)?(?:have|'ve got|have got|own|got|adopted)\s+(?P<n>{_COUNT})\s+"
                   rf"(?P<what>(?:[\w\-]+\s+){{0,2}}?(?P<noun>(?:{_RELATIVES}|{_ANIMALS}|children)"
                   rf"(?:s|es|ren)?))(?:\s+(?:named|called)\s+(?P<name>{_NAME_WORD}))?$", _IC)
# Case-blind but for the name, which must be capitalised: a sentence-initial "My daughter's name is
# Emma" was missed while the pattern was case-sensitive whole. "Our cat is called Mimi" names the household's, as
# "We have a cat named Mimi" does.
_MY_X_IS = lazy_regex(rf"^(?i:(?:my|our|our family's) (?P<what>(?:[\w\-]+\s+)?(?P<noun>{_RELATIVES}|{_ANIMALS}))"
                      rf"(?:'s name is|’s name is| is named| is called| is))\s+(?P<name>[A-Z][A-Za-z'\-]*)$")
#: "My husband is American", "My mom is Catholic": a capitalised word after a bare "is" that is no name.
_NOT_RELATIVE_NAMES = _NOT_NAMES | frozenset(("catholic", "christian", "muslim", "jewish", "buddhist", "hindu",
                                               "asian", "african", "european", "latino", "latina"))


def _family_pet(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _HAVE.match(clause) or _MY_X_IS.match(clause)
    if not m or (m.re.pattern == _MY_X_IS.pattern and m.group("name").lower() in _NOT_RELATIVE_NAMES):
        return []
    noun = m.group("noun").lower()
    key = "pet" if re.fullmatch(rf"(?:{_ANIMALS})(?:s|es)?", noun) else "family.member"
    groups = m.groupdict()
    count = (groups.get("n") or "a").lower()
    what = m.group("what")
    n = None if count in ("a", "an") or (count == "one" and key != "pet") else counts.number(count)  # "one cat": 1
    value = what if n is None else f"{n} {what}"
    if m.group("name"):
        value = f"{value} named {m.group('name')}"
    elif n is not None:  # "I have 3 kids": a count, which a later count of kids replaces (extract.counts)
        return _f(key, value, CONF_STATED, clause, statement=counts.statement_en(n, what))
    return _f(key, value, CONF_STATED, clause)


# --- whose health: a relative's or a pet's, the user's within a group, a reported one ----

_KIN = rf"(?:{_RELATIVES}|{_ANIMALS}|children)"
_KIN_ADJ = r"(?:(?:little|older|younger|big|baby|elder|eldest|oldest|youngest|twin|two|three|step|new)\s+)?"
#: Relatives a family names without "my", as a name ("Mom is allergic to peanuts": else stored nothing).
_PARENTS = r"(?:mom|mum|mother|dad|father|grandma|grandmother|grandpa|grandfather)"
_ADDRESSED = rf"{_PARENTS}\b(?!\s+and\s+i\b)"
#: "My son is allergic to eggs", "My mom's allergic to peanuts", "Both my kids are allergic to nuts",
#: "My dog isn't allergic to chicken anymore", "My husband has asthma", "Mom is allergic to peanuts":
#: a relative's or a pet's.
_KIN_SAYS = lazy_regex(rf"^(?:(?:both\s+(?:of\s+)?|all\s+(?:of\s+)?)?my\s+{_KIN_ADJ}|(?={_ADDRESSED}))"
                       rf"(?P<rel>{_KIN}(?:s|es|ren)?)"
                       r"\s*(?P<verb>'s|is|are|'re|has|have|isn't|is not|aren't|are not|doesn't|does not|don't|"
                       r"do not|was|were|used to be)\s+(?P<rest>.+)$", _IC)
#: "My mom says she's allergic to peanuts": the relative's own words about themselves, reported.
_KIN_REPORTS = lazy_regex(rf"^my\s+{_KIN_ADJ}(?P<rel>{_KIN}(?:s|es|ren)?)\s+(?:says|said|told me)(?:\s+that)?\s+"
                          r"(?:she|he|they)\s*(?P<verb>'s|is|are|'re|has|have|isn't|is not|aren't|are not|doesn't|"
                          r"does not|don't|do not|was|were|used to be)\s+(?P<rest>.+)$", _IC)
#: "My son and I are allergic to eggs", "I and my wife are both allergic", "We're allergic to shellfish",
#: "Both of us are allergic to cats": the user is one of them.
_WITH_ME = lazy_regex(rf"^(?:(?:both\s+)?my\s+{_KIN_ADJ}(?P<rel>{_RELATIVES})\s+and\s+i|i\s+and\s+my\s+{_KIN_ADJ}"
                      rf"(?P<rel2>{_RELATIVES})|(?P<rel3>{_PARENTS})\s+and\s+i|we|both of us|all of us|"
                      r"the two of us|my \w+ and me)"
                      r"\s*(?:are|'re)\s+(?:both\s+|all\s+)?(?P<rest>.+)$", _IC)
#: "The doctor says I'm allergic to peanuts", "I told the waiter I'm allergic to peanuts", "I found out
#: I'm allergic to cats": a report of the user's own health. Never a quote (She said "I'm allergic"):
#: the reported clause opens with the user's own "I" right after the frame.
_REPORTED = lazy_regex(
    r"^(?:(?:(?:(?:the|my|our|his|her)\s+)?(?:\w+\s+){0,2}?(?:doctor|doctors|allergist|pediatrician|paediatrician|gp|nurse|"
    r"dermatologist|physician|test|tests|results|test results|blood test|allergy test)|doctors|he|she|they)"
    r"\s+(?:says|said|told me|has told me|have told me|confirmed|confirms|shows|showed|found)"
    r"|^i\s+(?:just\s+|recently\s+|finally\s+|already\s+|always\s+)?(?:told|tell|informed|warned|reminded|"
    r"found out|learned|learnt|discovered|realized|realised|was told|got told|have told|had told)"
    r"(?:\s+(?:the|my|our|a|an|their|his|her|him|them|you|everyone|everybody|people)\b)?(?:\s+\w+){0,2}?"
    # "Turns out I'm allergic to shellfish after all"
    r"|^(?:it\s+)?turn(?:s|ed)\s+out)"
    r"\s+(?:that\s+)?(?P<rest>(?:i'm|i am|i have|i've|i was)\s+.+)$",
    _IC)
_AS_MINE = {"'s": "i'm", "is": "i'm", "are": "i'm", "'re": "i'm", "has": "i have", "have": "i have",
            "isn't": "i'm not", "is not": "i'm not", "aren't": "i'm not", "are not": "i'm not",
            "doesn't": "i don't", "does not": "i don't", "don't": "i don't", "do not": "i don't",
            "was": "i was", "were": "i was", "used to be": "i used to be"}


def _health_of(clause: str, ctx: _Ctx) -> list[Finding]:
    """Allergies and conditions (stated or withdrawn) of a first-person ``clause``."""
    for pattern in (_retraction, conditions.find_en, _health_fav):
        found = [f for f in pattern(clause, ctx) if f.key.startswith("health.")]
        if found:
            return found
    return []


def _whose_health(clause: str, ctx: _Ctx) -> list[Finding]:
    """Health said of someone: a relative's or a pet's (``subject`` the relation word, never the
    user's: unread, "My son is allergic to eggs" was dropped, and in Chinese stored as
    the user's), the user's within a group ("My son and I are allergic to eggs": both), or a
    report of the user's own ("The doctor says I'm allergic to peanuts")."""
    m = _KIN_SAYS.match(clause) or _KIN_REPORTS.match(clause)
    if m:
        rel = kin.subject(kin.aged_sibling(clause[:m.end("rel")]) or m.group("rel"))  # "my older sister": hers
        found = _health_of(f"{_AS_MINE[m.group('verb').lower()]} {m.group('rest')}", ctx)
        return [replace(f, subject=rel) for f in found]
    m = _WITH_ME.match(clause)
    if m:
        found = _health_of(f"i'm {m.group('rest')}", ctx)
        rel = kin.subject(m.group("rel") or m.group("rel2") or m.group("rel3") or "")
        return found + ([replace(f, subject=rel) for f in found] if rel else [])
    m = _REPORTED.match(clause)
    return _health_of(m.group("rest"), ctx) if m else []


# Health conditions and standing instructions to the assistant live in modules of their own
# (``extract.conditions``, ``extract.directives``); instructions come before "never ..." is read as a habit.
# Identity, contact and retractions are in ``identity_en``, instructions, habits and likes in
# ``preferences_en``, dated events in ``events_en``.
_PATTERNS: tuple[_Pattern, ...] = (
    _remember, _whose_health, _allergy_contrast, _retraction, goal_set, conditions.find_en, temperament.find_en,
    bodily.find_en, fears.find_en, abilities.find_en,
    arrangements.find_en, diets.regimen_en, diets.eats_all_en, medication.find_en, vehicles.sold_en, vehicles.find_en,
    _name, _health_fav, _age_place, _work,
    _details, _family_pet, changed_to.set_en, routines.find_en, directives.replies_en, _contact, _instruction,
    _not_eat, _avoided,
    _drink_how, _habit, habits.frequency_en, _like, _person_of, _use, _event,
)
