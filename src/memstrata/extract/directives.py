"""A standing instruction about how to work: "Always run ruff before committing", "Never push directly to main",
"Use pytest, not unittest", 以后提交前先跑测试, 不要直接推到main.

A coding agent's most useful memory is the user's word on how the work is done, said as an imperative to the
agent: it is stored as ``assistant.instruction`` ("how the user wants the assistant to reply or behave", a
procedure the agent follows), never as the user's own habit (``preference.habit`` is what the user does: "I
always use tabs"). The value is the instruction in short form, as the statement "wants the assistant to {v}"
reads it: "always run ruff before committing", "never push directly to main" (a prohibition is said with
"never": "Don't add comments that restate the code" → "never add comments that restate the code").

**Standing or one-off.** Most requests are for now ("Run the tests.", "Fix this bug", 帮我看一下这个报错), and a
wrong standing instruction is shown in every later session's profile, so a request is standing only when

* a standing word says so: always, never, don't ever, every time, from now on; 以后, 今后, 永远, 每次, 一律,
  始终, 总是; or
* it forbids a way of working (a prohibition: "Don't add comments that restate the code", 不要直接推到main); or
* it chooses one way against another ("Use pytest, not unittest", "Use tabs instead of spaces", 用pnpm不用npm); or
* it says how a kind of thing is done, a bare plural and a manner ("Write commit messages in the imperative").

and in every case its verb is one of working (``_WORK_EN`` / ``_WORK_ZH``: use, run, write, commit, push,
format, reply …; 用, 跑, 提交, 推, 写 …: "Never give up", "Always be yourself", 别担心 are advice or chatter, no
instruction), and nothing in it points at the thing at hand (this, it, here, now, yet, this time; 这, 这个, 这里,
先, 现在, 这次: "Please use tabs here", "Use this one", "Don't push it yet"); "this project" / "this repo" /
这个项目 name the scope of a standing rule and are allowed. A question ("Can you always check this?"), a clause
with a subject of its own ("I always use tabs": the user's habit) and a closed list's prohibition ("Don't ship
with UPS": ``shipping.carrier = not UPS``, ``extract.forbidden``) are read by their own shapes first: this shape
is the rules' last reading of a sentence nothing else read.

**How answers are written** ("Please always reply in Spanish", "Keep your answers short", "I want you to answer in
bullet points", 请用中文回复我, 请回答简短一点) is read clause by clause among the topic patterns (``replies_en`` /
``replies_zh``, in ``patterns_en`` / ``patterns_zh``), ahead of "never ..." read as a habit: first the forms a
standing word marks ("always"/"never"/"only", "I want you to ...", 请/都/一直), then the casual ones
(``extract.replies``: "reply in bullets pls", "keep it short", 说话简洁点, 别给我发表情), which name a manner or a
part of answers and no one-off object (用英文回答这个问题, "answer this in Spanish" are about one answer). Third-person
and past clauses ("He always replies in Spanish", "I replied in Spanish") are not anchored at an imperative and are
not read. Both readings store their value through one clean-up (``_finding``).
"""

from __future__ import annotations

import re

from memstrata.extract import replies
from memstrata.extract.clauses import CONF_NEGATIVE, CONF_PREFER, Finding, clean_value
from memstrata.extract.for_now import (
    DAYS_ZH,
    FOR_NOW_EN,
    FOR_NOW_ZH,
    STANDING_EN,
    STANDING_ZH,
    THIS_TIME_ZH,
    TODAY_EN,
    TOMORROW_EN,
    YET_EN,
)
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE
KEY = "assistant.instruction"

