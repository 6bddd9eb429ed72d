"""A thing used, said by the role it has for the speaker, read as "my <role> is <thing>".

"using fish as my shell", "I use arc as my browser now", 我用zsh当shell, 浏览器我用的是Chrome, 手机我一直用小米:
the role phrase says what the thing is for, whatever case its name is typed in, as "my shell is fish" and
我的浏览器是Chrome do; before, each stored nothing (a name in lower case is no name to ``shapes_en._plain_use``,
and a role said first, before 我, was no kind ``informal.spoken_order_zh`` knows). The possessive shapes then key
the thing by its role ("my browser is …"), and a later "switched my browser to firefox" supersedes it.
"""

from __future__ import annotations

import re

from memstrata.extract import gazetteer, shapes, tool_kinds
from memstrata.text.regex import lazy_regex

#: Roles that are people or a confidant, not a thing's job: "I use ChatGPT as my therapist", "as my diary".
_PERSON_ROLE_EN = lazy_regex(r"(?:therapist|friend|best\s+friend|assistant|coach|tutor|teacher|doctor|partner|"
                             r"boyfriend|girlfriend|wife|husband|mentor|buddy|diary|journal|excuse|reason|"
                             r"motivation|inspiration|alarm)$", re.IGNORECASE)
_AS_MY_EN = lazy_regex(
    r"^(?:(?:i|we)(?:'ve\s+been|\s+have\s+been|'m|\s+am|'re|\s+are)?\s+)?"
    r"(?P<adv>(?:(?:now|still|mostly|mainly|currently|always|just|also)\s+)*)"
    r"(?P<verb>use|using|run|running|(?:switched|moved|changed|gone)\s+(?:over\s+)?to)\s+"
    r"(?!(?:my|our|a|an|the|his|her|their|it|this|that|them)\b)(?P<v>[\w.+#-]+(?:\s+[\w.+#-]+){0,2}?)\s+"
    r"as\s+(?P<owner>my|our)\s+(?:(?:main|default|daily|primary|go-to|new|only)\s+)?"
    r"(?P<r>[a-z][\w-]*(?:\s+(?!(?:now|these|nowadays|rn|atm|at)\b)[a-z][\w-]*)?)"
    r"(?P<when>\s+(?:now|these days|nowadays|rn|atm|at work))?"
    r"(?P<end>[.!]*)$", re.IGNORECASE)

#: 我用zsh当shell, 我现在用Arc作为浏览器: the thing, then the role after 当 / 作为 (做 is as often a verb:
#: 我用这个做饭).
_AS_MY_ZH = lazy_regex(r"^我(?P<adv>(?:现在|目前|平时|一般|一直|主要|都|也)*)用(?P<v>[A-Za-z][\w .+#-]{0,20}?|"
                       r"[\u4e00-\u9fff]{2,6}?)(?:来)?(?:当作|当做|当|作为)(?:我的|我)?"
                       r"(?P<r>[A-Za-z\u4e00-\u9fff]{1,6}?)(?:用)?了?(?P<end>[。！!]*)$")
#: A role said first (浏览器我用的是Chrome, 手机我一直用小米, 编辑器我用vim): the role, 我, how often, 用, the thing.
_ROLE_FIRST_ZH = lazy_regex(r"^(?P<r>[A-Za-z\u4e00-\u9fff]{1,5}?)(?:的话)?[，,]?我(?P<adv>(?:现在|目前|平时|一般|一直|"
                            r"主要|都|也|还是)*)(?:在)?用(?:的)?(?:是)?"
                            r"(?P<v>[A-Za-z][\w .+#-]{0,20}?|[\u4e00-\u9fff]{2,6}?)"
                            r"(?:的)?(?P<end>[。！!]*)$")
#: What may be said before 我 that is no role: a person, a pointer, a time, a place, a count.
_NOT_A_ROLE_ZH = lazy_regex(r"^(?:你|他|她|它|咱|大家|小|阿|老|这|那|今|昨|明|现在|最近|以前|以后|平时|一般|每|"
                            r"上|下|早|晚|周|星期|礼拜|在|去|从|和|跟|一|两|几|其实|反正|所以|但|不过|因为|如果|"
                            r"妈|爸|哥|姐|弟|妹|儿|女|家|老公|老婆)|[吃喝做写看听玩拍打跑画买去来说学弹唱跳走骑开读练热煮炒洗]")
