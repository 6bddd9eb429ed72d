"""The general reader: a durable statement no rule read, kept in the speaker's own words.

The topic rules read the phrasings they were written for; an ordinary sentence outside them ("I use the Libby app to
download e-books", "I'm a businessman", "My daughter plays the violin", 我主要喜欢中国菜和日本料理,
我妈妈每天早上打太极) stored nothing. This reader runs on the clauses of a sentence where no rule found anything
(``extract.rules``) and reads only the generic shape of a statement:

- **subject**: the speaker ("I", 我), or the speaker's relative or role said with "my" / 我(的) (``extract.kin``,
  ``extract.roles``); a name, "he", "you" or no subject: nothing (another person's fact is never the user's, and
  whose a pronoun is the clause does not say);
- **predicate**: a verb in the simple present with its object ("I use X", "my son plays X"), or a copula with a
  noun ("I'm a businessman", "I've always been an introvert"); in Chinese, a habit or standing adverb before the
  predicate (平时, 一般, 主要, 每天 …), for the speaker or a relative or role.

It keeps the clause only when it is durable: no question, hypothetical, wish, advice, quotation or report of what
another said (``subject_en.NOT_A_STATEMENT`` and ``_NOT_DURABLE_*``), no time of the moment (today, yesterday, 了),
no verb of thinking, feeling, saying or wanting (``_NOT_STATED_EN``), no past tense, nothing addressed to the
listener ("you").

A finding is ``fact.general`` (many values; ``subject`` set for a relative or role), its value the predicate as said
(without the subject and the adverbs before the verb), its statement the clause with the subject made explicit
("uses the Libby app to download e-books", "their daughter plays the violin"), at ``CONF_GENERAL``, below every
rule's confidence. The reader is off unless asked for (``RuleExtractor(general=True)``).
"""

from __future__ import annotations

import re

from memstrata.extract import asides, kin, roles
from memstrata.extract.clauses import CLAUSE_COMMA, CONF_GENERAL, Finding, third_person
from memstrata.extract.habits import third_person_verb
from memstrata.extract.subject_en import NOT_A_STATEMENT, base_form
from memstrata.text.regex import lazy_regex

#: The key of every finding of this reader: the taxonomy's "any other fact", many values at a time.
KEY = "fact.general"

_IC = re.IGNORECASE

#: Adverbs that may stand between the subject and the verb of a standing statement.
_ADVERB_EN = (r"(?:also|usually|often|always|generally|normally|mostly|mainly|regularly|still|now|currently|"
              r"typically|actually|really|basically|personally|primarily|sometimes|even)")
#: An adverb of ``_ADVERB_EN`` alone: never the verb ("I still haven't ..." has no verb "still").
_ADVERB_ALONE = lazy_regex(rf"^{_ADVERB_EN}$")
#: "I use the Libby app to download e-books": I, adverbs, a verb, its object.
_I_VERB = lazy_regex(rf"^I\s+(?P<adv>(?:{_ADVERB_EN}\s+)*)(?P<verb>[a-z]+)\s+(?P<obj>\S.*)$")
#: "I'm a businessman", "I am also a volunteer firefighter": I, a copula, a noun said with its article.
_I_AM = lazy_regex(rf"^I(?:'m|’m|\s+am)\s+(?P<adv>(?:{_ADVERB_EN}\s+)*)(?P<np>(?:a|an)\s+\S.*)$")
#: "I've always been an introvert", "I've always been a more introverted and sensitive person".
_I_ALWAYS = lazy_regex(r"^I(?:'ve|’ve|\s+have)\s+always\s+been\s+(?P<np>\S.*)$")
#: "My daughter plays the violin", "my boss is a marathon runner": my, a relation word or two, the rest.
_MY_SOMEONE = lazy_regex(r"^my\s+(?P<rest>\S.*)$", _IC)
#: What follows the relation word: adverbs, a verb, its object.
_VERB_AFTER = lazy_regex(rf"^(?P<adv>(?:{_ADVERB_EN}\s+)*)(?P<verb>[a-z]+)\s+(?P<obj>\S.*)$", _IC)

