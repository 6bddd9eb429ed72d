"""Cross-language twins: two fact values that name the same thing in English and Chinese.

A bilingual user says "I'm allergic to peanuts" one day and 我对花生过敏 the next, then
"Actually, I'm not allergic to peanuts": without twins 花生 stayed active, because a
retraction or a correction matched only the literal value (``facts.resolve.same_value``). A value's
*twin* is another value under the same key that means the same thing in the other script; a
retraction or a correction retires the twins of what it names as well.

Two values are twins when (``twin``):

1. they are both dates or both times of day and denote the same one ("March 3" and 3月3号,
   "6am" and 早上6点: ``extract.when``; two different dates are never twins), or
2. they sit in one group of ``LEXICON`` (standard translations of common allergens, drugs,
   foods and animals: the things a health retraction names), or
3. one is written in CJK and the other in Latin letters, and the cosine of the two bare values
   (embedded alone) is at least ``TWIN_COSINE``.

Why not the embedding alone: measured on USE-multilingual v3 (the default model) the cosine of a
value and its translation spans 0.40-0.94 (peanuts/花生 0.59, shellfish/贝类 0.54, mango/芒果
0.77, cats/猫 0.92), while different things score as high (peanuts/坚果 "nuts" 0.64,
shrimp/龙虾 "lobster" 0.84, dust/尘螨 "dust mites" 0.84, peanuts/peanut oil 0.66, 灰尘/尘螨
0.93 in one script). No threshold separates them, so the frequent health values are listed and
the model only decides, with a margin, for the rest. Within one script the model is never asked
(only the lexicon and ``same_value``): same-script near-synonyms (dust / dust mites, 花生 /
花生油) are where it errs most.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

import numpy as np

from memstrata.embed.base import Embedder, carried_cosine
from memstrata.extract import arrangements, bodily, conditions, temperament
from memstrata.extract.when import same_when
from memstrata.text.regex import lazy_regex
from memstrata.text.tokens import index_terms, is_cjk, normalise_value

#: Minimum cosine (USE multilingual v3, bare values) for a CJK and a Latin value to be twins.
#: Measured on 56 translation pairs and 69 pairs of different things, each one CJK and one Latin
#: value (allergens, drugs, foods, drinks, animals, sports, cities; the list is in
#: ``tests/unit/test_twins.py``): translations 0.40-0.94, different things 0.38-0.84 (the
#: highest: shrimp/龙虾 and dust/尘螨, 0.84; then coffee/咖啡因 0.79). At 0.85, 18 of 56
#: translations and none of the 69 different pairs are twins, a margin of 0.01; at 0.88, 11 of 56
#: (fish/鱼, cats/猫, Shanghai/上海, coffee/咖啡, tea/茶, ...) with a margin of 0.04. A wrong twin
#: withdraws a true allergy, a missed one leaves a stale fact beside the correction (and the
#: lexicon covers the common allergens), so the threshold takes the wider margin. Another model
#: gets it carried to its own cosine scale (``embed.base.carried_cosine``), not measured there.
TWIN_COSINE = 0.88

#: Groups of values that name one thing: standard English and Chinese (Simplified; a Traditional
#: value is read as Simplified before it is stored) names of common allergens (the major food
#: allergens, frequent drug and environmental allergies) and everyday foods (``ALLERGENS``), diets and
#: health conditions (``LEXICON``). Deliberately narrow: "nuts" is 坚果 (tree nuts), not 花生; shellfish is
#: not seafood (海鲜) or fish.
ALLERGENS: tuple[tuple[str, ...], ...] = (
    ("peanuts", "peanut", "花生"),
    ("tree nuts", "nuts", "坚果", "树坚果"),
    ("shellfish", "贝类", "贝壳类", "甲壳类"),
    ("seafood", "海鲜"),
    ("fish", "鱼", "鱼类"),
    ("shrimp", "prawns", "虾"),
    ("crab", "crabs", "螃蟹", "蟹"),
    ("lobster", "龙虾"),
    ("eggs", "egg", "鸡蛋", "蛋", "蛋类"),
    ("milk", "cow's milk", "牛奶", "牛乳"),
    ("dairy", "dairy products", "乳制品", "奶制品"),
    ("lactose", "乳糖"),
    ("wheat", "小麦"),
    ("gluten", "麸质", "面筋", "谷蛋白"),
    ("soy", "soya", "soybeans", "大豆", "黄豆"),
    ("sesame", "sesame seeds", "芝麻"),
    ("almonds", "杏仁"),
    ("walnuts", "核桃"),
    ("cashews", "腰果"),
    ("mango", "mangoes", "芒果"),
    ("strawberries", "strawberry", "草莓"),
    ("kiwi", "kiwifruit", "猕猴桃", "奇异果"),
    ("pineapple", "菠萝", "凤梨"),
    ("celery", "芹菜"),
    ("mustard", "芥末"),
    ("penicillin", "青霉素", "盘尼西林"),
    ("amoxicillin", "阿莫西林"),
    ("aspirin", "阿司匹林"),
    ("ibuprofen", "布洛芬"),
    ("sulfa drugs", "sulfa", "磺胺", "磺胺类药物"),
    ("latex", "乳胶"),
    ("pollen", "花粉"),
    ("dust", "灰尘"),
    ("dust mites", "尘螨"),
    ("mold", "mould", "霉菌"),
    # kinds of seafood, fish, nuts and dairy: the members of ``CATEGORIES``
    ("oysters", "oyster", "生蚝", "牡蛎", "蚝"),
    ("clams", "clam", "蛤蜊", "花蛤"),
    ("mussels", "mussel", "青口", "贻贝"),
    ("scallops", "scallop", "扇贝"),
    ("crawfish", "crayfish", "小龙虾"),
    ("squid", "鱿鱼"),
    ("octopus", "章鱼"),
    ("salmon", "三文鱼", "鲑鱼"),
    ("tuna", "金枪鱼"),
    ("cod", "鳕鱼"),
    ("hazelnuts", "榛子"),
    ("pistachios", "开心果"),
    ("pecans", "碧根果", "山核桃"),
    ("macadamias", "macadamia nuts", "夏威夷果"),
    ("cheese", "奶酪", "芝士"),
    ("cats", "cat", "猫", "猫咪"),
    ("cat hair", "cat dander", "猫毛"),
    ("dogs", "dog", "狗"),
    ("bees", "bee stings", "蜜蜂", "蜂蜇"),
    ("alcohol", "酒精", "酒", "alcoholic drinks"),
    # kinds of alcohol: the members of ``CATEGORIES``, given up as a kind (現在不喝酒了, "I quit alcohol")
    ("beer", "啤酒"),
    ("wine", "葡萄酒"),
    ("red wine", "红酒", "红葡萄酒"),
    ("whisky", "whiskey", "威士忌"),
    ("baijiu", "白酒"),
)
#: ``ALLERGENS``, then diets, health conditions and personality traits.
LEXICON: tuple[tuple[str, ...], ...] = (
    *ALLERGENS,
    # diets (food.diet's own values: 吃素 is what the Chinese patterns store for vegetarian)
    ("vegetarian", "吃素", "素食", "素食者", "素食主义者"),
    ("vegan", "纯素", "纯素食", "纯素食者"),
    ("halal", "清真"),
    *conditions.TWINS,  # health conditions: the canonical values extract.conditions stores
    *temperament.TWINS,  # personality traits: "introvert" and 内向 (extract.temperament)
    *bodily.TWINS,  # bodily traits: "left-handed" and 左撇子 (extract.bodily)
    *arrangements.TWINS,  # how one works: "remote" and 在家办公 (extract.arrangements)
)


_SHELLFISH = ("shrimp", "crab", "lobster", "oysters", "clams", "mussels", "scallops", "crawfish")
_FISH = ("salmon", "tuna", "cod")
#: What a category names (each by the first surface of its ``LEXICON`` group): its kinds. Not being
#: allergic to a category is not being allergic to any of its kinds ("I'm not allergic to seafood"
#: withdraws a shrimp allergy); the reverse does not hold (not allergic to shrimp says nothing of
#: crab), so only a retraction naming the category reaches its kinds. Narrow on purpose: peanuts are
#: legumes, not tree nuts; lactose is a sugar, not a dairy allergy.
CATEGORIES: dict[str, tuple[str, ...]] = {
    "seafood": ("shellfish", *_SHELLFISH, "fish", *_FISH, "squid", "octopus"),
    "shellfish": _SHELLFISH,
    "fish": _FISH,
    "tree nuts": ("almonds", "walnuts", "cashews", "hazelnuts", "pistachios", "pecans", "macadamias"),
    "dairy": ("milk", "cheese"),
    "alcohol": ("beer", "wine", "red wine", "whisky", "baijiu"),
}

#: A withdrawal that keeps an exception ("not allergic to seafood except shrimp", 除了虾我对海鲜不过敏,
#: "just shrimp"): it withdraws the category's own fact, never its kinds.
_EXCEPTION = lazy_regex(r"\b(?:except|apart from|other than|besides|just|only)\b|除了|除|只|就是",
                        re.IGNORECASE)


def kinds_of(category: str, others: Sequence[str], sentence: str = "") -> list[bool]:
    """For each of ``others``, whether it names a kind of ``category`` (``CATEGORIES``, any
    language of the lexicon): what withdrawing ``category`` withdraws too. All ``False`` when
    ``sentence`` (the withdrawal's own) names an exception (``_EXCEPTION``).

    >>> kinds_of("海鲜", ["shrimp", "peanuts", "蟹"]), kinds_of("shrimp", ["seafood"])
    ([True, False, True], [False])
    """
    groups = _groups()
    group = groups.get(_form(category))
    if group is None or _EXCEPTION.search(sentence):
        return [False] * len(others)
    name = next((c for c in CATEGORIES if groups.get(_form(c)) == group), None)
    if name is None:
        return [False] * len(others)
    members = {groups.get(_form(kind)) for kind in CATEGORIES[name]}
    return [groups.get(_form(other)) in members for other in others]


def _form(value: str) -> str:
    """Lexicon form of a value: Latin words stemmed ("Peanuts" = "peanut"), CJK normalised."""
    if any(is_cjk(ch) for ch in value):
        return normalise_value(value)
    return " ".join(index_terms(value))


@cache
def _groups() -> dict[str, int]:
    return {_form(surface): i for i, group in enumerate(LEXICON) for surface in group}


def lexicon_twins(value: str, other: str) -> bool:
    """Whether ``value`` and ``other`` are listed in one ``LEXICON`` group (spelling, case,
    plural and Traditional/Simplified aside).

    >>> lexicon_twins("Peanuts", "花生"), lexicon_twins("peanuts", "坚果")
    (True, False)
    """
    groups = _groups()
    a, b = groups.get(_form(value)), groups.get(_form(other))
    return a is not None and a == b


def _script(value: str) -> str | None:
    """``cjk`` or ``latin`` when every letter of ``value`` is of that script, else ``None``."""
    letters = [ch for ch in value if ch.isalpha()]
    if not letters:
        return None
    if all(is_cjk(ch) for ch in letters):
        return "cjk"
    return "latin" if all(ch.isascii() for ch in letters) else None


def twins(embedder: Embedder | None, value: str, others: Sequence[str]) -> list[bool]:
    """For each of ``others``, whether it is ``value``'s twin (see the module doc).

    Args:
        embedder: the model for values the lexicon does not list; ``None``: the lexicon only.
        value: the value a retraction or correction names (``"peanuts"``).
        others: values of active facts under the same key.

    Returns:
        One bool per ``others`` entry, in order. Equal values are not twins (the caller matches
        them by ``facts.resolve.same_value``).

    Raises:
        EmbeddingError: the model failed.
    """
    when = [same_when(value, other) for other in others]
    out = [bool(w) if w is not None else lexicon_twins(value, other) for w, other in zip(when, others, strict=True)]
    script = _script(value)
    if embedder is None or script is None:
        return out
    ask = [i for i, other in enumerate(others)
           if not out[i] and when[i] is None and _script(other) not in (None, script)]
    if not ask:
        return out
    vectors = embedder.embed([value, *(others[i] for i in ask)])
    threshold = carried_cosine(embedder, TWIN_COSINE)
    cosines = np.asarray(vectors[1:] @ vectors[0])
    for i, cosine in zip(ask, cosines, strict=True):
        out[i] = float(cosine) >= threshold
    return out
