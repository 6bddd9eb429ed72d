"""How the user wants answers written, said casually and without "please" or "always": "reply in bullets pls",
"keep it short", "answers in English only", "talk to me like a friend", "stop apologizing so much", 说话简洁点,
回答别太长, 用列表回答我, 代码注释写英文, 别给我发表情, 少用专业术语, 先给结论再解释.

Such a message is an imperative about how to answer, write or address the user, and it names no one-off object:
nothing at hand ("this", "it", "here", "this time", 这, 这次), no count or single thing ("a short summary", 一封邮件),
no question. What it names is a *manner* of answers (``_MANNER_EN`` / ``_MANNER_ZH``: a language, a format, a
length, a tone) or a part of answers the user wants more or less of (``_PARTS_EN`` / ``_PARTS_ZH``: emojis, jargon,
disclaimers, apologies; 表情, 术语, 废话, 道歉). "Reply in Spanish" is read as standing too: said alone it names
no answer of its own, as "answer this in Spanish" or 用英文回答这个问题 would.

**One of a kind at a time.** Answers have one language, one format, one length and one tone at a time, so a
later instruction of the same aspect takes the place of the earlier ("actually use numbered lists" after "reply in
bullets", 以后回答详细一点 after 说话简洁点), across the two languages too; ``aspect`` names it, and
``extract.statements.slot_label`` reads it back from the instruction's statement, as it reads a favourite's label.
Instructions of no aspect (a prohibition of a part, "always run ruff before committing") stand side by side.
"""

from __future__ import annotations

import re

from memstrata.extract.clauses import CONF_PREFER, Finding, clean_value
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE
KEY = "assistant.instruction"

#: Manners of answers by aspect, English words (a language is named with a capital or not: "in english").
_ASPECTS_EN: dict[str, str] = {
    "language": r"english|chinese|mandarin|cantonese|spanish|french|german|italian|portuguese|japanese|korean|"
                r"russian|arabic|hindi|dutch|swedish|polish|turkish|vietnamese|thai|indonesian|greek|hebrew",
    "format": r"bullets?|bullet points?|bullet lists?|bulleted lists?|numbered lists?|numbered points|lists?|"
              r"tables?|paragraphs?|prose|markdown|plain text|headings|headers|steps|step by step|one line",
    "length": r"short|shorter|brief|briefer|briefly|concise|concisely|succinct|succinctly|terse|tersely|detailed|"
              r"in detail|in depth|in-depth|long|longer|thorough|thoroughly|to the point|one-liners?|"
              r"under \d+ words",
    "tone": r"formal|formally|informal|informally|casual|casually|friendly|like a friend|professional|"
            r"professionally|polite|politely|plain english|simple terms|simply|simple|like i'?m (?:five|5)",
}
_ASPECTS_ZH: dict[str, str] = {
    "language": r"中文|汉语|普通话|简体中文|繁体中文|简体字?|繁体字?|英文|英语|日语|日文|韩语|韩文|法语|德语|"
                r"西班牙语|俄语|粤语|双语|中英文|中英双语",
    "format": r"列表|表格|要点|分点|编号|段落|markdown|Markdown|项目符号|条目",
    "length": r"简短|简洁|精简|短|详细|具体|长|啰嗦|简单",
    "tone": r"随意|正式|客气|轻松|口语化|通俗|礼貌|幽默",
}
#: What says a value is about answers as a whole, no other thing written ("write commit messages in English" is
#: no answer language): a verb of replying, the answers named, or a bare choice of a manner ("use numbered lists").
_ABOUT_ANSWERS = lazy_regex(
    r"^(?:(?:only|always)\s+)?(?:reply|respond|answer|talk|speak|explain|write back|write to me|keep answers|"
    r"give\b.*\b(?:answers|replies|responses|explanations)|use\s+(?:only\s+)?(?:" + _ASPECTS_EN["format"] + r")$)"
    r"|^(?:用|以)?[^，,]{0,12}?(?:回答|回复|说话|讲话|交流|聊天|对话|解释)", _IC)
#: A condition on some answers only ("answer briefly when I ask about sports", 我问代码的时候用列表回答): it sets the
#: aspect of those answers, beside the one of all answers.
_CONDITION = lazy_regex(r"\b(?:when|whenever|if|unless)\b|的时候|时候|[^小]时[，,]", _IC)
_NEGATED = lazy_regex(r"\b(?:never|not|don't|do not|no)\b|不要|别|不", _IC)


