"""A subject carried past its clause: predicates that share one subject, and "he" / "she" for a person just named.

"My sister lives in Seattle and works as a dentist" states two things of the sister; the second predicate has
no subject of its own, and read as one sentence only the first was kept under her (the occupation was lost).
"Tom is my neighbor; he is a firefighter", "My sister lives in Seattle, and she works as a dentist",
老王是我的邻居，他是消防员 and 我姐姐住在上海，她是一名医生 say the second thing with a pronoun. Each such
clause is made a sentence of its own with the subject said again ("My sister works as a dentist", 老王是消防员),
which the shapes then read as they read any sentence about that person (``extract.subject_en.someone_else``,
``extract.subject_zh.someone_else``), never as the user's.

Whom a pronoun names: the third person named last in the message, only when exactly one person named so far
could be meant (a "she" is no brother, a 她 no 哥哥; a name may be either) and never the user. Anyone named
in a clause counts ("I had lunch with Tom and Anna. She …" names two: nothing is carried). A message that
names nobody leaves its pronouns alone ("He said hi.", "She is tired today." state nothing).

A predicate joined by "and" without a pronoun ("… and works as a dentist", "… and got a job at Boeing") is cut
only when its verb agrees with the subject and reading the two sentences finds everything the whole did and
more (``extract.rules``): the cut adds what the first reading lost and changes nothing it read.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from memstrata.extract import apposed, gapped, kin, roles, subject_en, subject_zh
from memstrata.extract.clauses import Finding
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE

#: Subject words of people who are a "she" / 她 or a "he" / 他 (``kin.subject``'s words); a name or a role may be
#: either.
_FEMALE = frozenset({"mom", "sister", "older sister", "younger sister",
                     "wife", "daughter", "grandma", "aunt", "niece", "girlfriend", "fiancee",
                     "fiancée", "mother-in-law", "sister-in-law", "daughter-in-law", "stepmom", "stepsister",
                     "stepdaughter", "granddaughter", "older daughter", "younger daughter"})
_MALE = frozenset({"dad", "brother", "older brother", "younger brother",
                   "husband", "son", "grandpa", "uncle", "nephew", "boyfriend", "fiance", "fiancé",
                   "father-in-law", "brother-in-law", "son-in-law", "stepdad", "stepbrother", "stepson", "grandson",
                   "older son", "younger son"})
_GENDER = {"she": _MALE, "he": _FEMALE, "她": _MALE, "他": _FEMALE}  # the pronoun and who it cannot be

#: Verbs a statement about someone opens with, in the third person or the past ("works", "is", "got"):
#: ``subject_en._SOMEONE_VERB``'s, without the adverbs it allows before them.
_VERB_3 = (r"(?:is|was|has|had|lives|lived|works|worked|moved|switched|transferred|joined|left|prefers|preferred|likes|"
           r"loves|hates|dislikes|uses|drinks|eats|started|got|goes|plays|studies|teaches|wants|needs|changed|"
           r"returned|owns|speaks|enjoys|runs|can't|cannot|doesn't|does)")
#: The same statements said by relatives in the plural: the plain verb or the past.
_VERB_I = (r"(?:am|was|have|had|live|lived|work|worked|moved|switched|transferred|joined|prefer|preferred|like|love|"
           r"hate|dislike|use|drink|eat|started|got|go|play|study|teach|want|need|changed|returned|own|speak|enjoy|"
           r"run)")
#: The verbs a second predicate of "I" opens with that are no noun as well: "the self-acceptance and love theme",
#: "experience to learn something new and work as a team" join no statement of the user's.
_VERB_ME = (r"(?:moved|got|started|joined|switched|transferred|changed|returned|lived|worked|live\s+in|"
            r"work\s+(?:as|at|for)|(?:love|like|enjoy|hate)\s+[a-z]+ing\b"  # "... and love hiking": a pastime
            # "... and use Obsidian for notes", "... and keep notes in Obsidian": a named thing used
            r"|use\s+(?-i:[A-Z])\w*|(?:write|keep|take|do|track|store)\s+(?:(?:all|most)\s+(?:of\s+)?)?"
            r"(?:(?:my|our)\s+)?[a-z]+\s+(?:in|on|using)\s+(?-i:[A-Z])\w*)")
#: Verbs of liking a second predicate set against the first opens with ("… but hate cats", "… but love dogs").
_FEEL_ME = r"(?:hate|dislike|detest|can't\s+stand|don't\s+like|love|like|enjoy|prefer)\s+(?!it\b|that\b|this\b)"
_ADVERBS = r"(?:(?:also|now|still|just|recently|always|usually|often|never)\s+)*"
#: Where a clause may end: a semicolon, a comma, "and" / "but" / "so", or a full stop inside a segment (a short
#: sentence is read with the next: "My son is 5. He goes to Lincoln Elementary", ``text.segment``).
_EN_BREAK = r"(?:\s*;\s*|\s*,\s*(?:(?:and|but|so|while|whereas)\s+)?|\s+(?:and|but|so|while|whereas)\s+|(?<=[.!])\s+)"
#: A clause opening with "he" or "she" after a break ("Tom is my neighbor; he is a firefighter"), or with another
#: relative of the user's ("My sister lives in Ohio and my brother lives in Denver": the second is the brother's).
#: A relative with a bare auxiliary closing the sentence ("I'm not allergic to peanuts, my son is") says the clause
#: before again of them: one sentence (``extract.deflected``).
_EN_PRONOUN = lazy_regex(rf"{_EN_BREAK}(?=(?:he|she)(?:'s\b|\s+{_ADVERBS}{_VERB_3}\b)"
                         # "… and our daughter Mia is six": a relative said with "our" and with a name too
                         rf"|(?:my|our)\s+(?:{subject_en._RELATION})(?:\s+(?-i:[A-Z][a-z]+))?\s+{_ADVERBS}{_VERB_3}\b"
                         r"(?![\s.!]*$)"
                         # "my dentist is Dr. Alvarez and my landlord's name is Gary": a second possessive copula
                         # with a name or a number ("… and my progress is slow", "my heart is pounding": no cut)
                         r"|my\s+(?:[a-z-]+\s+){0,2}?[a-z-]+(?:'s\s+[a-z-]+)?\s+is\s+(?-i:[A-Z0-9$£€+]))", _IC)
_EN_OPENS = lazy_regex(r"^(?P<p>he|she)(?:(?P<s>'s)\b|\s+)(?P<rest>.*)$", _IC)
#: A second predicate joined to the first by "and": "… and works as a dentist", "… and got a job at Boeing".
_EN_AND_3 = lazy_regex(rf",?\s+and\s+(?={_ADVERBS}{_VERB_3}\b)", _IC)
_EN_AND_I = lazy_regex(rf",?\s+and\s+(?={_ADVERBS}{_VERB_I}\b)", _IC)
#: For the user a comma joins the second predicate too: "I stopped using Notion, switched to Obsidian".
_EN_AND_ME = lazy_regex(rf"(?:,?\s+and\s+|\s*,\s*)(?={_ADVERBS}{_VERB_ME}\b)", _IC)
#: A second predicate of "I" set against the first by "but": "I'm from Berlin but live in Munich", "I love dogs but
#: hate cats", or by "and" with a verb of disliking ("I love dogs and hate cats"). A feeling after it is no statement
#: ("I'm tired but happy": no verb).
_EN_BUT_ME = lazy_regex(rf",?\s+(?:but\s+(?={_ADVERBS}(?:{_VERB_ME}|{_FEEL_ME}))"
                        rf"|and\s+(?={_ADVERBS}(?:hate|dislike|detest|can't\s+stand|don't\s+like)\s+(?!it\b|that\b)))",
                        _IC)
#: 我是北京人，但住在上海, 我喜欢狗但讨厌猫, 我喜欢狗，但是我讨厌猫: the user's second statement set against the first
#: (不但 is "not only", no contrast).
_ZH_BUT_ME = lazy_regex(r"[，,]?\s*(?<!不)(?:但是|但|可是|不过)[，,]?\s*我?(?!们|的)")
#: Someone named inside a clause: "my sister" anywhere, a capitalised name after a word that puts a person there
#: ("with Tom", "Anna and I", "met Sarah"); a place ("in Seattle") is no person.
_EN_MENTION = lazy_regex(rf"(?i:\b(?:my|i\s+have\s+an?)\s+(?P<rel>{subject_en._RELATION}|{subject_en._PET}))\b|"
                         r"(?:\b(?:with|and|met|told|asked|called|saw|visited|like|love)\s+|^)(?P<name>[A-Z][a-z]+)\b"
                         r"(?=\s+(?:and|is|was|has|had|[a-z]+s|[a-z]+ed)\b|\s*[,.;!]|$)")

#: A clause of the user's after one about someone else: "My sister lives in Ohio, and I live in Denver".
_EN_SELF = lazy_regex(rf"{_EN_BREAK}(?=(?:i\s+{_ADVERBS}{_VERB_I}|i'm|i am|i've)\b)", _IC)
#: A comma, or a contrast opening on another subject without one (汤姆住在波士顿而我住在奥斯汀).
_ZH_CLAUSE = lazy_regex(r"\s*[，,；;]\s*|(?<=[\u4e00-\u9fff])(?:而|但是|但|可是|不过)(?=[我他她])")
#: A Chinese clause opening with a relative of the user's (我姐姐…, 我的同事…), or with the user (我住在北京).
_ZH_RELATIVE = lazy_regex(rf"^(?:我们?的?(?:{subject_zh.RELATION})|(?:{subject_zh.BARE_KIN}))")
_ZH_SELF = lazy_regex(rf"^我(?!们|的|{subject_zh.RELATION})")
#: A Chinese clause opening with 他 or 她 (not 他们, 她们) after a comma or a semicolon.
_ZH_PRONOUN = lazy_regex(r"(?:[，,；;]|(?<=[。！]))\s*(?=[他她](?![们們]))")
#: A Chinese clause, then an English one opening with "he" / "she" ("我妈妈下周来, she's allergic to shellfish").
_ZH_THEN_EN_PRONOUN = lazy_regex(r"(?<=[\u4e00-\u9fff])\s*[，,；;.。]\s*(?=(?:he|she)(?:'s\b|\s+[a-z]))", _IC)
_ZH_OPENS = lazy_regex(r"^(?P<p>[他她])(?![们們])(?P<rest>.+)$")
#: A copula just before a relation: the relation names the subject, no other person.
_COPULA = lazy_regex(r"(?:\b(?:is|was|as)\s+|是)$", _IC)
_ZH_MENTION = lazy_regex(rf"(?:我的?|我有一?个)(?P<rel>{subject_zh.RELATION})|"
                         rf"(?:和|跟|与|同)(?P<name>{subject_zh.NAME})(?=[，,。和说都一])")

#: A relation then the name it goes by ("a friend named Tom", "a coworker called Priya", 朋友叫小李, 同事叫王芳): who is
#: named is that person, said as "my friend Tom" / 我朋友小李, as the readings of a named person take them.
_EN_CALLED = lazy_regex(r"\s*,?\s+(?:named|called)\s+(?P<name>[A-Z][a-z]+)\b(?!\s+[A-Z])")
_ZH_CALLED = lazy_regex(rf"[，,]?(?:叫做|叫|名叫)(?P<name>{subject_zh.NAME})(?![\u4e00-\u9fff]{{0,1}}(?:的|我))")


@dataclass
class Scope:
    """The people named so far in one message, in the order named, each with the words naming them."""

    named: dict[str, str] = field(default_factory=dict)  # subject word → words that name them
    #: Whether anyone was named before the clause read last: a clause with no subject of its own may be theirs
    #: ("My sister had a rough year. Moved to Ohio."), while a name inside it is its object ("have two cats, Miso and
    #: Tofu").
    named_before: bool = False

    def read(self, sentence: str, said_at: datetime, find: Callable[[str, datetime], list[tuple[Finding, str]]],
             ) -> list[str]:
        """``sentence`` as the sentences it states with their subject carried: a clause opening with "he" / "she"
        (他 / 她) said of the one person the message named, and a predicate joined by "and" said with its subject
        ("My sister lives in Seattle and works as a dentist" → "… My sister works as a dentist"), the latter only
        when ``find`` (``extract.rules._find``) reads in the pieces everything it reads in the whole and more."""
        self.named_before = bool(self.named)
        if (cut := apposed.split(sentence)) is not None:
            # "My sister, who lives in Lisbon, is a nurse": what the sentence says without the clause between commas,
            # and each thing the clause says of the sister, as sentences of their own; the whole as said in place of
            # the first when it read something they do not ("My mom, Wendy, who's 73, told me ...": the mom Wendy)
            rest, said = cut
            each = set().union(*(_facts(s, said_at, find) for s in (rest, *said)))
            # a fact of the whole is read by the pieces too when they hold it said more fully ("brother" in "brother
            # named Sam")
            if not all(any(f[0] == g[0] and f[2] == g[2] and f[3] == g[3] and f[1] in g[1] for g in each)
                       for f in _facts(sentence, said_at, find)):
                rest = sentence
            return [q for s in (rest, *said) for q in self._read(s, said_at, find)]
        return self._read(sentence, said_at, find)

    def _read(self, sentence: str, said_at: datetime, find: Callable[[str, datetime], list[tuple[Finding, str]]],
              ) -> list[str]:
        """``read`` of a sentence with no clause between commas said of its subject (``extract.apposed``)."""
        if not self.named and (mine := subject_zh.own_clause(sentence)) is not None \
                and _gains(_facts(sentence, said_at, find), _facts(mine, said_at, find)):
            # 上个月搬到杭州了 with no one else named: the user's own change, when read so it finds all it found as
            # said and more (不喝燕麦奶了，还是喝牛奶吧 is a withdrawal with a restoration, read by its own shape)
            sentence = mine
        if not self.named and (later := _own_later_zh(sentence)) is not None:
            # 周末去游泳，不跑步了: the user's own change said after a comma with no subject, in a piece of its own
            return self._kept(sentence, *later, said_at, find)
        pieces, check = self.pieces(sentence)
        if not check:
            # "My wife is a nurse and works night shifts so I'm usually …": the user's clause is cut off, and the
            # predicate joined by "and" in the piece before it is cut as in a sentence of its own
            return pieces if len(pieces) < 2 else [q for p in pieces for q in self._checked(p, said_at, find)]
        return self._kept(sentence, pieces, check, said_at, find)

    def _checked(self, piece: str, said_at: datetime, find: Callable[[str, datetime], list[tuple[Finding, str]]],
                 ) -> list[str]:
        """``piece`` (one of several a sentence was cut in) cut before a second predicate joined by "and" or "but"
        under ``read``'s check, else ``[piece]``."""
        zh = bool(re.search(r"[\u4e00-\u9fff]", piece)) and not re.match(r"[A-Za-z]", piece.strip())
        joined = (_contrast_zh(piece) or _subjectless_zh(piece)) if zh else self._joined(piece)
        return [piece] if joined is None else self._kept(piece, *joined, said_at, find)

    @staticmethod
    def _kept(sentence: str, pieces: list[str], check: str, said_at: datetime,
              find: Callable[[str, datetime], list[tuple[Finding, str]]]) -> list[str]:
        """``pieces`` when reading them finds what ``sentence`` whole does and more (``check`` "and") or each states
        something (``check`` "but"), else ``[sentence]``."""
        # a value holding a later piece's predicate is the whole read wrong ("I stopped using Notion and switched to
        # Obsidian" ended 'Notion and switched to Obsidian'): the cut drops it, as it drops a contrast's
        whole = {f for f in _facts(sentence, said_at, find) if not _swallowed(f[1], pieces)}
        each = [_facts(p, said_at, find) for p in pieces]
        # every piece a statement: "I really feel relaxed and enjoy being in nature" is no two facts; a contrast
        # read whole took the second statement into the first's value (喜欢 狗但讨厌猫), which the cut drops
        return pieces if all(each) and (whole < set().union(*each) or check == "but") else [sentence]

    def pieces(self, sentence: str) -> tuple[list[str], str]:
        """``sentence`` as the sentences it states, each with its subject said, and how the cut is to be
        checked by reading: ``"and"`` for a predicate joined by "and" (``extract.rules`` keeps it only when it reads
        more), ``"but"`` for one set against the first (kept when each piece states something), ``""`` for none.
        A pronoun no one named can be meant stays as said. Records who ``sentence`` names."""
        zh = bool(re.search(r"[\u4e00-\u9fff]", sentence)) and not re.match(r"[A-Za-z]", sentence.strip())
        cut = _ZH_PRONOUN if zh else _EN_PRONOUN
        # "My wife is vegetarian but I'm not": the user's side with what it left out (extract.gapped)
        parts = gapped.split(sentence, "zh" if zh else "en") or [  # "My sister, who lives in Lisbon, is ..."
            q for whole in [sentence] for p in cut.split(whole) if p.strip()
            for q in _subjects(p, zh)]
        if zh:  # 我妈妈下周来上海住两周, she's allergic to shellfish: an English clause of "she", the mother's
            parts = [q for p in parts for q in _ZH_THEN_EN_PRONOUN.split(p) if q.strip()]
        out: list[str] = []
        for part in parts:
            own = zh and not re.match(r"[A-Za-z]", part.strip())
            said = self._theirs(part, own) or self._resolved(part, own)
            self._note(said, own)
            out.append(said)
        if len(out) == 1:
            joined = (_contrast_zh(out[0]) or _subjectless_zh(out[0])) if zh else self._joined(out[0])
            if joined is not None:
                return joined
        return out, ""

    def _theirs(self, clause: str, zh: bool) -> str | None:
        """``clause``, a statement with no subject in the words of a note ("prefers ramen", "Lives in Ohio now", 喜欢吃
        寿司: ``subject_en.first_person``'s, ``subject_zh.first_person``'s), said of the one person the message named
        before it ("Tom says he hates sushi. prefers ramen." → "Tom prefers ramen."); when more than one was named it
        is nobody's the rules read ("Someone prefers ramen."). ``None`` when no one was named, or for a bulleted note
        ("- Prefers UPS": a memory file's line, the user's)."""
        text = clause.strip()
        bare = (subject_zh if zh else subject_en)._NO_SUBJECT.match(text) if self.named else None
        if bare is None or re.match(r"[-*•]", text):
            return None
        rest = bare.group("rest") if zh else bare.group("rest")[:1].lower() + bare.group("rest")[1:]  # not a name
        words = next(iter(self.named.values()))
        if len(self.named) > 1 or (not zh and not words.isascii()):
            return f"有人{rest}" if zh else f"Someone {rest}"
        return f"{words}{rest}" if zh else f"{words[0].upper()}{words[1:]} {rest}"

    def _resolved(self, clause: str, zh: bool) -> str:
        """``clause`` with an opening "he" / "she" (他 / 她) in the words naming the one person it can be."""
        m = (_ZH_OPENS if zh else _EN_OPENS).match(clause.strip())
        if m is None:
            return clause
        pronoun = m.group("p").lower()
        if len(self.named) != 1 or next(iter(self.named)) in _GENDER[pronoun]:
            return clause  # nobody, more than one, or not a "she": the pronoun is left as said, and nothing is read
        who, words = next(iter(self.named.items()))
        if zh:
            return f"{words}{m.group('rest')}"
        if re.search(r"[\u4e00-\u9fff]", words):  # 我妈妈下周来, "she's allergic to shellfish": the relative in English
            if not who.isascii():
                return clause  # a Chinese name no English reading keeps
            words = f"my {who}"
        rest = f"is {m.group('rest')}" if m.group("s") else m.group("rest")
        return f"{words[0].upper()}{words[1:]} {rest}"

    def _note(self, clause: str, zh: bool) -> None:
        """Record the people ``clause`` names: the one it opens with (with the words that name them) and any
        other named inside it."""
        opened = _opening_zh(clause) if zh else subject_en.opening(clause)
        if opened is not None:
            self._add(opened[0], opened[1])
        start = len(opened[1]) if opened is not None else 0
        for m in (_ZH_MENTION if zh else _EN_MENTION).finditer(clause):
            name = m.group("name")
            if m.start() < start or (name and (name in subject_en.NOT_NAMES or m.start() == 0)):
                continue  # the opener itself ("My friend Jake", 我的邻居老王); a word opening a clause with no verb
                # after it is no person ("Yep, he loves it", "Moreover, Max is old, he is 8")
            if m.group("rel") and _COPULA.search(clause[: m.start()]):
                continue  # "Tom is my neighbor", 老王是我的邻居: the relation is the opener's
            word = m.group("rel") or m.group("name")
            who = kin.subject(word) if m.group("rel") else word
            if m.group("rel") and not kin.is_relative(word) \
                    and (called := (_ZH_CALLED if zh else _EN_CALLED).match(clause, m.end())) is not None:
                # "I have a friend named Tom", 我有个朋友叫小李: the one person named, said as "my friend Tom" (a
                # friend unnamed is nobody the rules keep; a relative is kept by the relation, "I have a son named Leo")
                name = called.group("name")
                self._add(name, f"我{word}{name}" if zh else f"my {word.lower()} {name}")
                continue
            if who not in self.named:
                # a relative is said again as "my sister" / 我妹妹, however named first ("I have a sister", 我有个妹妹)
                self._add(who, (f"我{word}" if zh else f"my {word.lower()}") if m.group("rel") else word)

    def _add(self, who: str, words: str) -> None:
        self.named.pop(who, None)
        self.named[who] = words  # the last named last

    def _joined(self, sentence: str) -> tuple[list[str], str] | None:
        """``sentence`` cut before a second predicate of its subject joined by "and" ("My sister lives in Seattle
        and works as a dentist" → the two sentences, the subject said in each) or, for the user, by "but" ("I'm
        from Berlin but live in Munich"), with the joint's word; ``None`` when there is none."""
        opened = subject_en.opening(sentence)
        if opened is not None:
            who, words, _ = opened
            joint = _EN_AND_I if who in {"parents", "kids", "children", "grandparents", "in-laws"} else _EN_AND_3
        elif re.match(r"^(?:i|i'm|i've)\b", sentence.strip(), _IC):
            words, joint = "I", _EN_AND_ME
            if len(parts := _EN_BUT_ME.split(sentence)) == 2:
                return [parts[0], f"I {parts[1]}"], "but"
            if len(joint.split(sentence)) < 2 and (shared := _shared_opener(sentence)) is not None:
                return shared, "and"
        else:
            return None
        parts = joint.split(sentence)
        if len(parts) < 2:
            return None
        return [parts[0], *(f"{words} {p}" for p in parts[1:])], "and"


