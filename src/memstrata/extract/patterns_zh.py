"""Chinese patterns: explicit first-person statements and instructions → findings.

Chinese drops the subject freely ("明天要开会", "别放门口"), so instructions and
events are read without 我, while self-descriptions (我叫, 我住在, 我喜欢) require it.
Patterns are anchored at the start of a clause (after fillers such as 嗯、其实、算了)
and tried in order; the first that matches wins. Questions (…吗？, 什么, 是不是) are
skipped whole.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime

from memstrata.extract import conditions, gazetteer, guards, habits, instructions, kin, routines
from memstrata.extract.allergens import allergen, names_no_allergen, severity, severity_remark
from memstrata.extract.clauses import (
    CONF_EVENT,
    CONF_EXPLICIT,
    CONF_INFORMAL,
    CONF_LIKE,
    CONF_NEGATIVE,
    CONF_PREFER,
    CONF_STATED,
    Finding,
    Polarity,
    clause_period,
    clean_value,
    like_finding,
    merge_time_clauses,
    with_confidence,
    without_time,
)
from memstrata.extract.timex import zh_number
from memstrata.extract.twins import ALLERGENS, LEXICON
from memstrata.text.tokens import is_cjk

_Pattern = Callable[[str, "_Ctx"], list[Finding]]


class _Ctx:
    """Per-sentence state: the sentence, its time and the markers seen so far."""

    def __init__(self, sentence: str, said_at: datetime) -> None:
        self.sentence = sentence
        self.said_at = said_at
        self.habit = False  # 以后/从现在起 seen earlier in the sentence
        self.remember = False  # a bare 记住 clause precedes
        # 别给我打电话，发微信: a refused channel makes the bare 发微信 beside it a preference
        self.contact = bool(_REFUSED_CHANNEL.search(sentence))


_FILLER = re.compile(r"^(?:嗯+|哦+|噢|啊|好吧|好的|那个|其实|另外|还有|而且|但是|不过|所以|然后|对了|"
                     r"顺便说一下|说实话|老实说|总之|反正|算了|那|并且|同时|"
                     # 对 as "right": not the 对 of 对花生过敏 said without 我
                     r"对(?!.*过敏))+[，,\s]*")
_QUESTION = re.compile(r"[？?]\s*$|[吗么呢]\s*[。！!]?$|什么|为什么|怎么|哪里|哪儿|哪个|哪些|谁|多少|"
                       r"几点|几个|是不是|有没有|要不要|喜不喜欢|好不好|对不对|能不能|会不会|可不可以|过敏不过敏|过不过敏")
_HABIT = re.compile(r"^(?:我)?(?:以后|今后|往后|之后|从现在(?:起|开始)|从今(?:以后|往后|天起|天开始)|"
                    r"(?P<weak>下次|每次))(?:我)?(?:都|就|也|还是|一律|统一|全部|全都|一直)?")
_MODAL = re.compile(r"^(?:请|麻烦|帮我|希望|想|要|会|打算|还是|就|都|你)+")
#: 这/那 point only before a measure word or a number (那本书, 这两个, 那里) or alone: 那不勒斯披萨
#: (Neapolitan pizza) is a name (a fresh-user trial's 我喜欢那不勒斯披萨 extracted nothing).
_PRONOUN = re.compile(r"^(?:你|他|她|它|你们|他们|她们|这个|那个|这样|那样|自己|死了|上你|大家|"
                      r"[这那](?=$|[个些样种本部家件首位只条里儿边次款张双天时么幅句篇辆场间座门台份段集季期顿杯碗瓶盒块"
                      r"片套名颗棵头匹口位周月年回阵会类批堆群所栋趟遍番般面一两二三四五六七八九十几]))")


#: Where an allergy statement ends though no comma says so: chat runs 我对花生过敏所以不要放花生 and
#: 我对花生过敏请注意 together (trial 8 T4: nothing stored), and the clause after 过敏 is one of its
#: own. Not before a word 过敏 forms a noun with (过敏性鼻炎, 过敏原, 过敏反应) or 的 (过敏的人).
_AFTER_ALLERGY = re.compile(r"(?<=过敏)(?:了|啊|哦|呀|呢|啦|哈|喔)*"
                            r"(?!症|原|源|性|反应|史|体质|药|科|测|检|试|的|者|患者|人群|吗|么|嘛|吧|不|没|与否)"
                            r"(?=[\u3400-\u9fff])")
#: A part that ends as a question is not cut: 我对花生过敏你知道吗 is skipped whole, as before.
_ENDS_AS_QUESTION = re.compile(r"[？?]\s*$|[吗么呢嘛]\s*[。！!]?$")


def _clauses(sentence: str) -> list[str]:
    parts = [p for p in re.split(r"(?<=[，,；;。！!？?])", sentence) if p.strip()]
    parts = [q for p in parts for q in _split_after_allergy(p)]
    merged: list[str] = []
    for part in parts:
        # "我养了一只猫，叫咪咪": a clause starting with 叫 names what the previous one had.
        if merged and re.match(r"^\s*(?:叫|名叫|名字叫|它叫|他叫|她叫)", part):
            merged[-1] = clean_value(merged[-1], "zh") + part.strip()
        else:
            merged.append(part)
    return merge_time_clauses(merged)


def _split_after_allergy(part: str) -> list[str]:
    """``part`` cut after each 过敏 that a clause of its own follows (``_AFTER_ALLERGY``)."""
    if _ENDS_AS_QUESTION.search(part):
        return [part]
    cuts = [m.end() for m in _AFTER_ALLERGY.finditer(part)]
    bounds = [0, *cuts, len(part)]
    return [part[a:b] for a, b in itertools.pairwise(bounds) if part[a:b].strip()]


#: An allergy list written with commas for 、 (我对花生，芒果和虾过敏: the comma cut 对花生 from its 过敏 and
#: nothing was stored): 对, items of at most eight characters parted by commas, 过敏.
_COMMA_LIST = re.compile(r"对(?P<v>[^，,。.！!？?；;]{1,8}(?:[，,][^，,。.！!？?；;]{1,8})+)过敏")


def _comma_lists(sentence: str) -> str:
    """``sentence`` with the commas of an allergy list (``_COMMA_LIST``) read as 、, when one item at
    least is a known allergen (``_LISTED_ALLERGENS``) and every other one may be (``_bare_allergen``,
    two characters or more): 我对这件事，其实有点过敏 is no list. Same length, so clauses are still
    found in it by position."""
    def join(m: re.Match[str]) -> str:
        items = [allergen(p) for part in re.split(r"[，,]", m.group("v")) for p in _split_list(part)]
        if not any(p in _LISTED_ALLERGENS for p in items) \
                or not all(p in _LISTED_ALLERGENS or (len(p) >= 2 and _bare_allergen(p)) for p in items):
            return m.group(0)
        return f"对{re.sub(r'[，,]', '、', m.group('v'))}过敏"
    return _COMMA_LIST.sub(join, sentence)


def find(sentence: str, said_at: datetime) -> list[Finding]:
    """Findings in one Chinese sentence said at ``said_at`` (timezone-aware UTC)."""
    sentence = _comma_lists(sentence)
    ctx = _Ctx(sentence, said_at)
    out: list[Finding] = []
    about_me = False  # the previous clause was a statement about the speaker (我是素食者)
    whose = ""  # ... or about the speaker's relative (我妈妈对花生过敏): the subject it lends
    listing: list[Finding] = []  # the allergies of the clause before: 还有芒果、芝麻和虾 names more
    for raw in _clauses(sentence):
        if _QUESTION.search(raw.strip()):
            continue
        if listing and (more := _more_allergens(raw, listing[0])):
            out.extend(more)
            listing += more
            continue
        if listing and (level := severity_remark(clean_value(raw, "zh"))):  # 我对花生过敏，很严重
            out = [replace(f, severity=f.severity or severity(f.clause) or level) if f in listing else f for f in out]
        listing = []
        clause = _FILLER.sub("", clean_value(raw, "zh"))
        habit = _HABIT.match(clause)
        if habit and habit.end() > 0:
            ctx.habit = ctx.habit or not habit.group("weak")
            clause = clause[habit.end() :]
        if re.fullmatch(r"(?:请|你)?(?:记住|记得|帮我记住|帮我记一下|记一下)", clause):
            ctx.remember = True
            continue
        if not clause:
            continue
        found = match_clause(clause, ctx)
        if not found and about_me and _DROPPED_SUBJECT.match(clause):
            # 我是素食者，住在上海: 我 is said once for both; 我妈妈对花生过敏，也对芒果过敏: both the mother's
            found = [replace(f, subject=f.subject or whose) for f in match_clause(f"我{clause}", ctx)]
        else:
            about_me = clause.startswith("我")
            whose = found[0].subject if found else ""
        about_me = (about_me and bool(found) and not any(f.key in ("family.member", "pet") for f in found)
                    and len({f.subject for f in found}) == 1)  # 我和我老婆都…: two subjects, none to lend
        out.extend(found)
        if not any(f.retract for f in found):  # 我不再贫血了 is read as what it withdraws, no habit
            out.extend(habits.find_zh(clause, ctx))  # 我又开始喝咖啡了 withdraws 不喝咖啡 beside what it states
        listing = [f for f in found if f.key == "health.allergy" and not f.retract]
    return out


#: The clause after an allergy naming more allergens and nothing else (我对花生过敏，还有芒果、芝麻和虾),
#: as "..., sesame and shellfish" goes on in English: only 芒果 of 还有芒果 was no allergy stored.
_MORE_ITEMS = re.compile(r"^(?:还有|以及|另外还有|另外|和|还)?(?P<v>[^，,。.！!？?；;]+?)(?:也是|也一样|也)?$")


def _more_allergens(raw: str, allergy: Finding) -> list[Finding]:
    """The allergies ``raw`` adds to the list of ``allergy`` (said in the clause before), whose they
    are and as severe; ``[]`` unless every item is a known allergen (``_LISTED_ALLERGENS``): 还有一件事
    names none."""
    m = _MORE_ITEMS.match(clean_value(raw, "zh"))
    items = [allergen(p) for p in _split_list(m.group("v"))] if m else []
    if not items or not all(p in _LISTED_ALLERGENS for p in items):
        return []
    level = allergy.severity or severity(allergy.clause)
    return [replace(f, subject=allergy.subject, severity=level) for p in items
            for f in _f("health.allergy", p, CONF_PREFER, raw)]


#: A clause that goes on about the speaker of the clause before it without repeating 我: only
#: self-descriptions that need 我 (住在, 是, 对X过敏, 喜欢), and only after a clause that was itself
#: a statement about the speaker (a fresh-user trial's 我是素食者，住在上海 lost the city). After
#: 我有个妹妹 the next clause is about her, after 我觉得… about anything: neither lends its 我.
_DROPPED_SUBJECT = re.compile(r"^(?:也|还|都)?(?:现在|目前)?(?:住在|住|居住在|生活在|定居在|搬到|搬去|来自|是|对|"
                              r"喜欢|爱|讨厌|不喜欢|会说|会讲|在.+?(?:工作|上班))")


def match_clause(clause: str, ctx: _Ctx) -> list[Finding]:
    """Findings of the first pattern that matches ``clause``."""
    for pattern in _PATTERNS:
        found = pattern(clause, ctx)
        if found:  # after a bare "remember," / "记住，" the request makes it explicit
            return with_confidence(found, CONF_EXPLICIT) if ctx.remember else found
    if ctx.remember:
        return _f("note", clause, CONF_EXPLICIT, clause)
    if ctx.habit:
        return _habit_fallback(clause, CONF_PREFER)
    return []  # 下次我试试 / 每次和你聊天: a passing remark, not a standing habit


def _f(key: str, value: str, conf: float, clause: str, **kw: object) -> list[Finding]:
    value = clean_value(value, "zh")
    if not value or _PRONOUN.match(value) or len(value) > 30:
        return []
    return [Finding(key, value, conf, clause, **kw)]  # type: ignore[arg-type]


def _split_list(text: str) -> list[str]:
    # 以及 before 及: 坚果、芝麻以及海鲜 stored 芝麻以
    return [p for p in re.split(r"以及|还有|[、,，和跟及与/]", text) if p.strip()]


# --- explicit memory requests -----------------------------------------------------------

_REMEMBER = re.compile(r"^(?:请|你|帮我)?(?:记住|记得|记一下|记下)[：:，,\s]*(?P<v>.+)$")


def _remember(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _REMEMBER.match(clause)
    if not m:
        return []
    inner = re.sub(r"^(?:一下|哦|啊)", "", m.group("v"))
    found = [f for p in _PATTERNS if p is not _remember for f in p(inner, ctx)][:3]
    # A remembered self-statement becomes its specific fact; anything else is a note.
    return with_confidence(found, CONF_EXPLICIT) if found else _f("note", inner, CONF_EXPLICIT, clause)


# --- identity ---------------------------------------------------------------------------

_NAME = r"(?P<v>[\u4e00-\u9fffA-Za-z·][\u4e00-\u9fffA-Za-z· ]{0,11})"
# A space may part 叫 from a Latin name ("我叫 Alice Smith").
_MY_NAME = re.compile(rf"^我(?:的名字|名字)?(?:叫|叫做)\s*{_NAME}$|^我的?名字是\s*{_NAME.replace('v', 'w')}$")
_CALL_ME = re.compile(rf"^(?:请|麻烦)?(?:你)?(?:以后)?(?:可以|就)?(?:叫|称呼)我\s*{_NAME}$")
#: 叫我起床 / 请叫我一声: 叫 as "call out to", not a name.
_NOT_CALLED = re.compile(r"^(?:起床|起来|吃饭|回家|过去|过来|出来|一声|一下|下来|上来|去|来|回|做|帮|别|不要)")
_AGE = re.compile(r"^我(?:今年|现在|已经)?(?P<v>\d{1,3}|[一二两三四五六七八九十]{1,3})(?:周)?岁")
# 搬回(到)上海: a move back is a change like any other (trial F12).
_LIVE = re.compile(r"^我(?:们)?(?:也|还|又)?(?:现在|目前|一直|还|已经)?(?:住在|住|居住在|生活在|定居在|定居|搬到了|"
                   r"搬到|搬去了|搬去|搬回到了|搬回到|搬回了|搬回)(?P<v>.+)$|^我家(?:住)?在(?P<w>.+)$")
_FROM = re.compile(r"^我(?:是)?来自(?P<v>.+)$|^我老家(?:是|在)(?P<w>.+)$|^我(?:是)?(?:在)?"
                   r"(?P<x>.+?)(?:出生|长大)的?$|^我出生在(?P<y>.+)$|^我是(?P<z>[\u4e00-\u9fff]{2,6})人$")
_NOT_NAME = re.compile(r"^(?:了|过|着|他|她|它|你|车|外卖|一|个|不|很|真|做|来|去|好)")


def _identity(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _MY_NAME.match(clause)
    if m and not _NOT_NAME.match(m.group("v") or m.group("w")):
        return _f("identity.name", m.group("v") or m.group("w"), CONF_EXPLICIT, clause)
    m = _CALL_ME.match(clause)
    if m and not _NOT_NAME.match(m.group("v")) and not _NOT_CALLED.match(m.group("v")):
        return _f("identity.name", m.group("v"), CONF_INFORMAL, clause)
    m = _AGE.match(clause)
    if m:
        age = zh_number(m.group("v"))
        return [] if age is None else _f("identity.age", str(age), CONF_STATED, clause)
    m = _LIVE.match(clause)
    if m:
        place = re.sub(r"(?:了|啦|住|去了)$", "", without_time(m.group("v") or m.group("w")))
        period = clause_period(clause, ctx.sentence, ctx.said_at)
        return _f("identity.location", place, CONF_STATED, clause, period=period)
    m = _FROM.match(clause)
    if m:
        place = next(g for g in m.groups() if g)
        if _NOT_NAME.match(place) or len(place) > 12:
            return []
        return _f("identity.hometown", place, CONF_STATED, clause)
    return []


_OCCUPATIONS = ("工程师|程序员|老师|教师|医生|护士|学生|设计师|经理|律师|作家|会计|厨师|司机|研究员|教授|"
                "博士生|研究生|本科生|大学生|记者|摄影师|创业者|公务员|销售|分析师|架构师|科学家|演员|"
                "歌手|画家|店主|老板|实习生|产品经理|运营|编辑|翻译|警察|军人|农民|快递员|工人|主播|"
                "博士|硕士|高中生|初中生|小学生|自由职业者|退休")
_IM_A = re.compile(rf"^我(?:现在)?是(?:一名|一个|一位|个|名|位)?(?P<v>[\u4e00-\u9fffA-Za-z]{{0,8}}"
                   rf"(?:{_OCCUPATIONS}))$")
_MY_JOB = re.compile(r"^我的(?:工作|职业|职位)是(?P<v>.+)$|^我(?:是)?做(?P<w>.+?)的$")
_WORK_AT = re.compile(r"^我(?:现在|目前)?在(?P<org>.+?)(?:工作|上班|任职|实习)(?:的)?$"
                      r"|^我(?:现在|目前)?在(?P<org2>.+?)(?:当|做)(?P<v>.+)$")
#: 在 before a verb is the progressive aspect ("我在学做川菜": I am learning to cook Sichuan food),
#: not "at" a workplace: such a clause names neither an employer nor a job.
_PROGRESSIVE = re.compile(r"^(?:学(?!校|院)|练|试|准备|打算|尝试|帮|给|跟|和)")
_CITIES = re.compile(r"(?:北京|上海|广州|深圳|杭州|成都|南京|武汉|西安|重庆|天津|苏州|香港|台北|"
                     r"国外|家里|家|老家|外地|本地|市|省|区|县)$")


def _work(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _IM_A.match(clause)
    if m:
        return _f("identity.occupation", m.group("v"), CONF_STATED, clause)
    m = _MY_JOB.match(clause)
    if m:
        return _f("identity.occupation", m.group("v") or m.group("w"), CONF_STATED, clause)
    m = _WORK_AT.match(clause)
    if not m:
        return []
    org = m.group("org") or m.group("org2")
    if len(org) < 2 or _PROGRESSIVE.match(org):
        return []
    out: list[Finding] = []
    if not _CITIES.search(org) and not re.match(r"(?:一家|一个|一所|某)", org):
        # 我在北京工作 names a city, 我在一家公司工作 no one: neither is an employer
        out += _f("identity.employer", org, CONF_STATED, clause)
    if m.group("v"):
        out += _f("identity.occupation", m.group("v"), CONF_STATED, clause)
    return out


_BIRTHDAY = re.compile(r"^我的?生日(?:是|在)?(?P<v>.+)$")
_CONTACT = re.compile(r"^我的(?P<what>邮箱|电子邮箱|email|邮件地址|电话|手机|手机号|手机号码|电话号码|"
                      r"地址|收货地址|家庭住址)(?:是|：|:)(?P<v>.+)$", re.IGNORECASE)
_SPEAK = re.compile(r"^我(?:会说|会讲|能说|能讲|母语是|的母语是)(?P<v>.+)$")


def _details(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _BIRTHDAY.match(clause)
    if m:
        return _f("identity.birthday", m.group("v"), CONF_STATED, clause)
    m = _CONTACT.match(clause)
    if m:
        what = m.group("what")
        key = ("contact.email" if "邮" in what or "mail" in what.lower() else
               "shipping.address" if "址" in what else "contact.phone")
        return _f(key, m.group("v"), CONF_STATED, clause)
    m = _SPEAK.match(clause)
    if m:
        langs = re.sub(r"(?:一点|一点点|很流利|流利)$", "", m.group("v"))
        return [f for part in _split_list(langs) for f in
                _f("language.spoken", part, CONF_STATED, clause)]
    return []


# --- health, diet, favourites -----------------------------------------------------------

#: 我又对花生过敏了 / 我还是对花生过敏 / 我现在又对花生过敏了: a re-stated allergy (trial 9 U9 stored nothing);
#: the words between the allergen and 过敏 (又, 很, 会) are cut by ``allergens.allergen`` (``rules``).
_ALLERGY_ADV = r"(?:也|还是|还|又|开始|其实|是|就|真的|一直|都|现在|仍然|依然|仍|确实|再次|重新)*"
_ALLERGY = re.compile(rf"^(?:我|本人){_ALLERGY_ADV}(?:对|有)?(?P<v>.+?)过敏(?:症|的)?$")
#: 对花生过敏 with no 我: the usual reply to "any allergies?" (trial 8 T4). Read only as a sentence's
#: first clause: after 我妈妈对花生过敏， the clause 也对芒果过敏 is still the mother's.
#: Without 是: a bare 是对芒果过敏 is the contrasted half of a correction (``_allergy_contrast``).
_ALLERGY_BARE = re.compile(r"^(?:也|还是|还|又|一直|都|现在|仍然|依然|仍|确实)*对(?P<v>.+?)过敏的?$")
#: 花生过敏 with neither 我 nor 对 (trial 11 F1): the allergen itself opens the sentence, a short noun
#: that names no one (妈妈花生过敏 is the mother's, 他花生过敏 someone else's) and is no degree or
#: body word (有点过敏, 容易过敏, 皮肤过敏 name no allergen: ``_NOT_ALLERGEN``).
_ALLERGY_NOUN = re.compile(r"^(?P<v>[\u3400-\u9fffA-Za-z]{1,8}?)过敏的?$")
_DIET = re.compile(r"^我(?:是|只|一直|从来都)?(?:一个|一名)?(?P<v>吃素|素食主义者|素食者|纯素食者|吃清真|"
                   r"只吃清真)(?:的)?$")
# Retractions: the fact no longer holds (我不再对花生过敏了). They come before the patterns that
# would read the same clause as a statement, or drop it as negated.
_NOT = r"(?:现在|已经|其实)?(?:不再|不|没有?)(?:再)?"
_BEFORE = r"(?:以前|之前|从前|过去|曾经|原来|小时候)(?:一直|也|还)?"
_RETRACTIONS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(rf"^我{_NOT}是?对(?P<v>.+?)过敏了?$|^我对(?P<w>.+?){_NOT}过敏了?$|^我{_NOT}过敏了?$"),
     "health.allergy"),
    (re.compile(rf"^我{_NOT}(?:吃素|是素食(?:主义)?者|是纯素食者)了?$"
                r"|^我(?:现在)?(?:又开始|又|开始|重新)吃肉了?$"), "food.diet"),
    (re.compile(rf"^我{_NOT}住在(?P<v>.+?)了?$"), "identity.location"),
    (re.compile(rf"^我{_NOT}在(?P<v>.+?)(?:工作|上班)了?$"), "identity.employer"),
    # 我以前对花生过敏: said of the past, it no longer holds (a present allergy has no 以前)
    (re.compile(rf"^我{_BEFORE}(?:是)?对(?P<v>.+?)过敏(?:的)?$"), "health.allergy"),
    (re.compile(rf"^我{_BEFORE}(?:吃素|是素食(?:主义)?者|是纯素食者)(?:的)?$"), "food.diet"),
    (re.compile(rf"^我{_BEFORE}(?:住在|住)(?P<v>.+?)(?:的)?$"), "identity.location"),
    (re.compile(rf"^我{_BEFORE}在(?P<v>.+?)(?:工作|上班)(?:的)?(?:过)?$"), "identity.employer"),
)


def _retraction(clause: str, ctx: _Ctx) -> list[Finding]:
    """我不再对花生过敏了: withdraws the fact instead of stating one; without a named value
    (我又开始吃肉了) every value of the key."""
    for pattern, key in _RETRACTIONS:
        m = pattern.match(clause)
        if not m:
            continue
        named = m.groupdict().get("v") or m.groupdict().get("w")
        if not named:
            return [Finding(key, "", CONF_STATED, clause, retract=True)]
        parts = _split_list(named) if key == "health.allergy" else [named]
        return [replace(f, retract=True) for part in parts for f in _f(key, part, CONF_STATED, clause)]
    return _named_retraction(clause, ctx)


#: 我不再用顺丰了 / 我以后不用顺丰了: a choice withdrawn. Only a value the gazetteer names (a carrier,
#: a seat, an editor) is withdrawn; a bare 不 needs the 了 of a change (我不用顺丰 only refuses).
_NAMED_RETRACTION = re.compile(r"^我?(?:现在|已经|以后|今后)?(?P<neg>不再|再也不|已经不|不)(?:想|会)?"
                               r"(?:用|使用|要|选|选择|偏好|寄|走)(?P<v>.+)$")


def _named_retraction(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _NAMED_RETRACTION.match(clause)
    if m is None:
        return []
    hit = gazetteer.lookup(m.group("v"), choice=True)
    if hit is None or not hit.named:
        return []
    # clean_value already dropped the clause's final 了: the sentence still has it.
    if m.group("neg") == "不" and not re.search(rf"{re.escape(m.group('v'))}了", ctx.sentence):
        return []
    return [Finding(hit.key, hit.value, CONF_STATED, clause, retract=True)]


_FAVORITE = re.compile(r"^我(?:现在|目前|如今|最近)?最(?:喜欢|爱)的(?P<cat>.+?)(?:现在|目前|如今|最近)?(?:是|就是)"
                       r"(?P<v>.+)$")
_FAV_KEYS: tuple[tuple[str, str], ...] = (
    (r"编程语言|语言", "tool.language"),
    (r"编辑器|IDE|ide|开发工具", "tool.editor"),
    (r".*吃.*|食物|菜|美食|小吃|水果|甜点|零食|菜系|餐厅", "food.like"),
    (r".*喝.*|饮料|茶|酒|咖啡", "drink.like"),
    (r".*听.*|歌手|乐队|歌|音乐|歌曲|音乐类型", "music.like"),
    (r"运动|球队|体育|球类运动", "sport.like"),
    (r"爱好|消遣|.*玩.*", "hobby.like"),
    (r".*看.*|电影|电视剧|书|小说|作家|动漫|剧|游戏", "media.like"),
)


#: 是 in focus ("我是对芒果过敏": it is mango I am allergic to) with a correction word in the
#: sentence: the allergy replaces the one said last. A fresh-user trial's 我对花生过敏 then
#: 其实我是对芒果过敏 (算了，其實我是對芒果過敏) kept both active. Without a correction word 是
#: is often mere emphasis (我是对猫毛过敏的); with 也/还 the allergy is one more.
_ALLERGY_FOCUS = re.compile(r"^我(?:其实|真的|实际上)?是(?!不)")
_CORRECTION = re.compile(r"其实|算了|不对|搞错|说错|记错|弄错|更正|纠正|实际上")
#: 我不是对花生过敏，是对芒果过敏 / 我对芒果过敏，不是花生: the contrasted half of the sentence.
_CORRECTING_REPLY = re.compile(r"^\W*(?:不对|不是|搞错了|说错了|记错了|弄错了|我说错了|更正一下|纠正一下)")
_ALLERGY_INSTEAD = re.compile(r"^(?:而|其实|只)?是(?:对)?(?P<v>.+?)过敏$")
_ALLERGY_NOT = re.compile(r"^(?:而)?不是(?:对)?(?P<v>.+?)(?:过敏)?$")


def _allergy_contrast(clause: str, ctx: _Ctx) -> list[Finding]:
    """The contrasted half of an allergy correction, a clause without 我 of its own: 是对芒果过敏
    after a withdrawn allergy, 不是花生 after a stated one (withdrawn)."""
    before = ctx.sentence[: max(0, ctx.sentence.find(clause))]
    m = _ALLERGY_NOT.match(clause)
    if m and "过敏" in before:
        return [replace(f, retract=True) for part in _split_list(m.group("v"))
                for f in _f("health.allergy", part, CONF_STATED, clause)]
    m = _ALLERGY_INSTEAD.match(clause)
    if m is None:
        return []
    if re.search(r"不是?对.+?过敏|对.+?不过敏", before):
        return [f for part in _split_list(m.group("v")) for f in _f("health.allergy", part, CONF_PREFER, clause)]
    if _CORRECTION.search(before) or re.match(r"^(?:不是|不)[，,\s]*$", before):
        # 不对，是对芒果过敏 / 算了，是芒果过敏: a reply correcting the allergy said before
        return [replace(f, corrects="不是" not in ctx.sentence[len(before):]) for part in _split_list(m.group("v"))
                for f in _f("health.allergy", part, CONF_PREFER, clause)]
    return []


#: What follows a subjectless allergy when it is said of anyone, not of the speaker: advice
#: (对花生过敏要注意, 花生过敏一定要随身带药), a judgement of the allergy (对花生过敏很危险, 花生过敏很常见)
#: or a question about it (对花生过敏应该怎么办). A fresh-user trial stored 对花生过敏要注意 as the user's
#: allergy. 严重 is not among them: 花生过敏很严重 is as often the speaker's own severe allergy.
_GENERAL_AFTER = re.compile(
    r"^(?:的话|时|的时候)?(?:就|都|也|还|一定|千万|最好|尽量|平时)*(?:要|应该|应当|需要|得|必须|务必|该|可以)?"
    r"(?:注意|小心|当心|留意|谨慎|避免|远离|慎|少吃|别吃|不要吃|不能吃|随身|带药|看医生|就医|去医院|怎么办|怎么|如何)"
    r"|^(?:是|很|挺|非常|特别|比较|真的|太|也|还|都)*(?:常见|普遍|危险|致命|可怕|少见|罕见|多见)")
#: ... unless it is said to the listener (对花生过敏，请注意 / 对花生过敏，所以不要放花生): then it is the
#: speaker's answer to "any allergies?", read as before.
_ADDRESSED = re.compile(r"请|麻烦|拜托|你|您|给我|帮我|所以|因此|记得|别放|不要放|别加|不要加")


def _said_of_anyone(clause: str, ctx: _Ctx) -> bool:
    """Whether the rest of the sentence after the subjectless allergy ``clause`` makes it general
    advice, a judgement or a question (``_GENERAL_AFTER``) not addressed to the listener."""
    at = ctx.sentence.find(clause)
    rest = re.sub(r"[\s，,。.!！;；:：~～]+", "", ctx.sentence[at + len(clause):] if at >= 0 else "")
    rest = re.sub(r"^(?:了|啊|哦|呀|呢|啦|哈|喔)+", "", rest)
    return bool(_GENERAL_AFTER.match(rest)) and not _ADDRESSED.search(rest)


def _health_fav(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _ALLERGY.match(clause) or (_ALLERGY_BARE.match(clause) if _opens_sentence(clause, ctx) else None)
    if m is None and _opens_sentence(clause, ctx) and (noun := _ALLERGY_NOUN.match(clause)):
        m = noun if all(_bare_allergen(part) for part in _split_list(noun.group("v"))) else None
    if m is not None and m.re is not _ALLERGY and _said_of_anyone(clause, ctx):
        return []  # 对花生过敏要注意: advice to anyone, no allergy of the speaker's
    if m and guards.zh_negated(m.group("v")):
        return []  # 我对花生不过敏了 / 我已经不对花生过敏了: no allergy (a retraction is not stored)
    if m and (re.search(r"[对我]", m.group("v")) or _PERSON.search(m.group("v"))):
        # 我朋友对芒果过敏 / 我妈妈对… / 我的狗对… / 我以为我对…: someone else's allergy, or a doubt,
        # not the user's (the 对 of the user's own allergy is read before the value)
        return []
    if m:
        # the old value named in the sentence (…，不是花生) is withdrawn by name instead
        # 是 in focus with any correction word, or a reply opening with a firm one (不对，我对芒果过敏);
        # 其实/算了 alone as often mean "by the way", and 也/还 add one more
        corrects = (((bool(_ALLERGY_FOCUS.match(clause)) and bool(_CORRECTION.search(ctx.sentence)))
                     or (bool(_CORRECTING_REPLY.match(ctx.sentence)) and not re.match(r"^我(?:也|还)", clause)))
                    and "不是" not in ctx.sentence[ctx.sentence.find(clause):])
        return [replace(f, corrects=corrects) for part in _split_list(m.group("v")) if not names_no_allergen(part)
                for f in _f("health.allergy", part, CONF_PREFER, clause)]
    m = _DIET.match(clause)
    if m:
        value = "清真" if "清真" in m.group("v") else "吃素"
        return _f("food.diet", value, CONF_STATED, clause)
    m = _FAVORITE.match(clause)
    if m:
        cat, value = m.group("cat"), m.group("v")
        key = next((k for pat, k in _FAV_KEYS if re.fullmatch(pat, cat)), "preference.like")
        hit = gazetteer.lookup(value)
        if key == "tool.language" and (hit is None or hit.key != key):
            key = "language.spoken"  # 我最喜欢的语言是法语
        if hit is not None and hit.named and hit.key == key:
            value = hit.value
        return _f(key, value, CONF_STATED, clause, label=cat)
    return []


def _opens_sentence(clause: str, ctx: _Ctx) -> bool:
    """Whether nothing but fillers and punctuation comes before ``clause`` in its sentence."""
    before = ctx.sentence[: max(0, ctx.sentence.find(clause))]
    return not _FILLER.sub("", re.sub(r"[\s，,。.!！;；:：~～]+", "", before))


# --- family and pets --------------------------------------------------------------------

_RELATIVES = ("老婆|老公|妻子|丈夫|太太|先生|爱人|儿子|女儿|哥哥|姐姐|弟弟|妹妹|爸爸|妈妈|父亲|母亲|"
              "男朋友|女朋友|男友|女友|孩子|小孩|宝宝|爷爷|奶奶|外公|外婆|姥姥|姥爷|双胞胎")
_ANIMALS = "猫咪|狗狗|小猫|小狗|猫|狗|仓鼠|兔子|鹦鹉|乌龟|金鱼|鱼|柯基|哈士奇|金毛|泰迪|布偶猫|橘猫"
_COUNT_ZH = r"(?P<n>[一两二三四五六七八九十\d]+)?(?:个|只|条|位)?"
_HAVE = re.compile(rf"^我(?:家)?(?:有|养了|养着|养|家里有|收养了){_COUNT_ZH}(?P<what>{_RELATIVES}|{_ANIMALS})"
                   rf"(?:[，,]?(?:它|他|她)?(?:叫做|叫|名叫|名字叫)(?P<name>[\u4e00-\u9fffA-Za-z]{{1,6}}))?$")
_MY_X = re.compile(rf"^我(?:家|的|家的)?(?P<what>{_RELATIVES}|{_ANIMALS})(?:叫做|叫|名叫|名字叫|的名字是)"
                   rf"(?P<name>[\u4e00-\u9fffA-Za-z]{{1,6}})$")


def _family_pet(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _HAVE.match(clause) or _MY_X.match(clause)
    if not m:
        return []
    what = m.group("what")
    key = "pet" if re.fullmatch(_ANIMALS, what) else "family.member"
    count = m.groupdict().get("n")
    if count and count not in ("一", "1"):
        unit = "只" if key == "pet" else "个"
        what = f"{count}{unit}{what}"
    # 女儿小美, 猫麻糬: the relation and the name side by side, as Chinese says them (我女儿小美); the
    # value used to read 叫小美的女儿, the verb 叫 glued in (trial 7 H4)
    value = f"{what}{m.group('name')}" if m.group("name") else what
    return _f(key, value, CONF_STATED, clause)


#: Someone named inside an allergy's value (我朋友花生过敏, 我儿子花生过敏): not the user's allergy.
_OTHERS = "老妈|老爸|朋友|同事|同学|老师|老板|领导|客户|室友|邻居|家人|亲戚|别人|有人|大家|人家"
_PERSON = re.compile(rf"{_RELATIVES}|{_OTHERS}")
#: The Chinese names of the common allergens (``twins.LEXICON``).
_KNOWN_ALLERGENS: frozenset[str] = frozenset(w for group in LEXICON for w in group if is_cjk(w[0]))
#: ... without the diets and health conditions (``twins.ALLERGENS``): what a list of allergies may name
#: with no 过敏 of its own (我对青霉素过敏，还有高血压 adds no allergy).
_LISTED_ALLERGENS: frozenset[str] = frozenset(w for group in ALLERGENS for w in group if is_cjk(w[0]))


def _bare_allergen(value: str) -> bool:
    """Whether ``value`` before a bare 过敏 (花生过敏, no 我, no 对) is an allergen the user names:
    a known one, or a short word that names no one and no body part or degree. 小明花生过敏 (a
    known allergen after something else) and 同事花生过敏 are someone else's, and not stored."""
    word = allergen(value)
    if word in _KNOWN_ALLERGENS:
        return True
    if _NOT_ALLERGEN.search(word) or len(word) > 4:
        return False
    return not any(word.endswith(known) for known in _KNOWN_ALLERGENS)