#: Verbs of working on code and text, base form (how answers are written is ``replies_en``'s: "Always answer
#: the phone" is advice). A verb of feeling, being or advice ("give up", "be", "worry", "mind") is none.
_WORK_EN = (r"(?:use|run|rerun|write|add|format|indent|name|commit|push|merge|rebase|squash|test|lint|document|"
            r"comment|keep|put|wrap|sort|pin|import|deploy|ship|build|install|include|"
            r"sign|log|check|follow|prefer|type|annotate|create|delete|remove|update|bump|tag|release|review|ask|"
            r"mention|cite|quote|store|save|edit|modify|touch|rename|move|refactor|print|raise|return|catch|"
            r"handle|mock|split|limit|prefix|capitalize|lowercase|mark|reference|link|translate|summarize|summarise|"
            r"generate|squash-merge|force-push|force push|hardcode|hard-code|skip|disable|enable|bypass|declare|"
            r"define)\b(?!(?<=keep)\s+\w+ing\b|\s+(?:in touch|up|going|calm|safe|well)\b)")
#: What points at the thing at hand: a request about it is for now. "this project", "this repo" name a scope. The
#: ``extract.for_now`` words of a day or a moment, and any pointer besides ("this", "it", "here", "now", "first",
#: "again"): an instruction is standing only when it points at nothing ("this time" is "this" already).
_AT_HAND_EN = lazy_regex(
    r"\b(?:this|that|these|those)\b(?!\s+(?:project|repo|repository|codebase|code base|workspace|team|app|service|"
    rf"package|library|monorepo))|\b(?:it|them|here|now|{YET_EN}|{TODAY_EN}|{TOMORROW_EN}|{FOR_NOW_EN}|right away|"
    r"first|again|anymore|any more|once)\b", _IC)
#: "that" opening a relative clause ("comments that restate the code") points at nothing.
_RELATIVE_THAT = lazy_regex(r"(?<=[a-z]s)\s+that\b|\b(?:code|anything|everything|something)\s+that\b", _IC)
_PLEASE = r"(?:please\s+|pls\s+|kindly\s+)?"
#: How an instruction is asked for as the user's wish: "I want you to", "I'd like you to", "I would prefer you to",
#: "I need you to" (``find_en`` reads what follows as the instruction, ``replies_en`` as a reply instruction).
_WANT_YOU_TO = r"(?:i|i'd|i would)\s+(?:want|like|prefer|need)\s+you\s+to\s+"
#: "Always run ruff before committing", "Never push directly to main", "Don't ever …", "Every time you commit,
#: run the tests", "From now on, …" (under "from now on" a clause no topic reads asks ``find_en`` before it is kept
#: as a habit: ``preferences_en._habit_fallback``).
_MARKED_EN = lazy_regex(
    rf"^{_PLEASE}(?P<m>always|never(?:\s+ever)?|(?:don't|do not|dont)\s+ever|every\s+time\s+(?:you|we)\s+[^,]+,|"
    rf"whenever\s+(?:you|we)\s+[^,]+,|(?:{STANDING_EN}),?)\s+{_PLEASE}"
    rf"(?P<v>{_WORK_EN}\b.*)$", _IC)
#: "Don't add comments that restate the code", "Do not push directly to main".
_FORBID_EN = lazy_regex(rf"^{_PLEASE}(?:don't|do not|dont)\s+{_PLEASE}(?P<v>{_WORK_EN}\b.*)$", _IC)
#: "Use pytest, not unittest", "Use tabs instead of spaces", "Prefer httpx over requests".
_CHOICE_EN = lazy_regex(rf"^{_PLEASE}(?P<v>{_WORK_EN}\s+[^,]+?)\s*(?:,\s*(?:and\s+|but\s+)?not|,?\s+instead of|"
                        r",?\s+rather than|,?\s+over)\s+(?P<alt>[\w.+#/@-]+(?:\s+[\w.+#/@-]+){0,2})$", _IC)
#: "Write commit messages in the imperative", "Format dates with dashes": a bare plural (words, no number or amount:
#: "Write 10 questions for a podcast", "Add more nets to the table" ask for something now), then how it is done.
_KIND_EN = lazy_regex(rf"^{_PLEASE}(?P<v>{_WORK_EN}\s+(?!(?:the|a|an|my|your|our|his|her|their|some|more|another|all|"
                      r"any|few|several|us|me|them|you|it)\b)(?:[a-z-]+\s+){0,2}[a-z-]+s\s+(?:in|with|without|using)\s+"
                      r"(?!the\s+(?:table|model|article|text|list|paragraph|file|document|code)\b).+)$", _IC)