def aspect(value: str) -> str | None:
    """The one aspect of answers (``language``, ``format``, ``length``, ``tone``) an instruction's ``value`` sets
    ("answer in bullet points" → ``format``, 说话简洁点 → ``length``), ``None`` when it is about something else
    ("write commit messages in English"), sets several ("answer briefly in Spanish") or none, or forbids a language
    or a format ("never use tables" stands beside "answer in bullet points"; "回答别太长" is a length), or holds under
    a condition only ("answer briefly when I ask about sports").

    >>> aspect("answer in bullet points"), aspect("use numbered lists"), aspect("说话简洁点"), aspect("用英文回答")
    ('format', 'format', 'length', 'language')
    >>> aspect("write commit messages in English"), aspect("never use tables"), aspect("answer briefly in Spanish")
    (None, None, None)
    """
    text = value.strip()
    if not _ABOUT_ANSWERS.search(text) or _CONDITION.search(text):
        return None
    zh = bool(re.search(r"[\u4e00-\u9fff]", text))
    found = {name for name, words in (_ASPECTS_ZH if zh else _ASPECTS_EN).items()
             if re.search(rf"(?:{words})" if zh else rf"\b(?:{words})\b", text, _IC)}
    if len(found) != 1:
        return None
    name = found.pop()
    return None if name != "length" and _NEGATED.search(text) else name


#: A statement of an instruction ("wants the assistant to ...", 希望助手...: ``extract.statements``) and its value.
_STATED = lazy_regex(r"^(?:wants the assistant to |希望助手)(?P<v>.+)$")


def slot_of(statement: str) -> str | None:
    """The slot an instruction's ``statement`` fills (``@answer language`` ...), by its value's ``aspect``: a new
    instruction of the same slot supersedes the old (``extract.statements.slot_label``); ``None`` for any other
    statement."""
    m = _STATED.match(statement.strip())
    kind = aspect(m.group("v")) if m else None
    return f"@answer {kind}" if kind else None


# --- English ---------------------------------------------------------------------------------------------------

_ALL_MANNERS_EN = "|".join(_ASPECTS_EN.values())
#: A manner of answers after a reply verb: "in bullets", "in English only", "like a friend", "briefly".
#: "like" a kind of person in a few words ("like a friend", "like I'm five"); a longer one is a role for a task
#: ("talk to me like an out of the box thinker, an innovator, ..., brainstorm some crazy ideas").
_MANNER_EN = (rf"(?:(?:in|with|using|as|without)\s+(?:(?:a|an|short|numbered|simple|plain|clear)\s+)?"
              rf"(?:{_ALL_MANNERS_EN})|like\s+\S+(?:\s+\S+){{0,2}}|{_ALL_MANNERS_EN})(?:\s+only)?")
#: Verbs of replying ("explain" alone asks for an explanation of the thing at hand: "explain like I'm five").
_REPLY_EN = r"(?:reply|respond|answer|write back|talk to me|speak to me|write to me|explain things)"
#: What is at hand, or a one-off: "this", "it" (bar "keep it short"), "here", "now", "this time", "for now", "a"/"one".
_AT_HAND_EN = lazy_regex(r"\b(?:this|that|these|those|it|here|now|today|tonight|for now|once|again|him|her|them)\b",
                         _IC)
_OPENING_EN = r"^(?:(?:actually|just|ok|okay|so|and|also|oh|hey|btw)\s*,?\s+)*"
#: "reply in bullets", "answer in English only", "talk to me like a friend", "explain things simply".
_REPLY_HOW_EN = lazy_regex(rf"{_OPENING_EN}(?P<v>{_REPLY_EN}(?:\s+me)?\s+{_MANNER_EN})$", _IC)
#: "keep it short", "keep things brief", "keep answers simple".
_KEEP_EN = lazy_regex(rf"{_OPENING_EN}keep\s+(?:it|things|everything|answers|replies|responses)\s+"
                      r"(?P<how>(?:(?:very|really|nice and|short and)\s+)?(?:short|brief|concise|simple|sweet|"
                      r"casual|formal|friendly|to the point))$", _IC)
#: "give me detailed answers", "short answers", "answers in English only", "code samples in TypeScript": answers
#: named in the plural (a singular, "a short summary", is one answer).
_NOUNS_EN = (r"(?:answers|replies|responses|explanations|examples|code samples|code examples|snippets|"
             r"summaries)")
_ANSWERS_EN = lazy_regex(
    rf"{_OPENING_EN}(?:give\s+(?:me\s+)?)?(?P<adj>(?:(?:{_ALL_MANNERS_EN}|shorter|simpler|clearer|more detailed)\s+)"
    rf"(?:and\s+(?:{_ALL_MANNERS_EN})\s+)?)?(?P<what>{_NOUNS_EN})(?P<how>\s+{_MANNER_EN}|\s+in\s+[A-Z][\w+#.]*"
    r"(?P<only>\s+only)?)?$", _IC)
