"""A state said with its start: "I've been vegetarian since last year", 我从去年开始吃素, or said as a
beginning alone: "I've started working at Meta", 我开始用顺丰了, "We just got a dog", "I went vegan",
我家新养了一只狗.

Said with when it began, a state still holds now: it is the state ("I'm vegetarian", 我吃素), valid
from the time named, not an event ("been vegetarian since") nor a beginning (开始吃素) dated that year.
``split_en`` / ``split_zh`` give the state as a plain present statement, which the other rules read
(``extract.rules``), and the time phrase, which dates what they find (``shapes.dated``).
"""

from __future__ import annotations

import re

from memstrata.extract.clauses import CONF_PREFER, Finding, clean_value
from memstrata.extract.places import known_place, known_place_zh
from memstrata.extract.pursuits import pastime_of
from memstrata.extract.subject_zh import RELATION, names_someone
from memstrata.extract.timex import COUNT_EN, time_span
from memstrata.extract.tool_kinds import kind_of
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE
#: "I've been vegetarian since last year", "I have been living in Berlin since 2020", "Since last
#: year I've been vegan", "I've been vegetarian for two years" (for: counted back from now).
_EN = lazy_regex(
    r"^(?:i|we)(?:'ve|\s+have)\s+been\s+(?P<s>.+?)\s+(?:ever\s+)?(?P<w>since|for)\s+(?P<t>.+?)(?:\s+now)?$"
    r"|^(?:ever\s+)?since\s+(?P<t2>.+?)\s*,?\s+(?:i|we)(?:'ve|\s+have)\s+been\s+(?P<s2>.+?)$", _IC)
#: How long, said with "for": two years, 3 months, a year (counted back: "two years ago", read by ``timex``, whose
#: counts these are).
_SPAN = lazy_regex(rf"^(?:{COUNT_EN})\s+(?:year|month|week|day)s?$", _IC)
#: What never starts a state one is in ("I've been to Paris since ...", "been there", "been thinking about", "been
#: doing well", "been going through a lot"); "been going to the gym", "been doing yoga" are a habit with its start.
_NOT_A_STATE = lazy_regex(r"^(?:to|there|here|away|gone|so|too|very|really|busy|thinking|wondering|trying|told|"
                          r"waiting|meaning|feeling|looking|working on|a bit|"
                          r"doing(?=$|\s+(?:well|good|great|fine|ok|okay|alright|better|worse|it|this|that|so|much)\b)|"
                          r"going(?=$|\s+(?:through|out|on|crazy|nuts|back|home|away|there)\b))\b", _IC)
#: A month named alone after "since" ("since January"): read as "in January" (a month still to come this year is
#: last year's: ``extract.rules``), as a year alone is read after "in".
_MONTH = lazy_regex(r"^(?:january|february|march|april|may|june|july|august|september|october|november|december)$",
                    _IC)

#: 我从去年开始吃素, 我去年开始就吃素了, 从2020年起我住在柏林, 自从去年我就一直吃素: the time, then 开始 / 起 /
#: 以来, then the state.
_ZH = lazy_regex(
    r"^我?(?:自从|从|自)?(?P<t>[^，,。]{1,8}?)(?:开始|起|以来)(?:，|,)?我?(?:就|都)?(?:一直)?(?P<s>[^，,。]+?)了?$"
    r"|^(?:自从|自)(?P<t2>[^，,。]{1,8}?)(?:，|,)?我(?:就|都)?(?:一直)?(?P<s2>[^，,。]+?)了?$")
#: A time's last character: a year, month, week or day named (去年, 2020年, 上个月, 三年前, 上周), or the new year
#: (年初, 元旦: ``timex``).
_ZH_TIME_END = lazy_regex(r"(?:年|月|周|礼拜|星期|天|号|日|前|时候|年初|元旦)$")
#: What follows 开始 without being a state one is in: a like stated as a beginning has its own shape
#: (开始喜欢…了), learning its own (开始学…), and a change or a wish is no state.
_ZH_NOT_A_STATE = lazy_regex(r"^(?:喜欢|爱|学|练|想|要|打算|准备|觉得|担心|怀疑|后悔|不|没)")


#: "I've lived in Shanghai for ten years", "I have worked at Google since 2019", "I've had asthma for years": a state
#: verb in the perfect (its present form after it), as "I've been living in Shanghai for ten years" says it.
_PERFECT_EN = lazy_regex(r"^(?:i|we)(?:'ve|\s+have)\s+(?:(?:now|already|also)\s+)?(?P<v>lived|worked|owned|driven|used|"
                         r"taught|studied)\s+(?P<s>.+?)\s+(?:ever\s+)?(?P<w>since|for)\s+(?P<t>.+?)(?:\s+now)?$", _IC)
_PRESENT_EN = {"lived": "live", "worked": "work", "owned": "own", "driven": "drive", "used": "use", "taught": "teach",
               "studied": "study"}


def split_en(sentence: str) -> tuple[list[str], str] | None:
    """``(statements, time)`` for "I've been <state> since <time>": the state said in the present
    ("I'm vegetarian"; "been living in Berlin" → "I live in Berlin", "I liv in Berlin", ... one
    spelling per way of undoing -ing, for the caller to keep the first that reads), and the time
    phrase ("last year"; "for two years" → "two years ago"). ``None`` for any other sentence."""
    m = _EN.match(sentence.strip().rstrip(".!"))
    if m is None and (p := _PERFECT_EN.match(sentence.strip().rstrip(".!"))) is not None:
        return _since(p.group("w"), p.group("t"), [f"I {_PRESENT_EN[p.group('v').lower()]} {p.group('s')}"])
    if m is None:
        return None
    state, time = (m.group("s"), m.group("t")) if m.group("s") else (m.group("s2"), m.group("t2"))
    if _NOT_A_STATE.match(state):
        return None
    if (on := re.match(r"on\s+(?P<v>.+)$", state, _IC)) is not None and kind_of(on.group("v")) is not None:
        return _since(m.group("w"), time, [f"I use {on.group('v')}"])  # "been on Fastmail since May": used since
    return _since(m.group("w"), time, _present(state) or [f"I'm {state}"])