#: Words before a bare 过敏 that name no allergen or name a person (``_ALLERGY_NOUN``).
_NOT_ALLERGEN = re.compile(rf"[我你他她它们谁对不没别]|{_RELATIVES}|{_OTHERS}|妈|爸|孩子|"
                           r"^(?:有点|有些|容易|经常|总是|常常|一直|严重|轻微|季节性|皮肤|鼻子|眼睛|身体|体质|全身|"
                           r"有|会|很|也|又|还|都|就|是|药物|食物|东西)$")


# --- whose health: a relative's or a pet's, the user's within a group, a reported one --------

#: Relatives for health said of them: the family words above plus the short and colloquial ones
#: (妈, 老妈, 我爸), and pets; a friend, colleague or client is nobody's subject here (nothing stored).
_KIN_ZH = rf"(?:老妈|老爸|妈|爸|{_RELATIVES}|{_ANIMALS}|孩子们|孩子)"
#: 我儿子对鸡蛋过敏 / 我妈妈也对花生过敏 / 我家狗对鸡肉过敏 / 我的猫对鱼不过敏了 / 我老公有哮喘: the relative's.
#: 妈妈对花生过敏 without 我: parents and grandparents are named so in the family (trial 9, as "Mom is ...").
_KIN_SAYS_ZH = re.compile(r"^(?:我(?:的|家的?|家里的?)?|(?=妈妈|老妈|爸爸|老爸|爷爷|奶奶|外公|外婆|姥姥|姥爷))"
                          rf"(?P<rel>{_KIN_ZH})"
                          r"(?=也|还|都|其实|一直|从小|是|不|没|对|有|患有|得了|以前)"
                          r"(?P<rest>.+)$")
