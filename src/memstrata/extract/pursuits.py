"""What one has been doing lately: "Lately I've been networking", 我最近在看一些军事类的书籍.

A pursuit said in the progressive with a time word of the recent past (lately, recently, these days, 最近,
这段时间) is a standing fact about the user for a while (``activity.current``), as what one is learning is
(``shapes_en._learning``). A feeling, a thought or a struggle ("Lately I've been feeling tired", 我最近在想…,
"I've been trying to …") is no pursuit, and a progressive without such a time word ("I've been running
late", 我在吃饭) is the moment, not a pursuit. Read only when no topic rule read the sentence.
"""

from __future__ import annotations

import re

from memstrata.extract import gazetteer
from memstrata.extract.clauses import CONF_PREFER, Finding, clean_value, without_instead
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE
_RECENT_EN = r"(?:recently|lately|these days|nowadays|this (?:year|month|summer|winter|spring|fall|autumn))"
_PURSUIT_EN = lazy_regex(
    rf"^(?:(?P<t1>{_RECENT_EN})\s*,?\s+)?(?:i|we)(?:'ve|\s+have)\s+(?:also\s+|really\s+|still\s+|just\s+)*been\s+"
    rf"(?:(?P<t2>{_RECENT_EN})\s+)?(?:also\s+|really\s+)*(?P<v>[a-z]+ing\b.*?)(?:\s+(?P<t3>{_RECENT_EN}))?$", _IC)
#: Progressives that say a feeling, a thought, an effort ("trying to …"; "trying new recipes" is a pursuit) or a
#: plight, not a pursuit.
_NOT_A_PURSUIT_EN = lazy_regex(
    r"^(?:feeling|thinking|wondering|hoping|wishing|worrying|struggling|trying(?:\s+(?:to|my|our|hard|harder|so)\b|$)|"
    r"going through|dealing|having|getting|"
    r"doing|being|meaning|waiting|planning|looking forward|missing|craving|dreaming|considering|sleeping|"
    r"working(?:\s+(?:on\s+(?:it|that|this)|hard|late|a lot))?$|busy|living|staying|using|eating|drinking|"
    r"learning|studying|practi[cs]ing|saying|telling|asking|talking|following|reading up)\b", _IC)
#: A clause of its own after the pursuit: "networking and it's gotten me some good stuff".
_CLAUSE_AFTER_EN = lazy_regex(r"\s+(?:and|but|because|so|which|since)\s+(?:it|it's|i|i'm|that|this|he|she|they|"
                              r"we|my)\b|\s+(?:for|with|because)\s+.*$", _IC)
#: The clause of its own alone, for a pursuit that is one verb before "for" / "with".
_CLAUSE_AFTER_ONLY_EN = lazy_regex(r"\s+(?:and|but|because|so|which|since)\s+(?:it|it's|i|i'm|that|this|he|she|"
                                   r"they|we|my)\b|\s+because\s+.*$", _IC)

_PURSUIT_ZH = lazy_regex(
    r"^(?:(?P<t1>最近|这段时间|这阵子|近来|这些天)我?|我(?P<t2>最近|这段时间|这阵子|近来|这些天))"
    r"(?:也|还|一直|都)*(?:正在|在)(?P<v>[^，。！？]{2,16}?)(?:呢|啦)?$")
#: What follows 在 and is no pursuit: a feeling, a thought, a wait, a place (在家, 在公司), a search, an effort
#: (尝试减肥; trying things out, 尝试一些新的训练方法, is one).
_NOT_A_PURSUIT_ZH = lazy_regex(r"^(?:想|考虑|担心|烦|忙|等|找|寻找|寻觅|物色|打听|犹豫|纠结|思考|琢磨|学|"
                               # 在厨房里经常把食材烧焦, 在网上看到: 在 names where, and what follows is what happens
                               r"[\u4e00-\u9fff]{1,3}[里上]|"
                               r"练|家|公司|外地|国外|上班|工作|"
                               r"准备|计划|打算|努力|坚持|尝试(?!一些|新的|各种|不同的)|适应|调整|休息|生病|养病|吃药|发烧|咳嗽|失眠|熬夜)")


def pursuit_en(clause: str) -> list[Finding]:
    """"Lately I've been networking", "I've been hiking a lot recently": what the user has been doing lately."""
    m = _PURSUIT_EN.match(clause.strip().rstrip(".!"))
    if m is None or not (m.group("t1") or m.group("t2") or m.group("t3")):
        return []
    raw = _CLAUSE_AFTER_EN.split(m.group("v"), maxsplit=1)[0]
    if " " not in raw.strip():  # "looking for a job", "playing with my band": the verb needs what follows it
        raw = _CLAUSE_AFTER_ONLY_EN.split(m.group("v"), maxsplit=1)[0]
    raw = re.sub(r"\s+(?:a lot|a bunch|so much|more|again|too|recently|lately)$", "", raw, flags=_IC)
    value = clean_value(raw, "en")
    if not value or _NOT_A_PURSUIT_EN.match(value) or len(value.split()) > 6:
        return []
    return [Finding("activity.current", value, CONF_PREFER, clause, statement=f"has been {value} lately")]