#: The one a named language of code is chosen over: "code samples in TypeScript, not JavaScript".
_OVER_EN = r"\s*,?\s*(?:not|instead of|rather than)\s+[A-Z][\w+#.]*"
#: Parts of answers the user wants none of, or less: "no emojis", "stop apologizing", "skip the intro".
_PARTS_EN = (r"(?:emojis?|emoticons|jargon|corporate speak|buzzwords|fluff|filler|small talk|pleasantries|"
             r"disclaimers?|caveats|apologies|exclamation marks|exclamation points|intros?|introductions?|preambles?|"
             r"recaps?|follow-up questions|headers|headings|tables|markdown|code comments|moralizing|lectures)")
#: "no emojis", "no jargon please", "no corporate speak".
_NONE_OF_EN = lazy_regex(rf"{_OPENING_EN}(?P<no>no|no more|less)\s+(?P<v>{_PARTS_EN})(?:\s+with me)?$", _IC)
#: A wish addressed to the assistant, what follows it the instruction ("I'd rather you answer in bullet points", "I
#: prefer it when you keep it short"; "I want you to ..." is ``directives``').
_WISH_EN = lazy_regex(r"^(?:i'd|i would)\s+(?:much\s+)?rather\s+you\s+"
                      r"|^i\s+(?:prefer|like)\s+it\s+(?:when|if)\s+you\s+", _IC)
_POLITE_EN = lazy_regex(r"\s*,?\s*\b(?:pls|plz|please|thanks|thank you|thx)\b[.!]*", _IC)
#: "from now on" said after the instruction ("give me detailed answers from now on"): it stands, as said before.
_STANDING_TAIL_EN = lazy_regex(r"\s*,?\s+(?:from now on|going forward|from here on(?: out)?|in (?:the )?future)\s*"
                               r"[.!]*$", _IC)


def _bare_part(text: str, sentence: str) -> re.Match[str] | None:
    """``_NONE_OF_EN``'s reading of a part of answers said alone (``text``: "emojis") that ``sentence`` opens with
    "no" or "less" ("no emojis", "..., no corporate speak"), else ``None``."""
    if not re.fullmatch(_PARTS_EN, text, _IC):
        return None
    said = re.search(rf"(?:^|[,;]\s*)(?P<said>(?:no|no more|less)\s+{re.escape(text)})"
                     r"(?=\s*(?:please|pls)?\s*[.!]*$|\s*[,;])", sentence, _IC)
    return _NONE_OF_EN.match(said.group("said")) if said is not None else None


#: "use numbered lists", "use bullet points", "stick to British spelling", "use plain English".
_USE_EN = lazy_regex(rf"{_OPENING_EN}(?P<verb>use|stick to|stick with)\s+(?P<v>(?:only\s+)?(?:{_ASPECTS_EN['format']}"
                     r"|plain english|simple words|(?:british|american|uk|us)\s+(?:spelling|english)|metric(?: units)?"
                     r"|imperial(?: units)?|(?:" + _ASPECTS_EN["language"] + r")))(?:\s+only)?$", _IC)
#: "stop apologizing so much", "quit hedging", "skip the intro", "get straight to the point".
_STOP_EN = lazy_regex(
    rf"{_OPENING_EN}(?P<v>(?:stop|quit)\s+(?:apologi[sz]ing|saying sorry|hedging|rambling|repeating yourself|"
    rf"lecturing(?: me)?|moralizing|thanking me|(?:using|adding|including)\s+{_PARTS_EN})"
    rf"|(?:skip|drop|cut)\s+(?:the\s+)?{_PARTS_EN}"
    r"|get\s+(?:straight\s+|right\s+|directly\s+)?to\s+the\s+(?:point|answer)"
    r"|(?:skip|drop|cut)\s+(?:the\s+)?" + _PARTS_EN + r"\s+and\s+get\s+(?:straight\s+|right\s+|directly\s+)?to\s+"
    r"the\s+(?:point|answer))(?:\s+(?:so much|all the time|"
    r"every time|already))?$", _IC)