#: 我妈说她对花生过敏: the relative's own words about themselves, reported.
_KIN_REPORTS_ZH = re.compile(rf"^我(?:的|家的?)?(?P<rel>{_KIN_ZH})(?:也|还)?(?:说|告诉我|跟我说)(?:她|他|它)"
                             r"(?P<rest>.+)$")
#: 我和我老婆都对海鲜过敏 / 我跟儿子都对鸡蛋过敏 / 我们全家都对花生过敏 / 我们俩都对猫过敏: the user is one of them.
_WITH_ME_ZH = re.compile(rf"^(?:我(?:和|跟|与|同)(?:我的?|我家的?)?(?P<rel>{_KIN_ZH})"
                         r"|我们(?:全家|一家|家|俩|两个|几个|一家人)?(?:人)?)"
                         r"(?:都|也|一样|两个都|俩都|全都|全)+(?P<rest>(?:对|有|患有).+)$")
#: 医生说我对花生过敏 / 检查结果显示我对尘螨过敏 / 我跟客服说我对花生过敏 / 我告诉服务员我对花生过敏: the user's
#: own health, reported. Never a quote (我朋友说：“我对花生过敏”): 我 follows the frame directly.
_REPORTED_ZH = re.compile(
    rf"^(?:(?:我的?)?(?:医生|大夫|家庭医生|主治医生|护士|{_KIN_ZH})|他|她|他们|她们|大家|医院|检查结果|检测结果|化验结果|"
    r"体检报告|体检结果|过敏测试|过敏原检测|测试结果)(?:也|都)?(?:说|告诉我|跟我说|显示|表明|确认|诊断)(?:了)?(?:说)?[，,:：]?"
    r"(?=我)"
    r"|^我(?:已经|也)?(?:跟|和|对|向|告诉|提醒|通知)(?:了)?[\u4e00-\u9fff]{1,6}?(?:说|讲|提|强调)?(?:过|了)?[，,:：]?(?=我)")