def pursuit_zh(clause: str) -> list[Finding]:
    """我最近在看一些军事类的书籍, 这段时间我一直在跑步: what the user has been doing lately."""
    m = _PURSUIT_ZH.match(clause)
    if m is None:
        return []
    value = clean_value(m.group("v"), "zh")
    if not value or _NOT_A_PURSUIT_ZH.match(value) or "你" in value or value.endswith(("吗", "呢")):
        return []
    return [Finding("activity.current", value, CONF_PREFER, clause, statement=f"最近在{value}")]


#: The things a pursuit names by a kind, given in the next clause: "…, including HIIT and weight training",
#: "…，包括HIIT和重量训练".
_EXAMPLES_EN = lazy_regex(r"^(?:including|such as|like|especially|mostly)\s+(?P<x>.+?)$", _IC)
_EXAMPLES_ZH = lazy_regex(r"^(?:包括|比如|例如|像是|主要是)(?P<x>[^，。！？]+?)(?:等等?)?$")
#: A kind whose examples are things one does: methods, sports, workouts, classes (训练方法, 运动, 课程).
_KIND_OF_ACTIVITY = lazy_regex(r"(?:methods?|sports?|exercises?|workouts?|activities|hobbies|classes|routines|"
                               r"techniques|方法|运动|训练|活动|爱好|课程|项目)$", _IC)
_ITEMS = lazy_regex(r"\s*(?:,|\band\b|\bor\b|、|和|以及|或者?)\s*", _IC)


def with_examples(found: list[Finding], after: str, lang: str) -> list[Finding]:
    """``found`` (one clause's findings) with a pursuit named by a kind replaced by the examples the next clause
    ``after`` gives: "Lately I've been trying new training methods, including HIIT and weight training" and
    最近我正在尝试一些新的训练方法，包括HIIT和重量训练 are each ``HIIT`` and ``weight training`` / ``重量训练``, the
    things done (a kind that is liked keeps the kind: ``clauses.like_finding``). ``lang`` is ``en`` or ``zh``."""
    if len(found) != 1 or found[0].key != "activity.current" or not _KIND_OF_ACTIVITY.search(found[0].value):
        return found  # "reading a lot of novels, like Dune and Emma": the examples are books, not pursuits
    m = (_EXAMPLES_ZH if lang == "zh" else _EXAMPLES_EN).match(after.strip().rstrip(".!。！"))
    items = [clean_value(i, lang) for i in _ITEMS.split(m.group("x"))] if m else []
    if not items or not all(items) or any(len(i.split()) > 4 or len(i) > 16 for i in items):
        return found
    joint = "，包括" if lang == "zh" else ", including "
    said = found[0].statement
    return [Finding("activity.current", item, CONF_PREFER, found[0].clause, statement=f"{said}{joint}{item}")
            for item in items]


# --- Pastimes said plainly ------------------------------------------------------------------------

#: A pastime said in the plain present: "I play tennis", "I do yoga", "I climb", "I go climbing on weekends",
#: 我打网球, 我平时练瑜伽, 我攀岩. The verbs a sport or a hobby is played, done or practised with, in both languages
#: (the object says which pastime: ``gazetteer`` sport.like / hobby.like, as a whole); a verb alone is its own
#: pastime when its -ing form is one ("I climb": climbing). "as a hobby" / "for fun" makes any object a hobby
#: (``onset`` reads "I've taken up pottery" as "I do pottery as a hobby"). Someone else's ("My sister plays
#: tennis") and an object that is no pastime ("I climb the stairs to my office", "I play it by ear") are none.
_PASTIME_VERB_EN = r"(?:play|do|practi[cs]e|go)"
_PASTIME_VERB_ZH = r"(?:打|练|玩|踢|下|做|去)?"
_TAIL_EN = (r"(?:\s+(?:(?:on|at|most|every|each|at the)\s+(?:weekends?|evenings?|mornings?|nights?|days?|weeks?|"
            r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?)|a lot|regularly|sometimes|often|daily|weekly|every day|"
            # how often, as the habits say it: "twice a week", "three times a month"
            r"(?:once|twice|(?:\d+|two|three|four|five|six|seven|several|a few)\s+times)\s+a\s+(?:day|week|month)|"
            r"in my (?:free|spare) time|"
            # where it is done ("I go running at the gym", "I run in the park"): the pastime, wherever it is done
            r"(?:at|in|on|around)\s+(?:the|a|my|our)\s+(?:local\s+)?(?:gym|park|pool|club|beach|track|court|field|"
            r"lake|river|trail|woods|ymca|rec center|leisure cent(?:er|re)|neighbou?rhood|campus|studio)|"
            # the hour kept: "every morning at 6", "at 6:30am"
            r"(?:at|around)\s+\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.|o'clock)?))*")
