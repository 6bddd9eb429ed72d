"""Standing constraints: facts an agent must respect whenever a request touches them, however the
request ranks them.

A search ranks memories by how well they match the words and meaning of the query, which is
right for "what carrier do I use?" and wrong for "plan dinner": the peanut allergy shares no
word with "dinner", so as soon as any memory mentions dinner or food ("Mom is coming for dinner
on Friday", 我喜欢吃川菜) the allergy ranked below it and ``Memory.context`` left it out.
A careful assistant keeps a guest's allergy in mind whenever food
is involved. So a query about food or meals (``is_about_food``) brings the scope's current
dietary and health facts (``FOOD_KEYS``: allergies, conditions, diet, foods avoided; the user's
and their relatives') into the context block first, under their own title.

That title names health beside diet ("Dietary and health needs to respect", as the Chinese 饮食需求与健康注意 always
did): the section holds a condition (diabetes) and the user's own allergy to something not eaten (penicillin,
pollen: ``is_non_food_allergen``), kept last, since what is safe to suggest or give them is not only food. Before,
"Dietary needs to respect" listed "is allergic to penicillin" as a dietary need; dropping the line instead would hide
a drug allergy from the one section an agent reads as the list of what to respect.
"""

from __future__ import annotations

from memstrata.extract.allergens import severity
from memstrata.text.hanzi import simplified
from memstrata.text.regex import lazy_regex

#: Fact keys that constrain what may be served or suggested to eat (``extract.taxonomy``), most
#: critical first; their importance already orders them the same way (0.9, 0.8, 0.7, 0.6; a diet kept for health,
#: ``health.diet``, an open key at 0.6). A food the user quit eating (``food.quit``: "I've stopped eating meat") is
#: one avoided as a dislike is.
FOOD_KEYS = ("health.allergy", "health.condition", "food.diet", "health.diet", "food.dislike", "food.quit")

#: English words of a request about food or a meal (lower case, whole words).
FOOD_WORDS_EN = frozenset({
    "eat", "eats", "eating", "ate", "food", "foods", "meal", "meals", "dinner", "dinners", "lunch", "lunches",
    "breakfast", "breakfasts", "brunch", "supper", "snack", "snacks", "cook", "cooks", "cooking", "cooked",
    "recipe", "recipes", "restaurant", "restaurants", "menu", "menus", "dish", "dishes", "cuisine", "grocery",
    "groceries", "takeout", "takeaway", "bake", "baking", "dessert", "desserts", "cake", "cakes", "picnic",
    "barbecue", "bbq", "potluck", "catering", "buffet", "feast", "diet", "nutrition", "ingredients",
})

#: Chinese words of the same (matched in the Simplified form of the query): 吃 eat, 饭 meal,
#: 餐 meal (早餐 午餐 晚餐 聚餐 餐厅), 菜 dish (做菜 点菜 菜谱), 食 food (食谱 美食 饮食 零食), 厨
#: kitchen, 烹饪 cooking, 外卖 takeout, 夜宵/宵夜 late snack, 甜点 dessert, 蛋糕 cake, 烧烤
#: barbecue, 火锅 hotpot, 忌口 foods to avoid.
FOOD_WORDS_ZH = ("吃", "饭", "餐", "菜", "食", "厨", "烹饪", "外卖", "夜宵", "宵夜",
                 "甜点", "蛋糕", "烧烤", "火锅", "忌口")

_LATIN_WORD = lazy_regex(r"[A-Za-z]+")

#: Allergens nobody eats: animals, plants in the air, dust, moulds, drugs, stings, materials
#: (English lower case, whole words; Chinese by substring of the Simplified value). A meal's
#: dietary section lists such an allergy after every other dietary fact, so under a small
#: ``budget_tokens`` it gives way first (else "I'm mildly allergic to cats" took
#: the only line of "plan dinner" and left a shellfish allergy "not shown").
NON_FOOD_ALLERGENS_EN = frozenset({
    "cat", "cats", "dog", "dogs", "pet", "pets", "dander", "fur", "horse", "horses", "feathers", "pollen",
    "grass", "hay", "ragweed", "trees", "dust", "mites", "mold", "molds", "mould", "moulds", "latex",
    "penicillin", "amoxicillin", "antibiotics", "sulfa", "aspirin", "ibuprofen", "codeine", "morphine",
    "bees", "bee", "wasps", "wasp", "stings", "insect", "insects", "mosquito", "mosquitoes", "nickel",
    "metal", "metals", "perfume", "perfumes", "fragrance", "fragrances", "sunlight", "sun", "cold", "wool",
})
NON_FOOD_ALLERGENS_ZH = ("猫", "狗", "宠物", "动物毛", "毛发", "花粉", "灰尘", "粉尘", "尘螨", "螨虫", "霉菌",
                         "乳胶", "青霉素", "头孢", "抗生素", "阿司匹林", "布洛芬", "磺胺", "蜜蜂", "蜂蜇",
                         "蚊子", "昆虫", "镍", "金属", "香水", "香料味", "紫外线", "阳光", "冷空气", "羊毛")


def is_non_food_allergen(value: str) -> bool:
    """Whether an allergy's ``value`` (its allergen, ``extract.allergens``) names something not
    eaten: every word of it in ``NON_FOOD_ALLERGENS_EN``, or a Chinese value holding one of
    ``NON_FOOD_ALLERGENS_ZH``.

    >>> [is_non_food_allergen(v) for v in ("cats", "dust mites", "penicillin", "猫毛", "peanuts", "cat food", "芒果")]
    [True, True, True, True, False, False, False]
    """
    words = [w.lower() for w in _LATIN_WORD.findall(value)]
    if words:
        return all(w in NON_FOOD_ALLERGENS_EN for w in words)
    text = simplified(value)
    return any(word in text for word in NON_FOOD_ALLERGENS_ZH)


def is_severe_allergy(key: str, statement: str) -> bool:
    """Whether a fact of ``key`` with ``statement`` is an allergy said to be severe: its statement names
    the severity (the rule extractor writes "is severely allergic to peanuts", 对花生严重过敏; an LLM
    may write "anaphylactic"), read by ``extract.allergens.severity``, the words the extractor reads.

    >>> allergy = "health.allergy"
    >>> is_severe_allergy(allergy, "is severely allergic to peanuts"), is_severe_allergy(allergy, "對花生嚴重過敏")
    (True, True)
    >>> is_severe_allergy(allergy, "is mildly allergic to cats"), is_severe_allergy("food.dislike", "severe dislike")
    (False, False)
    """
    return key == "health.allergy" and severity(simplified(statement)) == "severe"


def is_about_food(query: str) -> bool:
    """Whether ``query`` asks about food, a meal or cooking (English or Chinese, either script).

    >>> [is_about_food(q) for q in ("plan dinner", "what should we eat tonight?", "帮我安排晚餐", "幫我點外賣")]
    [True, True, True, True]
    >>> [is_about_food(q) for q in ("which carrier do I use?", "我的快递用哪家", "plan a trip")]
    [False, False, False]
    """
    if any(w.lower() in FOOD_WORDS_EN for w in _LATIN_WORD.findall(query)):
        return True
    text = simplified(query)
    return any(word in text for word in FOOD_WORDS_ZH)


