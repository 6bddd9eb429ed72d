"""Standing instructions to the assistant ("Please always reply in Spanish", 请用中文回复我)
→ ``assistant.instruction``.

A one-off request is not a standing instruction: "Reply in Spanish" or 用英文回答这个问题
may be about this one answer. A clause is read only when its wording makes it standing:
"always"/"never", the assistant's answers in general ("keep your answers short"), "I want
you to ...", or in Chinese a reply language addressed to 我 (请用中文回复我). "From now on,
reply in English" is read by the patterns' habit fallback already. Questions ("Can you reply
in Spanish?") never reach here; third-person and past clauses ("He always replies in Spanish",
"I replied in Spanish") are not anchored at an imperative and are not read.

The value is the instruction as an infinitive for the statement "wants the assistant to {v}"
("always reply in Spanish", "keep answers short"; 用中文回复, 回答简短一点).
"""

from __future__ import annotations

import re

from memstrata.extract.clauses import CONF_PREFER, Finding, clean_value
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE

#: Verbs of replying; the manner after them says how ("in Spanish", "in bullet points", "briefly").
_REPLY = r"(?:reply|respond|answer|write back|talk to me|speak to me|write to me|address me|explain things)"
_MANNER = (r"(?:(?:in|with|using|as|without)\b.+|(?:briefly|concisely|formally|informally|casually|"
           r"politely|simply|in short|in english|in chinese)(?:\s+.+)?)")
#: "Please always reply in Spanish", "Always answer in bullet points", "Only respond in English".
_ALWAYS = lazy_regex(rf"^(?:please\s+)?(?P<adv>always|only|never)\s+(?:please\s+)?"
                     rf"(?P<v>{_REPLY}(?:\s+me)?\s+{_MANNER})$", _IC)
#: "Keep your answers short", "Make your replies shorter", "Please keep all your responses brief".
_HOW = (r"(?:(?:very|really|more|less|a bit|fairly|pretty|as)\s+)?(?:short|shorter|brief|briefer|concise|simple|"
        r"simpler|detailed|clear|formal|casual|friendly|plain|to the point|under \d+ words|in [A-Z][a-z]+)"
        r"(?:\s+as possible)?")
_YOUR_ANSWERS = lazy_regex(r"^(?:please\s+)?(?:always\s+)?(?P<verb>keep|make)\s+(?:all\s+)?(?:of\s+)?(?:your|the)\s+"
                           rf"(?P<what>answers|replies|responses|explanations|messages)\s+(?P<how>{_HOW})$", _IC)
#: "I want you to always reply in Spanish", "I'd like you to answer in bullet points".
_WANT_YOU = lazy_regex(rf"^(?:i|i'd|i would)\s+(?:want|like|prefer|need)\s+you\s+to\s+"
                       rf"(?P<adv>always\s+|never\s+|only\s+)?(?P<v>{_REPLY}(?:\s+me)?\s+{_MANNER})$", _IC)


def find_en(clause: str, ctx: object) -> list[Finding]:
    """``assistant.instruction`` findings in one English clause (a pattern of ``patterns_en``)."""
    m = _ALWAYS.match(clause)
    if m:
        adv = m.group("adv").lower()
        return _finding(f"{adv} {m.group('v')}" if adv != "always" else m.group("v"), clause)
    m = _YOUR_ANSWERS.match(clause)
    if m:
        how = m.group("how")
        return _finding(f"{m.group('verb').lower()} {m.group('what').lower()} {how}", clause)
    m = _WANT_YOU.match(clause)
    if m:
        adv = (m.group("adv") or "").strip().lower()
        return _finding(f"{adv} {m.group('v')}" if adv in ("never", "only") else m.group("v"), clause)
    return []


def _finding(value: str, clause: str) -> list[Finding]:
    value = clean_value(value, "en")
    return [Finding("assistant.instruction", value, CONF_PREFER, clause)] if value else []


_LANGS_ZH = (r"中文|汉语|普通话|简体中文|繁体中文|简体字?|繁体字?|英文|英语|日语|日文|韩语|韩文|法语|德语|"
             r"西班牙语|俄语|粤语|双语|中英文|中英双语")
_REPLY_ZH = (r"(?:回复|回答|答复|回|和我(?:说话|交流|聊天|沟通|对话)|跟我(?:说话|交流|聊天|沟通|对话)|"
             r"交流|聊天|对话|说话)")
#: 请用中文回复我 / 以后都用英文回答 / 用中文和我交流 / 麻烦你一直用简体中文回答我.
_LANG_ZH = lazy_regex(rf"^(?P<firm>请|麻烦|你|都|一直|总是|一律|务必|永远|始终)*(?:你)?(?:都|一直|总是|一律|始终)?"
                      rf"(?:用|使用|以)(?P<lang>{_LANGS_ZH})(?:来)?(?P<verb>{_REPLY_ZH})(?P<me>我)?(?:吧|就好|就行|好吗)?$")
#: 请回答简短一点 / 请简洁地回答 / 回答尽量简短些 (with 请): how long or how plain the answers are.
_STYLE_ZH = lazy_regex(r"^(?:请|麻烦)(?:你)?(?:以后)?(?:都|尽量)?(?:(?:回答|回复)(?:得|时|的时候)?(?:都|请|尽量|要)*"
                       r"(?P<a>简短|简洁|简单|精简|详细|具体|短)(?:一点|一些|些|点)?"
                       r"|(?P<b>简短|简洁|简单|精简|详细|具体)(?:地|点|一点)?(?:回答|回复)(?:我)?)$")


def find_zh(clause: str, ctx: object) -> list[Finding]:
    """``assistant.instruction`` findings in one Chinese clause (a pattern of ``patterns_zh``)."""
    text = clean_value(clause, "zh")
    m = _LANG_ZH.match(text)
    # 用英文回答 alone may be about this one answer: 请/都/一直 or the addressee 我 make it standing
    if m and (m.group("firm") or m.group("me")):
        verb = m.group("verb")
        verb = "回复" if verb in ("回", "答复") else verb
        return [Finding("assistant.instruction", f"用{m.group('lang')}{verb}", CONF_PREFER, clause)]
    m = _STYLE_ZH.match(text)
    if m:
        value = f"回答{m.group('a')}一点" if m.group("a") else f"{m.group('b')}地回答"
        return [Finding("assistant.instruction", value, CONF_PREFER, clause)]
    return []