#: The user's copula or verb of having that a second predicate or object joined by "and" shares: "I'm vegetarian and
#: allergic to peanuts" (I'm allergic to peanuts), "I have two kids and a dog named Max" (I have a dog named Max).
#: Each side is a few words with no comma, and "and" joins only the two: in a long sentence the "and" joins more
#: often a list inside one side ("licenses like Adobe Premiere Pro and DaVinci Resolve") than two predicates.
_EN_SHARED = lazy_regex(r"^(?P<opener>(?:i'm|i\s+am|i\s+have|i've\s+got|i\s+own)\s+)"
                        r"(?P<first>(?:(?!and\b)[^\s,;]+\s+){0,4}?(?!and\b)[^\s,;]+)\s+and\s+"
                        r"(?!(?:i|i'm|i've|my|he|she|it|they|we|you|then|so|now|also)\b)"
                        r"(?P<second>(?:(?!and\b)[^\s,;]+\s+){0,5}(?!and\b)[^\s,;]+?)[.!]?$", _IC)


def _shared_opener(sentence: str) -> list[str] | None:
    """The user's sentence whose opener ("I'm", "I have") two predicates or objects joined by "and" share, as two
    sentences each with the opener said (``["I'm vegetarian", "I'm allergic to peanuts."]``); ``None`` when it is
    none. ``Scope._kept`` keeps the cut only when both pieces state something and together more than the whole did:
    "I'm allergic to peanuts and shellfish" (a list: "I'm shellfish" states nothing) is read whole.
    Before, the second predicate was lost ("I'm vegetarian and allergic to peanuts" stored only the diet)."""
    m = _EN_SHARED.match(sentence.strip())
    if m is None or (m.group("opener").lower().startswith(("i'm", "i am")) and m.group("second")[0].isupper()):
        return None  # "I'm subscribed to Audible and Kindle Unlimited": "I'm Kindle Unlimited" would name the user
    return [f"{m.group('opener')}{m.group('first')}", f"{m.group('opener')}{m.group('second')}"]