#: "Only watching Hulu now.", "only using Apple Music now": what one keeps to now, the subject left out (after "I'm
#: done with Netflix"). "only" says a standing choice ("Watching a movie now" is what one is doing at the moment).
_ONLY_NOW_EN = lazy_regex(r"^only\s+(?P<s>[a-z]+ing\s+.+?)\s+now$", _IC)


def only_now_en(sentence: str) -> list[str]:
    """"Only watching Hulu now" as "I only watch Hulu now" (one spelling per way of undoing -ing, ``_present``, for
    the caller to keep the first that reads); ``[]`` for any other sentence.

    >>> only_now_en("Only watching Hulu now.")[0]
    'I only watch Hulu now'
    """
    m = _ONLY_NOW_EN.match(sentence.strip().rstrip(".!"))
    return [f"I only {said[2:]} now" for said in _present(m.group("s"))] if m else []


def _since(word: str | None, time: str, statements: list[str]) -> tuple[list[str], str] | None:
    """``(statements, time)`` with the time said as a period the reader dates ("for two years" → "two years ago",
    "since 2019" → "in 2019"); ``None`` when "for" is followed by no span."""
    if word and word.lower() == "for":
        if not _SPAN.match(time):
            return None
        time = f"{time} ago"
    elif re.fullmatch(r"\d{4}", time) or _MONTH.match(time):
        time = f"in {time}"  # a year or a month alone is read as a time only after "in"
    return statements, time


#: The stem of an -ing verb that dropped its silent e: one syllable ending in a single vowel and a single consonant
#: (hik-, rid-, writ-, us-) or in c / v (danc-, liv-), where the verb never doubles it (hiking, not hikking);
#: "visiting", "cooking", "walking" keep theirs.
_DROPPED_E = lazy_regex(r"[^aeiouy]*[aeiou][b-df-hj-np-tvz]|[a-z]*[^aeiou][cv]", re.IGNORECASE)
#: The same in a longer verb, by how the stem ends: -ate (meditat-, celebrat-), -ize / -ise (organiz-, exercis-),
#: -ose (compos-), -ure (measur-), -le after a consonant (cycl-, juggl-), -ice (practic-), -dge (judg-). "visiting",
#: "journaling", "bowling", "pouring", "raising" keep theirs (or are left to the spelling after).
_DROPPED_E_LONG = lazy_regex(r"[a-z]+(?:[b-df-hj-np-tv-z]at|[iy]z|[b-df-hj-np-tv-z]is|[b-df-hj-np-tv-z]os|"
                             r"[b-df-hj-np-tv-z]ur|[bcdfgkptz]l|ic|dg)", re.IGNORECASE)


def _present(state: str) -> list[str]:
    """"living in Berlin" said in the present: "I live in Berlin", "I liv in Berlin", ... one spelling
    per way of undoing -ing, for the caller to keep the first that reads; ``[]`` for no -ing verb."""
    first, _, rest = state.partition(" ")
    if not first.lower().endswith("ing") or len(first) < 5:
        return []
    stem = first[:-3]
    if len(stem) > 2 and stem[-1] == stem[-2]:  # "running" is "run" ("runn" read as a verb: "I runn"); "falling" "fall"
        bases = (stem, stem[:-1]) if stem[-1] in "lsz" else (stem[:-1], stem)
    elif _DROPPED_E.fullmatch(stem) or _DROPPED_E_LONG.fullmatch(stem):
        # "hiking" is "hike" ("I hik" read as a verb), "riding" "ride", "using" "use", "meditating" "meditate"
        bases = (stem + "e", stem)
    else:
        bases = (stem, stem + "e")
    return [f"I {b} {rest}".strip() for b in bases]


#: When a beginning said in the past tense happened ("I joined Acme last week"): it dates the state
#: it began (``shapes.dated``), which still holds now.
_PAST_EN = (r"(?:last\s+\w+|yesterday|today|this\s+(?:week|month|year)|earlier\s+this\s+\w+|"
            r"(?:a|an|one|two|three|four|five|six|a\s+few|\d+)\s+(?:day|week|month|year)s?\s+ago|"
            # "on Monday" dates it; "on Fridays", "on weekends" say when it recurs, part of what began
            r"in\s+\w+(?:\s+\d{4})?|on\s+(?!(?:\w+day|weekend)s\b)\w+)")
#: "I've started working at Meta", "I started using Neovim", "I've begun to prefer tea", "I started a new
#: job at Stripe", "we started using Linear": a beginning with no time named, which holds now.
_BEGUN_EN = lazy_regex(
    r"^(?:so\s+|and\s+)?(?P<who>i|we)(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+|now\s+)?(?:started|begun|began)\s+"
    r"(?:to\s+(?P<inf>\w.+?)|(?:a\s+)?(?:new\s+)?job\s+(?:at|with)\s+(?P<org>.+?)|(?P<ing>\w+ing\b.+?))"
    rf"(?:\s+(?:now|recently|lately|these days|{_PAST_EN}))?$", _IC)