#: What an unmarked prohibition must not forbid to be standing: the thing at hand ("Don't summarise the article"),
#: a move of this conversation ("Don't ask me to pick", "Do not respond until you have the flight numbers").
_AT_HAND_OBJECT_EN = lazy_regex(r"^\S+(?:\s+\S+)?\s+(?:the|me|us)\b|^\S+$|\buntil\b|\btill\b", _IC)
#: "Don't use unittest.", 别用 unittest: a named thing not to choose, said alone, is the choice at hand's
#: (``extract.forbidden`` keeps a chosen thing's under its key); "Never use unittest" says it stands. A kind of thing,
#: a plural, is a way of working: "Don't use bullet points", "Do not use mocks".
_NAME_ALONE = lazy_regex(r"^(?:use|用)\s*[\w.+#-]+(?:\s+[\w.+#-]+)?(?<![a-z]s)$", _IC)
#: The standing words that hold "now" or "future": no pointer at the thing at hand.
_STANDING_EN = lazy_regex(rf"\b(?:{STANDING_EN})\b", _IC)
#: Said to someone about their own life it is advice ("Write letters to your family", "Never limit yourself").
_ADVICE_EN = lazy_regex(r"\b(?:your|yours|yourself|yourselves)\b", _IC)
#: A wait for the user's next move ("Never write emails until I say GO") is about this conversation.
_UNTIL_I = lazy_regex(r"\b(?:until|till|before)\s+i\b(?!\s+ask\b)", _IC)
#: A prohibition said as "never" in the stored value ("don't ever" and "do not" too).
_NEGATION_EN = lazy_regex(r"^(?:never(?:\s+ever)?|(?:don't|do not|dont)(?:\s+ever)?)\s+", _IC)


def find_en(sentence: str) -> list[Finding]:
    """The standing instruction ``sentence`` gives ("Always run ruff before committing" → ``assistant.instruction
    = always run ruff before committing``), ``[]`` for a request for now, a question or any other sentence."""
    text = _WANT_YOU_EN.sub("", re.sub(r"(?:,?\s+please)?[.!]*$", "", sentence.strip()))
    if (not text or text.endswith("?") or _points_at_hand(_STANDING_EN.sub("", text)) or _ADVICE_EN.search(text)
            or _UNTIL_I.search(text)):
        return []
    if _WHEN_I_ASK_EN.search(text) and (m := _ASKED_EN.match(text)) is not None:
        marker = (m.group("m") or "").lower()
        return _finding(_NEGATION_EN.sub("never ", f"{marker} {m.group('v')}".strip()), sentence)
    if (m := _MARKED_EN.match(text)) is not None:
        marker = m.group("m").lower().rstrip(",")
        if marker.startswith(("every", "whenever")):  # "Every time you commit, run the tests": the when after
            return _finding(f"{m.group('v')} {marker}", sentence)
        value = f"{marker} {m.group('v')}" if not marker.startswith(("from", "going", "in ")) else m.group("v")
        return _finding(_NEGATION_EN.sub("never ", value), sentence)
    if (m := _FORBID_EN.match(text)) is not None:
        v = m.group("v")
        return [] if _AT_HAND_OBJECT_EN.search(v) or _NAME_ALONE.match(v) else _finding(f"never {v}", sentence,
                                                                                          CONF_NEGATIVE)
    if (m := _CHOICE_EN.match(text)) is not None:
        return _finding(f"{m.group('v')}, not {m.group('alt')}", sentence)
    if (m := _KIND_EN.match(text)) is not None:
        return _finding(m.group("v"), sentence, CONF_NEGATIVE)
    return []


