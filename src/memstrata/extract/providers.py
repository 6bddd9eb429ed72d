"""A provider the user habitually uses, said with the verb of what it is used for: "I usually fly with Lufthansa",
"I always bank with Chase", "I shop at Costco", "I stay at Marriott", "We ship orders with DHL", 我一般坐国航,
我一般用招商银行, 我平时在盒马买菜.

The verb says the job (fly → the airline, bank → the bank, shop → the shop, stay at → the hotel, ship → the
carrier), and the job is the key, as "We use Jenkins for CI" keys on CI: a listed purpose
(``extract.purposes``: ``user.airline``, ``user.bank``, ``user.shopping``, ``user.hotel``, one value at a time and
described in both languages, so "I usually fly with United now" replaces Lufthansa and 我一般坐国航 is the key
"I fly with Lufthansa" has), or ``shipping.carrier`` for what one ships with. A name is needed: capitalised
(Lufthansa, Trader Joe's, Bank of America), and in Chinese an airline's (…航, …航空), a bank's (…银行, 招行) or,
where one shops, one that is no kind of shop (盒马, Costco; not 超市). "I shop at night", "I fly with my kids",
"I usually fly economy", "I fly on Fridays" and 我一般坐地铁 name none. A time said after the name ("I fly with
Lufthansa tomorrow") makes it a plan, not read here.

How one pays is such a job too ("I usually pay with Apple Pay", "I pay in cash", 我平常用支付宝付款, 我一般刷信用卡):
``user.payment_method``, when what follows the verb is a means of payment (a card, a wallet or pay app, cash;
``_MEANS_EN``, ``_MEANS_ZH``), so "I pay with Tom" names none; one's phone pays ("I pay with my phone",
我平时用手机付款: ``phone`` / ``手机``).
"""

from __future__ import annotations

import re
from dataclasses import replace

from memstrata.extract import gazetteer, tool_kinds
from memstrata.extract.clauses import CONF_PREFER, Finding
from memstrata.extract.shapes import attribute_finding, open_key
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE
#: The English verb of use → (the purpose it says, prepositions it takes a provider with, third-person form).
_VERBS_EN: dict[str, tuple[str, tuple[str, ...], str]] = {
    "fly": ("airline", ("with", "on", ""), "flies"),
    "bank": ("bank", ("with", "at"), "banks"),
    "shop": ("shopping", ("at",), "shops"),
    "stay": ("hotel", ("at",), "stays"),
    "ship": ("carrier", ("with", "via", "through", "by"), "ships"),
    "send": ("carrier", ("with", "via", "through", "by"), "sends"),
    "mail": ("carrier", ("with", "via", "through", "by"), "mails"),
}
#: A name: up to four capitalised words, "of" or "&" between them ("Bank of America", "Marks & Spencer"), or a listed
#: name that is no English word, as chat types it ("i usually fly with lufthansa": ``tool_kinds.LOWER_CASE_NAMES``).
_NAME_EN = (r"(?:(?-i:[A-Z0-9][\w.'’&+-]*(?:\s+(?:of\s+|&\s+|de\s+)?[A-Z0-9][\w.'’&+-]*){0,3})"
            rf"|{tool_kinds.LOWER_CASE_NAMES})")
_PROVIDER_EN = lazy_regex(
    r"^(?:(?:these days|nowadays|now|lately|mostly)\s*,?\s+)?(?P<who>i|we)\s+"
    r"(?P<adv>(?:(?:usually|always|normally|generally|mostly|mainly|typically|often|only|now|still|also|just|"
    r"tend to|prefer to|like to)\s+)*)"
    r"(?P<verb>fly|bank|shop|stay|ship|send|mail)\s+"
    r"(?P<what>(?:(?:my|our|all|all of our|all my|the)\s+)?(?:orders?|packages?|parcels?|stuff|things|everything|"
    r"it|them|deliveries|shipments|groceries|products|items)\s+)?"
    rf"(?:(?P<prep>with|at|on|via|through|by)\s+)?(?:the\s+)?(?P<v>{_NAME_EN})"
    r"(?:\s+(?:now|these days|nowadays|mostly|most of the time|(?:whenever|when|if)\s+(?:i|we)\s+can|"
    r"for\s+(?:work|business|groceries|everything|most things|[a-z]+\s+trips?)))?$", _IC)