#: The other beginnings of a job, each the job it began: "I got / landed / found / took a new job at
#: Initech", "I was / got / have been hired by Acme", "My new job is at Acme", "I joined Acme as an
#: engineer" (a name, capitalised, and the role taken: "I joined Reddit", "I joined Toastmasters last
#: month" join no employer, and would supersede the real one), and of an occupation: "I became a nurse" (read as
#: "I'm a nurse", which the occupation list decides). A plan ("I'm starting at Acme on Monday") is none.
_ADV_EN = r"(?:just\s+|recently\s+|finally\s+|now\s+)?"
#: The verbs a job is taken by, "I started / got / landed / found / took / accepted a new job" (past and perfect):
#: every reading of a new job's beginning here and its end of the employer before (``extract.job_end``) reads these.
JOB_TAKEN_EN = r"(?:started|got|gotten|landed|found|took|taken|accepted)"
_JOB_BEGUN_EN = lazy_regex(
    rf"^(?:so\s+|and\s+)?(?:(?i:i(?:'ve|\s+have)?\s+{_ADV_EN}{JOB_TAKEN_EN}\s+"
    r"(?:a|the)\s+(?:new\s+)?job\s+(?:at|with)\s+(?P<org>.+?)"
    rf"|i(?:'ve|\s+have|\s+was|\s+got)\s+{_ADV_EN}(?:been\s+)?hired\s+(?:by|at)\s+(?P<org2>.+?)"
    # "My new job is in Denver" says where the job is, no employer ("works at in Denver" was stored)
    r"|my\s+new\s+(?:job|employer)\s+is\s+(?:at\s+|with\s+)?(?!(?:in|near|on|from|by|around|outside|close|downtown)\b)"
    r"(?P<org3>.+?)"
    rf"|i(?:'ve|\s+have)?\s+{_ADV_EN}(?:became|become)\s+(?P<role>an?\s+.+?)"
    # "I started a new job as a paramedic": the work one does now, as "I work as a paramedic" says it
    rf"|i(?:'ve|\s+have)?\s+{_ADV_EN}{JOB_TAKEN_EN}\s+(?:a\s+)?"
    r"(?:new\s+)?job\s+as\s+(?P<work>an?\s+.+?))"
    # "…, new job at Swedish hospital", "Got a new job at Stripe!": the news with its subject left out
    rf"|(?i:(?:(?:just\s+|finally\s+)?{JOB_TAKEN_EN}\s+)?(?:a\s+)?new\s+job\s+(?:at|with)\s+)(?P<org5>.+?)"
    rf"|(?i:i(?:'ve|\s+have)?\s+{_ADV_EN}joined\s+)(?P<org4>[A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*)*)"
    r"(?i:\s+as\s+(?:an?|the|their|its)\s+\w+(?:\s+\w+){0,2}))"
    rf"(?i:\s+(?:now|recently|lately|{_PAST_EN}))?$")
#: A state begun by getting it or turning into it, each read as the state it began: "We just got a dog
#: named Max", "I adopted two cats last year" ("we have a dog named Max": getting, adopting, bringing
#: home is having), "I went vegan last year", "I've turned vegetarian" ("I'm vegan": going, turning is
#: being; lower case, as "I went Pro" is no "I'm Pro"). The subject is the user or the household ("my
#: sister went vegan" is hers); a plan ("I'm going vegan next month") is no past beginning. Only what
#: the rules read in the present counts.
_COUNT_EN = r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+)"
_GOT_EN = lazy_regex(
    rf"^(?:so\s+|and\s+)?(?P<who>i|we)(?:'ve|\s+have)?\s+{_ADV_EN}"
    rf"(?:(?:got|gotten|adopted|rescued|brought\s+home)\s+(?P<got>{_COUNT_EN}\s+.+?)"
    r"|(?:went|gone|turned|become|became)\s+(?:fully\s+|completely\s+|full\s+)?(?P<turned>(?!an?\b|the\b)(?-i:[a-z])[\w-]*))"
    rf"(?:\s+(?:now|recently|lately|{_PAST_EN}))?$", _IC)
#: 我开始用顺丰了, 我最近开始在腾讯上班了: 开始 with no time before it.
_BEGUN_ZH = lazy_regex(r"^我(?:最近|现在|已经|也|刚|刚刚|正式)?开始(?P<s>[^，,。！？]+?)了?$")
#: The other beginnings of a job, each the job it began: 我刚入职腾讯, 我跳槽到了阿里, 我在腾讯找到了新工作,
#: 我换了新工作，现在在美团, 我被腾讯录用了; and of an occupation: 我成了一名护士 (read as 我是一名护士, which
#: the occupation list decides). A plan (我下个月去字节上班) and someone else's (我妹妹入职了腾讯) are none.
#: The verbs a job is taken by in Chinese, 换了 / 找到了 / 开始了 / 换 (新)工作: here and in ``extract.job_end``.
JOB_TAKEN_ZH = r"(?:换了|找到了|开始了|换)"
_ADV_ZH = r"(?:最近|现在|已经|也|刚|刚刚|正式|终于|上个?月|上周|上星期|这周|前几天|前段时间|昨天|今年|去年)*"
_JOB_BEGUN_ZH = lazy_regex(
    rf"^我?{_ADV_ZH}(?:入职了?|跳槽(?:到|去)了?)(?P<org>[^，,。！？]+?)了?$|^我{_ADV_ZH}被(?P<org4>[^，,。！？]+?)录用了?$"
    rf"|^我{_ADV_ZH}在(?P<org2>[^，,。！？]+?)找到了?(?:一份)?(?:新的?)?工作了?$"
    # 我换工作了，去了字节跳动, 我跳槽了，进了阿里: the place gone to after the change is where one works now
    # 我从字节离职了，现在在美团做后端: a job left, and where one is now (现在 / 目前 said: 我离职了，在家休息 is none)
    rf"|^(?:{_ADV_ZH})我{_ADV_ZH}(?:(?:{JOB_TAKEN_ZH}(?:一份|份)?(?:新的?)?工作|跳槽)了?[，,](?:现在|目前)?"
    r"|(?:从[^，,。！？]{2,12}?)?(?:离职|辞职|辞了职)了?[，,](?:现在|目前))(?:也)?"
    rf"(?:在|去了|到了|进了|跳到了?|去)(?P<org3>[^，,。！？]+?)(?:上班|工作)?了?$"
    rf"|^我{_ADV_ZH}(?:成了|成为了?|当上了?)(?P<role>[^，,。！？]+?)了?$")