_ADVERBS_EN = ("also", "often", "regularly", "usually", "sometimes", "really", "still", "mostly", "normally",
               "actually")
_PASTIME_EN = lazy_regex(
    rf"^i\s+(?:(?:{'|'.join(_ADVERBS_EN)})\s+)*"
    rf"(?:{_PASTIME_VERB_EN}\s+(?P<obj>[a-z][a-z -]*?)|(?P<phrase>work out|hit the gym)|(?P<bare>[a-z]+))"
    rf"(?P<hobby>\s+(?:as a hobby|for fun))?{_TAIL_EN}$", _IC)
_PASTIME_ZH = lazy_regex(rf"^我(?:也|还|经常|常常|平时|平常|一般|通常|有时|偶尔|每周|周末|都|每天|每个?周末|"
                         rf"每个?星期[一二三四五六日天]?|每周[一二三四五六日天]|早上|晚上|下班后|有空的时候|有空时|"
                         # a day of the week alone (我周六踢足球): the pastime, as "I play soccer on Saturday" is; no
                         # habit (this Saturday's or every one: the habits read only 每周六, 周六都)
                         rf"(?:周|星期|礼拜)[一二三四五六日天]|改|现在)*"
                         # where it is done (我在健身房跑步, 我改在公园跑步了): the pastime, wherever it is done
                         r"(?:在(?:健身房|公园|游泳馆|体育馆|操场|小区|楼下|河边|湖边|海边|江边|学校|球场)里?)?"
                         rf"{_PASTIME_VERB_ZH}"
                         r"(?P<obj>[\u4e00-\u9fff]{2,4})$")
_PASTIME_KEYS = ("sport.like", "hobby.like")
#: An object that points at something said before names no pastime: "I do it for fun".
_POINTING_EN = lazy_regex(r"\b(?:it|that|this|them|you|your|my)\b", _IC)


#: A place one goes to for a pastime, named for it, and a pastime said by a phrase: "I go to the gym", 我去健身房 (the
#: gazetteer's 健身), "I hit the gym", "I work out" (working out).
_PLACES_OF_PASTIME = {"to the gym": ("sport.like", "gym"), "going to the gym": ("sport.like", "gym"),
                      "hit the gym": ("sport.like", "gym"), "hitting the gym": ("sport.like", "gym"),
                      "work out": ("sport.like", "working out"), "working out": ("sport.like", "working out"),
                      "健身房": ("sport.like", "健身")}


def _pastime_named(obj: str) -> tuple[str, str] | None:
    """(key, value) when ``obj`` as a whole is a sport or a hobby the gazetteer names, or a place gone to for one."""
    if (place := _PLACES_OF_PASTIME.get(obj.lower())) is not None:
        return place
    hit = gazetteer.lookup(obj)
    if hit is None or hit.key not in _PASTIME_KEYS or (hit.start, hit.end) != (0, len(obj)):
        return None
    return hit.key, hit.value


def _ing(verb: str) -> list[str]:
    """"climb" → climbing, "hike" → hiking, "swim" → swimming: the -ing spellings to look up."""
    return [verb + "ing", verb[:-1] + "ing" if verb.endswith("e") else verb + verb[-1:] + "ing"]


#: How often said before the speaker ("On weekends I usually go hiking", "Most evenings, I run"): read after the
#: verb, where the pastime's tail takes it ("I usually go hiking on weekends").
_FRONTED_EN = lazy_regex(r"^(?P<when>(?:on|at|most|every|each)\s+(?:weekends?|evenings?|mornings?|nights?|days?|"
                         r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?)|in my (?:free|spare) time)\s*,?\s+"
                         r"(?P<rest>i\s.+)$", _IC)
#: A time of the day or week said before 我 with a word of habit (周末我一般去爬山, 晚上我通常跑步): the same as
#: 我周末一般去爬山, where the habit and pastime shapes read the time.
#: A time said with 每 (每天晚饭后我都会散步, 每周六我去游泳) names how often by itself and needs no such word; it
#: stored nothing before 我 while 我每天晚饭后都会散步 was a habit.
_EVERY_FRONTED_ZH = (r"每(?:天|日|晚|早|个?(?:周|星期|礼拜)[一二三四五六日天末]?|个?月|年|个?工作日)"
                     r"(?:的)?(?:早上|早晨|上午|中午|下午|傍晚|晚上|睡前|[早午晚]?饭后|下班后|起床后|周末)?")