def _health_of(clause: str, ctx: _Ctx) -> list[Finding]:
    """Allergies and conditions (stated or withdrawn) of a clause opening with 我."""
    for pattern in (_retraction, conditions.find_zh, _health_fav):
        found = [f for f in pattern(clause, ctx) if f.key.startswith("health.")]
        if found:
            return found
    return []


def _whose_health(clause: str, ctx: _Ctx) -> list[Finding]:
    """Health said of someone: a relative's or a pet's (``subject`` the relation word: a
    fresh-user trial's 我儿子对鸡蛋过敏 was stored as the user's allergy), the user's within a group
    (我和我老婆都对海鲜过敏: both, with the clean value 海鲜), or a report of the user's own
    (医生说我对花生过敏, 我跟客服说我对花生过敏)."""
    m = _KIN_SAYS_ZH.match(clause) or _KIN_REPORTS_ZH.match(clause)
    if m:
        rel = kin.subject(m.group("rel"))
        return [replace(f, subject=rel) for f in _health_of(f"我{m.group('rest')}", ctx)]
    m = _WITH_ME_ZH.match(clause)
    if m:
        found = _health_of(f"我{m.group('rest')}", ctx)
        return found + ([replace(f, subject=kin.subject(m.group("rel"))) for f in found] if m.group("rel") else [])
    m = _REPORTED_ZH.match(clause)
    return _health_of(clause[m.end():], ctx) if m else []