#: Capitalised words that name a time, a relative or the speaker, not a provider ("I fly on Fridays", "I stay at
#: Mom's"): no provider.
_NOT_A_PROVIDER = lazy_regex(
    r"^(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|january|february|march|april|may|june|july|august|september|"
    r"october|november|december|christmas|easter|thanksgiving|weekends?|night|i|me|my|mom|mum|dad|grandma|grandpa|"
    r"home|work|economy|business|first|premium|coach)\b", _IC)
#: What a provider "with" whom one flies or sends must look like, a person being as likely ("I fly with Sarah", "I
#: send it with Tom"): an airline's or a carrier's word in the name (Finnair, Parcelforce, Royal Mail), capitals
#: only (DHL, KLM) or a listed name (``tool_kinds``, ``gazetteer``).
_COMPANY_WORD = lazy_regex(r"air|jet|wings|lines|ways|express|post|mail|parcel|freight|courier|logistics|cargo|"
                           r"shipping")
#: The verbs one does with a person as often as with a company ("I fly with Sarah", "I send it with Tom"); one banks
#: or ships with a company.
_WITH_SOMEONE = frozenset({"fly", "send", "mail"})
#: A stay at someone's ("I stay at Anna's"): a home, not a hotel; a shop keeps its 's (Trader Joe's, Macy's).
_SOMEONES = lazy_regex(r"['’]s$")


def provider_en(clause: str) -> list[Finding]:
    """The provider an English clause says the speaker habitually uses ("I usually fly with Lufthansa" →
    ``user.airline = Lufthansa``, "We ship orders with DHL" → ``shipping.carrier = DHL``), ``[]`` for any other."""
    m = _PROVIDER_EN.match(clause.strip())
    if m is None or _NOT_A_PROVIDER.search(m.group("v")):
        return held_en(clause) or paid_into(clause, "en")
    verb = m.group("verb").lower()
    purpose, preps, said = _VERBS_EN[verb]
    if (m.group("prep") or "").lower() not in preps or (m.group("what") and purpose != "carrier") \
            or (purpose == "hotel" and _SOMEONES.search(m.group("v"))):
        return []
    value, prep = tool_kinds.spelled(m.group("v")), (m.group("prep") or "").lower()
    if prep == "with" and verb in _WITH_SOMEONE and not _a_company(value):
        return []  # "I fly with Sarah": a person as likely as an airline
    adverb = re.sub(r"\b(?:now|just|also|still)\b\s*", "", m.group("adv").lower()).strip()
    statement = " ".join(w for w in (adverb, said, prep, value) if w)
    if purpose == "carrier":  # what one ships with is the carrier: DHL, or a carrier no list names (Aramex)
        return attribute_finding("carrier", value, clause, "en", confidence=CONF_PREFER)
    return [Finding(open_key("", purpose), value, CONF_PREFER, clause, statement=statement)]


#: A provider one is "on" or "with" ("I'm on T-Mobile", "We're with Chase", "I'm with Geico for car insurance"): the
#: name, and what it provides at most.
_HELD_EN = lazy_regex(
    r"^(?:(?:these days|nowadays|now|currently)\s*,?\s+)?(?:i'm|i am|we're|we are)\s+"
    r"(?:(?:now|currently|still|also|just)\s+)*(?:on|with)\s+"
    rf"(?P<v>{_NAME_EN})(?:\s+(?:now|these days|nowadays|currently))?"
    r"(?:\s+for\s+(?:my|our)?\s*(?P<service>(?:[a-z]+\s+)?(?:phone|cell|mobile|internet|broadband|wifi|insurance|"
    r"banking|checking|savings|plan|service|coverage|line)))?(?:\s+(?:now|these days|nowadays|currently))?$", _IC)


def held_en(clause: str) -> list[Finding]:
    """A provider the speaker holds a line, a plan, an account or a policy with, said with "on" / "with" ("I'm on
    T-Mobile" → ``user.mobile_carrier = T-Mobile``, "I'm with Chase" → ``user.bank``): a name the list knows as such a
    provider (``tool_kinds.HELD_WITH``), keyed by its kind (``tool_kinds.PROVIDER_KEYS``) so a switch to another of
    that kind ends it. "I'm on it", "I'm with my sister", "I'm on Netflix" (no such provider) and "I'm on Delta" (a
    flight) name none."""
    m = _HELD_EN.match(clause.strip())
    if m is None:
        return []
    value = tool_kinds.spelled(m.group("v"))
    kind = tool_kinds.kind_of(value)
    if kind not in tool_kinds.HELD_WITH:
        return []
    key, said = tool_kinds.PROVIDER_KEYS[kind]
    return [Finding(key, value, CONF_PREFER, clause, statement=said.format(v=value))]


