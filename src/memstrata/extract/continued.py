"""What a clause with no subject of its own adds to the speaker's statement before it, in English and Chinese.

A user's short message often says a preference and then, after a comma, a rule that goes with it, its subject left
out: "I like my coffee black, no sugar", 我喜欢喝美式，不加糖, "I'm trying to lose weight, so no carbs at night",
我最近在减肥，晚上不吃主食. The first clause was read and the second lost. Read here (``with_continuations``, called
by ``extract.rules`` beside the other findings of a sentence):

* **How a liked drink is taken** (不加糖, 加燕麦奶, "no sugar", "with oat milk"): the drink liked in the sentence is
  the drink made so, one value as 我喝美式不加糖 is (``drink.like = 美式不加糖``, ``black coffee without sugar``).
* **A rule of eating at a time** (晚上不吃主食, 睡前不喝咖啡, "no carbs at night", "I don't eat carbs after 8pm"): a
  habit (``preference.habit``, stated as said), not a dislike of the food, which is eaten at other times. Said
  alone it is the same rule (我晚上不吃主食).
* **What to leave out of one's own things from now on** ("No onions in my takeout from now on"): a habit, as
  以后点外卖不要放葱 is.

Only the speaker's: a clause after someone else's ("My mom likes coffee, no sugar") or that names another person is
not read, and an exchange of courtesies ("No worries", "No problem at all") names no rule.
"""

from __future__ import annotations

import re
from dataclasses import replace

from memstrata.extract.clauses import CONF_PREFER, Finding, clean_value
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE

_CLAUSES_EN = lazy_regex(r"\s*[,;]\s*")
_CLAUSES_ZH = lazy_regex(r"\s*[，,；;]\s*")

#: How a drink is taken, said alone after the like: 不加糖, 加燕麦奶, 少冰, 要热的 (``preferences_zh._DRINK_HOW``).
_HOW_ZH = lazy_regex(r"^(?:但是?|不过|而且|要|一般|通常|都)*(?P<how>(?:不加|不放|不要|加|放|去|少|多|半|无)"
                     r"(?:糖|奶|牛奶|燕麦奶|豆奶|冰|奶精|蜂蜜|柠檬)|热的|冰的|常温的?)(?:的)?$")
_HOW_EN = lazy_regex(r"^(?:and\s+|but\s+|always\s+)*(?P<how>(?:no|with|without|extra)\s+(?:(?:a\s+)?(?:little|bit of|"
                     r"splash of|dash of|lots of|some)\s+)?(?:oat\s+|soy\s+|almond\s+|skim\s+|whole\s+)?"
                     r"(?:milk|sugar|cream|honey|lemon|ice|sweetener|foam))(?:\s+please)?$", _IC)

_WHEN_ZH = (r"(?:晚上|夜里|晚饭后|睡前|早上|早餐|中午|工作日|周末|平时|上班时|[0-9一二三四五六七八九十]+点(?:以|之)?后|"
            r"下午[0-9一二三四五六七八九十]*点?(?:以|之)?后?)")
#: 晚上不吃主食, 我睡前不喝咖啡, 晚饭后不吃东西了: not eating or drinking a thing at a time, a standing rule.
_RULE_ZH = lazy_regex(rf"^(?:所以|因此|而且|然后)?(?:我们?)?(?P<when>{_WHEN_ZH})(?:都|就|一般|尽量|也|再)*"
                      r"(?P<not>不再?|少|别|不要)(?P<verb>吃|喝)(?P<v>[\u4e00-\u9fff]{1,6}?)了?$")
_WHEN_EN = (r"(?:at night|in the evenings?|after (?:\d{1,2}(?::\d\d)?\s*(?:am|pm|p\.m\.)?|dinner|six|seven|eight|nine)|"
            r"before bed(?:time)?|on weekdays|during the week|for breakfast|for dinner)")
#: "so no carbs at night", "I don't eat carbs after 8pm", "no coffee after 3pm": the rule, its time said.
_RULE_EN = lazy_regex(rf"^(?:so\s+|and\s+|but\s+|also\s+)*(?:i\s+(?:don't|do not|never|try not to|won't)\s+"
                      rf"(?P<verb>eat|drink|have)\s+|no\s+)(?P<v>[a-z][a-z -]{{1,24}}?)\s+(?P<when>{_WHEN_EN})"
                      r"(?:\s+(?:anymore|from now on|going forward))?$", _IC)