def _contrast_zh(sentence: str) -> tuple[list[str], str] | None:
    """The user's Chinese sentence cut before a second statement set against the first by 但 / 但是 / 可是 / 不过
    (我是北京人，但住在上海 → 我是北京人, 我住在上海), ``None`` when it is none."""
    if not _ZH_SELF.match(sentence.strip()):
        return None
    parts = _ZH_BUT_ME.split(sentence.strip())
    if len(parts) != 2 or not parts[1].strip():
        return None
    # a clause that names the user itself says whose it is (现代舞是我的最爱): no second 我
    return [parts[0], parts[1] if "我" in parts[1] else f"我{parts[1]}"], "but"


def _subjects(clause: str, zh: bool) -> list[str]:
    """``clause`` cut where a clause with a subject of its own follows: a relative after the user or someone else
    (我住在北京，我姐姐住在上海; 我姐姐住在上海，我哥哥住在深圳), and the user after someone else
    (我姐姐住在上海，我住在北京, "My sister lives in Ohio, and I live in Denver"); read whole, the first subject was
    carried over the second clause, or the second's shape took the whole and the first fact was lost."""
    if not zh:
        # "My therapist is Dana, I see her on Thursdays": a possessive copula is a clause with its own subject too
        # (read whole, the user's habit took the sentence and the therapist was lost)
        if _MY_COPULA.match(clause.strip()):
            return _EN_SELF_ANY.split(clause)
        return _EN_SELF.split(clause) if subject_en.opening(clause) is not None else [clause]
    cuts = [m for m in _ZH_CLAUSE.finditer(clause) if _new_subject_zh(clause[: m.start()], clause[m.end():])]
    starts = [0, *(m.end() for m in cuts)]
    ends = [*(m.start() for m in cuts), len(clause)]
    return [clause[a:b] for a, b in zip(starts, ends, strict=True) if clause[a:b].strip()]


