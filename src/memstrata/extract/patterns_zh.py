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
from dataclasses import replace
from datetime import datetime

from memstrata.extract import (
    arrangements,
    bodily,
    conditions,
    counts,
    diets,
    directives,
    fears,
    gazetteer,
    guards,
    habits,
    kin,
    medication,
    places,
    rescheduled,
    routines,
    shapes,
    subject_zh,
    temperament,
    vehicles,
)
from memstrata.extract.allergens import allergen, names_no_allergen, severity, severity_remark
from memstrata.extract.asides import without_opening
from memstrata.extract.clause_zh import _Ctx, _f, _Pattern, _split_list
from memstrata.extract.clauses import (
    CONF_EXPLICIT,
    CONF_PREFER,
    CONF_STATED,
    Finding,
    clean_value,
    merge_time_clauses,
    with_confidence,
)
from memstrata.extract.for_now import STANDING_ZH
from memstrata.extract.identity_zh import _contact, _details, _identity, _work
from memstrata.extract.like_lists_zh import with_list_commas
from memstrata.extract.preferences_zh import _drink_how, _event, _habit, _habit_fallback, _instruction, _like, _use
from memstrata.extract.twins import ALLERGENS, LEXICON
from memstrata.text.regex import lazy_regex
from memstrata.text.tokens import is_cjk

#: A question, not a statement: 什么都吃 ("eats everything": 我现在什么都吃) is none.
_QUESTION = lazy_regex(r"[？?]\s*$|[吗么呢]\s*[。！!]?$|什么(?!都(?:能|可以)?吃)|为什么|怎么|哪里|哪儿|哪个|哪些|"
                       r"谁|多少|几点|几个|是不是|有没有|要不要|喜不喜欢|好不好|对不对|能不能|会不会|可不可以|过敏不过敏|过不过敏")
_HABIT = lazy_regex(rf"^(?:我)?(?:{STANDING_ZH}|之后|"
                    r"(?P<weak>下次|每次))(?:我(?:们的?|家的|的)?)?(?:都|就|也|还是|一律|统一|全部|全都|一直)?")


#: Where an allergy statement ends though no comma says so: chat runs 我对花生过敏所以不要放花生 and
#: 我对花生过敏请注意 together (nothing stored), and the clause after 过敏 is one of its
#: own. Not before a word 过敏 forms a noun with (过敏性鼻炎, 过敏原, 过敏反应) or 的 (过敏的人).
_AFTER_ALLERGY = lazy_regex(r"(?<=过敏)(?:了|啊|哦|呀|呢|啦|哈|喔)*"
                            r"(?!症|原|源|性|反应|史|体质|药|科|测|检|试|的|者|患者|人群|吗|么|嘛|吧|不|没|与否)"
                            r"(?=[\u3400-\u9fff])")
#: A part that ends as a question is not cut: 我对花生过敏你知道吗 is skipped whole, as before.
_ENDS_AS_QUESTION = lazy_regex(r"[？?]\s*$|[吗么呢嘛]\s*[。！!]?$")


#: A change said in a word or two, its detail in the next clause without 我 (我搬家了，现在住在深圳;
#: 我换工作了，在腾讯上班): the next clause is read as the speaker's, as after a statement of theirs.
_CHANGE_SAID = lazy_regex(r"^我们?(?:已经|刚|刚刚|终于)?[\u4e00-\u9fff]{1,4}了[，,；;]?$")


#: After a comma or a full stop, and before a contrast opening on another subject without one
#: (汤姆住在波士顿而我住在奥斯汀: "波士顿而我住在奥斯汀" was Tom's home); the joint stays with the next clause,
#: whose filler reading drops it.
_CLAUSE_BREAK = lazy_regex(r"(?<=[，,；;。！!？?])|(?<=[\u4e00-\u9fff])(?=(?:而|但是|但|可是|不过)(?:我|他|她))")