# --- how to reach the user: 联系我请发邮件 / 请打电话联系我 / 我更喜欢电话联系 ----------------

#: Chinese surface forms of the channels (and QQ), longest first so 发邮件 wins over 邮件.
_CH = "|".join(sorted((s for c, ss in gazetteer.CONTACT_CHANNELS.items() if c == "QQ" or is_cjk(c[0])
                       for s in ss), key=len, reverse=True))
_REFUSED_CHANNEL = re.compile(rf"(?:别|不要|不用|请勿|勿|不想)(?:给我|跟我)?(?:打|发)?(?:{_CH})")
_CONTACT_ZH = (
    # 联系我请发邮件 / 有事找我的话打电话
    re.compile(rf"^(?:有事|有什么事)?(?:请|麻烦|最好|还是)?(?:联系我|找我|通知我)(?:的话|时|的时候)?(?:请|就|最好|还是)?"
               rf"(?:用|通过|走|发|打)?(?P<v>{_CH})(?:联系|吧|就行|就好|比较好)?$", re.IGNORECASE),
    # 请打电话联系我 / 以后用邮件通知我
    re.compile(rf"^(?:有事|有什么事)?(?:请|麻烦|最好|还是|就)?(?:用|通过|走|发|打)(?P<v>{_CH})(?:来)?(?:联系我|找我|给我|"
               rf"跟我联系|和我联系|通知我)(?:吧|就行|就好)?$", re.IGNORECASE),
    # 给我发邮件吧 / 请给我打电话
    re.compile(rf"^(?:有事|有什么事)?(?:请|麻烦|最好|还是|就)?给我(?:发|打)(?P<v>{_CH})(?:吧|就行|就好)?$",
               re.IGNORECASE),
    # 我更喜欢电话联系 / 我希望用微信沟通
    # (a plain 我喜欢打电话 is a taste, like "I like phone calls": a comparison or 联系 makes it a channel)
    re.compile(rf"^我(?:(?:更|比较|还是)(?:喜欢|愿意)|偏好|倾向于|希望|习惯)(?:别人|你)?(?:用|通过)?(?P<v>{_CH})"
               rf"(?:联系|沟通|联系我|和我联系|跟我联系)?$"
               rf"|^我(?:一般)?(?:喜欢|愿意)(?:别人|你)?(?:用|通过)?(?P<w>{_CH})(?:联系|沟通|联系我|和我联系|跟我联系)$",
               re.IGNORECASE),
)
_BARE_CHANNEL = re.compile(rf"^(?:请|就|还是|改)?(?:发|打|用)(?P<v>{_CH})(?:吧|就行|就好)?$", re.IGNORECASE)