#: A sentence opening with a possessive copula: "My therapist is Dana", "my landlord's name is Gary".
_MY_COPULA = lazy_regex(r"^my\s+(?:[a-z-]+\s+){0,2}?[a-z-]+(?:'s\s+[a-z-]+)?\s+is\s+", _IC)
#: The user's clause after it, with any verb: a copula says all it says before the break.
_EN_SELF_ANY = lazy_regex(rf"{_EN_BREAK}(?=(?:i\s+{_ADVERBS}[a-z]+|i'm|i am|i've)\b)", _IC)


def _new_subject_zh(before: str, after: str) -> bool:
    """Whether the Chinese clause ``after`` opens with a subject of its own: a relative (我姐姐住在上海), or the user
    after a sentence that opened with someone else (我姐姐住在上海，我住在北京)."""
    if _ZH_RELATIVE.match(after) and subject_zh.someone_else(after) is not None:
        return True
    return bool(_ZH_SELF.match(after)) and _opening_zh(before) is not None


def _swallowed(value: str, pieces: list[str]) -> bool:
    """Whether ``value`` holds the predicate of one of ``pieces`` after the first whole (the piece without the subject
    said again, its closing punctuation cut; four characters or more)."""
    low = value.casefold()
    for piece in pieces[1:]:
        words = piece.split(None, 1)
        if len(words) == 2 and len(said := words[1].rstrip(" .!?").casefold()) > 3 and said in low:
            return True
    return False