def _clauses(sentence: str) -> list[str]:
    parts = [p for p in _CLAUSE_BREAK.split(sentence) if p.strip()]
    parts = [q for p in parts for q in _split_after_allergy(p)]
    merged: list[str] = []
    for part in parts:
        # "我养了一只猫，叫咪咪": a clause starting with 叫 names what the previous one had; 叫我晨晨就行 asks to be
        # called so (joined, 我叫陈晨，叫我晨晨就行 stored the name 陈晨叫我晨晨)
        if merged and re.match(r"^\s*(?:叫(?![我你])|名叫|名字叫|它叫|他叫|她叫)", part):
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
_COMMA_LIST = lazy_regex(r"对(?P<v>[^，,。.！!？?；;]{1,8}(?:[，,][^，,。.！!？?；;]{1,8})+)过敏")


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
    sentence = with_list_commas(_comma_lists(sentence))
    ctx = _Ctx(sentence, said_at)
    out: list[Finding] = []
    about_me = False  # the previous clause was a statement about the speaker (我是素食者)
    whose = ""  # ... or about the speaker's relative (我妈妈对花生过敏): the subject it lends
    listing: list[Finding] = []  # the allergies of the clause before: 还有芒果、芝麻和虾 names more
    theirs = False  # a clause before opened with someone else: a clause with no subject after it is theirs too
    speaker = False  # the clause before had the speaker alone as its subject (最近我在规律作息), whatever it stated
    for raw in _clauses(sentence):
        if _QUESTION.search(raw.strip()):
            continue
        # 他也住在上海，不过下个月要搬去成都: a clause with no subject of its own after one about someone else
        opener = subject_zh.opens_with_someone(raw)
        after_someone = theirs and not opener and not re.match(r"\s*我", raw)
        theirs = opener or (theirs and not re.match(r"\s*我", raw))
        if listing and (more := _more_allergens(raw, listing[0])):
            out.extend(more)
            listing += more
            continue
        if listing and (level := severity_remark(clean_value(raw, "zh"))):  # 我对花生过敏，很严重
            out = [replace(f, severity=f.severity or severity(f.clause) or level) if f in listing else f for f in out]
        listing = []
        clause = without_opening(clean_value(raw, "zh"), "zh")
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
        if not found and about_me and (now := _employer_now(raw, out)):
            found = now  # 我已经不在字节了，现在在腾讯: the employer now, named as the one left was
        if not found and about_me and _DROPPED_SUBJECT.match(clause):
            # 我是素食者，住在上海: 我 is said once for both; 我妈妈对花生过敏，也对芒果过敏: both the mother's
            found = [replace(f, subject=f.subject or whose) for f in match_clause(f"我{clause}", ctx)]
        elif not found and speaker and _HOW_OFTEN.match(clause):
            # 最近我在规律作息，每天都会早起运动: how often, said of the 我 of the clause before (nothing read there)
            found = [f for f in match_clause(f"我{clause}", ctx) if not f.subject]
        else:
            # 比亚迪卖掉了，现在开小鹏P7: a clause read as the speaker's without 我 lends 我 as one that says it does
            about_me = clause.startswith("我") or (bool(found) and not any(f.subject for f in found))
            whose = found[0].subject if found else ""
        about_me = (about_me and bool(found) and not any(f.key in ("family.member", "pet") for f in found)
                    and len({f.subject for f in found}) == 1)  # 我和我老婆都…: two subjects, none to lend
        if not found and _CHANGE_SAID.match(raw.strip()):
            about_me, whose = True, ""  # 我搬家了，现在住在深圳: the change, then what it is, 我 said once
        speaker = not opener and _SPEAKER_OPENS.match(clause) is not None and not any(f.subject for f in found)
        if after_someone:  # the move is his, never the user's (nor a habit after it)
            out.extend(f for f in found if f.subject)
            continue
        out.extend(found)
        if not any(f.retract for f in found):  # 我不再贫血了 is read as what it withdraws, no habit
            out.extend(habits.find_zh(clause, ctx))  # 我又开始喝咖啡了 withdraws 不喝咖啡 beside what it states
        listing = [f for f in found if f.key == "health.allergy" and not f.retract]
    return out


#: The clause after an allergy naming more allergens and nothing else (我对花生过敏，还有芒果、芝麻和虾),
#: as "..., sesame and shellfish" goes on in English: only 芒果 of 还有芒果 was no allergy stored.
_MORE_ITEMS = lazy_regex(r"^(?:还有|以及|另外还有|另外|和|还)?(?P<v>[^，,。.！!？?；;]+?)(?:也是|也一样|也)?$")


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


#: A clause that opens with how often (每天都会…, 每周都去…) and no subject of its own.
_HOW_OFTEN = lazy_regex(r"^每(?:天|日|晚|早|个?(?:周|星期|礼拜)[一二三四五六日天末]?|个?月|年|个?工作日)"
                        r"[^，,。]{0,6}?(?:都|会|要)")