#: A pet or a child begun by taking it in, said of the household or with when: 我们养了一只猫, 我家新养了一只狗,
#: 我们刚领养了两只猫, read as 我家有一只猫 (which the rules read as the user's). Someone else's (我妹妹养了一只猫)
#: and a plan (我们打算养一只狗) are none.
_GOT_ZH = lazy_regex(rf"^(?:我们家?|我家|我)(?:里)?{_ADV_ZH}(?:新|又)?(?:养了|收养了|领养了|捡了)"
                     r"(?P<s>[^，,。！？]+?)了?$")


def begun_en(sentence: str) -> list[str]:
    """A beginning said with no time ("I've started working at Meta") as present statements for the
    rules to read ("I work at Meta", ...; the first that reads counts); ``[]`` for any other sentence,
    and for what never starts a state one is in ("I started thinking about ...")."""
    m = _BEGUN_EN.match(sentence.strip().rstrip(".!"))
    if m is None:
        return (_job_begun_en(sentence) or _got_en(sentence) or _taken_up_en(sentence) or _since_en(sentence)
                or _doing_taken_up_en(sentence) or _doing_switched_to_en(sentence))
    if m.group("org"):
        return [f"I work at {m.group('org')}"] if m.group("who").lower() == "i" else []
    state = m.group("inf") or m.group("ing")
    if _NOT_A_STATE.match(state):
        return []
    said = [f"I {state}"] if m.group("inf") else _present(state)
    # "we started using Linear": the household's or the team's beginning, said as "We use Linear" is
    return said if m.group("who").lower() == "i" else [f"We {s[2:]}" for s in said]


#: "I took up climbing", "I've taken up pottery", "I recently picked up knitting": a pastime begun, read as
#: done as a hobby ("I do pottery as a hobby", which ``pursuits.pastime_en`` reads). A thing taken up with an
#: article or a pronoun ("I took up the offer", "I took it up") is none.
_TAKEN_UP_EN = lazy_regex(
    rf"^(?:so\s+|and\s+)?i(?:'ve|\s+have)?\s+{_ADV_EN}(?:took|taken|picked)\s+up\s+"
    rf"(?P<p>(?!(?:a|an|the|my|your|his|her|their|our|it|that|this|some|smoking|drinking)\b)[a-z][a-z-]*(?:\s+[a-z-]+)?)"
    rf"(?:\s+(?:now|recently|lately|{_PAST_EN}))?$", _IC)


#: "Since last week I take the bus to work", "Starting Monday, I work from home": a present statement after the time
#: it holds from (a time ``timex`` reads: "since January" names no day it could date, and is left as said).
_SINCE_EN = lazy_regex(r"^(?:since|starting|as of)\s+(?P<t>[\w ]{2,25}?)\s*,?\s+"
                       r"(?P<s>I\s+(?!(?:'?ve|have|had|was|used|will|would|could|should|might|may|can|just|think|"
                       r"guess|feel|hope|wish|want|wanted)\b)[a-z]+\b.*)$", _IC)


def _since_en(sentence: str) -> list[str]:
    """A present statement said after the time it holds from ("Since last week I take the bus to work") as the
    statement alone, for ``extract.rules`` to date from that time; ``[]`` for none. Before, the opening time hid the
    statement from every reader."""
    m = _SINCE_EN.match(sentence.strip().rstrip(".!"))
    if m is None or (span := time_span(m.group("t"))) is None or span != (0, len(m.group("t"))):
        return []
    return [m.group("s")]


def _taken_up_en(sentence: str) -> list[str]:
    """A pastime taken up ("I've taken up pottery") as "I do pottery as a hobby"; ``[]`` for none."""
    m = _TAKEN_UP_EN.match(sentence.strip().rstrip(".!"))
    return [f"I do {m.group('p')} as a hobby"] if m else []


#: "I've taken up cycling to work", "I took up swimming on Sundays": a doing with more said of it, taken up as "I've
#: started cycling to work" begins it (a pastime alone is ``_TAKEN_UP_EN``'s).
_DOING_TAKEN_UP_EN = lazy_regex(
    rf"^(?:so\s+|and\s+)?(?P<who>i|we)(?:'ve|\s+have)?\s+{_ADV_EN}(?:took|taken|picked)\s+up\s+(?P<ing>\w+ing\s.+?)"
    rf"(?:\s+(?:now|recently|lately|{_PAST_EN}))?$", _IC)


def _doing_taken_up_en(sentence: str) -> list[str]:
    """A doing taken up ("I've taken up cycling to work") as its present ("I cycle to work"); ``[]`` for none."""
    m = _DOING_TAKEN_UP_EN.match(sentence.strip().rstrip(".!"))
    if m is None or _NOT_A_STATE.match(m.group("ing")):
        return []
    said = _present(m.group("ing"))
    return said if m.group("who").lower() == "i" else [f"We {s[2:]}" for s in said]


#: A switch to a doing: "I've switched to running in the evenings", "I switched to evening runs" (the doing named by
#: its time of day and its noun): the doing begun, as "I've started running in the evenings" says it.
_DOING_NOUNS = {"runs": "running", "walks": "walking", "swims": "swimming", "jogs": "jogging", "rides": "riding",
                "hikes": "hiking", "workouts": "working out"}