#: "... when I ask about software dependencies", "... whenever I ask for code": a condition on every such question,
#: standing as "every time" is. Under it any imperative is an instruction on answering, not only a verb of working:
#: "Always provide security best practices when I ask about authentication", "Include sources when I ask about
#: history" ("Always include version numbers when I ask about ..." was read, "Always provide ..." was not).
_WHEN_I_ASK_EN = lazy_regex(r"\s+(?:when(?:ever)?|if|each time|every time|any ?time)\s+i\s+ask\b", _IC)
#: The imperative before it: a verb first, no subject, no modal, no reply word ("Thanks for helping when I ask"), no
#: opening of another reading ("Going forward, I want ...", "Remember ...") and no clause of the user's after a comma
#: ("Don't suggest pork when I ask about dinner, I'm Muslim").
_ASKED_EN = lazy_regex(
    rf"^{_PLEASE}(?P<m>always|never|(?:don't|do not|dont)(?:\s+ever)?)?\s*{_PLEASE}"
    r"(?P<v>(?!(?:i|i'm|you|we|he|she|they|it|there|this|that|my|your|our|his|her|their|is|are|was|were|am|can|could|"
    r"will|would|should|shall|may|might|must|do|does|did|have|has|had|when|whenever|if|thanks|thank|sorry|ok|okay|yes|"
    r"no|so|and|but|or|then|just|from|going|starting|in|on|at|after|before|for|with|to|by|until|also|still|maybe|"
    r"actually|remember|remind|note|keep in mind)\b)[a-z][a-z-]*\b[^,]*(?:,(?!\s*(?:i|i'm|we|my)\b)[^,]*)*)$", _IC)
#: "I want you to always run ruff before committing", "I'd prefer you to never push to main": the instruction after
#: it, cut before reading (``replies_en`` reads the reply verbs' form of it after the same words).
_WANT_YOU_EN = lazy_regex(rf"^{_WANT_YOU_TO}", _IC)


def _points_at_hand(text: str) -> bool:
    """Whether ``text`` points at the thing at hand ("Use this one", "Please use tabs here"); a relative "that"
    ("comments that restate the code") does not."""
    return bool(_AT_HAND_EN.search(_RELATIVE_THAT.sub(" which", text)))


def _finding(value: str, clause: str, conf: float = CONF_PREFER) -> list[Finding]:
    """The one ``assistant.instruction`` finding of ``value`` (spaces collapsed, a capital opening a lower-case
    word lowered: "Use pytest" → "use pytest", "PR titles" kept), ``[]`` when it is empty."""
    value = " ".join(value.split())
    value = value[0].lower() + value[1:] if value[:1].isupper() and value[1:2].islower() else value
    return [Finding(KEY, value, conf, clause)] if value else []


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
_WANT_YOU = lazy_regex(rf"^{_WANT_YOU_TO}(?P<adv>always\s+|never\s+|only\s+)?"
                       rf"(?P<v>{_REPLY}(?:\s+me)?\s+{_MANNER})$", _IC)


def replies_en(clause: str, ctx: object) -> list[Finding]:
    """The standing instruction on how to answer one English ``clause`` gives ("always answer briefly" →
    ``assistant.instruction = answer briefly``), ``[]`` for any other clause (a pattern of ``patterns_en``)."""
    m = _ALWAYS.match(clause)
    if m:
        adv = m.group("adv").lower()
        return _reply(f"{adv} {m.group('v')}" if adv != "always" else m.group("v"), clause)
    m = _YOUR_ANSWERS.match(clause)
    if m:
        how = m.group("how")
        return _reply(f"{m.group('verb').lower()} {m.group('what').lower()} {how}", clause)
    m = _WANT_YOU.match(clause)
    if m:
        adv = (m.group("adv") or "").strip().lower()
        return _reply(f"{adv} {m.group('v')}" if adv in ("never", "only") else m.group("v"), clause)
    return replies.casual_en(clause, getattr(ctx, "sentence", clause))  # "reply in bullets pls", "keep it short"