#: "No onions in my takeout from now on", "No cilantro on my tacos, ever": what to leave out of one's own things.
_LEAVE_OUT_EN = lazy_regex(r"^(?:and\s+|also\s+|but\s+)?no\s+(?P<v>[a-z][a-z -]{1,20}?)\s+(?P<prep>in|on)\s+"
                           r"(?:my|our)\s+(?P<what>[a-z][a-z -]{1,20}?)"
                           r"(?:\s*,?\s+(?:from now on|going forward|anymore|ever|please))+$", _IC)
#: Words that make a clause someone else's or a courtesy: a person, a pronoun other than the speaker.
_OTHER_ZH = lazy_regex(r"[他她你它]|妈|爸|老公|老婆|孩子|儿子|女儿|朋友|同事")
_OTHER_EN = lazy_regex(r"\b(?:he|she|they|you|your|his|her|their|mom|mum|dad|wife|husband|kids?|son|daughter|"
                       r"friend|boss)\b", _IC)
_DRINK_KEYS = frozenset({"drink.like", "user.drinks"})


def with_continuations(sentence: str, found: list[Finding], lang: str) -> list[Finding]:
    """``found`` (the findings of ``sentence``) with what its subjectless clauses add (see the module doc): a liked
    drink taken as a later clause says, and the rules of eating at a time or of leaving a thing out.

    Args:
        sentence: one sentence, as the rules read it (``extract.tidy``).
        found: what the other rules read in it, in text order.
        lang: ``en`` or ``zh``.
    """
    if any(f.subject for f in found):
        return found  # "My mom likes coffee, no sugar": someone else's
    clauses = [c for c in (_CLAUSES_ZH if lang == "zh" else _CLAUSES_EN).split(sentence.strip().rstrip(".!。！")) if c]
    other = _OTHER_ZH if lang == "zh" else _OTHER_EN
    if any(other.search(c) for c in clauses):
        return found
    out = list(found)
    for at, clause in enumerate(clauses):
        if at and (how := (_HOW_ZH if lang == "zh" else _HOW_EN).match(clause)) is not None:
            out = _taken(out, how.group("how"), lang)
        elif rule := _rule(clause, lang):  # in place of what the clause was misread as ("carbs at night" disliked)
            out = [f for f in out if f.clause.strip(" .!。！") != clause] + [r for r in rule if r.value not in
                                                                          {f.value for f in out}]
    return out


def _taken(found: list[Finding], how: str, lang: str) -> list[Finding]:
    """``found`` with its last liked drink made as ``how`` says (美式 + 不加糖 → 美式不加糖; "black coffee" + "no sugar"
    → "black coffee without sugar"); unchanged when no drink is liked."""
    at = next((i for i in range(len(found) - 1, -1, -1) if found[i].key in _DRINK_KEYS and not found[i].retract), None)
    if at is None:
        return found
    drink = found[at]
    taken = re.sub(r"^no\b", "without", how.lower())
    value = f"{drink.value}{how}" if lang == "zh" else f"{drink.value} {taken}"
    return [*found[:at], replace(drink, value=value, statement=""), *found[at + 1:]]


def _rule(clause: str, lang: str) -> list[Finding]:
    """The rule of eating at a time or of leaving a thing out that ``clause`` states, ``[]`` for none."""
    if lang == "zh":
        m = _RULE_ZH.match(clause)
        if m is None or re.match(r"(?:饭|东西|药|点|一|这|那)$", m.group("v")):
            return []  # 晚上不吃饭, 晚上不吃东西: no thing named (晚饭后不吃东西 is a rule, read below)
        said = f"{m.group('when')}{'不' if m.group('not') != '少' else '少'}{m.group('verb')}{m.group('v')}"
        return [Finding("preference.habit", said, CONF_PREFER, clause, statement=said)]
    m = _RULE_EN.match(clause)
    if m is not None:
        said = f"no {clean_value(m.group('v'), 'en')} {m.group('when').lower()}"
        return [Finding("preference.habit", said, CONF_PREFER, clause, statement=said)]
    m = _LEAVE_OUT_EN.match(clause)
    if m is None:
        return []
    said = f"no {m.group('v').lower()} {m.group('prep').lower()} their {m.group('what').lower()}"
    return [Finding("preference.habit", said, CONF_PREFER, clause, statement=said)]