#: A clause whose subject is the speaker alone, after a time or an adverb at most (最近我…, 其实我…; not 我们, 我和…).
_SPEAKER_OPENS = lazy_regex(r"^(?:最近|现在|目前|平时|其实|这段时间|这阵子|今年|如今|后来|从此)*我(?![们和跟])")


#: A clause that goes on about the speaker of the clause before it without repeating 我: only
#: self-descriptions that need 我 (住在, 是, 对X过敏, 喜欢), and only after a clause that was itself
#: a statement about the speaker (without it 我是素食者，住在上海 lost the city). After
#: 我有个妹妹 the next clause is about her, after 我觉得… about anything: neither lends its 我.
_DROPPED_SUBJECT = lazy_regex(r"^(?:也|还|都)?(?:现在|目前)?(?:很|非常|特别|挺|更|真的)?"
                              r"(?:住在|住|居住在|生活在|定居在|搬到|搬去|搬回|来自|是|对|"
                              r"喜欢|爱|讨厌|不喜欢|会说|会讲|在.+?(?:工作|上班)|"
                              # 我把丰田卖了，现在开比亚迪, 我不当护士了，现在做急救员: the car driven, the job done now
                              r"开|当|做|"
                              # 我不在腾讯干了，自己出来创业了: the business of one's own begun after the job
                              r"(?:自己)?(?:出来)?(?:开始)?创业)")


def match_clause(clause: str, ctx: _Ctx) -> list[Finding]:
    """Findings of the first pattern that matches ``clause``."""
    for pattern in _PATTERNS:
        found = pattern(clause, ctx)
        if found:  # after a bare "remember," / "记住，" the request makes it explicit
            return with_confidence(found, CONF_EXPLICIT) if ctx.remember else found
    if ctx.remember:
        return _f("note", clause, CONF_EXPLICIT, clause)
    if ctx.habit:  # 以后改到周日买菜: the routine of other days withdrawn
        return rescheduled.moved_habit(_habit_fallback(clause, ctx, CONF_PREFER), "zh", ctx.sentence)
    return []  # 下次我试试 / 每次和你聊天: a passing remark, not a standing habit


# --- explicit memory requests -----------------------------------------------------------

_REMEMBER = lazy_regex(r"^(?:请|你|帮我)?(?:记住|记得|记一下|记下)[：:，,\s]*(?P<v>.+)$")


