"""Two people contrasted, the user's side said by the other's words: "My wife is vegetarian but I'm not", "My sister
hates cilantro but I love it", 我老婆在谷歌上班，我在阿里, 我老婆吃素，我不吃.

The user's clause leaves out what the first clause said: its predicate ("I'm not" is "I'm not vegetarian"), its
object ("I love it" is "I love cilantro") or its verb (我在阿里 is 我在阿里上班). Read alone it stated nothing, and
read whole the sentence kept only the other person's fact. ``split`` gives both clauses as whole statements, the
first as said (the other person's, read under them by the usual rules) and the user's with what it left out put
back ("I'm not vegetarian", 我在阿里上班), so each side is stored under its own subject; the user's "not vegetarian"
is the diet denied as "I'm not vegetarian" alone is (``extract.diets``).

Only a first clause about someone else (my / our and a word, a capitalised name; 我的?X, X a relation or a role
one deals with) and a user's clause that leaves something out are read; a user's clause with its own predicate
("My sister lives in Denver while I live in Austin") is the subject split's (``extract.carried``), and a question
("He's not vegetarian, is he?") names no user.
"""

from __future__ import annotations

import re

from memstrata.extract import contrast, kin, roles, subject_en
from memstrata.extract.subject_zh import RELATION
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE
_JOIN_EN = r"\s*[,;]?\s+(?:but|while|whereas|and|though|although)\s+"
#: The first clause: someone else and what they are or do.
_OTHER_EN = r"(?P<who>(?:my|our)\s+[a-z'\-]+(?:\s+[a-z'\-]+)?|[A-Z][a-z]+)"
#: "My wife is vegetarian but I'm not", "My husband isn't vegetarian but I am".
_COPULA_EN = lazy_regex(
    rf"(?i)^{_OTHER_EN}\s+(?P<be>is|'s|isn't|is not)\s+(?P<pred>[^,;]+?){_JOIN_EN}i\s*(?P<mine>'m not|am not|'m|am)"
    r"(?:\s+(?:too|either|at all))?$")
#: "My wife eats meat but I don't", "My sister doesn't drink coffee but I do", "My sister hates cilantro but I love it"
#: (the feelings that take the other's thing by a pronoun are those of a feeling's turn, ``extract.contrast``).
_VERB_EN = lazy_regex(
    rf"(?i)^{_OTHER_EN}\s+(?P<neg>doesn't\s+|does not\s+)?(?P<verb>[a-z]+)\s+(?P<obj>[^,;]+?){_JOIN_EN}"
    rf"i\s+(?:(?P<aux>don't|do not|do)|(?P<feel>(?:really\s+|absolutely\s+)?{contrast._FEEL_EN})"
    r"\s+(?:it|them|that|those))(?:\s+(?:too|either|at all|a lot))?$")
#: Verbs whose object the user's "I don't" / "I do" may take: liking, eating, drinking, doing a pastime, using.
_VERBS_EN = frozenset("like likes love loves enjoy enjoys hate hates eat eats drink drinks play plays use uses "
                      "prefer prefers smoke smokes speak speaks own owns have has".split())
#: Words that name no one else: "It is vegetarian", "This is ...", "Which ...".
_NOT_OTHER = frozenset("it this that there here what which who he she they we you everyone everybody nobody "
                       "someone one".split())


def _someone_else_en(who: str) -> bool:
    words = who.lower().split()
    if words[0] in ("my", "our"):
        said = " ".join(words[1:])
        # a partner is kin, a coworker or a colleague a role: the rest are named here
        return kin.is_relative(said) or bool(roles.subject(said)) or said in ("friend", "roommate", "neighbor",
                                                                               "neighbour")
    return who[:1].isupper() and words[0] not in _NOT_OTHER and who not in subject_en.NOT_NAMES