#: Verbs whose clause states no standing fact of the speaker: thinking, feeling, perceiving, saying, wanting,
#: trying, the auxiliaries and modals, the light verbs of chat ("I get it", "I take it"), and the verbs the topic
#: rules read (a like or a plan they left unread was left on purpose: "I love that!").
_NOT_STATED_EN = frozenset("""
am is are was were be been being have has had do does did don't doesn't didn't can can't cannot could couldn't will
won't would wouldn't should shouldn't shall may might must need needs want wanna gotta got get gets go goes let
think thought feel felt know knew guess hope wish mean meant see saw hear heard agree appreciate understand believe
suppose bet wonder remember forget forgot say said tell told ask asked thank promise recommend suggest apologize
admit love like hate enjoy prefer dislike adore miss find found try tried plan intend look seem just totally
definitely completely absolutely truly kinda sorta probably hardly barely almost already never ever only
wanted needed started start begin began stopped stop quit keep kept hear imagine expect assume doubt worry care
mind owe deserve bet reckon figure realize realise notice forgive hope pray swear mean bet appreciate welcome
require demand expect insist request urge await accept envision envisage picture trust recall recognize
recognise admire respect dig struggle means reccomend recomend dont cant wont didnt doesnt isnt im ive id ill
haven't hasn't hadn't aren't wasn't weren't shouldn't mustn't
stay stays remain become becomes appear sound turn
dream stare ache deal compare consider reflect review wait worry struggle
""".split())
#: Irregular past tenses (a verb in -ed is past too): an event, never a standing statement.
_PAST_EN = frozenset("""
went came took made saw had did was were found felt thought told said knew began became bought brought caught fell
gave grew kept left lost met paid ran sat sent spent stood taught won wrote ate drank drove flew held heard got
built chose drew fought forgot hid hit hung led lent lit meant rode rang rose sang sank shook shot shut slept slid
spoke stole stuck struck swam swung threw understood woke wore oversaw overtook undertook withdrew
""".split())
#: A speaker's label opening a line ("assistant: ...", "Tom: ...", 客服：...): the line is that speaker's words.
_SPEAKER_LABEL = lazy_regex(r"^\s*([A-Za-z][\w.-]{0,20}|[\u4e00-\u9fff]{1,4})\s*[:：]\s*\S")
#: The labels of the user's own lines.
_USERS_LABELS = frozenset({"user", "me", "i", "我", "用户"})
#: The time of the moment anywhere in a sentence: each of its clauses is of that moment.
_MOMENT_EN = lazy_regex(r"\b(?:today|tonight|yesterday|tomorrow|lately|recently|right now|at the moment|"
                        r"this (?:morning|afternoon|evening)|last night)\b", _IC)
_MOMENT_ZH = lazy_regex(r"今天|昨天|明天|今晚|刚才|刚刚|这几天|最近")
#: A value that stops where a word needs more after it: a cut clause ("... including 3 card draw and").
_CUT_OFF_EN = lazy_regex(r"(?:\b(?:and|or|but|with|to|for|of|the|a|an|including|like|such as)|,)\s*$", _IC)
#: What makes an English clause no standing statement: the listener, the time of the moment, a plan or a hedge.
_NOT_DURABLE_EN = lazy_regex(
    r"\b(?:you|your|yours|u|ur|today|tonight|yesterday|tomorrow|right now|at the moment|this (?:morning|afternoon|"
    r"evening|week|weekend|month|year|time)|last (?:night|week|weekend|month|year|time)|next|ago|soon|lately|"
    r"recently|just|anymore|any more|gonna|going to|want to|trying to|if|unless|hopefully|maybe|perhaps|"
    r"please|let's|thanks?|sorry|lol|haha|pic|photo|picture|here|there|certain|everything|anything|"
    r"for the (?:day|week|weekend|month|trip))\b|[?*]|\[|\"|“", _IC)