def _contact(clause: str, ctx: _Ctx) -> list[Finding]:
    """The channel the user wants to be reached by (``contact.channel``, single-valued)."""
    m = next((m for p in _CONTACT_ZH if (m := p.match(clause))), None)
    if m is None and (ctx.contact or ctx.habit):
        m = _BARE_CHANNEL.match(clause)
    if m is None:
        return []
    channel = gazetteer.contact_channel(m.group("v") or m.groupdict().get("w") or "")
    return [] if channel is None else [Finding("contact.channel", channel, CONF_PREFER, clause)]


# --- instructions: 以后用X / 别放门口 / 放快递柜 -----------------------------------------

_DONT = re.compile(r"^(?:请|麻烦|你|以后|千万|一定)*(?:别|不要|不用|请勿|勿|不许|不准|不能)(?P<v>.+)$")
_PUT = re.compile(r"^(?:请|麻烦|你|都|就|帮我)*(?:把(?:快递|包裹|东西|它|货)?)?(?:放|放在|放到|送到|送|寄到|"
                  r"存|存在|存到|丢|扔)(?P<v>.+)$")
_USE = re.compile(r"^(?:还是|又)?(?:用回|换回|改回|用|使用|走|发|选|选择|换成|改用|换|寄|改成|只用)(?P<v>.+)$")
_SEND_TO = re.compile(r"^(?:寄到|送到|发到|寄往)(?P<v>.+)$")