def _a_company(name: str) -> bool:
    """Whether ``name`` is an airline's or a carrier's, not a person's (``_COMPANY_WORD``)."""
    hit = gazetteer.lookup(name, choice=True)
    return bool(_COMPANY_WORD.search(name.lower()) or re.fullmatch(r"[A-Z0-9]{2,5}", name)
                or tool_kinds.kind_of(name) or (hit is not None and hit.named))


_HABIT_ZH = r"(?:一般|通常|平时|平常|经常|总是|都|一直|基本上?|大多|多半|主要|习惯|常常|每次|只)*"
_WHEN_ZH = r"(?:出差|出门|出行|回家|旅行|旅游|平时|国内|国际)?"
#: 我一般坐国航, 我出差都坐东航的飞机, 我一般飞南航, 我现在改坐东航了: an airline's name (…航, …航空, 航空公司)
#: after 坐 / 乘 / 搭 / 飞.
_AIRLINE_ZH = lazy_regex(
    rf"^我们?{_WHEN_ZH}(?:现在|最近|已经)?{_HABIT_ZH}(?:是)?(?:改|换)?(?:坐|乘坐?|搭乘?|飞)(?P<v>(?!民航)[\u4e00-\u9fff]{{1,6}}?(?:航空公司|航空|航)"
    rf"|[A-Za-z][\w .&'-]*?(?=的?(?:飞机|航班)))的?(?:飞机|航班)?{_WHEN_ZH}了?$")
#: 我一般用招商银行, 我一直在招行办业务: a bank's name after 用 / 在.
_BANK_ZH = lazy_regex(
    rf"^我们?{_HABIT_ZH}(?:用|在)(?P<v>[\u4e00-\u9fffA-Za-z]{{1,8}}银行|招行|工行|建行|农行|中行|交行"
    r"|[A-Z][\w .&-]*Bank)(?:办业务|存钱|办卡|开户)?$")
#: 我一般在盒马买菜, 我平时去Costco购物: a shop's name before what one buys there.
_SHOP_ZH = lazy_regex(
    rf"^我们?{_HABIT_ZH}(?:在|去)(?P<v>[\u4e00-\u9fffA-Za-z0-9 '&-]{{1,10}}?)(?:上)?"
    r"(?:买东西|购物|买菜|买日用品|买衣服|网购)$")
#: A shop by its kind, where it is or what one buys on (超市, 菜市场, 网上, 楼下的便利店, 家里, 手机上): no name.
_NOT_A_SHOP = lazy_regex(r"(?:超市|商场|市场|菜场|便利店|商店|小卖部|网上|实体店|店里|附近|楼下|门口|这|那|外面|"
                         r"线上|线下|手机|电脑|app|APP|网站)|^(?:家|家里|公司|单位|学校|老家)$")


#: 我用的是中国移动, 我家宽带用的是长城宽带, 我是中国联通的用户, 我的手机卡是中国电信的: a provider one holds a line, a
#: plan or a policy with, named.
_HELD_ZH = lazy_regex(
    r"^我(?:们|家)?(?:的)?(?:手机|手机卡|手机号|电话卡|宽带|网络|保险|车险|医保)?(?:现在|目前|一直|平时)?"
    r"(?:用的是|用的|在用|用|是)(?P<v>[\u4e00-\u9fffA-Za-z&-]{2,8}?)(?:的)?(?P<tail>卡|号|用户|套餐|宽带|保险)?$")


def held_zh(clause: str) -> list[Finding]:
    """A provider named after 我用的是 / 我是…的用户 (我用的是中国移动 → ``user.mobile_carrier = 中国移动``), of a kind
    one holds with (``tool_kinds.HELD_WITH``), keyed as ``held_en`` keys it; ``[]`` for any other."""
    m = _HELD_ZH.match(clause.strip())
    # 平安保险, 长城宽带: the name may end in what it provides
    value = next((v for v in (f"{m.group('v')}{m.group('tail') or ''}", m.group("v")) if tool_kinds.kind_of(v)),
                 "") if m else ""
    kind = tool_kinds.kind_of(value) if value else None
    if kind not in tool_kinds.HELD_WITH:
        return []
    key, _ = tool_kinds.PROVIDER_KEYS[kind]
    return [Finding(key, value, CONF_PREFER, clause, statement=f"用的是{value}")]