#: Objects that name nothing of their own: a pronoun, a word of degree.
_EMPTY_OBJECT_EN = lazy_regex(r"^(?:it|this|that|these|those|them|him|her|so|too|one|all|both|a lot|lots|many|"
                              r"much|more|less|everything|something|anything|nothing|well|better|here|there|how|what|why|when|where|"
                              r"who|whether|to (?:it|that|this|them))\b", _IC)
#: A noun phrase after "I'm" that says a degree, a like or a passing state, no standing description.
_NOT_A_KIND_EN = lazy_regex(r"^(?:a|an)\s+(?:bit|little|lot|tad|fan|mix|big|huge|massive|real|total|complete|"
                            r"kind|sort|mess|wreck|fool|idiot|loss|hurry|rush|mood|position|state|way|part|while)\b",
                            _IC)
#: The longest clause read, in words: a longer one is a run of chat, no one statement.
_MOST_WORDS_EN = 14

#: Where an English clause ends: a clause comma, a semicolon or a dash, a stop.
#: A comma ends a clause only before a new subject or a joining word (a list's ", and" goes on), "and" before a new
#: subject ends one too ("I've been working hard and it's paying off"): "I prioritize clear, impact-driven
#: communication" and "I oversee schedules, budgets, and direction" are one clause each.
_CLAUSE_END_EN = lazy_regex(
    rf"{CLAUSE_COMMA}\s*(?=(?:(?:and|or|but|so|then)\s+)?(?:I|my|we|our|it|he|she|they|that|this|there)\b"
    r"|(?:but|so|because|since|which|who|while|though|although|as|when|where|not)\b)|;|:(?:\s|$)|\s+[-–—]\s+"
    r"|[.!]+(?:\s+|$)|\n+|\s+(?:and|but|so)\s+(?=(?:I|I'm|I've|it|it's|my|we|he|she|they)\s)")

# --- Chinese -----------------------------------------------------------------------------------------------------

#: A standing or habitual adverb after 我: what follows it holds beyond the moment (我平时骑车上班, 我主要喜欢中国菜).
_HABIT_ZH = r"(?:平时|平常|一般|通常|经常|常常|总是|一直(?=是)|主要|每天|每周|每个周末|向来)"
_I_HABIT_ZH = lazy_regex(rf"^我(?P<adv>(?:也|还|都)?{_HABIT_ZH}(?:都|也|会)?)(?P<pred>[\u4e00-\u9fff].*)$")
#: A relative or role said with 我(的), a habit adverb, what they do (我妈妈每天早上打太极, 我爸爸平时喜欢钓鱼). A trait
#: said with a degree adverb (我的上司非常苛刻) is an opinion of the moment as often as a standing trait: not read.
_MY_SOMEONE_ZH = lazy_regex(rf"^我(?:的|们的?)?(?P<rel>[\u4e00-\u9fff]{{1,3}}?)"
                            rf"(?P<adv>(?:也|还|都)?{_HABIT_ZH}(?:都|也|会)?)(?P<pred>[\u4e00-\u9fff].*)$")
#: What makes a Chinese clause no standing statement: thinking, wanting, a plan, a hedge, a question, the time of
#: the moment, a completed action (了, 过), the listener.
_NOT_DURABLE_ZH = lazy_regex(
    r"想|(?<![主重只])要|会不会|可能|也许|或许|打算|准备|希望|觉得|感觉|认为|以为|知道|担心|如果|要是|的话|应该|需要|"
    r"了|过|吗|呢|吧|？|\?|今天|昨天|明天|刚才|刚刚|刚|现在|最近|这几天|这周|上周|下周|你|您|[他她]说|说[过了]|听说|告诉|问[你您我]|谢谢|"
    r"不知道|怎么|什么|哪|为什么|建议|帮|请")