def _instruction(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _DONT.match(clause)
    if m:
        rest = re.sub(r"^把(?:快递|包裹|东西|它|货)?", "", m.group("v"))
        if gazetteer.find_dropoff(rest) is not None:
            return _f("shipping.dropoff", f"不{rest}", CONF_NEGATIVE, clause)
        if ctx.habit:
            return _habit_fallback(f"不{rest}", CONF_NEGATIVE)
        return []  # 别担心 is chatter, not a standing preference
    m = _PUT.match(clause)
    if m and gazetteer.find_dropoff(m.group("v")) is not None and (ctx.habit or clause[0] in "请都就放"):
        place = re.sub(r"^(?:在|到)", "", m.group("v"))
        return _f("shipping.dropoff", f"放{place}", CONF_PREFER if ctx.habit else CONF_NEGATIVE, clause)
    body = _MODAL.sub("", clause)
    m = _SEND_TO.match(body)
    if m and ctx.habit and gazetteer.find_dropoff(m.group("v")) is None:
        return _f("shipping.address", m.group("v"), CONF_PREFER, clause)
    m = _USE.match(body)
    if m:
        hit = gazetteer.lookup(m.group("v"), choice=True)
        if hit is not None and hit.named:
            return [Finding(hit.key, hit.value, CONF_PREFER if ctx.habit else CONF_INFORMAL, clause)]
    return []


#: How often a habit is done: 每天, 每周末, 每个星期六, 一周三次, and 早上/周末 only with 都 or 会 (我周末去游泳
#: is as often this weekend's plan; 我周末都去游泳 is a habit). A fresh-user trial's 我每个周末都去游泳 and
#: 我每周去三次健身房 stored nothing while 我每天早上跑步 was a habit. An adverb alone (经常, 通常, 一般) names
#: no frequency, as "usually" alone does not in English: on MemoryBank-zh such habits (我平时也经常锻炼身体)
#: outranked the evidence turn of a question about fitness (R@1 0.33 → 0.32).
_NUM_ZH = r"[一两二三四五六七八九十几\d]+"
_WEEKDAY_ZH = r"(?:[一二三四五六日天]|末)"
_EVERY_ZH = (rf"每(?:天|日|晚|早|个?周{_WEEKDAY_ZH}?|个?星期{_WEEKDAY_ZH}?|个?礼拜{_WEEKDAY_ZH}?|"
             r"个?月|年|个?工作日|隔一天)"
             rf"|[一每](?:周|星期|个星期|个月|天)(?={_NUM_ZH}次|.*?{_NUM_ZH}次)")
_TIME_OF_DAY_ZH = r"(?:早上|早晨|上午|中午|下午|傍晚|晚上|睡前|饭后|下班后|周末|工作日)"
_ALWAYS = re.compile(
    rf"^我(?:们)?(?P<adv>(?:总是|一直都|一直|向来|平时|通常|一般|经常|常常)?"
    rf"(?:(?:{_EVERY_ZH}){_TIME_OF_DAY_ZH}?(?:都|会|都会|也)*|{_TIME_OF_DAY_ZH}(?:都会|都|会)+)"
    r"|总是|一直都|一直|向来|经常|常常|从来不|从不|从来没|永远不)(?P<v>.+)$"
)
_INSTRUCT = re.compile(r"^(?:用中文|用英文|用英语|回答|回复|说话|叫我|称呼我|解释|写)")


def _habit(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _ALWAYS.match(clause)
    if not m or m.group("adv") == "从来没":
        return []  # 从来没去过 tells a past, not a habit
    body = m.group("v")
    hit = gazetteer.lookup(body)
    if hit is not None and hit.named and not m.group("adv").endswith("不"):
        return [Finding(hit.key, hit.value, CONF_PREFER, clause)]
    if re.match(r"^(?:在|是|觉得|认为|以为|想|沉浸|感觉|感到|担心|忘|"
                r"(?:很|都|非常|特别|也|还)*(?:喜欢|爱|讨厌|不喜欢))", body):
        return []  # 我一直在想 / 我一直觉得: a state of mind; 我一直很喜欢X is read as a like
    if re.match(r"^(?:很|非常|特别|挺|好|太|有点|比较|超)", body) or guards.zh_points_away(body):
        return []  # 我每天都很累, 我经常想你: a mood or the listener, not something the user does
    return _f("preference.habit", m.group("adv") + body, CONF_PREFER, clause)


def _habit_fallback(clause: str, conf: float) -> list[Finding]:
    """A clause under 以后/从现在起 that no specific pattern read."""
    text = _MODAL.sub("", clause)
    if re.match(r"^(?:可以|能|试|再|注意)", text) or (guards.zh_points_away(text)
                                                       and not _INSTRUCT.match(text)):
        return []  # 以后我可以请你帮我…, 以后我也会注意这些细节: intentions, not instructions
    key = "assistant.instruction" if _INSTRUCT.match(text) else "preference.habit"
    return _f(key, text, conf, clause)


# --- likes and dislikes -----------------------------------------------------------------

_LIKE = re.compile(r"^我(?:们)?(?P<adv>(?:也|还|很|非常|特别|超级|超|真的|挺|最|一直|比较|更|好|蛮|都|就|"
                   r"其实|确实|真心|已经|现在|从小就?)*)(?P<verb>不再喜欢|不太喜欢|不喜欢|不怎么喜欢|不爱|讨厌|受不了|"
                   r"烦|厌恶|反感|喜欢|热爱|偏爱|钟爱|偏好|喜爱|迷上了|爱上了|爱|倾向于)(?P<v>.+)$")
_DISLIKE = ("不", "讨厌", "受不了", "烦", "厌恶", "反感")
_NOT_EAT = re.compile(r"^我(?:从来|从|一直|基本|平时|已经|现在)?(?:再也不|不再|不|不太|不怎么|不能|没法)(?P<verb>吃|喝)"
                      r"(?P<v>.+)$")
_ZH_HINTS: tuple[tuple[str, str], ...] = (
    ("吃", "food.like"), ("喝", "drink.like"), ("听", "music.like"), ("看", "media.like"),
    ("使用", ""), ("用", ""), ("玩", "hobby.like"),
)
_EAT_DRINK = ("吃", "喝")


#: 我喝咖啡不加糖 / 我一般喝茶加奶 / 我喝拿铁要燕麦奶: how the user has a drink (the Chinese twin of
#: "I take my coffee without sugar", which the English patterns read).
_DRINK_HOW = re.compile(r"^我(?:一般|平时|通常|都|习惯|只|每次|喜欢)*喝"
                        r"(?P<d>咖啡|黑咖啡|美式|拿铁|奶茶|红茶|绿茶|茶|豆浆)"
                        r"(?:一般|通常|都|从来|从|习惯)*(?P<how>(?:不加|不放|不要|加|放|要|去|少|多|半|无|全)"
                        r"(?:糖|奶|牛奶|燕麦奶|豆奶|冰|奶精|伴侣|蜂蜜|柠檬)|热的|冰的|常温的?)$")


def _drink_how(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _DRINK_HOW.match(clause)
    if not m:
        return []
    return _f("drink.like", f"{m.group('d')}{m.group('how')}", CONF_STATED, clause)


#: Words that make a dislike milder than 不喜欢 (我不太喜欢辣, 我不怎么喜欢): the statement keeps them.
_HEDGED_ZH = ("不太喜欢", "不怎么喜欢")


def _as_said(clause: str) -> str:
    """``clause`` without its 我 (我不太吃辣 → 不太吃辣): the statement of a fact the key's template
    would overstate (不喜欢吃辣 for 我不太吃辣; 不喜欢咖啡 for 我不喝咖啡, which says nothing of liking)."""
    return clean_value(re.sub(r"^我(?:们)?", "", clause), "zh")


def _like(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _NOT_EAT.match(clause)
    if m:
        key = "food.dislike" if m.group("verb") == "吃" else "preference.dislike"
        return [replace(f, statement=_as_said(clause)) for f in _f(key, m.group("v"), CONF_NEGATIVE, clause)]
    m = _LIKE.match(clause)
    if not m:
        return []
    if m.group("verb") in _HEDGED_ZH:
        return [replace(f, statement=_as_said(clause)) for f in _like_of(m, clause, ctx)]
    return _like_of(m, clause, ctx)


def _like_of(m: re.Match[str], clause: str, ctx: _Ctx) -> list[Finding]:
    """The findings of a like or dislike ``_LIKE`` matched in ``clause``."""
    verb, obj = m.group("verb"), re.sub(r"^的是", "", m.group("v"))  # 我最喜欢的是X
    if guards.zh_points_away(obj):
        return []  # 我喜欢你推荐的书, 我喜欢这个: about the listener or the context
    polarity: Polarity = "dislike" if verb.startswith(_DISLIKE) else "like"
    prefer = verb in ("偏好", "偏爱", "倾向于") or "更" in m.group("adv")
    conf = CONF_PREFER if prefer else CONF_LIKE
    hint = ""
    for prefix, key in _ZH_HINTS:
        # 吃/喝 go back into the statement (喜欢吃{v}), so the food is the value even when it is one
        # character (吃肉 → 肉, 吃辣 → 辣): 我不再吃肉了 then names the same value and retires it.
        shortest = len(prefix) + (0 if prefix in _EAT_DRINK else 1)
        if not key and not _names_a_tool(obj[len(prefix):]):
            continue  # 我喜欢用 iPhone 拍照: 用 stays (the statement 喜欢{v} needs it); 用VSCode → VSCode
        if obj.startswith(prefix) and len(obj) > shortest:
            obj, hint = obj[len(prefix):], key
            break
    if _PRONOUN.match(obj):
        return []  # 我爱你
    return like_finding(obj, polarity, conf, clause, "zh", hint=hint)


def _names_a_tool(obj: str) -> bool:
    """Whether ``obj`` starts with a named gazetteer entry (VSCode写代码), which then is the value."""
    hit = gazetteer.lookup(obj.lstrip())
    return hit is not None and hit.named and hit.start == len(obj) - len(obj.lstrip())


_I_USE = re.compile(
    r"^我(?:们)?(?:寄东西|寄快递|发快递|寄件|网购)?(?:平时|一般|现在|主要|一直)?(?:都)?"
    r"(?:又)?(?:用回了|用回|换回了|换回|改回了|改回|用|使用|在用|改用|换成了|换成)(?P<v>.+)$"
)


def _use(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _I_USE.match(clause)
    if not m:
        return []
    hit = gazetteer.lookup(m.group("v"), choice=True)
    if hit is None or not hit.named:
        return []  # 我用手机 names nothing the taxonomy keys
    return [Finding(hit.key, hit.value, CONF_STATED, clause)]


# --- dated events -----------------------------------------------------------------------

_FUTURE = re.compile(r"^(?:要|得(?!到)|会|打算|准备|计划|将|需要|想|约了|还要)+")
_ACTION = re.compile(r"^(?:去|来|回|开会|见|参加|飞|搬|考试|面试|出差|旅游|旅行|看|吃|买|约|上课|加班|"
                     r"聚餐|出发|到|做|跑|写|学|办|拿|交|签|请|陪|带|接|送|过|参观|爬|玩|打|逛|坐|搭|乘|"
                     r"生|结婚|毕业|入职|离职|开始|完成|换)")
_WEATHER = re.compile(r"下雨|下雪|天气|刮风|降温|升温|晴|阴天|台风|雾霾|好热|好冷|很热|很冷")
_TRAVEL_ZH = re.compile(r"去|飞|旅游|旅行|出差|回老家|出国|度假")


#: A trip said as Chinese says the speaker's own plan, the date first and no 我 (下周五去东京, 明天飞上海,
#: 5月3号回老家): a fresh-user trial's 下周五去东京 stored nothing while 我下周五去东京 was a plan.
#: Only a trip (去/飞/回 + a place), not any action: 明天开会 may be anyone's.
_TRIP_FIRST = re.compile(r"^(?:(?:下+|这|本)?(?:周|星期|礼拜)[一二三四五六日天末]|明天|后天|大后天|今晚|明晚|"
                         r"下周|下个?月|下个?星期|[0-9一二三四五六七八九十]+月(?:[0-9一二三四五六七八九十]+[号日])?)"
                         r"(?:[早晚]上|上午|下午|中午)?(?:去|飞|回|出发去|坐飞机去|飞去)[\u4e00-\u9fff]")
#: A suggestion, not a plan: 明天去公园走走吧, 下周去东京怎么样.
_SUGGESTION = re.compile(r"(?:吧|呗|好不好|怎么样|如何|行不行|可以吗)[。！!~～]*$")
#: A trip judged or advised, not planned: 星期天去看电影是一个很好的选择 (an assistant's reply in MemoryBank-zh).
_JUDGED = re.compile(r"是|的|不错|建议|可以|应该|不如|最好")


def _event(clause: str, ctx: _Ctx) -> list[Finding]:
    if _WEATHER.search(clause):
        return []
    body = re.sub(r"^(?:我们|我)", "", without_time(clause)).lstrip("，, ")
    body = re.sub(r"^(?:也|还|就|都|又|刚|刚刚|才)+", "", body)
    modal = _FUTURE.match(body)
    rest = body[modal.end():] if modal else body
    # Chinese marks a done thing with 了/过 (or 刚/已经), not tense: without them a named month
    # is a plan ("我们三月去东京" said in November is next March).
    done = bool(re.search(r"了|过", rest) or re.search(r"^(?:我们|我)?(?:已经|刚刚|刚)", without_time(clause)))
    period = clause_period(clause, ctx.sentence, ctx.said_at, future=bool(modal) or not done)
    if period is None:
        return []
    trip = bool(_TRIP_FIRST.match(clause)) and not _SUGGESTION.search(ctx.sentence) and not _JUDGED.search(clause)
    if not rest or not _ACTION.match(rest) or (not without_time(clause).startswith("我")
                                               and not modal and "了" not in rest and not trip):
        return []  # an event needs an action; without 我, a 要/了 marks it as the user's (or a dated trip)
    future = bool(modal) or period[0] > ctx.said_at
    if period[1] <= ctx.said_at or (re.search(r"了|过", rest) and not modal):
        future = False
    if guards.zh_points_away(rest):
        return []  # 来和你聊天 / 请教你一个问题: talk with the listener, not an event
    key = ("travel.plan" if _TRAVEL_ZH.match(rest) else "schedule.event") if future else "event"
    return _f(key, rest if future else body, CONF_EVENT, clause, period=period)


# Health conditions and standing instructions to the assistant live in modules of their own
# (``extract.conditions``, ``extract.instructions``).
_PATTERNS: tuple[_Pattern, ...] = (
    _remember, _whose_health, _allergy_contrast, _retraction, conditions.find_zh, _identity, _health_fav, _work,
    _details, _family_pet, routines.find_zh, instructions.find_zh, _contact, _instruction, _habit, _drink_how, _like,
    _use, _event,
)