def provider_zh(clause: str) -> list[Finding]:
    """The provider a Chinese clause says the speaker habitually uses (我一般坐国航 → ``user.airline = 国航``,
    我一般用招商银行 → ``user.bank``, 我平时在盒马买菜 → ``user.shopping``), ``[]`` for any other."""
    for pattern, purpose, verb in ((_AIRLINE_ZH, "airline", "坐"), (_BANK_ZH, "bank", "用"),
                                   (_SHOP_ZH, "shopping", "在")):
        m = pattern.match(clause.strip())
        if m is None or (purpose == "shopping" and _NOT_A_SHOP.search(m.group("v"))):
            continue
        value = m.group("v").strip()
        habit = re.search(r"一般|通常|平时|平常|经常|总是|一直|主要|习惯|常常", clause)
        statement = f"{habit.group(0) if habit else ''}{verb}{value}" + ("购物" if purpose == "shopping" else "")
        return [Finding(open_key("", purpose), value, CONF_PREFER, clause, statement=statement)]
    return held_zh(clause) or paid_into(clause, "zh")


#: "My paycheck goes to Chase", "my salary is paid into Barclays", "My direct deposit goes into Chase": the bank one's
#: pay is paid into, the user's bank.
_PAID_INTO_EN = lazy_regex(
    r"^(?:my|our)\s+(?:pay(?:check|cheque)?s?|salary|wages?|direct\s+deposits?)\s+(?:(?:always|usually|all)\s+)?"
    r"(?:goes|go|gets?\s+paid|is\s+paid|are\s+paid|lands?|is\s+deposited|gets?\s+deposited)\s+(?:in)?to\s+"
    r"(?:my\s+)?(?P<v>[A-Z][\w.&'-]*(?:\s+[A-Z][\w.&'-]*){0,2}?)(?:\s+(?:account|bank))?$", _IC)
#: 工资卡在招商银行, 我的工资卡是招行的, 工资发到建设银行, 工资打到招行卡上: the bank one's pay goes to.
_PAID_INTO_ZH = lazy_regex(
    r"^(?:我的?)?(?:工资卡|工资)(?:是|在|办在|发到|打到|存到|进)(?P<v>[\u4e00-\u9fffA-Za-z]{2,8}?)(?:的|卡上|卡|里)?$")


def paid_into(clause: str, lang: str) -> list[Finding]:
    """The user's bank said as where their pay goes ("My paycheck goes to Chase", 工资卡在招商银行 →
    ``user.bank``): a name the list knows as a bank (``tool_kinds.kind_of``), so a switch to another bank ends it;
    ``[]`` for any other clause ("my paycheck goes to rent", 工资卡在家里)."""
    m = (_PAID_INTO_ZH if lang == "zh" else _PAID_INTO_EN).match(clause.strip().rstrip("。.!！"))
    value = tool_kinds.spelled(m.group("v").strip()) if m is not None else ""
    if not value or tool_kinds.kind_of(value) != "bank":
        return []
    key, said = tool_kinds.PROVIDER_KEYS["bank"]
    return [Finding(key, value, CONF_PREFER, clause, statement=f"工资卡在{value}" if lang == "zh" else
                    said.format(v=value))]


#: How one pays said in English: "I usually pay with Apple Pay", "I always pay by card", "I pay for everything in cash".
_PAY_EN = lazy_regex(
    r"^(?:(?:these days|nowadays|now|lately|mostly)\s*,?\s+)?(?:i|we)\s+"
    r"(?P<adv>(?:(?:usually|always|normally|generally|mostly|mainly|typically|often|only|now|still|also|just|"
    r"tend to|prefer to|like to)\s+)*)pay(?:\s+for\s+(?:everything|most things|things|stuff|groceries|it))?\s+"
    r"(?P<prep>with|by|using|via|through|in)\s+(?:(?:my|our|a|an|the)\s+)?(?P<v>[a-z][\w .&'-]{0,30}?)"
    r"(?:\s+(?:now|these days|nowadays|mostly|most of the time|(?:whenever|when|if)\s+(?:i|we)\s+can|"
    r"for (?:everything|most things)))?$", _IC)
#: What an English means of payment looks like: a card, a wallet or a pay app by its name (Apple Pay, PayPal, Visa,
#: Venmo, Alipay), or cash, a card, a check; any other name may be a person's ("I pay with Tom").
_MEANS_EN = lazy_regex(
    r"^(?:cash|card|(?:credit|debit|bank|contactless)\s+card|check|cheque|bank transfer|crypto|bitcoin)$"
    r"|\b(?:pay|card|wallet|visa|mastercard|amex|american express|discover|venmo|zelle|paypal|klarna|alipay|"
    r"wechat|revolut|monzo|cash app|phone)\b", _IC)