#: When a doing named by its time is done: "evening runs" are runs in the evenings, "weekend hikes" on weekends.
_WHEN_DONE = {"morning": "in the mornings", "afternoon": "in the afternoons", "evening": "in the evenings",
              "night": "at night", "weekend": "on weekends", "lunchtime": "at lunchtime"}
_DOING_SWITCHED_TO_EN = lazy_regex(
    rf"^(?:so\s+|and\s+)?(?P<who>i|we)(?:'ve|\s+have)?\s+{_ADV_EN}(?:switched|changed|moved)(?:\s+over)?\s+to\s+"
    r"(?:(?P<time>morning|afternoon|evening|night|weekend|lunchtime)\s+"
    # a doing in -ing is a lower-case word: "Beijing", "Nanjing", "Reading", "Wyoming" are places moved to
    rf"(?P<noun>{'|'.join(_DOING_NOUNS)})|(?P<ing>(?-i:[a-z]+ing)\b.*?))"
    rf"(?:\s+(?:now|instead|recently|lately|{_PAST_EN}))*$", _IC)


def to_a_doing_en(clause: str) -> bool:
    """Whether ``clause`` is a switch or a move to a doing ("We moved to weekend hikes", "I switched to running"):
    no home moved to and no thing used."""
    return bool(_doing_switched_to_en(clause))


def _doing_switched_to_en(sentence: str) -> list[str]:
    """A switch to a doing ("I've switched to evening runs") as its present ("I run in the evenings"); ``[]`` for
    none."""
    m = _DOING_SWITCHED_TO_EN.match(sentence.strip().rstrip(".!"))
    if m is None:
        return []
    doing = m.group("ing") or f"{_DOING_NOUNS[m.group('noun').lower()]} {_WHEN_DONE[m.group('time').lower()]}"
    if _NOT_A_STATE.match(doing):
        return []
    said = _present(doing)
    return said if m.group("who").lower() == "i" else [f"We {s[2:]}" for s in said]


#: An age said as its birthday: "I turned 35 yesterday", "Emma turned 8 today!" (read as "I turned 8 today" by
#: ``subject_en.someone_else``), "Leo just turned 13, officially a teenager": the age it is now ("I'm 35"). A number
#: with a word after it is no age ("turned 90 degrees", "turned 40 pages"); a clause after "and" is another statement
#: ("Leo just turned 4 and already bosses Mia around": 4 is the age).
_AGES_EN = (r"\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
            r"sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety")
_TURNED_AGE_EN = lazy_regex(
    rf"^(?:so\s+|and\s+)?i\s+{_ADV_EN}(?:officially\s+)?turned\s+(?P<age>(?:{_AGES_EN})(?:[- ](?:one|two|three|four|"
    rf"five|six|seven|eight|nine))?)(?:\s+years?\s+old)?(?:\s+(?:now|{_PAST_EN}))?"
    # a clause after it: "…, officially a teenager", "… and already bosses his sister around" (not "and a half", "and
    # 3 months": more of the age)
    rf"(?:(?:\s*(?:[,;(]|\s-\s)|\s+and\s+(?!an?\s+half\b|(?:{_AGES_EN}|a|an)\s+(?:months?|weeks?|days?)\b)).*)?$", _IC)


def _got_en(sentence: str) -> list[str]:
    """A state begun by getting it ("We just got a dog named Max") or turning into it ("I went vegan
    last year", "I turned 35 yesterday") as the present statement ("We have a dog named Max", "I'm vegan", "I'm 35");
    ``[]`` for none."""
    if (age := _TURNED_AGE_EN.match(sentence.strip().rstrip(".!"))) is not None:
        return [f"I'm {age.group('age')}"]
    m = _GOT_EN.match(sentence.strip().rstrip(".!"))
    if m is None:
        return []
    if m.group("got"):
        return [f"{m.group('who')} have {m.group('got')}"]
    return [f"I'm {m.group('turned')}"] if m.group("who").lower() == "i" else [f"We're {m.group('turned')}"]


#: Going to work somewhere, begun (开始去字节上班了): working there, as 在字节上班 says (read before as what one has
#: been doing, ``activity.current = 去字节上班``, beside the employer it took the place of).
_GOING_TO_WORK_ZH = lazy_regex(r"^去(?P<org>[^，,。！？]{2,12}?)(?P<w>上班|工作)$")


def _at_work_zh(state: str) -> str:
    """``state`` with going to work somewhere said as working there (去字节上班 → 在字节上班), else unchanged."""
    return _GOING_TO_WORK_ZH.sub(r"在\g<org>\g<w>", state)


def begun_zh(sentence: str) -> list[str]:
    """我开始用顺丰了 as 我用顺丰; ``[]`` for any other sentence, and when what follows 开始 is a like,
    learning or a wish (their own shapes)."""
    m = _BEGUN_ZH.match(sentence.strip().rstrip("。！!"))
    if m is None:
        return _job_begun_zh(sentence) or _got_zh(sentence)
    if _ZH_NOT_A_STATE.match(m.group("s")):
        return []
    return [f"我{_at_work_zh(m.group('s'))}"]


#: A new job begun, then where it is in a clause of its own: "I just started a new job last week, I'm at Meta now",
#: "I got a new job, I'm with Stripe now", "I left Atlassian last week, I'm at Canva now". Where one is after a new job
#: is the employer; a place is none ("I'm at home now": lower case; "I'm in Berlin": no "at").
_NEW_JOB_AT_EN = lazy_regex(
    rf"^(?:so\s+|and\s+)?(?i:i(?:'ve|\s+have)?\s+{_ADV_EN}(?:{JOB_TAKEN_EN}\s+"
    rf"(?:a\s+)?new\s+job|(?:switched|changed)\s+jobs"
    # a named employer left ("I left Atlassian last week, I'm at Canva now"): the one one is at now is the new one
    r"|(?:quit|left)\s+(?-i:[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*){0,3}))"
    rf"(?:\s+{_PAST_EN})?\s*[,;]\s*(?:and\s+|so\s+)?"
    r"(?:now\s+)?(?:i'm|i\s+am)\s+(?:now\s+)?(?:at|with)\s+)"
    r"(?P<org>[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*){0,3})(?i:\s+now)?$")