def _remember(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _REMEMBER.match(clause)
    if not m:
        return []
    inner = re.sub(r"^(?:一下|哦|啊)", "", m.group("v"))
    found = [f for p in _PATTERNS if p is not _remember for f in p(inner, ctx)][:3]
    # A remembered self-statement becomes its specific fact; anything else is a note.
    return with_confidence(found, CONF_EXPLICIT) if found else _f("note", inner, CONF_EXPLICIT, clause)


# --- health, diet, favourites -----------------------------------------------------------

#: 我又对花生过敏了 / 我还是对花生过敏 / 我现在又对花生过敏了: a re-stated allergy (once stored as nothing);
#: the words between the allergen and 过敏 (又, 很, 会) are cut by ``allergens.allergen`` (``rules``).
#: The speaker said again (我自己, 我本人) and since when (从小, 天生) before it too: 我自己对海鲜有点过敏 stored
#: nothing.
_ALLERGY_ADV = (r"(?:也|还是|还|又|开始|其实|是|就|真的|一直|都|现在|仍然|依然|仍|确实|再次|重新|自己|本人|本身|"
                r"从小|天生|打小|平时|一向|向来)*")
_ALLERGY = lazy_regex(rf"^(?:我|本人){_ALLERGY_ADV}(?:对|有)?(?P<v>.+?)过敏(?:症|的)?$")
#: 对花生过敏 with no 我: the usual reply to "any allergies?". Read only as a sentence's
#: first clause: after 我妈妈对花生过敏， the clause 也对芒果过敏 is still the mother's.
#: Without 是: a bare 是对芒果过敏 is the contrasted half of a correction (``_allergy_contrast``).
_ALLERGY_BARE = lazy_regex(r"^(?:也|还是|还|又|一直|都|现在|仍然|依然|仍|确实)*对(?P<v>.+?)过敏的?$")
#: 花生过敏 with neither 我 nor 对: the allergen itself opens the sentence, a short noun
#: that names no one (妈妈花生过敏 is the mother's, 他花生过敏 someone else's) and is no degree or
#: body word (有点过敏, 容易过敏, 皮肤过敏 name no allergen: ``_NOT_ALLERGEN``).
_ALLERGY_NOUN = lazy_regex(r"^(?P<v>[\u3400-\u9fffA-Za-z]{1,8}?)过敏的?$")
#: 我又吃素了, 我重新开始吃素了: the diet back, as 我吃素 states it (the one in between, 吃肉, was a withdrawal).
_DIET = lazy_regex(r"^我(?:现在|目前|最近)?(?:是|只|一直|从来都|又开始|又重新|重新开始|重新|又|在|正在)?(?:一个|一名)?"
                   r"(?P<v>吃素|吃纯素|素食主义者|素食者|纯素食者|吃清真|只吃清真)(?:的|了)?$")
# Retractions: the fact no longer holds (我不再对花生过敏了). They come before the patterns that
# would read the same clause as a statement, or drop it as negated.
_NOT = r"(?:现在|已经|其实)?(?:不再|不|没有?)(?:再)?"
_BEFORE = r"(?:以前|之前|从前|过去|曾经|原来|小时候)(?:一直|也|还)?"
_RETRACTIONS: tuple[tuple[re.Pattern[str], str], ...] = (
    (lazy_regex(rf"^我{_NOT}是?对(?P<v>.+?)过敏了?$|^我对(?P<w>.+?){_NOT}过敏了?$|^我{_NOT}过敏了?$"),
     "health.allergy"),
    (lazy_regex(rf"^我{_NOT}(?:吃素|吃纯素|是素食(?:主义)?者|是纯素食者)了?$"
                r"|^我(?:现在)?(?:又开始|又|开始|重新)吃肉了?$"), "food.diet"),
    # 我不住在北京了, 我不住北京了, 我现在不在北京住了
    (lazy_regex(rf"^我{_NOT}住在?(?P<v>[^在].*?)了?$|^我{_NOT}在(?P<w>.+?)住了?$"), "identity.location"),
    # 我已经不在腾讯工作了, 我不在腾讯干了 (the colloquial 干, negated only: 我在腾讯干了三年 is a length);
    # 我从腾讯离职了 (a job's end that names the employer)
    (lazy_regex(rf"^我{_NOT}在(?P<v>.+?)(?:工作|上班|任职|干)了?$|^我(?:已经|刚刚?|去年|今年|上个?月|上周|前几天|早就)*从(?P<w>.+?)(?:离职|辞职)了?$"),
     "identity.employer"),
    # 我不再经营网店了, 我把网店关了, 我的网店关门了: a business given up
    (lazy_regex(rf"^我们?{_NOT}(?:经营|开)(?:那家|这家|我的|自己的)?(?P<v>{shapes.BUSINESS_ZH})了?$"
                rf"|^我们?把(?:我的|我们的|自己的)?(?P<w>{shapes.BUSINESS_ZH})(?:关|关掉|卖|卖掉|转让)了?$"
                rf"|^我们?的(?P<u>{shapes.BUSINESS_ZH})(?:已经)?(?:关门|倒闭|停业|关了|关掉)了?$"), "work.business"),
    # 我以前对花生过敏: said of the past, it no longer holds (a present allergy has no 以前)
    (lazy_regex(rf"^我{_BEFORE}(?:是)?对(?P<v>.+?)过敏(?:的)?$"), "health.allergy"),
    (lazy_regex(rf"^我{_BEFORE}(?:吃素|吃纯素|是素食(?:主义)?者|是纯素食者)(?:的)?$"), "food.diet"),
    (lazy_regex(rf"^我{_BEFORE}(?:住在|住)(?P<v>.+?)(?:的)?$"), "identity.location"),
    (lazy_regex(rf"^我{_BEFORE}在(?P<v>.+?)(?:工作|上班)(?:的)?(?:过)?$"), "identity.employer"),
)


#: 我已经不在字节了, 我现在不在腾讯了: where one was and is no longer, said with the change (已经, 不再) and no verb of
#: work, is the employer left when it names one (a place, 家, 群里, 状态 name none: 我已经不在北京了 may be a trip).
_NO_LONGER_AT = lazy_regex(r"^我(?:现在|目前)?(?:已经不再|已经不|不再)在(?![乎意这那])"
                           r"(?P<v>[^，,在的]{2,8}?)(?:干|待)?了?$")
_NOT_AN_EMPLOYER = lazy_regex(r"(?:[里上中边内外家这那儿位线态]|状态|群|国|省|市|区|县|城|岗|学校)$|^(?:公司|单位)$")


def _employer_left(clause: str) -> list[Finding]:
    """The withdrawal of the employer ``clause`` says was left (``_NO_LONGER_AT``); ``[]`` when it names none. Only
    the withdrawal: with no verb of work said no former employer is kept (``extract.former``)."""
    m = _NO_LONGER_AT.match(clause)
    if m is None:
        return []
    value = m.group("v")
    if _NOT_AN_EMPLOYER.search(value) or places.city_zh(value) or places.city_part_zh(value):
        return []
    return [Finding("identity.employer", value, CONF_STATED, clause, retract=True)]


#: Where one is now, said after an employer left (我已经不在字节了，现在在腾讯, 已经不在华为了，跳槽到小米了): 在 or a
#: move to (跳槽到, 换到, 去了) and a name.
_NOW_AT = lazy_regex(r"^(?:现在|目前|如今)?(?:已经)?(?:在|去了|到了|(?:跳槽|跳|换)(?:到|去)了?)(?![乎意这那])"
                     r"(?P<v>[^，,在的]{2,8}?)(?:上班|工作|干|待)?了?[。！!]?$")


#: What one does where one is, no name of a workplace (现在在家带娃, 在外地出差, 在学校读书, 在准备考研).
_DOING = lazy_regex(r"^(?:家|老家|外地|国外|国内|学校)|[带做学读找休养看陪玩考备待出]")


def _employer_now(clause: str, before: list[Finding]) -> list[Finding]:
    """The employer ``clause`` names as the one now, when the clauses ``before`` it withdrew an employer said the
    same way, with no verb of work (``_employer_left``): 现在在腾讯 after 我已经不在字节了 is where one works now, as
    the one left was where one worked. The same names are none: a place, 家, 群里 (``_NOT_AN_EMPLOYER``): 现在在杭州
    after it may be a trip. ``[]`` for any other clause."""
    m = _NOW_AT.match(clause.strip())
    if m is None or not any(f.key == "identity.employer" and f.retract and f.subject == "" for f in before):
        return []
    value = m.group("v")
    if (_NOT_AN_EMPLOYER.search(value) or _DOING.search(value) or places.city_zh(value)
            or places.city_part_zh(value)):
        return []
    return [Finding("identity.employer", value, CONF_STATED, clause)]


def _retraction(clause: str, ctx: _Ctx) -> list[Finding]:
    """我不再对花生过敏了: withdraws the fact instead of stating one; without a named value
    (我又开始吃肉了) every value of the key."""
    for pattern, key in _RETRACTIONS:
        m = pattern.match(clause)
        if not m:
            continue
        named = m.groupdict().get("v") or m.groupdict().get("w") or m.groupdict().get("u")
        if not named:  # 我不吃素: the diet denied, beside the withdrawal (``diets.denied``)
            return [Finding(key, "", CONF_STATED, clause, retract=True), *diets.denied(clause, ctx.sentence, "zh")]
        parts = _split_list(named) if key == "health.allergy" else [named]
        return [replace(f, retract=True) for part in parts for f in _f(key, part, CONF_STATED, clause)]
    return _employer_left(clause) or _named_retraction(clause, ctx)


#: 我不再用顺丰了 / 我以后不用顺丰了: a choice withdrawn. Only a value the gazetteer names (a carrier,
#: a seat, an editor) is withdrawn; a bare 不 needs the 了 of a change (我不用顺丰 only refuses).
_NAMED_RETRACTION = lazy_regex(rf"^我?(?:现在|已经|{STANDING_ZH})?(?P<neg>不再|再也不|已经不|不)(?:想|会)?"
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


#: 我最喜欢的电影是…, and with what one does with it (我最爱吃的水果是芒果, 我最喜欢听的歌手是…: the verb names the
#: kind, ``_FAV_KEYS``; read as 最爱吃 + 的水果是芒果 it stored ``food.like = 的水果是芒果``).
_FAVORITE = lazy_regex(r"^我(?:现在|目前|如今|最近)?最(?:喜欢|爱)(?P<verb>吃|喝|听|看|玩|读|用)?的(?P<cat>.+?)"
                       r"(?:现在|目前|如今|最近)?(?:是|就是)(?P<v>.+)$")
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
#: sentence: the allergy replaces the one said last (我对花生过敏 then 其实我是对芒果过敏,
#: 算了，其實我是對芒果過敏, otherwise kept both active). Without a correction word 是
#: is often mere emphasis (我是对猫毛过敏的); with 也/还 the allergy is one more.
_ALLERGY_FOCUS = lazy_regex(r"^我(?:其实|真的|实际上)?是(?!不)")
_CORRECTION = lazy_regex(r"其实|算了|不对|搞错|说错|记错|弄错|更正|纠正|实际上")
#: 我不是对花生过敏，是对芒果过敏 / 我对芒果过敏，不是花生: the contrasted half of the sentence.
_CORRECTING_REPLY = lazy_regex(r"^\W*(?:不对|不是|搞错了|说错了|记错了|弄错了|我说错了|更正一下|纠正一下)")
_ALLERGY_INSTEAD = lazy_regex(r"^(?:而|其实|只)?是(?:对)?(?P<v>.+?)过敏$")
_ALLERGY_NOT = lazy_regex(r"^(?:而)?不是(?:对)?(?P<v>.+?)(?:过敏)?$")


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
#: or a question about it (对花生过敏应该怎么办); without them 对花生过敏要注意 was stored as the user's
#: allergy. 严重 is not among them: 花生过敏很严重 is as often the speaker's own severe allergy.
_GENERAL_AFTER = lazy_regex(
    r"^(?:的话|时|的时候)?(?:就|都|也|还|一定|千万|最好|尽量|平时)*(?:要|应该|应当|需要|得|必须|务必|该|可以)?"
    r"(?:注意|小心|当心|留意|谨慎|避免|远离|慎|少吃|别吃|不要吃|不能吃|随身|带药|看医生|就医|去医院|怎么办|怎么|如何)"
    r"|^(?:是|很|挺|非常|特别|比较|真的|太|也|还|都)*(?:常见|普遍|危险|致命|可怕|少见|罕见|多见)")
#: ... unless it is said to the listener (对花生过敏，请注意 / 对花生过敏，所以不要放花生): then it is the
#: speaker's answer to "any allergies?", read as before.
_ADDRESSED = lazy_regex(r"请|麻烦|拜托|你|您|给我|帮我|所以|因此|记得|别放|不要放|别加|不要加")


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
    if m is not None and m.re.pattern != _ALLERGY.pattern and _said_of_anyone(clause, ctx):
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
        # 纯素食者 is vegan, not 吃素 (vegetarian): 我现在是纯素食者了 after 我吃素 is a change of diet
        value = "清真" if "清真" in m.group("v") else "纯素" if "纯素" in m.group("v") else "吃素"
        return _f("food.diet", value, CONF_STATED, clause)
    m = _FAVORITE.match(clause)
    if m:
        cat, value = m.group("cat"), m.group("v")
        kind = f"{m.group('verb') or ''}{cat}"  # 吃水果: food
        key = next((k for pat, k in _FAV_KEYS if re.fullmatch(pat, kind)), "preference.like")
        hit = gazetteer.lookup(value)
        if key == "tool.language" and (hit is None or hit.key != key):
            key = "language.spoken"  # 我最喜欢的语言是法语
        if hit is not None and hit.named and hit.key == key:
            value = hit.value
        elif len(items := shapes.set_items(value, "zh")) > 1:  # 我最喜欢的书是《沙丘》和《爱玛》: one set
            value = shapes.set_value(items, "zh")
        return _f(key, value, CONF_STATED, clause, label=cat)
    return []


def _opens_sentence(clause: str, ctx: _Ctx) -> bool:
    """Whether nothing but fillers and punctuation comes before ``clause`` in its sentence."""
    before = ctx.sentence[: max(0, ctx.sentence.find(clause))]
    return not without_opening(re.sub(r"[\s，,。.!！;；:：~～]+", "", before), "zh")


# --- family and pets --------------------------------------------------------------------

_RELATIVES = ("老婆|老公|妻子|丈夫|太太|先生|爱人|儿子|女儿|哥哥|姐姐|弟弟|妹妹|爸爸|妈妈|父亲|母亲|"
              "男朋友|女朋友|男友|女友|孩子|小孩|宝宝|爷爷|奶奶|外公|外婆|姥姥|姥爷|双胞胎")
_ANIMALS = "猫咪|狗狗|小猫|小狗|猫|狗|仓鼠|兔子|鹦鹉|乌龟|金鱼|鱼|柯基|哈士奇|金毛|泰迪|布偶猫|橘猫"
_COUNT_ZH = r"(?P<n>[一两二三四五六七八九十\d]+)?(?:个|只|条|位)?"
#: 我家里养了两只仓鼠: 家里 is 家 (the household), as 我家养了 says it.
_HAVE = lazy_regex(rf"^我(?:们家?|家)?(?:里)?(?:现在|目前|如今|已经)?(?P<only>只)?"
                   rf"(?:有了|有|养了|养着|养|家里有|收养了)"
                   # 一只叫米索的猫: the name before the noun, as 一只猫，叫米索 names it after
                   rf"{_COUNT_ZH}(?:(?:叫做|叫|名叫|名字叫)(?P<before>[\u4e00-\u9fffA-Za-z]{{1,6}}?)的)?"
                   rf"(?P<what>{_RELATIVES}|{_ANIMALS})"
                   rf"(?:[，,]?(?:它|他|她)?(?:叫做|叫|名叫|名字叫)(?P<name>[\u4e00-\u9fffA-Za-z]{{1,6}}))?了?$")
#: What follows 叫 when it is no copula of a name: who is called or told (我老婆叫我早点睡, 我的朋友叫他小王) or a
#: verb's tail (叫, "to cry": 我的猫叫了一晚上, 我的狗叫得很大声). Every reading of a name said with 叫 refuses it
#: (``_MY_X``, ``shapes_zh._CALLED``).
NOT_A_NAME_AFTER_JIAO = r"(?![我你他她它人了着过得个不很都也就还一])"
#: 我的猫叫咪咪; not 我的猫叫了一晚上 or 我老婆叫我早点睡 (``NOT_A_NAME_AFTER_JIAO``).
_MY_X = lazy_regex(rf"^我(?:们家的?|们的?|家|的|家的)?(?P<what>{_RELATIVES}|{_ANIMALS})(?:叫做|叫|名叫|名字叫|的名字是)"
                   rf"{NOT_A_NAME_AFTER_JIAO}(?P<name>[\u4e00-\u9fffA-Za-z]{{1,6}})$")


def _family_pet(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _HAVE.match(clause) or _MY_X.match(clause)
    if not m:
        return []
    what = m.group("what")
    key = "pet" if re.fullmatch(_ANIMALS, what) else "family.member"
    count = m.groupdict().get("n")
    # 一只猫 is a cat; 只有一只猫 (only one) counts, and replaces 两只猫
    n = counts.number(count) if count and (count not in ("一", "1") or m.groupdict().get("only")) else None
    if n is not None:
        what = f"{n}{'只' if key == 'pet' else '个'}{what}"
    # 女儿小美, 猫麻糬: the relation and the name side by side, as Chinese says them (我女儿小美); the
    # value used to read 叫小美的女儿, the verb 叫 glued in
    if name := m.group("name") or m.groupdict().get("before"):
        return _f(key, _named(what, name), CONF_STATED, clause)
    if n is not None:  # 我有三个孩子: a count, which a later count of children replaces (extract.counts)
        return _f(key, what, CONF_STATED, clause, statement=counts.statement_zh(n, what[len(n):]))
    return _f(key, what, CONF_STATED, clause)


def _named(what: str, name: str) -> str:
    """The value of a relative or pet ``what`` named ``name``: side by side as Chinese says them (猫麻糬, 女儿小美),
    or said as named (名叫咪咪的猫) when the name's start would read as part of the word before it: 猫 named 咪咪 is
    not 猫咪咪 (猫咪 named 咪), nor 猫叫咪咪 (a cat's cry, 咪咪); 狗 named 狗蛋 is 名叫狗蛋的狗."""
    joined = what[-1] + name
    if name[0] == what[-1] or any(len(w) > 1 and joined.startswith(w) for w in _KIN_WORDS):
        return f"名叫{name}的{what}"
    return f"{what}{name}"


#: Every word of a relative or an animal (``_RELATIVES``, ``_ANIMALS``).
_KIN_WORDS: tuple[str, ...] = tuple(f"{_RELATIVES}|{_ANIMALS}".split("|"))


#: Someone named inside an allergy's value (我朋友花生过敏, 我儿子花生过敏): not the user's allergy.
_OTHERS = "老妈|老爸|朋友|同事|同学|老师|老板|领导|客户|室友|邻居|家人|亲戚|别人|有人|大家|人家"
_PERSON = lazy_regex(rf"{_RELATIVES}|{_OTHERS}")
#: The Chinese names of the common allergens (``twins.LEXICON`` without the personality and bodily traits and work
#: arrangements).
_KNOWN_ALLERGENS: frozenset[str] = frozenset(
    w for group in LEXICON if group not in (*temperament.TWINS, *bodily.TWINS, *arrangements.TWINS)
    for w in group if is_cjk(w[0]))
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
_NOT_ALLERGEN = lazy_regex(rf"[我你他她它们谁对不没别]|{_RELATIVES}|{_OTHERS}|妈|爸|孩子|"
                           r"^(?:有点|有些|容易|经常|总是|常常|一直|严重|轻微|季节性|皮肤|鼻子|眼睛|身体|体质|全身|"
                           r"有|会|很|也|又|还|都|就|是|药物|食物|东西)$")


# --- whose health: a relative's or a pet's, the user's within a group, a reported one --------

#: Relatives for health said of them: the family words above plus the short and colloquial ones
#: (妈, 老妈, 我爸), and pets; a friend, colleague or client is nobody's subject here (nothing stored).
_KIN_ZH = rf"(?:老妈|老爸|妈|爸|{_RELATIVES}|{_ANIMALS}|孩子们|孩子)"
#: 我儿子对鸡蛋过敏 / 我妈妈也对花生过敏 / 我家狗对鸡肉过敏 / 我的猫对鱼不过敏了 / 我老公有哮喘: the relative's.
#: 妈妈对花生过敏 without 我: parents and grandparents are named so in the family (as "Mom is ...").
_KIN_SAYS_ZH = lazy_regex(r"^(?:我(?:的|家的?|家里的?)?|(?=妈妈|老妈|爸爸|老爸|爷爷|奶奶|外公|外婆|姥姥|姥爷))"
                          rf"(?P<rel>{_KIN_ZH})"
                          r"(?=也|还|都|其实|一直|从小|是|不|没|对|有|患有|得了|以前)"
                          r"(?P<rest>.+)$")
#: 我妈说她对花生过敏: the relative's own words about themselves, reported.
_KIN_REPORTS_ZH = lazy_regex(rf"^我(?:的|家的?)?(?P<rel>{_KIN_ZH})(?:也|还)?(?:说|告诉我|跟我说)(?:她|他|它)"
                             r"(?P<rest>.+)$")
#: 我和我老婆都对海鲜过敏 / 我跟儿子都对鸡蛋过敏 / 我们全家都对花生过敏 / 我们俩都对猫过敏: the user is one of them.
_WITH_ME_ZH = lazy_regex(rf"^(?:我(?:和|跟|与|同)(?:我的?|我家的?)?(?P<rel>{_KIN_ZH})"
                         r"|我们(?:全家|一家|家|俩|两个|几个|一家人)?(?:人)?)"
                         r"(?:都|也|一样|两个都|俩都|全都|全)+(?P<rest>(?:对|有|患有).+)$")
#: 医生说我对花生过敏 / 检查结果显示我对尘螨过敏 / 我跟客服说我对花生过敏 / 我告诉服务员我对花生过敏: the user's
#: own health, reported. Never a quote (我朋友说：“我对花生过敏”): 我 follows the frame directly.
_REPORTED_ZH = lazy_regex(
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
    """Health said of someone: a relative's or a pet's (``subject`` the relation word, so
    我儿子对鸡蛋过敏 is not stored as the user's allergy), the user's within a group
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


# Health conditions and standing instructions to the assistant live in modules of their own
# (``extract.conditions``, ``extract.directives``); identity and contact are in ``identity_zh``,
# instructions, habits, likes and dated events in ``preferences_zh``.
_PATTERNS: tuple[_Pattern, ...] = (
    _remember, _whose_health, _allergy_contrast, _retraction, conditions.find_zh, temperament.find_zh, bodily.find_zh,
    fears.find_zh,
    arrangements.find_zh, diets.regimen_zh, diets.eats_all_zh, medication.find_zh, vehicles.sold_zh, vehicles.find_zh,
    _identity, _health_fav, _work,
    _details, _family_pet, routines.find_zh, directives.replies_zh, _contact, _instruction, _habit, _drink_how, _like,
    _use, _event,
)