def _gains(bare: set[tuple[str, str, str, bool]], mine: set[tuple[str, str, str, bool]]) -> bool:
    """Whether the reading with 我 (``mine``) finds all the bare one did and a fact more that is no bare happening:
    明天开会, 下周五去 (schedule.event 开会, travel.plan 去) state no plan of the user's with no subject said."""
    return bare < mine and any(f[0] != "schedule.event" and len(f[1]) > 1 for f in mine - bare)


def _facts(text: str, said_at: datetime, find: Callable[[str, datetime], list[tuple[Finding, str]]],
           ) -> set[tuple[str, str, str, bool]]:
    return {(f.key, f.value, f.subject, f.retract) for f, _ in find(text, said_at)}


#: A Chinese clause with no subject that says what someone is: an age (今年五岁), where they live or study (住在上海,
#: 在上小学), what they are (是护士), what they have (有高血压: the pieces are
#: kept only when they read more, ``Scope.read``).
_ZH_SUBJECTLESS = lazy_regex(r"^(?:今年|现在|目前|也|还)?(?:[0-9一二两三四五六七八九十]+岁|住在"
                             r"|在[^，,]{0,8}(?:上学|读书|上班|工作|读|念|上)|在?(?:上|读)(?:小学|初中|高中|大学|幼儿园|"
                             r"[一二三四五六]年级|初[一二三]|高[一二三])|是|有)")