def _split_en(text: str) -> list[str] | None:
    if (m := _COPULA_EN.match(text)) is not None and _someone_else_en(m.group("who")):
        other_not = m.group("be") in ("isn't", "is not")
        user_not = m.group("mine") in ("'m not", "am not")
        if other_not == user_not:
            return None  # "My wife isn't vegetarian and I'm not either": no contrast, the subject split's
        first = f"{m.group('who')} {m.group('be')} {m.group('pred')}"
        return [first, f"I'm {'not ' if user_not else ''}{m.group('pred')}"]
    if (m := _VERB_EN.match(text)) is None or not _someone_else_en(m.group("who")) \
            or m.group("verb").lower() not in _VERBS_EN:
        return None
    verb, obj = m.group("verb"), m.group("obj")
    first = f"{m.group('who')} {m.group('neg') or ''}{verb} {obj}"
    if m.group("feel"):  # "but I love it": the user's own verb, the other's thing
        return [first, f"I {m.group('feel')} {obj}"]
    user_not = m.group("aux").lower() != "do"
    if user_not == bool(m.group("neg")):
        return None  # "My wife doesn't eat meat and I don't": no contrast
    plain = verb if m.group("neg") else subject_en.base_form(verb)
    return [first, f"I {'don' + chr(39) + 't ' if user_not else ''}{plain} {obj}"]


_H = "\u4e00-\u9fff"
_OTHER_ZH = rf"(?P<who>我的?(?:{RELATION}))"
_BUT_ZH = r"[，,；;]\s*(?:但是?|可是|不过|而)?\s*我"
#: 我老婆在谷歌上班，我在阿里: where one works or studies, the user's clause without the verb.
_WORK_ZH = "上班|工作|上学|读书|实习"
_WHERE_ZH = lazy_regex(rf"^{_OTHER_ZH}(?:现在|目前)?在(?P<place>[{_H}A-Za-z0-9]+?)(?P<verb>{_WORK_ZH})"
                       rf"{_BUT_ZH}(?:则|就|现在|目前)?在(?P<mine>[{_H}A-Za-z0-9]+?)$")
#: 我老婆吃素，我不吃; 我老婆不吃辣，我吃; 我妹妹讨厌香菜，但我很喜欢: the user's clause is a verb alone.
_FEEL_ZH = "不喜欢|讨厌|喜欢|不爱|爱|受不了"
_FEELINGS_ZH = frozenset(_FEEL_ZH.split("|"))
_VERB_ZH = lazy_regex(rf"^{_OTHER_ZH}(?P<neg>不)?(?P<verb>{_FEEL_ZH}|吃|喝|抽|用)(?P<obj>[{_H}A-Za-z0-9]+?)"
                      rf"{_BUT_ZH}(?P<adv>(?:很|特别|非常|挺|超|倒是|却)*)(?P<mine>不|不太)?"
                      rf"(?P<my_verb>{_FEEL_ZH}|吃|喝|抽|用)(?:它|了)?$")


def _split_zh(text: str) -> list[str] | None:
    if (m := _WHERE_ZH.match(text)) is not None:
        mine = m.group("mine")
        if re.search(rf"(?:{_WORK_ZH})$", mine):
            return None  # 我在阿里工作: the user's own verb, the subject split's
        return [text[: m.end("verb")], f"我在{mine}{m.group('verb')}"]
    if (m := _VERB_ZH.match(text)) is None:
        return None
    first = text[: m.end("obj")]
    mine, my_verb, verb = m.group("mine") or "", m.group("my_verb"), m.group("verb")
    if my_verb == verb and bool(m.group("neg")) == bool(mine):
        return None  # 我老婆吃素，我也吃: no contrast said (也 is the shared like's: extract.together)
    if my_verb != verb and not (my_verb in _FEELINGS_ZH and verb in _FEELINGS_ZH):
        return None  # 我老婆喝咖啡，我吃: another verb, no object of its own
    return [first, f"我{m.group('adv')}{mine}{my_verb}{m.group('obj')}"]


def split(sentence: str, lang: str) -> list[str] | None:
    """Both statements of a contrast whose user's side leaves out what the other's said (the module docstring), the
    other person's first; ``None`` for any other sentence.

    >>> split("My wife is vegetarian but I'm not.", "en")
    ['My wife is vegetarian', "I'm not vegetarian"]
    >>> split("My sister hates cilantro but I love it", "en")
    ['My sister hates cilantro', 'I love cilantro']
    >>> split("我老婆在谷歌上班，我在阿里", "zh"), split("我老婆吃素，我不吃", "zh")
    (['我老婆在谷歌上班', '我在阿里上班'], ['我老婆吃素', '我不吃素'])
    >>> split("My sister lives in Denver while I live in Austin", "en") is None
    True
    """
    text = sentence.strip().rstrip(".!。！")
    if "?" in text or "？" in text:
        return None
    return _split_zh(text) if lang == "zh" else _split_en(text)
