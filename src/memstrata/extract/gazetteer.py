"""Small gazetteers: objects whose name alone reveals the fact key.

"以后用京东" names no topic, but 京东 is a courier, so the key is ``shipping.carrier``;
"I like VS Code" is about ``tool.editor``. Each entry maps the surface forms a user
types to one canonical value, so "vs code", "VS Code" and "VSCode" are one value to
the resolver (same value → touch, not supersede).

The lists are deliberately short and unambiguous: a word that is often something
else ("Go", "Swift" the singer, "Java" the island in travel talk) is left out or
spelled only in its unambiguous form ("Golang"). Anything not listed falls through
to the generic keys and, with an embedder, to zero-shot key assignment.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from memstrata.text.regex import lazy_regex
from memstrata.text.tokens import is_cjk


@dataclass(frozen=True)
class Hit:
    """A gazetteer match: the key it reveals, the value and where it was found.

    ``named`` is true for named things (carriers, editors, languages, seats, diets),
    whose canonical name is the value; false for category words (foods, sports),
    where the caller keeps the user's whole phrase ("pizza with pineapple").
    """

    key: str
    value: str
    start: int
    end: int
    named: bool


# (key, canonical value, surface forms); the canonical value is itself a surface form.
_ENTRIES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("shipping.carrier", "顺丰", ("顺丰", "顺丰快递", "顺丰速运", "SF Express")),
    ("shipping.carrier", "京东", ("京东", "京东快递", "京东物流")),
    ("shipping.carrier", "中通", ("中通", "中通快递")),
    ("shipping.carrier", "圆通", ("圆通", "圆通快递")),
    ("shipping.carrier", "韵达", ("韵达", "韵达快递")),
    ("shipping.carrier", "申通", ("申通", "申通快递")),
    ("shipping.carrier", "极兔", ("极兔", "极兔速递")),
    ("shipping.carrier", "德邦", ("德邦", "德邦快递")),
    # Taiwan's and Japan's common carriers (without them 黑貓宅急便 read as a habit, not a carrier);
    # never a bare 黑猫 (a black cat)
    ("shipping.carrier", "黑猫宅急便", ("黑猫宅急便", "宅急便", "Yamato")),
    ("shipping.carrier", "新竹物流", ("新竹物流",)),
    ("shipping.carrier", "嘉里大荣", ("嘉里大荣", "嘉里大荣物流")),
    ("shipping.carrier", "中华邮政", ("中华邮政",)),
    # Taiwan's convenience-store pick-up (without it 請用7-11店到店寄給我 stored nothing);
    # never a bare 7-11 or 全家 (the shop itself)
    ("shipping.carrier", "7-11店到店", ("7-11店到店", "711店到店", "7-11交货便", "统一超商店到店")),
    ("shipping.carrier", "全家店到店", ("全家店到店", "全家好宅配")),
    ("shipping.carrier", "EMS", ("EMS", "邮政", "中国邮政", "邮政快递")),
    ("shipping.carrier", "UPS", ("UPS",)),
    ("shipping.carrier", "FedEx", ("FedEx", "Fed Ex")),
    ("shipping.carrier", "DHL", ("DHL",)),
    ("shipping.carrier", "USPS", ("USPS",)),
    ("tool.editor", "VSCode", ("VSCode", "VS Code", "Visual Studio Code")),
    ("tool.editor", "Vim", ("Vim",)),
    ("tool.editor", "Neovim", ("Neovim", "nvim")),
    ("tool.editor", "Emacs", ("Emacs",)),
    ("tool.editor", "PyCharm", ("PyCharm",)),
    ("tool.editor", "IntelliJ", ("IntelliJ", "IntelliJ IDEA")),
    ("tool.editor", "Sublime Text", ("Sublime", "Sublime Text")),
    ("tool.editor", "Cursor", ("Cursor",)),
    ("tool.editor", "Zed", ("Zed",)),
    ("tool.editor", "Xcode", ("Xcode",)),
    ("tool.os", "macOS", ("macOS", "Mac OS")),
    ("tool.os", "Linux", ("Linux", "Ubuntu", "Arch Linux")),
    ("tool.os", "Windows", ("Windows",)),
    *(("tool.language", name, (name,)) for name in (
        "Python", "Rust", "Golang", "Java", "JavaScript", "TypeScript", "C++", "C#", "Kotlin",
        "Ruby", "PHP", "Haskell", "Scala", "Elixir", "Lua", "Julia", "OCaml", "Clojure")),
    ("travel.seat", "window seat", ("window seat", "window seats", "the window")),
    ("travel.seat", "aisle seat", ("aisle seat", "aisle seats", "the aisle")),
    ("travel.seat", "靠窗", ("靠窗", "靠窗座位", "靠窗的座位", "窗边", "窗边座位")),
    ("travel.seat", "靠过道", ("靠过道", "过道", "靠走道", "走道")),
    *(("food.diet", v, (v,)) for v in ("vegetarian", "vegan", "pescatarian", "halal", "kosher",
                                       "吃素", "素食", "纯素", "清真")),
)

#: Names that are a carrier only where a carrier is being chosen (``lookup(..., choice=True)``:
#: after 用 / 改用 / 还是, in 不用X了): 黑猫 is what Taiwanese users call 黑猫宅急便 (unlisted,
#: 以後改用黑貓 became a habit beside the active carrier), but 我喜欢黑猫 is a black cat;
#: 邮局 (the post office) is a place 我去邮局 as often as a way to ship 还是用邮局好了.
_CHOICE_ONLY: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("shipping.carrier", "黑猫宅急便", ("黑猫",)),
    ("shipping.carrier", "邮局", ("邮局",)),
    # phones by brand, where one is chosen or named as the phone (现在只用华为了, "my phone is a Huawei"):
    # "我喜欢用 iPhone 拍照" is a hobby, and 苹果 / Apple a fruit or a company until it is what one uses
    ("tool.phone", "iPhone", ("iPhone", "苹果手机", "苹果", "Apple")),
    ("tool.phone", "华为", ("华为", "华为手机", "Huawei")),
    ("tool.phone", "小米", ("小米手机", "Xiaomi")),
    ("tool.phone", "Samsung", ("Samsung", "三星", "三星手机", "Galaxy")),
    ("tool.phone", "Pixel", ("Pixel", "Google Pixel")),
    ("tool.phone", "OPPO", ("OPPO",)),
    ("tool.phone", "vivo", ("vivo",)),
    ("tool.phone", "荣耀", ("荣耀手机",)),
)

#: Single words per key, matched as whole words (Latin) or substrings (CJK).
_WORDS: dict[str, tuple[str, ...]] = {
    "food.like": (
        "pizza", "sushi", "pasta", "burgers", "burger", "noodles", "ramen", "dumplings",
        "hot pot", "steak", "chocolate", "ice cream", "cilantro", "coriander", "spicy food",
        "seafood", "pork", "beef", "chicken", "fish", "tofu", "salad", "curry", "tacos",
        "cheese", "cake", "durian", "mushrooms", "onions", "garlic", "eggs", "fries",
        "火锅", "饺子", "面条", "米饭", "寿司", "披萨", "川菜", "湘菜", "粤菜", "香菜", "海鲜", "猪肉",
        "牛肉", "鸡肉", "豆腐", "榴莲", "甜食", "巧克力", "冰淇淋", "烧烤", "麻辣烫", "小龙虾",
        "包子", "蛋糕", "水果", "苹果", "香蕉", "西瓜", "草莓", "蘑菇", "大蒜", "洋葱", "臭豆腐",
        "螺蛳粉", "辣的", "辣椒", "吃辣"),
    "drink.like": (
        "coffee", "tea", "green tea", "latte", "espresso", "cappuccino", "beer", "wine",
        "red wine", "whisky", "whiskey", "juice", "bubble tea", "milk tea", "soda", "coke",
        "decaf", "oat milk", "almond milk", "soy milk",
        "咖啡", "绿茶", "红茶", "奶茶", "啤酒", "红酒", "白酒", "果汁", "可乐", "拿铁", "美式", "豆浆",
        "牛奶", "燕麦奶", "低因咖啡", "茶"),
    # One rule between the two pastime keys, in both languages: a physical activity done for exercise (on foot, on
    # wheels, in water or snow, up rock: running, hiking, cycling, swimming, climbing; 跑步, 爬山, 徒步, 骑行) is a
    # sport; a pastime of making, performing, playing at a table or going somewhere (painting, dancing, chess,
    # fishing, camping, travelling) is a hobby. Hiking stood among the hobbies while its siblings were sports.
    "hobby.like": (
        "reading", "painting", "drawing", "photography", "gardening", "cooking",
        "baking", "gaming", "video games", "chess", "fishing", "camping", "knitting",
        "dancing", "singing", "traveling", "travelling", "writing", "board games", "puzzles",
        "calligraphy", "读书", "看书", "阅读", "画画", "摄影", "拍照", "园艺", "做饭",
        "烘焙", "打游戏", "玩游戏", "下棋", "象棋", "围棋", "钓鱼", "露营", "编织", "跳舞", "唱歌",
        "旅游", "旅行", "写作", "书法", "养花", "追剧"),
    "sport.like": (
        "football", "soccer", "basketball", "tennis", "badminton", "table tennis", "ping pong",
        "baseball", "golf", "volleyball", "swimming", "running", "jogging", "cycling", "yoga",
        "skiing", "surfing", "boxing", "rock climbing", "climbing", "hiking", "足球", "篮球", "网球",
        "羽毛球", "乒乓球", "棒球", "高尔夫", "排球", "游泳", "跑步", "骑车", "骑行", "瑜伽", "滑雪",
        "冲浪", "拳击", "攀岩", "健身", "爬山", "徒步"),
    "music.like": (
        "jazz", "rock music", "rock", "pop music", "classical music", "hip hop", "rap", "blues",
        "country music", "k-pop", "kpop", "edm", "metal", "heavy metal", "folk music", "opera",
        "爵士", "爵士乐", "摇滚", "流行音乐", "古典音乐", "嘻哈", "说唱", "民谣", "听歌", "音乐"),
}

#: Words that name a food only as the whole object: 我不太喜欢辣 is about spicy food (a dietary need,
#: ``food.dislike``, as 我不吃辣 and "I don't like spicy food" were while 我不太喜欢辣 was a generic
#: dislike), but 辣 inside a longer word is something else (辣妹 a hot girl or the Spice Girls, 辣手 a
#: tricky matter), so unlike ``_WORDS`` these never match part of an object.
_WHOLE_WORDS: dict[str, tuple[str, ...]] = {
    "food.like": ("辣", "太辣", "很辣", "麻辣", "香辣", "酸辣"),
}

#: Where a delivery is or is not to be left.
DROPOFF_WORDS: tuple[str, ...] = (
    "门口", "门外", "快递柜", "丰巢", "驿站", "菜鸟驿站", "前台", "物业", "传达室", "保安室", "邻居",
    "门卫", "保安", "管理员",
    "door", "doorstep", "doorman", "porter", "security desk", "building manager", "front door", "back door",
    "porch", "front desk", "reception",
    "parcel locker", "locker", "mailroom", "mail room", "lobby", "concierge", "mailbox",
    "neighbor", "neighbour", "garage",
)


#: How a user may want to be reached: canonical value → what users type for it. A phrase names
#: a channel only as a whole ("email", "phone calls", "发邮件"); "an email about the invoice" is
#: not a preference. English and Chinese keep their own canonical value, as the input's language.
CONTACT_CHANNELS: dict[str, tuple[str, ...]] = {
    "email": ("email", "emails", "e-mail", "e-mails", "mail", "an email", "email only"),
    "phone call": ("phone", "the phone", "phone call", "phone calls", "a phone call", "calls", "a call",
                   "call", "calling", "telephone", "voice call", "voice calls"),
    "text message": ("text", "texts", "a text", "text message", "text messages", "texting", "sms",
                     "an sms", "messages", "a message"),
    "WhatsApp": ("whatsapp",), "WeChat": ("wechat",), "Telegram": ("telegram",), "Signal": ("signal",),
    "Slack": ("slack",), "iMessage": ("imessage",),
    "邮件": ("邮件", "邮箱", "电子邮件", "电邮", "发邮件", "邮件联系"),
    "电话": ("电话", "打电话", "电话联系", "手机", "打手机", "语音电话"),
    "短信": ("短信", "发短信", "短信联系", "信息", "发信息"),
    "微信": ("微信", "发微信", "微信联系", "微信消息", "微信语音"),
    "QQ": ("qq", "qq联系"), "钉钉": ("钉钉", "钉钉联系"),
}
_CHANNEL_BY_SURFACE: dict[str, str] = {
    surface: canonical for canonical, surfaces in CONTACT_CHANNELS.items() for surface in surfaces}
_CHANNEL_TAIL = lazy_regex(r"(?:\s+(?:instead|rather|only|please|if possible|if you can|"
                           r"from now on|going forward)|(?:就行|就好|吧|比较好|更好|为主))+$", re.IGNORECASE)


def contact_channel(phrase: str) -> str | None:
    """The channel ``phrase`` names as a whole (``"phone calls"`` → ``phone call``, ``发邮件`` →
    ``邮件``), ignoring "instead" / "only" / 就行 at its end; ``None`` if it is anything else."""
    # "by email at [REDACTED:email]": where to reach is the address, not the channel
    text = re.sub(r"\s+at\s+\S.*$", "", phrase.strip().rstrip(".!。！"), flags=re.IGNORECASE)
    text = _CHANNEL_TAIL.sub("", text).strip()
    text = re.sub(r"^(?:by|via|through|over|on|with|using|用|通过|走)\s*", "", text, flags=re.IGNORECASE)
    return _CHANNEL_BY_SURFACE.get(text.casefold())


@cache
def _compiled(choice: bool = False) -> tuple[tuple[re.Pattern[str], str, str], ...]:
    """(pattern, key, canonical) for every surface form, longest surface first, then the
    ``_WHOLE_WORDS`` (matching a whole text only); with ``choice`` the ``_CHOICE_ONLY`` names too."""
    entries = (*_ENTRIES, *_CHOICE_ONLY) if choice else _ENTRIES
    rows: list[tuple[str, str, str]] = [
        (surface, key, canonical) for key, canonical, surfaces in entries for surface in surfaces
    ]
    for key, words in _WORDS.items():
        rows.extend((word, key, word) for word in words)
    rows.sort(key=lambda row: -len(row[0]))
    whole = tuple((re.compile(rf"^{re.escape(w)}$"), k, w) for k, words in _WHOLE_WORDS.items() for w in words)
    return tuple((_surface_pattern(s), k, c) for s, k, c in rows) + whole


@cache
def _surfaces(choice: bool) -> frozenset[str]:
    """Every surface form ``lookup`` knows (``_compiled``'s), lower-cased."""
    entries = (*_ENTRIES, *_CHOICE_ONLY) if choice else _ENTRIES
    words = [s for _, _, surfaces in entries for s in surfaces]
    words += [w for ws in (*_WORDS.values(), *_WHOLE_WORDS.values()) for w in ws]
    return frozenset(w.lower() for w in words)


def may_be_whole_entry(text: str, *, choice: bool = False) -> bool:
    """Whether ``text`` as a whole is a surface form of an entry, in any case: a hit of ``lookup`` that covers all
    of ``text`` needs it, so a caller that wants only such a hit ("Actually FedEx": ``extract.ellipsis``) skips
    ``lookup``'s pass over every surface for the rest ("ok 17.")."""
    return text.lower() in _surfaces(choice)


@cache
def _named_keys() -> frozenset[str]:
    return frozenset(key for key, _, _ in (*_ENTRIES, *_CHOICE_ONLY))


def _surface_pattern(surface: str) -> re.Pattern[str]:
    # CJK has no word boundaries; Latin words must not match inside a longer word
    # ("rock" in "rocky", "Vim" in "Vimeo"). \b fails next to "+"/"#", hence lookarounds.
    if any(is_cjk(ch) for ch in surface):
        return re.compile(re.escape(surface))
    return re.compile(rf"(?<![A-Za-z0-9]){re.escape(surface)}(?![A-Za-z0-9+#])", re.IGNORECASE)


def lookup(text: str, *, choice: bool = False) -> Hit | None:
    """The longest gazetteer entry found in ``text`` (the leftmost among equals), or ``None``.

    Args:
        text: an object phrase such as ``VSCode写代码`` or ``ship with FedEx``.
        choice: ``text`` is what the user chooses to use (after 用 / 改用 / 还是): names that are
            a carrier only then (``_CHOICE_ONLY``: 黑猫, 邮局) count too.
    """
    best: Hit | None = None
    for pattern, key, canonical in _compiled(choice):
        match = pattern.search(text)
        if match is None:
            continue
        named = key in _named_keys()
        # Category words keep the user's own spelling ("Pizza" stays "Pizza").
        value = canonical if named else match.group(0)
        hit = Hit(key, value, match.start(), match.end(), named)
        if best is None or (hit.end - hit.start, -hit.start) > (best.end - best.start, -best.start):
            best = hit
    return _as_carrier(text, _with_model(text, best))


#: A phone's model said after its make: "iPhone 15 Pro", "华为Mate 60", "Pixel 8", "Galaxy S24 Ultra". A number is
#: needed (a word alone may be what follows: "iPhone case"); "手机" after it names the kind, no model.
_MODEL = lazy_regex(r"\s*(?:(?:Mate|Galaxy|Note|Find|Reno|Redmi|Nova|P|S|A|X|Z|Fold|Flip)\s*)?\d{1,3}[A-Za-z]?"
                    r"(?:\s+(?:Pro\+?|Max|Plus|Ultra|Mini|mini|Lite|SE|XL|a|Fold|Flip))*(?![A-Za-z0-9.])")


def _with_model(text: str, hit: Hit | None) -> Hit | None:
    """``hit`` with the model said after a phone's make in its value ("iPhone 15" for ``iPhone``, 华为Mate 60 for
    华为): the make alone was stored, so a new model of the same make changed nothing."""
    if hit is None or hit.key != "tool.phone" or (m := _MODEL.match(text, hit.end)) is None:
        return hit
    return Hit(hit.key, hit.value + ("" if is_cjk(hit.value[-1]) else " ") + m.group(0).strip(), hit.start, m.end(),
               hit.named)


#: "carrier Zed" / "courier Acme": the word after names a carrier whatever else it names.
_CARRIER_NAMED = lazy_regex(r"\b(?:carrier|courier)\s+(?P<v>[A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*)?)")
#: "for delivery", "to ship with": the object is chosen for shipping.
_SHIPPING_CONTEXT = lazy_regex(r"\b(?:carrier|courier|for (?:delivery|deliveries|shipping|shipments?)|"
                               r"(?:ship|send|deliver) (?:it |them |parcels |packages )?(?:with|via|by))\b"
                               r"|快递|寄件|配送|物流", re.IGNORECASE)


#: A name chosen "for delivery" / "for my parcels", the purpose ending the phrase: "DPD for delivery",
#: "Evri for parcels" name a carrier the list does not hold ("Slack for shipping updates" is no carrier).
_NAME_FOR_SHIPPING = lazy_regex(r"^(?P<v>[A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*){0,2})\s+for\s+(?:my\s+|our\s+|all\s+)?"
                                r"(?:delivery|deliveries|shipping|shipments?|parcels?|packages?)"
                                r"(?:\s+(?:please|now|instead|from now on))?\s*[.!]?$")
#: The name a shipping verb's "with / via / by" points at ("ship with Royal Mail please").
_SHIPPED_NAME = lazy_regex(r"^(?P<v>[A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*){0,2})"
                           r"(?:\s+(?:please|from now on|instead|now))?\s*[.!]?$")


def unlisted_carrier(phrase: str, *, shipped: bool = False) -> Hit | None:
    """A carrier the list does not name, told by what it is chosen for: ``phrase`` is the object of
    a preference ("DPD for delivery") or, with ``shipped``, of a shipping verb's with / via / by
    ("Royal Mail please"). Only a capitalised name of one to three words; ``None`` otherwise."""
    match = (_SHIPPED_NAME if shipped else _NAME_FOR_SHIPPING).match(phrase.strip())
    if match is None:
        return None
    return Hit("shipping.carrier", match.group("v"), match.start("v"), match.end("v"), True)


def _as_carrier(text: str, best: Hit | None) -> Hit | None:
    """A delivery context wins over another reading of a name: "I prefer carrier Zed for delivery"
    is a carrier called Zed, not the Zed editor; an unlisted "carrier Acme" is a carrier too, as is
    an unlisted name chosen "for delivery" (``unlisted_carrier``)."""
    if best is not None and best.key == "shipping.carrier":
        return best
    named = _CARRIER_NAMED.search(text)
    if named is not None:
        return Hit("shipping.carrier", named.group("v"), named.start("v"), named.end("v"), True)
    if best is None:
        return unlisted_carrier(text)
    # only a tool's name doubles as a company's; a seat or a diet is never a carrier
    if best.key.startswith("tool.") and _SHIPPING_CONTEXT.search(text):
        return Hit("shipping.carrier", best.value, best.start, best.end, True)
    return best


def find_dropoff(text: str) -> re.Match[str] | None:
    """The first place-to-leave-a-parcel word in ``text`` (``门口``, ``front desk``), or ``None``."""
    for word in sorted(DROPOFF_WORDS, key=len, reverse=True):
        match = _surface_pattern(word).search(text)
        if match is not None:
            return match
    return None