#: The longest Chinese predicate read, in characters.
_MOST_CHARS_ZH = 20

#: Where a Chinese clause ends.
_CLAUSE_END_ZH = lazy_regex(r"[，,；;。！!～~]+")


def read(sentence: str, lang: str, taken: list[Finding]) -> list[Finding]:
    """What the clauses of ``sentence`` that no finding of ``taken`` came from state in the generic shape (see
    the module doc), in text order.

    Args:
        sentence: one sentence of a message, as the rules read it.
        lang: ``"en"`` or ``"zh"``.
        taken: what the rules found in the sentence; a clause that overlaps one of their clauses is not read.

    Returns:
        ``fact.general`` findings at ``CONF_GENERAL``; ``[]`` when no clause has the shape.
    """
    out: list[Finding] = []
    label = _SPEAKER_LABEL.match(sentence)
    if label is not None and label.group(1).casefold() not in _USERS_LABELS:
        return out  # "assistant: I live in London", "Tom: I teach piano": a line of someone else's
    moment = _MOMENT_ZH if lang == "zh" else _MOMENT_EN
    for clause in clauses(sentence, lang):
        # "Lately, I've been burning my ingredients": a time of the moment said before the clause holds for it too
        end = sentence.find(clause) + len(clause)
        if moment.search(sentence[:end] if end >= len(clause) else sentence):
            continue
        # a rule read this clause (perhaps rewritten: "My wife works at Google" is read as "I work at Google")
        if any(_overlap(clause, f.clause) or (f.value and f.value.casefold() in clause.casefold()) for f in taken):
            continue
        found = clause_zh(clause) if lang == "zh" else clause_en(clause)
        if found is not None:
            out.append(found)
    return out


def clauses(sentence: str, lang: str) -> list[str]:
    """The clauses of ``sentence``, each without what opens it (``asides.without_opening``: "So", "Also", 其实)."""
    cut = (_CLAUSE_END_ZH if lang == "zh" else _CLAUSE_END_EN).split(sentence)
    out = []
    for part in cut:
        part = (part or "").strip()
        bare = asides.without_opening(part, lang).strip() if part else ""
        if bare:
            out.append(bare)
    return out


def clause_en(clause: str) -> Finding | None:
    """The standing statement of one English ``clause`` in the generic shape, or ``None``.

    >>> clause_en("I use the Libby app to download e-books").statement
    'uses the Libby app to download e-books'
    >>> clause_en("My daughter plays the violin").subject, clause_en("I think it's great") is None
    ('daughter', True)
    """
    clause = clause.strip().rstrip(".!…~ ")
    if (not clause or len(clause.split()) > _MOST_WORDS_EN or NOT_A_STATEMENT.search(clause)
            or _NOT_DURABLE_EN.search(clause) or _CUT_OFF_EN.search(clause)):
        return None
    if m := _I_AM.match(clause):
        np = m.group("np")
        if _NOT_A_KIND_EN.match(np) or re.search(r"\b(?:not|no)\b", clause, _IC):
            return None
        return _finding(third_person(np), f"is {third_person(np)}", clause)
    if m := _I_ALWAYS.match(clause):
        np = m.group("np")  # "an introvert", "someone who ...": a kind of person, no participle ("drawn to ...")
        if (re.search(r"\b(?:not|no)\b", np, _IC) or not re.match(r"(?:a|an|someone|somebody)\s", np, _IC)
                or _NOT_A_KIND_EN.match(np)):
            return None
        return _finding(third_person(np), f"has always been {third_person(np)}", clause)
    if m := _I_VERB.match(clause):
        verb, obj = m.group("verb"), m.group("obj")
        if not _plain_verb(verb) or _EMPTY_OBJECT_EN.match(obj) or re.search(r"\b(?:not|no|never)\b", obj, _IC):
            return None
        said = f"{third_person_verb(verb)} {third_person(obj)}"
        return _finding(f"{verb} {third_person(obj)}", said, clause)
    if m := _MY_SOMEONE.match(clause):
        return _someones_en(m, clause)
    return None