def _reply(value: str, clause: str) -> list[Finding]:
    """A reply instruction's value as ``_finding`` keeps it, once its edge punctuation and fillers are cut
    (``clauses.clean_value``: "always reply in Spanish please!" → "always reply in Spanish")."""
    return _finding(clean_value(value, "en"), clause)


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


def replies_zh(clause: str, ctx: object) -> list[Finding]:
    """The standing instruction on how to answer one Chinese ``clause`` gives (请用英语回复我 →
    ``assistant.instruction = 用英语回复``), ``[]`` for any other clause (a pattern of ``patterns_zh``)."""
    text = clean_value(clause, "zh")
    m = _LANG_ZH.match(text)
    # 用英文回答 alone may be about this one answer: 请/都/一直 or the addressee 我 make it standing
    if m and (m.group("firm") or m.group("me")):
        verb = m.group("verb")
        verb = "回复" if verb in ("回", "答复") else verb
        return _finding(f"用{m.group('lang')}{verb}", clause)
    m = _STYLE_ZH.match(text)
    if m:
        value = f"回答{m.group('a')}一点" if m.group("a") else f"{m.group('b')}地回答"
        return _finding(value, clause)
    return replies.casual_zh(clause, getattr(ctx, "sentence", clause))  # 说话简洁点, 别给我发表情


#: Chinese verbs of working: 用 X, 跑测试, 提交, 推到, 写, 加注释, 部署 … (a verb of eating, feeling or going is none:
#: 以后少吃甜的 is the user's own resolution, 别担心 chatter).
_WORK_ZH = (r"(?:用|使用|跑|运行|执行|提交|推|推送|合并|写|添加|删除|修改|注释|测试|部署|发布|格式化|缩进|命名|检查|"
            r"安装|引用|标注|遵守|遵循|把代码|把注释|把提交|把测试|提交信息|commit|push|merge)")
#: What points at the thing at hand in Chinese (这次, 这回, 这单 are 这 already): a first step of a standing order
#: (先跑测试) is no 先 of for now.
_AT_HAND_ZH = lazy_regex(r"这(?!个项目|个仓库|个库|个代码库|个工程|个团队)|那|它|这里|现在|"
                         rf"{DAYS_ZH}|先(?!跑|测|提交|运行|执行|检查)|{FOR_NOW_ZH}|{THIS_TIME_ZH}|一下|帮我|给我看")
_MARK_ZH = (rf"(?:{STANDING_ZH}|永远|每次[^，,]{{0,10}}?(?:前|后|之前|之后|的时候)[，,]?|"
            r"一律|始终|总是|务必)")
#: 我问历史问题的时候，附上出处; 每次我问代码问题时给我举例子: a condition on every such question (as "... when I ask
#: about ..."), then an imperative of answering: what to give, add, list or leave out (他/医生 after it is someone's
#: answer: 我问医生的时候，医生说没事).
_WHEN_I_ASK_ZH = lazy_regex(
    r"^(?:以后|今后|每次|每当)?(?:当)?我(?:问|咨询|问到|问起|提到|说到)[^，,。！!？?]{1,20}?(?:的时候|时候|时)[，,]?"
    r"(?:请|你)?(?:都|要|请|就|也)*(?:给我|帮我|附上|附|列出|列|加上|加|用|别|不要|不用|多|少|提供|说明|标注|标明|注明|"
    r"写|举|告诉我|直接|只|务必|记得|一定要|把)")
#: 以后提交前先跑测试, 永远不要直接推到main, 每次提交前都跑一遍测试, 一律用单引号.
_MARKED_ZH = lazy_regex(rf"^(?:请)?(?P<m>{_MARK_ZH})(?:都|要|请|必须|也)*(?P<v>(?:不要|别|不准|不许|禁止)?"
                        rf"(?:[^，,。！!？?]{{1,6}}?(?:前|后|时|的时候))?(?:都|先|要|直接|统一|全部|一律)*{_WORK_ZH}.*)$")