#: A thing's name said in Chinese ends no verb of an activity (手机我用来拍照 names no thing).
_ACTIVITY_ZH = lazy_regex(r"[吃喝做写看听玩拍打跑画买去来说学弹唱跳走骑开读练热煮炒洗上]")


def _listed(name: str) -> bool:
    """Whether ``name`` is a thing the lists know (a gazetteer name, a tool of a known kind): then it is said as used
    ("I use Chrome", 我用顺丰), where its own key reads it and a switch to a rival of its kind ends it; a name the
    lists do not know is keyed by the role the sentence gives it."""
    hit = gazetteer.lookup(name, choice=True)
    return (hit is not None and hit.named and (hit.start, hit.end) == (0, len(name.strip()))) \
        or tool_kinds.kind_of(name) is not None


def role_said(sentence: str) -> str:
    """``sentence`` as the possessive of the role it names a thing by ("using helix as my editor" → "My editor is
    helix", 我用zsh当shell → 我的shell是zsh, 手机我一直用小米 → 我的手机是小米), else unchanged. A thing the lists
    know (``_listed``: 编辑器我用vim, "I use arc as my browser") is said as used (我用vim, "I use Arc"), or as switched
    to when the sentence says it is new ("now", "switched to": "I switched to Arc"); a person's role
    ("as my therapist") and a thing with an article ("my phone as my alarm") are left, and so is an English name no
    list knows in a role no taxonomy key holds ("fish as my shell"): stored under a key of its own, a later bare
    "switched to …" would leave it active (an unseen change sequence failed so).

    >>> role_said("using helix as my editor these days"), role_said("I use arc as my browser now")
    ('My editor is helix', 'I switched to Arc')
    >>> role_said("我用zsh当shell"), role_said("手机我一直用小米"), role_said("编辑器我用vim")
    ('我的shell是zsh', '我的手机是小米', '我用vim')
    >>> role_said("I use ChatGPT as my therapist"), role_said("他我一直用小名叫")
    ('I use ChatGPT as my therapist', '他我一直用小名叫')
    """
    text = sentence.strip()
    if (m := _AS_MY_EN.match(re.sub(r"\s+(?:these days|nowadays|lately)(?=[.!]*$)", "", text, flags=re.I))) \
            is not None and not _PERSON_ROLE_EN.search(m.group("r")):
        subject, name = "We" if m.group("owner").lower() == "our" else "I", tool_kinds.spelled(m.group("v"))
        changed = bool(m.group("when") or re.search(r"(?i)\bnow\b", m.group("adv"))
                       or not m.group("verb").lower().startswith(("us", "run")))
        if _listed(m.group("v")):  # "I use chrome as my browser": "I use Chrome", which a switch to Brave ends
            return f"{subject} {'switched to' if changed else 'use'} {name}{m.group('end')}"
        if not shapes.ATTRIBUTE_KEYS.get(m.group("r").lower(), "").startswith("tool."):
            return sentence  # an unlisted name in a role no key holds: a later bare switch would not end it
        now = "now " if changed else ""
        return f"{m.group('owner').capitalize()} {m.group('r')} is {now}{m.group('v')}{m.group('end')}"
    if "我" not in text or "用" not in text:
        return sentence
    if (m := _AS_MY_ZH.match(text)) is not None and not _ACTIVITY_ZH.search(m.group("r")) \
            and not re.match(r"[这那它他她你]", m.group("v")):  # 我用这个当…: a thing said before
        if _listed(m.group("v")):
            return f"我{m.group('adv')}用{m.group('v').strip()}{m.group('end')}"
        return f"我的{m.group('r')}{m.group('adv')}是{m.group('v').strip()}{m.group('end')}"
    if (m := _ROLE_FIRST_ZH.match(text)) is not None and not _NOT_A_ROLE_ZH.search(m.group("r")) \
            and not (re.match(r"[\u4e00-\u9fff]", m.group("v")) and _ACTIVITY_ZH.search(m.group("v"))):
        if _listed(m.group("v")):  # 快递我用顺丰: the carrier's own key; 浏览器我用Chrome: a thing used
            return f"我{m.group('adv')}用{m.group('v')}{m.group('end')}"
        return f"我的{m.group('r')}是{m.group('v').strip()}{m.group('end')}"
    return sentence