def _someones_en(m: re.Match[str], clause: str) -> Finding | None:
    """The standing statement of "my <relative or role> <verb>s <object>" (``_MY_SOMEONE``: "my daughter plays the
    violin", "my older sister is a pilot"), or ``None``."""
    words = m.group("rest").split()
    for size in (2, 1):  # "my older sister" before "my older"
        who = _relation(" ".join(words[:size]))
        rest = _VERB_AFTER.match(" ".join(words[size:]))
        if who is not None and rest is not None:
            break
    else:
        return None
    verb, obj = rest.group("verb"), rest.group("obj")
    if _EMPTY_OBJECT_EN.match(obj) or re.search(r"\b(?:not|no|never)\b", obj, _IC) or verb in _PAST_EN:
        return None  # "my mom was interested in art": a past, no standing statement
    if verb == "is":  # "my boss is a marathon runner": a noun with its article, no passing state
        if not re.match(r"(?:a|an)\s+\S", obj, _IC) or _NOT_A_KIND_EN.match(obj):
            return None
        return _finding(third_person(obj), f"is {third_person(obj)}", clause, subject=who)
    if not (verb.endswith("s") and not verb.endswith("ss")) or not _plain_verb(base_form(verb)):
        return None
    return _finding(f"{verb} {third_person(obj)}", f"{verb} {third_person(obj)}", clause, subject=who)


def clause_zh(clause: str) -> Finding | None:
    """The standing statement of one Chinese ``clause`` in the generic shape, or ``None``.

    >>> clause_zh("我主要喜欢中国菜和日本料理").value, clause_zh("我妈妈每天早上打太极").subject
    ('喜欢中国菜和日本料理', 'mom')
    >>> clause_zh("我平时想去旅游") is None
    True
    """
    clause = clause.strip()
    if not clause or _NOT_DURABLE_ZH.search(clause):
        return None
    if (m := _I_HABIT_ZH.match(clause)) and len(m.group("pred")) <= _MOST_CHARS_ZH:
        pred = m.group("pred")  # 我经常很累: a degree word before a state, how one often feels, no doing
        if pred.startswith(("不", "没", "是不是", "很", "非常", "特别", "比较", "挺", "太", "有点")):
            return None
        return _finding(pred, f"{m.group('adv')}{pred}", clause)
    if (m := _MY_SOMEONE_ZH.match(clause)) and len(m.group("pred")) <= _MOST_CHARS_ZH:
        who = _relation(m.group("rel"))
        if who is None or m.group("pred").startswith(("不", "没")):
            return None
        return _finding(m.group("pred"), f"{m.group('adv')}{m.group('pred')}", clause, subject=who)
    return None


def _relation(word: str) -> str | None:
    """The subject word of a relative or role named ``word`` (``kin.subject`` / ``roles.subject``), else ``None``."""
    word = word.strip()
    if kin.is_relative(word):
        return kin.subject(word)
    return roles.subject(word) or None


def _plain_verb(verb: str) -> bool:
    """Whether ``verb`` may be the verb of a standing statement: lower case, no verb of thinking or saying, no
    past tense, no adverb in -ly."""
    low = verb.lower()
    return (low == verb and len(low) > 1 and low not in _NOT_STATED_EN and low not in _PAST_EN
            and not _ADVERB_ALONE.match(low) and not low.endswith(("ed", "ly")))


def _finding(value: str, statement: str, clause: str, *, subject: str = "") -> Finding:
    return Finding(KEY, value.strip(), CONF_GENERAL, clause=clause, statement=statement.strip(), subject=subject)


def _overlap(clause: str, other: str) -> bool:
    """Whether two clauses share their text (one holds the other, case folded)."""
    a, b = clause.casefold().strip(), other.casefold().strip()
    return bool(a and b) and (a in b or b in a)