_FRONTED_ZH = lazy_regex(r"^(?:(?P<when>早上|早晨|上午|中午|下午|傍晚|晚上|睡前|饭后|下班后|周末|工作日|平时|平常)"
                         r"(?P<me>我们?)(?=一般|通常|经常|常常|总是|都会|都)"
                         rf"|(?P<every>{_EVERY_FRONTED_ZH})[，,]?(?P<me2>我)(?![们和跟]))")


def unfronted(clause: str) -> str:
    """``clause`` with a time of habit said before the speaker put after it ("On weekends I usually go hiking" →
    "I usually go hiking on weekends", 周末我一般去爬山 → 我周末一般去爬山); ``clause`` itself when none is."""
    text = clause.strip().rstrip(".!。！")
    if (m := _FRONTED_EN.match(text)) is not None:
        return f"{m.group('rest')} {m.group('when').lower()}"
    if (z := _FRONTED_ZH.match(text)) is not None:
        return f"{z.group('me') or z.group('me2')}{z.group('when') or z.group('every')}{text[z.end():]}"
    return clause


def pastime_en(clause: str) -> list[Finding]:
    """"I play tennis", "I do yoga", "I climb", "I go climbing on weekends" (or "On weekends I go climbing"), "I run in
    the park instead": the sport or hobby the user does."""
    clause = without_instead(unfronted(clause))  # what replaced it: still done
    m = _PASTIME_EN.match(clause.strip().rstrip(".!"))
    if m is None:
        return []
    obj = (m.group("obj") or m.group("phrase") or "").strip()
    named = _pastime_named(obj) if obj else next(
        (n for w in _ing(m.group("bare").lower()) if (n := _pastime_named(w))), None)
    if named is None and obj and m.group("hobby") and len(obj.split()) <= 3 and not _POINTING_EN.search(obj):
        named = ("hobby.like", clean_value(obj, "en"))
    if named is None:
        return []
    words = clause.strip().rstrip(".!").split()[1:]  # "I often play tennis": "often plays tennis"
    at = next(i for i, w in enumerate(words) if w.lower() not in _ADVERBS_EN)
    ends = "es" if words[at].lower().endswith(("o", "s", "sh", "ch", "x")) else "s"
    said = " ".join([*words[:at], words[at] + ends, *words[at + 1:]])
    return [Finding(named[0], named[1], CONF_PREFER, clause, statement=said)]


def pastime_zh(clause: str) -> list[Finding]:
    """我打网球, 我平时练瑜伽, 我攀岩, 周末我一般去爬山: the sport or hobby the user does."""
    clause = unfronted(clause)
    m = _PASTIME_ZH.match(clause.strip().rstrip("。！!"))
    named = _pastime_named(m.group("obj")) if m else None
    said = clause.strip().rstrip("。！!")[1:]  # 我平时练瑜伽: 平时练瑜伽, what the user does, not a like
    return [Finding(named[0], named[1], CONF_PREFER, clause, statement=said)] if named else []


def pastime_of(act: str, lang: str) -> tuple[str, str] | None:
    """The pastime (key, value) an activity names, as said given up ("I stopped running", 我不再打网球了:
    ``extract.cessation``), so giving it up withdraws the pastime a plain statement of it stored
    ("I often run" → sport.like = running); ``None`` when it names none."""
    said = pastime_zh(f"我{act}") if lang == "zh" else pastime_en(f"I {act}")
    if said:
        return said[0].key, said[0].value
    return _pastime_named(act)



#: A negation before a verb in Chinese: 现在不跑了, 没再跑 say the pastime is not done.
_NOT_ZH = lazy_regex(r"[不没别]$")


def kept(text: str, lang: str, key: str, value: str) -> bool:
    """Whether ``text`` (the rest of a message that gives up a pastime at one time) goes on doing the pastime
    ``(key, value)``: "now I run in the evenings" keeps running (a word whose -ing form names it), 现在改成晚上跑
    keeps 跑步 (its verb, not negated: 现在不跑了 keeps nothing)."""
    if lang == "zh":
        at = text.find(value) if value in text else text.find(value[0])
        return at >= 0 and not _NOT_ZH.search(text[:at].rstrip("再也都"))
    for word in re.findall(r"[a-z]+", text.lower()):
        if any(_pastime_named(w) == (key, value) for w in (word, *_ing(word))):
            return True
    return False