def casual_en(clause: str, sentence: str) -> list[Finding]:
    """The standing instruction on answers an English ``clause`` of ``sentence`` gives said casually ("reply in
    bullets pls" → ``assistant.instruction = reply in bullets``, "keep it short" → ``keep answers short``, "no
    emojis" → ``never use emojis``), ``[]`` for a question, a one-off ("give me a short summary of this", "can you
    use bullets here?", "keep it short this time") or any other clause."""
    clause_said, sentence = clause, _WISH_EN.sub("", sentence.strip())  # "I'd rather you answer in bullet points"
    clause = _WISH_EN.sub("", clause.strip())
    text = clean_value(_STANDING_TAIL_EN.sub("", _POLITE_EN.sub("", clause)), "en", clause=True)
    if not text or sentence.rstrip().endswith("?") or re.search(r"\bthis time\b", sentence, _IC):
        return []
    if _AT_HAND_EN.search(re.sub(r"^keep it\b", "", text, flags=_IC)):  # "keep it short" says "it" of every answer
        return []
    if (m := _KEEP_EN.match(text)) is not None:
        # "it" said beside another clause is that clause's thing ("draft the email. Keep it concise, professional,
        # and ..."); said alone it is every answer
        alone = _KEEP_EN.match(clean_value(_POLITE_EN.sub("", sentence), "en", clause=True)) is not None
        return _finding(f"keep answers {m.group('how').lower()}", clause_said) if alone else []
    if (m := _REPLY_HOW_EN.match(text)) is not None:
        return _finding(m.group("v"), clause_said)
    if (m := _ANSWERS_EN.match(text)) is not None and (m.group("adj") or m.group("how")):
        how = m.group("how") or ""
        if how.strip().lower().startswith("in ") and not re.search(rf"\bin\s+(?:{_ALL_MANNERS_EN})\b", how, _IC):
            # a language of code, said alone, may be this example's ("give me examples in Python"): only or not
            over = re.search(re.escape(text) + f"(?P<over>{_OVER_EN})", sentence, _IC)
            if over is None and not m.group("only"):
                return []
            how += over.group("over") if over is not None else ""
        return _finding(f"give {m.group('adj') or ''}{m.group('what')}{how}", clause_said)
    # "no emojis": the opening "no" is cut from the clause as a reply word ("No, ..."), so it is read in the sentence
    if (m := _NONE_OF_EN.match(text) or _bare_part(text, sentence)) is not None:
        less = m.group("no").lower() == "less"
        return _finding(f"use less {m.group('v')}" if less else f"never use {m.group('v')}", clause_said)
    if (m := _USE_EN.match(text)) is not None:
        return _finding(f"{m.group('verb')} {m.group('v')}", clause_said)
    if (m := _STOP_EN.match(text)) is not None:
        return _finding(m.group("v"), clause_said)
    return []


# --- Chinese ---------------------------------------------------------------------------------------------------

_ALL_MANNERS_ZH = "|".join(_ASPECTS_ZH.values())
_SAY_ZH = r"(?:回答|回复|答复|说话|讲话|聊天|交流|解释|讲解)"
_TO_ME_ZH = r"(?:你)?(?:跟我|和我|对我|给我)?"
#: 说话简洁点, 跟我说话随意一点, 回答详细些, 回复短一点: 点/一点/些 make the bare manner an imperative.
_STYLE_ZH = lazy_regex(rf"^{_TO_ME_ZH}(?P<say>{_SAY_ZH})(?:得|时|的时候)?(?:都|尽量|要|请|再)*"
                       rf"(?P<how>(?:{_ASPECTS_ZH['length']}|{_ASPECTS_ZH['tone']}|直接))(?:一点|一些|些|点)(?:吧|哈|啊)?$")
#: 回答别太长, 说话不要那么正式, 回复别太啰嗦.
_NOT_TOO_ZH = lazy_regex(rf"^{_TO_ME_ZH}(?P<v>{_SAY_ZH}(?:别|不要|不用)(?:太|那么|这么)"
                         rf"(?:{_ASPECTS_ZH['length']}|{_ASPECTS_ZH['tone']}|复杂|专业))(?:了)?(?:吧)?$")
#: 用列表的形式回答我, 用表格回复, 用英文回答: a manner of answers, said with 用.
_WITH_ZH = lazy_regex(rf"^(?:都|一律)?(?:用|以)(?P<how>{_ALL_MANNERS_ZH})(?:的)?(?:形式|方式|格式)?(?:来)?"
                      rf"(?P<say>{_SAY_ZH})(?:我)?(?:吧|就好|就行)?$")
#: Written things of a kind and the manner they are written in: 代码注释写英文, 提交信息用英文, 单位用公制.
_WRITTEN_ZH = (r"(?:代码注释|注释|提交信息|commit信息|commit message|变量名|函数名|文档|单位|日期格式?|数字|"
               r"回答|回复|代码示例|示例代码|例子)")