#: "I started at Stripe today", "I've just started at Acme Corp": a job begun at a name, said as where one started (a
#: plan, "I'm starting at Stripe on Monday", is none; a place or a school is no employer: ``_NOT_AN_EMPLOYER_EN``).
_STARTED_AT_EN = lazy_regex(
    rf"^(?:so\s+|and\s+)?(?i:i(?:'ve|\s+have)?\s+{_ADV_EN}(?:started|began|begun)\s+(?:work(?:ing)?\s+)?at\s+)"
    r"(?P<org>[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*){0,3})"
    rf"(?i:\s+(?:now|recently|lately|{_PAST_EN}))?$")
#: Names one starts at that are no employer: a school, a time, a day.
_NOT_AN_EMPLOYER_EN = lazy_regex(r"(?:^|\s)(?:University|College|School|Elementary|High|Academy|Institute|Uni|"
                                 r"Kindergarten|Preschool|Daycare|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|"
                                 r"Sunday|Noon|Midnight|Home|First|Level|Step|Page|Chapter)\b")


def _job_begun_en(sentence: str) -> list[str]:
    """A job or an occupation begun in other words than "started" ("I got a new job at Initech", "I
    became a nurse", "I started a new job, I'm at Meta now", "I started at Stripe today") as the present statement ("I
    work at Initech", "I'm a nurse"); ``[]`` for none."""
    text = sentence.strip().rstrip(".!")
    if (m := _NEW_JOB_AT_EN.match(text)) is not None and not known_place(m.group("org")):
        return [f"I work at {m.group('org')}"]
    if (m := _STARTED_AT_EN.match(text)) is not None and not known_place(m.group("org")) \
            and not _NOT_AN_EMPLOYER_EN.search(m.group("org")) and m.group("org").split()[0] not in ("I", "The"):
        return [f"I work at {m.group('org')}"]
    m = _JOB_BEGUN_EN.match(text)
    if m is not None and m.group("org5") and _NOT_YET_EN.search(m.group("org5")):
        return []  # "new job at Stripe starts Monday": a plan, and no name
    return _job_begun(m, "I'm {}", "I work at {}")


#: A verb or a time after the name in a new job said without its subject: "new job at Stripe starts Monday".
_NOT_YET_EN = lazy_regex(r"\b(?:starts?|starting|begins?|beginning|is|was|will|would|next|tomorrow|soon|from|on|"
                         r"in|offer|interview|search|hunt)\b", _IC)


def job_begun(sentence: str, lang: str) -> list[str]:
    """The present statement of a job ``sentence`` says began ("I got a new job at Initech", "new job at Stripe",
    我跳槽到了阿里), no other beginning; ``[]`` for none."""
    return _job_begun_zh(sentence) if lang == "zh" else _job_begun_en(sentence)


def _job_begun_zh(sentence: str) -> list[str]:
    """我刚入职腾讯, 我跳槽到了阿里 as 我在腾讯工作, 我在阿里工作; 我成了一名护士 as 我是一名护士; 我上周刚换了新工作，
    现在在美团 as 我在美团工作 (where one is after a new job, unless a place: 现在在上海); ``[]`` for none."""
    m = _JOB_BEGUN_ZH.match(sentence.strip().rstrip("。！!"))
    where = m.group("org3") if m is not None else None
    if where and (known_place_zh(where) or _NOT_AN_EMPLOYER_ZH.match(where)):
        return []
    if where and (done := _DONE_THERE_ZH.match(where)) is not None:  # 现在在腾讯做数据分析师: where, and as what
        return [f"我在{done.group('org')}当{done.group('job')}"]
    return _job_begun(m, "我是{}", "我在{}工作")


#: Where one is after a new job, said with what one does there (腾讯做数据分析师, 美团当产品经理): the employer and the
#: job, as 我在腾讯当数据分析师 says them (before: the employer 腾讯做数据分析师, the old job still current).
_DONE_THERE_ZH = lazy_regex(r"^(?P<org>[^，,]{2,12}?)(?:当|做)(?P<job>[^，,]{2,12})$")


#: Where one is that is no employer: home, a kind of place, a city the database does not name (北京).
_NOT_AN_EMPLOYER_ZH = lazy_regex(r"^(?:家|家里|公司|外地|老家|国外|北京|深圳|天津|重庆|香港|澳门|台北"
                                 r"|[^，,]{1,6}(?:市|省|区|县))$")


def _job_begun(m: re.Match[str] | None, role: str, org: str) -> list[str]:
    """The present statement of the job ``m`` (a ``_JOB_BEGUN_*`` match) began: its ``role`` group
    said by the ``role`` template, else the organisation (groups ``org`` .. ``org4``) by ``org``."""
    if m is None:
        return []
    if m.group("role"):
        return [role.format(m.group("role"))]
    if m.groupdict().get("work"):
        return [f"I work as {m.group('work')}"]
    orgs = (m.groupdict().get(g) for g in ("org", "org2", "org3", "org4", "org5"))
    return [org.format(next(o for o in orgs if o))]


def _got_zh(sentence: str) -> list[str]:
    """我们养了一只猫, 我家新养了一只狗 as 我家有一只猫, 我家有一只狗; ``[]`` for none."""
    m = _GOT_ZH.match(sentence.strip().rstrip("。！!"))
    return [f"我家有{m.group('s')}"] if m else []