#: How one pays said in Chinese: 我平常用支付宝付款, 我一般刷信用卡, 我们都用微信支付, 我习惯付现金.
_PAY_ZH = lazy_regex(
    rf"^我们?(?:现在|目前)?{_HABIT_ZH}(?P<use>用|刷|拿)(?P<v>[\u4e00-\u9fffA-Za-z ]{{1,10}}?)(?:来)?"
    r"(?P<paid>付款|支付|付钱|买单|结账|付账)?了?$"
    rf"|^我们?(?:现在|目前)?{_HABIT_ZH}(?:付|给)(?P<w>现金)$")
#: A Chinese means of payment: a wallet or pay app (支付宝, 微信, 云闪付, …支付, …钱包), a card, cash, a Latin name.
_MEANS_ZH = lazy_regex(r"^(?:支付宝|微信|手机|云闪付|花呗|现金|数字人民币|[\u4e00-\u9fff]{0,6}(?:支付|钱包|卡)"
                       r"|[A-Za-z][\w .&'-]*)$")


def payment(clause: str, lang: str) -> list[Finding]:
    """How a clause says the speaker habitually pays ("I usually pay with Apple Pay" → ``user.payment_method =
    Apple Pay``, 我平常用支付宝付款 → ``支付宝``), ``[]`` for any other; a Chinese clause with 用 must name the payment
    (付款, 支付) unless the means is a card (刷卡) or cash, so 我一般用微信 is no payment.

    Args:
        clause: one clause, edge punctuation allowed.
        lang: ``en`` or ``zh``.
    """
    if lang == "zh":
        m = _PAY_ZH.match(clause.strip())
        value = "" if m is None else (m.group("v") or m.group("w")).strip()
        # 用 needs the payment said (我一般用微信 is no payment); 刷 a card is one (我一般刷信用卡), and so is 用 a card
        # that only pays (我平时用招商银行的信用卡: a bank's credit card, 的 dropped as in 招行信用卡)
        value = re.sub(r"的(?=(?:信用|借记|储蓄|银行)卡$)", "", value)
        paid = m is not None and (m.group("w") or m.group("paid") or (m.group("use") == "刷" and value.endswith("卡"))
                                  or re.search(r"(?:信用|借记|储蓄|银行)卡$", value) is not None)
        if re.search(r"^[了过着]|他|她|别人|朋友|同事", value):
            return []  # 我用了他的信用卡: once, and someone else's card
        if clause.strip().endswith("了") and not re.search("现在|目前|如今|以后", clause):
            return []  # 我用支付宝付款了: paid once, no habit (我现在用支付宝付款了 is one)
        return _paid_zh(value, clause) if paid and _MEANS_ZH.match(value) else []
    m = _PAY_EN.match(clause.strip())
    if m is None or not _MEANS_EN.search(m.group("v")) or _NOT_A_PROVIDER.search(m.group("v")):
        return []
    value = tool_kinds.spelled(m.group("v").strip())
    adverb = re.sub(r"\b(?:now|just|also|still)\b\s*", "", m.group("adv").lower()).strip()
    statement = " ".join(w for w in (adverb, "pays", m.group("prep").lower(), value) if w)
    return [Finding(open_key("", "payment_method"), value, CONF_PREFER, clause, statement=statement)]


def _paid_zh(value: str, clause: str) -> list[Finding]:
    habit = re.search(r"一般|通常|平时|平常|经常|总是|一直|主要|习惯|常常", clause)
    return [Finding(open_key("", "payment_method"), value, CONF_PREFER, clause,
                    statement=f"{habit.group(0) if habit else ''}用{value}付款")]


#: The -ing form of a verb of use ("I stopped flying with Lufthansa"): its base form reads as a provider.
_GERUND_EN = lazy_regex(r"^(?P<verb>fly|bank|shop|stay|ship|send|mail|pay)(?:p?ing)\b", _IC)


def given_up(act: str, lang: str, clause: str) -> list[Finding]:
    """The withdrawal of the provider an activity given up names (``extract.cessation``): "fly with Lufthansa" of
    "I don't fly with Lufthansa anymore" or "I stopped flying with Lufthansa", 坐国航 of 我不再坐国航了; ``[]`` when
    it names none."""
    said = f"我{act}" if lang == "zh" else f"I {_GERUND_EN.sub(lambda m: m.group('verb'), act.strip())}"
    found = (provider_zh(said) or payment(said, "zh")) if lang == "zh" else (provider_en(said) or payment(said, "en"))
    return [replace(f, retract=True, clause=clause, statement="") for f in found]