#: 不要直接推到main, 别在提交信息里写中文: a prohibition of a way of working (了 at the end is a withdrawal).
_FORBID_ZH = lazy_regex(rf"^(?:请)?(?:千万|绝对|永远)?(?:不要|别|不准|不许|禁止)"
                        rf"(?P<v>(?:直接|随便|再|先)?{_WORK_ZH}[^了]*)$")
#: 用pytest不用unittest, 用pytest，别用unittest: one way against another.
_CHOICE_ZH = lazy_regex(r"^(?:请)?(?:都|统一)?(?P<v>用(?P<x>[^，,不别]{1,20}?))[，,]?(?:而)?(?:不用|不要用|别用|不是)"
                        r"(?P<alt>[^，,。！!]{1,20})$")


def find_zh(sentence: str) -> list[Finding]:
    """The standing instruction a Chinese ``sentence`` gives (不要直接推到main → ``assistant.instruction =
    不要直接推到main``), ``[]`` for a request for now (帮我看一下这个报错), a question or any other sentence."""
    text = re.sub(r"[。！!.~～]+$", "", sentence.strip())
    if not text or text.endswith(("?", "？", "吗", "呢")) or _AT_HAND_ZH.search(text):
        return []
    if (m := _WHEN_I_ASK_ZH.match(text)) is not None:  # 我问历史问题的时候，附上出处
        return _finding(text.removeprefix("请"), sentence)
    if text.startswith("我"):
        return []
    if (m := _MARKED_ZH.match(text)) is not None:
        keep = m.group("m") if m.group("m").startswith(("永远", "每次", "一律", "始终", "总是")) else ""
        return _finding(f"{keep}{m.group('v')}", sentence)
    if (m := _FORBID_ZH.match(text)) is not None and _NAME_ALONE.match(m.group("v")):
        return []
    if m is not None or (m := _CHOICE_ZH.match(text)) is not None:
        return _finding(text.removeprefix("请"), sentence, CONF_NEGATIVE)
    return []


#: An instruction not to use a thing any more, said to the assistant (no "I"): 以后别用顺丰了, 别再用圆通了,
#: 不要再走中通了, "Don't use UPS anymore", "Stop using FedEx", "Please never ship with DHL again".
_NOT_TO_USE = lazy_regex(r"^\W*(?:以后|之后|今后|下次|从现在起|从今天起)?(?:都|就|也|可)?(?:千万)?"
                         r"(?:别|不要|甭|不许)再?(?:用|走|发|寄|选)"
                         r"|^\W*(?:please\s+)?(?:don't|do not|stop|never)\s+"
                         r"(?:use|using|ship with|shipping with|send with)\b", _IC)
#: The joiners of a list of things: 顺丰和圆通, 顺丰、圆通, "UPS or FedEx", "UPS, FedEx".
_LISTED = lazy_regex(r"[和、与跟及或,，]|\b(?:or|and|nor)\b", _IC)


def forbids_one(sentence: str) -> bool:
    """Whether ``sentence`` tells the assistant not to use one thing any more (以后别用顺丰了, "Don't use UPS anymore",
    "Stop using FedEx"), no list of things (别用顺丰和圆通了, "Don't use UPS or FedEx"): the rule extractor marks a
    withdrawal said so (``FactCandidate.forbids``), and one that ends nothing stored is kept as the prohibition
    (``facts.withdraw.prohibition_kept``).

    >>> forbids_one("以后别用顺丰了"), forbids_one("Don't use UPS anymore"), forbids_one("I don't use vim anymore")
    (True, True, False)
    >>> forbids_one("别用顺丰和圆通了"), forbids_one("Stop using UPS or FedEx")
    (False, False)
    """
    return bool(_NOT_TO_USE.match(sentence)) and not _LISTED.search(sentence)


def find(sentence: str, lang: str) -> list[Finding]:
    """``find_zh`` or ``find_en`` by ``lang``."""
    return find_zh(sentence) if lang == "zh" else find_en(sentence)