#: 我吃素三年了, 我住在上海十年了, 我怀孕三个月了, 我在腾讯工作五年了: a state and how long it has held, closed by 了
#: (counted back from now: 三年前). A count one can date (a number, 半, not 几), a state with no 了 / 过 of its own
#: (我学了三年了, 我等了三个月了: a doing, not a state in).
_LASTED_ZH = lazy_regex(r"^(?P<s>我[^，,。了过]+?)(?:已经|都|快|有|将近|差不多|整整)?"
                        r"(?P<n>[0-9一二两三四五六七八九十]+|半)(?P<unit>个月|个星期|个礼拜|周|年)(?:多|左右)?了$")
#: What follows 我 without being a state that lasts: a going or coming (我去北京三天了), a wait, a like or a wish.
_LASTED_NOT_ZH = lazy_regex(r"^我(?:都|已经|也)?(?:去|来|到|回|出|飞|等|找|喜欢|爱|想|要|打算|准备|不|没)")


def split_zh(sentence: str) -> tuple[list[str], str] | None:
    """``(statements, time)`` for 我从<时间>开始<状态>: the state said in the present (我吃素), and the
    time (去年); and for a state with how long it has held (我吃素三年了 → 我吃素, 三年前). ``None`` for any
    other sentence, and when what follows 开始 is a like, learning or a wish (their own shapes)."""
    text = sentence.strip().rstrip("。！!")
    if (lasted := _LASTED_ZH.match(text)) is not None and not _LASTED_NOT_ZH.match(lasted.group("s")):
        n = "一" if lasted.group("n") == "半" else lasted.group("n")  # 半年: dated as a year, the coarser start
        unit = "个月" if lasted.group("unit") == "个月" else lasted.group("unit")
        return [lasted.group("s")], f"{n}{unit}前"
    m = _ZH.match(text)
    if m is None:
        return None
    time, state = (m.group("t"), m.group("s")) if m.group("s") else (m.group("t2"), m.group("s2"))
    if not _ZH_TIME_END.search(time) or _ZH_NOT_A_STATE.match(state) or names_someone(time):
        return None  # 我妹妹上周开始…: 妹妹上周 is no time but someone's, whose state it is (``subject_zh``)
    # going to work somewhere from a time to come is a plan (下周开始去字节上班), no job held yet
    return [f"我{state if re.match(r'(?:下|明|后|今后|以后)', time) else _at_work_zh(state)}"], time


# --- A doing begun or lasting that no rule keys --------------------------------------------------

#: When a doing began, said at its end: "now", "recently", "about a year ago", "last spring".
_WHEN_SAID_EN = rf"(?:(?:about|around|over|almost|nearly)\s+)?(?:now|recently|lately|these days|{_PAST_EN})"

#: "I started rock climbing last spring", "I've started putting 500 a month into an index fund", "I recently began
#: intermittent fasting": a doing begun (an -ing verb, one word before it at most), read when no rule keys what the
#: present says. A beginning of the moment ("I started crying", "I started packing") is none: the doing holds only
#: with when or how often it is done, with "recently" / "lately", or said in the perfect ("I've started …").
_DOING_BEGUN_EN = lazy_regex(
    rf"^(?:so\s+|and\s+)?i(?P<perfect>'ve|\s+have)?\s+(?P<adv>(?:just|recently|finally|also|now)\s+)?"
    r"(?:started|begun|began)\s+(?P<a>(?:[a-z-]+\s+)?[a-z]+ing\b.*?)"
    rf"(?:\s+(?P<t>{_WHEN_SAID_EN}))?$", _IC)
#: How often, inside what is done: "putting 500 a month into …", "swimming every morning".
_OFTEN_EN = lazy_regex(r"\b(?:every|each|daily|weekly|monthly|regularly|a\s+(?:day|week|month|year)|per\s+\w+|"
                       r"(?:once|twice|\w+\s+times)\s+a)\b", _IC)
#: Doings of the moment, never a pursuit begun: a fit, a reaction, weather, a thought, getting ready.
_MOMENT_EN = lazy_regex(r"^(?:crying|laughing|shaking|sweating|panicking|yelling|screaming|shouting|smiling|giggling|"
                        r"freaking|tearing|raining|snowing|pouring|packing|getting|noticing|realizing|realising|"
                        r"asking|talking|walking\s+(?:away|back|home|out)|running\s+(?:late|out|away))\b", _IC)
#: 我最近开始早睡了, 我今年开始每天跑五公里: a doing begun, with when (最近, 今年, 上个月 ...) or how often (每天,
#: 每周) said; 我开始哭了, 我开始做饭了 (now, this once) are none without it.
_DOING_BEGUN_ZH = lazy_regex(rf"^我(?P<adv>{_ADV_ZH})开始(?P<a>[^，,。！？]{{2,12}}?)了?$")
_WHEN_ZH = lazy_regex(r"最近|现在|今年|去年|上个?月|这个?月|上周|上星期|这周|前几天|前段时间|这段时间|这阵子")
_OFTEN_ZH = lazy_regex(r"^(?:每天|每周|每个?星期|每个?月|每晚|每早|天天|经常|定期)")
#: What follows 开始 without being a doing one keeps up: a like, learning, a wish (their own shapes:
#: ``_ZH_NOT_A_STATE``), a thing used (开始用…: a switch's), a feeling or a state of the moment, weather.
_MOMENT_ZH = lazy_regex(r"^(?:用|使用|改用|换|哭|笑|下雨|下雪|刮风|打雷|发烧|咳嗽|头疼|头痛|紧张|害怕|慌|忙|觉得|感觉|"
                        r"意识到|发现|明白|怀念|想念|有点|有些|慢慢|变|担心|怀疑|后悔|吃饭|睡觉|放假|上课|下课)")