#: A clause that gives a doing up, after a time or an adverb at most: 不跑步了, 以后不再熬夜, 也不去健身房了.
_GIVEN_UP_ZH = lazy_regex(r"^(?:以后|今后|从此|现在|已经|早就|也|又|就|都|再也)*(?:不再|不)")


#: A clause that uses a thing named in Latin letters, with no subject: 用Obsidian记笔记 (after 我用Neovim写代码).
_USED_NAMED_ZH = lazy_regex(r"^(?:也|还|再|就|都)?(?:用|在)\s*[A-Za-z]")


def _own_later_zh(sentence: str) -> tuple[list[str], str] | None:
    """A Chinese sentence of the user's cut before a later clause with no subject that is a change of the user's own
    (``subject_zh.own_clause``: 以后周末早上改成游泳，不跑步了 → 以后周末早上改成游泳, 我不跑步了), for ``Scope.read``
    to keep only when the pieces read more ("and"); ``None`` when no later clause is one. Before, a change
    after a comma was read with the clause before it, and stated nothing."""
    clauses = [c for c in _ZH_CLAUSE.split(sentence.strip()) if c]
    if len(clauses) < 2 or not re.search(r"[\u4e00-\u9fff]", sentence) or subject_zh.names_someone(sentence) \
            or any(_opening_zh(c) is not None for c in clauses):
        return None  # 我哥改成游泳了，不跑步了, 我有个妹妹，很喜欢猫: the relative's, both clauses
    # only a doing given up (不跑步了, 不再熬夜) or a named thing used (用Obsidian记笔记): a move or a switch after a
    # comma is read with the clause before it by its own shapes (我不住广州了，搬到乡下了 names no town:
    # extract.relocated)
    later = [subject_zh.own_clause(c) if _GIVEN_UP_ZH.match(c) else f"我{c}" if _USED_NAMED_ZH.match(c) else None
             for c in clauses[1:]]
    if not any(later):
        return None
    return [clauses[0], *(mine or c for mine, c in zip(later, clauses[1:], strict=True))], "and"