_FORM_ZH = rf"(?:{_ALL_MANNERS_ZH}|公制|英制|阿拉伯数字|国际单位|ISO格式|[A-Za-z][\w+#]*)"
_KIND_ZH = lazy_regex(rf"^(?P<v>{_WRITTEN_ZH}(?:都|统一|一律|全部|最好|就)?(?:用|写|写成|使用)(?P<how>{_FORM_ZH})"
                      r"(?:写|来写)?)(?:吧|就行|就好|就可以)?$")
#: Parts of answers the user wants none of, or fewer: 表情, 术语, 废话; speech the assistant is to stop: 道歉, 客套.
_PARTS_ZH = (r"(?:表情包|表情|emoji|专业术语|术语|废话|客套话|长句|表格|列表|markdown|缩写|感叹号|链接|"
             r"例子|比喻|类比|代码示例|示例|开场白|总结)")
_SPEECH_ZH = r"(?:道歉|客套|说废话|啰嗦|重复|绕弯子|寒暄|说教)"
#: 别给我发表情, 不要老是道歉, 回答里不要用表格, 少用专业术语, 讲代码的时候多举例子.
_PART_ZH = lazy_regex(
    rf"^(?:(?:回答|回复|说话)(?:里|中|时|的时候)|[^，,]{{1,12}}?的时候[，,]?)?(?P<v>(?:(?:别|不要|不用)(?:老是|总是|总|再|一直)?{_TO_ME_ZH}"
    rf"(?:发|用|加|带|写|说)?|(?:少|多)(?:用|发|加|写|说|举|给|带)){_PARTS_ZH}"
    rf"|(?:别|不要|不用)(?:老是|总是|总|再|一直|那么)?{_SPEECH_ZH})(?:了)?(?:吧)?$")
#: 先给结论再解释, 先说重点再展开, 直接说重点就行: the order of an answer's parts.
_ORDER_ZH = lazy_regex(r"^(?P<v>直接(?:说|给|讲)(?:重点|结论|答案))(?:就行|就好|就可以|吧)?$"
                       r"|^(?P<w>先(?:给|说|讲|写|上)(?:结论|答案|重点|要点|代码|总结)[，,]?"
                       r"再(?:解释|说|讲|展开|分析|给|补充)[\u4e00-\u9fff]{0,6})(?:吧|就行|就好)?$")
_WISH_ZH = lazy_regex(r"^我(?:更|比较|还是|其实)?(?:希望|想让|想要|宁愿|倾向于|喜欢)你(?:以后|之后)?")
#: What points at the thing at hand, or one of it (这次, 这个, 一封, 一段): a one-off; 这么, 那么 say how much.
_AT_HAND_ZH = lazy_regex(r"这(?!么)|那(?!么)|它|现在|今天|刚才|一下|帮我|一[封段篇个份条句]")


def casual_zh(clause: str, sentence: str) -> list[Finding]:
    """The standing instruction on answers a Chinese ``clause`` of ``sentence`` gives said casually (说话简洁点,
    别给我发表情, 代码注释写英文, 先给结论再解释: each as said), ``[]`` for a question, a one-off (帮我把这段写短一点,
    这次回答短一点, 用中文写一封邮件) or any other clause."""
    text = clean_value(clause, "zh")
    # 我希望你回答简短一点, 我更喜欢你用列表回答: a wish addressed to the assistant, what follows it the instruction
    text = re.sub(r"^(?:请|麻烦你?|以后|之后|今后)+", "", _WISH_ZH.sub("", text))
    sentence = _WISH_ZH.sub("", sentence.strip())
    if (not text or sentence.rstrip().endswith(("?", "？", "吗", "呢")) or _AT_HAND_ZH.search(sentence)
            or text.startswith(("我", "他", "她"))):
        return []
    for pattern in (_STYLE_ZH, _NOT_TOO_ZH, _WITH_ZH, _KIND_ZH, _PART_ZH, _ORDER_ZH):
        if pattern.match(text) is not None:
            return _finding(text, clause)
    return []


def _finding(value: str, clause: str) -> list[Finding]:
    """The one ``assistant.instruction`` finding of ``value``, spaces collapsed and a capital opening a word in
    lower case lowered ("Reply in bullets" → "reply in bullets")."""
    value = " ".join(value.split())
    value = value[0].lower() + value[1:] if value[:1].isupper() and value[1:2].islower() else value
    return [Finding(KEY, value, CONF_PREFER, clause)] if value else []
