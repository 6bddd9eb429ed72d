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
"""

from __future__ import annotations

import re

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


#: Verbs that ask an agent to change or run a project (base form, English): a prompt that opens with one ("install
#: the deps and add lodash", "please run the tests", "can you update the dependencies?") is to be done the way the
#: folder's conventions and the user's instructions say, whatever words it shares with them.
ACT_VERBS_EN = ("install", "uninstall", "add", "remove", "delete", "run", "rerun", "fix", "implement", "write",
                "rewrite", "create", "update", "upgrade", "downgrade", "bump", "refactor", "rename", "move", "commit",
                "push", "merge", "rebase", "squash", "deploy", "release", "ship", "build", "rebuild", "compile", "test",
                "lint", "format", "set up", "setup", "configure", "debug", "migrate", "generate", "scaffold",
                "publish", "bootstrap", "init", "initialize", "change", "edit", "modify", "replace", "revert", "patch",
                "open a pr", "open a pull request", "make a pr", "clean up", "tidy up", "package", "vendor", "pin")
#: The same in Chinese, read after 请 / 帮我 / 麻烦 / 给我 / 先 / 把 ...: 装依赖, 跑测试, 修这个bug, 提交, 部署.
ACT_VERBS_ZH = ("安装", "装", "卸载", "添加", "加上", "加", "删除", "删掉", "去掉", "运行", "跑", "执行", "修复", "修",
                "改", "重构", "重命名", "实现", "写", "新建", "创建", "提交", "推送", "推", "合并", "部署", "发布",
                "上线", "升级", "更新", "构建", "编译", "测试", "格式化", "配置", "迁移", "生成", "初始化", "回滚")
_ACT_VERBS_EN = "|".join(v.replace(" ", r"\s+") for v in sorted(ACT_VERBS_EN, key=len, reverse=True))
_ACT_EN = lazy_regex(
    r"^\W*(?:(?:ok(?:ay)?|so|now|then|and|next|also|first|please|pls|kindly|just|go ahead and|let's|lets|"
    r"(?:can|could|would|will)\s+you(?:\s+please)?|i\s+(?:want|need|would like|'d like)\s+you\s+to)[\s,]+)*"
    rf"(?:{_ACT_VERBS_EN})\b", re.IGNORECASE)
_ACT_ZH = lazy_regex(r"^\W*(?:好的|那|现在|然后|接下来|请|麻烦(?:你)?|帮(?:我|忙)|给我|你|先|再|去|"
                     r"把[^，,。？?]{1,20}?)*"
                     rf"(?:{'|'.join(sorted(ACT_VERBS_ZH, key=len, reverse=True))})")


def asks_to_act(query: str) -> bool:
    """Whether ``query`` asks the agent to change or run the project (English or Chinese, either script): it opens
    with a verb of ``ACT_VERBS_EN`` / ``ACT_VERBS_ZH`` after polite or sequencing words. A question ("why is the
    build slow?", 这个函数是干什么的) or a remark ("ok, go on") asks nothing to be done.

    >>> [asks_to_act(q) for q in ("install the deps and add lodash", "Can you update the dependencies?",
    ...                           "帮我装一下依赖", "先跑一下测试", "把这个函数重构一下")]
    [True, True, True, True, True]
    >>> [asks_to_act(q) for q in ("why is the build slow?", "ok, go on", "explain this", "这个函数是干什么的？",
    ...                           "what should I add to my diet?")]
    [False, False, False, False, False]
    """
    return bool(_ACT_EN.match(query) or _ACT_ZH.match(simplified(query)))