def doing_begun(sentence: str, lang: str) -> str:
    """The doing a beginning with when or how often names ("I started rock climbing last spring" → ``rock
    climbing``, 我最近开始早睡了 → ``早睡``), for when no rule keys its present statement; ``""`` for none."""
    if lang == "zh":
        z = _DOING_BEGUN_ZH.match(sentence.strip().rstrip("。！!"))
        if z is None or _ZH_NOT_A_STATE.match(z.group("a")) or _MOMENT_ZH.match(z.group("a")):
            return ""
        return z.group("a") if _WHEN_ZH.search(z.group("adv")) or _OFTEN_ZH.match(z.group("a")) else ""
    m = _DOING_BEGUN_EN.match(_first_clause_en(sentence))
    if m is None or _NOT_A_STATE.match(m.group("a")) or _MOMENT_EN.match(m.group("a")):
        return ""
    held = m.group("perfect") or m.group("t") or "recently" in (m.group("adv") or "") or _OFTEN_EN.search(m.group("a"))
    return _kept_short(m.group("a")) if held else ""


#: Where a second clause begins after the doing ("…, and I'm wondering", "… - what's new with you", "… since May 30",
#: "… after witnessing …"): the doing ends there (a colon before a capital, "Burnout: The Secret …", is a title's).
_NEXT_CLAUSE_EN = lazy_regex(r"\s*(?:[,;]|:(?=\s+(?-i:[a-z]))|\s[-–—]\s)\s*"
                             r"|\s+(?:and|but|because|since|after|so|which|while|when|though|although)\s+", _IC)
#: When, left at the doing's end once the clause after it is cut: "about a year ago", "last month".
_WHEN_AT_END_EN = lazy_regex(rf"\s+{_WHEN_SAID_EN}$", _IC)


def _first_clause_en(sentence: str) -> str:
    """``sentence`` up to where a second clause begins, without the time at its end."""
    return _NEXT_CLAUSE_EN.split(sentence.strip().rstrip(".!?"), maxsplit=1)[0]


def _kept_short(doing: str) -> str:
    """``doing`` without a time at its end, ``""`` past ten words (a clause, no doing named)."""
    doing = _WHEN_AT_END_EN.sub("", doing)
    return doing if len(doing.split()) <= 10 else ""


#: "I've been intermittent fasting since January", "I've been playing the cello for twelve years": the doing said
#: with its start (an -ing verb, one word before it at most), read when no rule keys what the present says.
_DOING_LASTED_EN = lazy_regex(r"^(?:i|we)(?:'ve|\s+have)\s+been\s+(?P<a>(?:[a-z-]+\s+)?[a-z]+ing\b.*?)\s+"
                              r"(?:ever\s+)?(?:since|for)\s+", _IC)


#: A couple's change or bond counted in years (结婚, 在一起, 认识 …五年了): no doing kept up.
_COUPLED = "结婚|恋爱|在一起|认识|交往|同居|离婚|分手"
_COUPLED_ZH = lazy_regex(rf"^(?:{_COUPLED})")


#: A relative after 我 (我女儿学钢琴三年了): the doing is theirs, no part of the user's (it stored the user's
#: ``activity.current = 女儿学钢琴``).
_RELATIVE_FIRST_ZH = lazy_regex(rf"^的?(?:{RELATION})")


def doing_lasted(sentence: str, lang: str) -> tuple[str, str] | None:
    """``(doing, time)``: the doing a state with its start says and the time it holds from (``split_en`` /
    ``split_zh`` read both: "I've been playing the cello for twelve years" → ``("playing the cello", "twelve years
    ago")``, 我弹吉他十年了 → ``弹吉他``), for when no rule keys its present statement; ``None`` for none, and for a
    change whose span counts the state after it (我们结婚七年了: 结婚 is no doing kept up; a doing of three
    characters or more is, 弹吉他, 做前端开发)."""
    said = split_zh(sentence) if lang == "zh" else split_en(sentence)
    if said is None:
        return None
    if lang == "zh":
        # 我和老婆结婚五年了 as 我们结婚七年了: the partner said with 和 / 跟 is no part of the doing
        doing = re.sub(rf"^我(?:们|(?:和|跟|与)[\u4e00-\u9fff]{{1,4}}?(?={_COUPLED}))?(?:一直|都|已经)*", "",
                       said[0][0])
        kept = len(doing) >= 3 and not _MOMENT_ZH.match(doing) and not _ZH_NOT_A_STATE.match(doing) \
            and not _COUPLED_ZH.match(doing) and not _RELATIVE_FIRST_ZH.match(doing)
        return (doing, said[1]) if kept else None
    m = _DOING_LASTED_EN.match(sentence.strip().rstrip(".!"))
    if m is None or _NOT_A_STATE.match(m.group("a")) or _MOMENT_EN.match(m.group("a")):
        return None
    doing = _kept_short(_first_clause_en(m.group("a")))
    return (doing, said[1]) if doing else None


def doing_found(doing: str, lang: str, clause: str, *, begun: bool) -> list[Finding]:
    """The finding of a doing begun or lasting (``doing_begun`` / ``doing_lasted``): the pastime it names ("rock
    climbing": ``sport.like``), else what the user has been doing (``activity.current``), stated as begun ("started
    putting 500 a month into an index fund", 开始早睡) or kept up ("has been playing the cello", 一直弹吉他)."""
    if (named := pastime_of(doing, lang)) is not None:
        key, value = named
    else:
        key, value = "activity.current", clean_value(doing, lang)
    said = (f"开始{doing}" if begun else f"一直{doing}") if lang == "zh" else (
        f"started {doing}" if begun else f"has been {doing}")
    return [Finding(key, value, CONF_PREFER, clause, statement=said)] if value else []