def _subjectless_zh(sentence: str) -> tuple[list[str], str] | None:
    """A Chinese sentence about a relative or a named person cut before a clause with no subject of its own, said
    with the person (我儿子叫乐乐，今年五岁 → 我儿子叫乐乐, 我儿子今年五岁), for ``Scope.read`` to keep only when the
    pieces read more ("and"); ``None`` when it is none. Before, the age was lost."""
    clauses = [c for c in _ZH_CLAUSE.split(sentence.strip()) if c]
    opened = _ZH_RELATIVE.match(clauses[0]) if len(clauses) >= 2 else None
    if opened is None or not all(_ZH_SUBJECTLESS.match(c) for c in clauses[1:]):
        return None
    words = opened.group(0)
    # 我儿子乐乐今年五岁，在上幼儿园: the relation and the name said with it, so the later clauses are 乐乐's as the
    # first is (``extract.apposition``), never the son's beside 乐乐's (two subjects for one child)
    said = subject_zh.someone_else(clauses[0])
    if said is not None and len(said[1]) > 1 and clauses[0].endswith(said[1][1:]):
        words = clauses[0][: len(clauses[0]) - len(said[1]) + 1]
    return [clauses[0], *(f"{words}{c}" for c in clauses[1:])], "and"


def _opening_zh(clause: str) -> tuple[str, str] | None:
    """``(subject, the words naming them)`` of a Chinese clause opening with a person other than the user
    (老王是我的邻居 → ``("老王", "老王")``, 我姐姐住在上海 → ``("sister", "我姐姐")``, 客户希望…
    → ``("client", "客户")``)."""
    text = clause.strip()
    if (role := roles.role_zh(text)) is not None:
        return role[0], text[: len(text) - len(role[1])]
    m = subject_zh._SOMEONE.match(text)
    if m is None or not (m.group("name") or m.group("rel") or m.group("kin")):
        return None
    who = m.group("name") or kin.subject(m.group("rel") or m.group("kin"))
    return who, text[: m.start("rest")]
