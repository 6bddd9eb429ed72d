"""Cross-language twins (``extract.twins``): the lexicon and the calibration of ``TWIN_COSINE``
on the real model. The pairs are the measurement the threshold's docstring reports."""

from __future__ import annotations

import numpy as np
import pytest

from memstrata.embed.base import EmbeddingCache
from memstrata.extract.twins import TWIN_COSINE, lexicon_twins, twins


def _pairs(text: str) -> list[tuple[str, str]]:
    """``a=b; c=d`` pairs (CJK is wide: one pair a cell keeps the lines short)."""
    return [(a.strip(), b.strip()) for a, b in (p.split("=") for p in text.split(";") if p.strip())]


#: Translations (one CJK, one Latin value).
SAME = _pairs("""
    peanuts=花生; shellfish=贝类; mango=芒果; cats=猫; penicillin=青霉素;
    latex=乳胶; eggs=鸡蛋; milk=牛奶; gluten=麸质; dust=灰尘; pollen=花粉;
    seafood=海鲜; dogs=狗; shrimp=虾; soy=大豆; wheat=小麦; tree nuts=坚果;
    Shanghai=上海; Beijing=北京; Seattle=西雅图; strawberries=草莓;
    sesame=芝麻; bees=蜜蜂; aspirin=阿司匹林; pizza=披萨; coffee=咖啡;
    jazz=爵士乐; hot pot=火锅; fish=鱼; almonds=杏仁; cashews=腰果;
    walnuts=核桃; lobster=龙虾; crab=螃蟹; alcohol=酒精; ibuprofen=布洛芬;
    horses=马; beef=牛肉; pork=猪肉; chicken=鸡肉; tea=茶; green tea=绿茶;
    sushi=寿司; hiking=徒步; swimming=游泳; basketball=篮球; dairy=乳制品;
    cat hair=猫毛; mold=霉菌; sulfa drugs=磺胺类药物; kiwi=猕猴桃;
    celery=芹菜; mustard=芥末; oranges=橙子; Tokyo=东京; London=伦敦
""")
#: Different things (one CJK, one Latin value), many of them close: nuts vs peanuts, oil of a food.
DIFFERENT = _pairs("""
    peanuts=坚果; peanuts=花生油; peanut oil=花生; tree nuts=花生;
    peanuts=花生酱; peanut butter=花生; shellfish=鱼; shellfish=海鲜;
    seafood=贝类; seafood=鱼; fish=海鲜; fish=贝类; cats=狗; dogs=猫;
    cats=猫毛; milk=鸡蛋; eggs=牛奶; milk=乳糖; milk=奶酪; cheese=牛奶;
    mango=菠萝; Beijing=上海; Shanghai=北京; penicillin=阿莫西林;
    amoxicillin=青霉素; eggs=鸡肉; chicken=鸡蛋; shrimp=螃蟹; crab=虾;
    lobster=虾; shrimp=龙虾; latex=橡胶; pollen=花; wheat=面粉; wheat=麸质;
    gluten=小麦; soy=酱油; dust=尘螨; dust mites=灰尘; strawberries=草莓蛋糕;
    coffee=咖啡因; coffee=茶; tea=咖啡; green tea=红茶; beef=猪肉; pork=牛肉;
    almonds=核桃; walnuts=杏仁; cashews=花生; bees=黄蜂; wasps=蜜蜂;
    aspirin=布洛芬; ibuprofen=阿司匹林; alcohol=啤酒; beer=酒精;
    oranges=柠檬; kiwi=芒果; Tokyo=京都; Kyoto=东京; Seattle=波特兰;
    London=巴黎; sushi=生鱼片; hot pot=麻辣烫; swimming=游泳池;
    basketball=足球; hiking=爬山; mold=灰尘; celery=香菜; mustard=芥末酱
""")


def _cosines(embedder: EmbeddingCache, pairs: list[tuple[str, str]]) -> np.ndarray:
    a = embedder.embed([p[0] for p in pairs])
    b = embedder.embed([p[1] for p in pairs])
    return np.asarray((a * b).sum(axis=1))


def test_the_threshold_separates_the_measured_pairs(embedder: EmbeddingCache) -> None:
    """No pair of different things reaches TWIN_COSINE (the highest is 0.84), and a sizeable share
    of translations does (11 of 56 at 0.88). The lexicon, not the model, covers the others."""
    different = _cosines(embedder, DIFFERENT)
    same = _cosines(embedder, SAME)
    assert len(SAME) == 56 and len(DIFFERENT) == 69
    assert float(different.max()) < TWIN_COSINE - 0.02
    assert int((same >= TWIN_COSINE).sum()) >= 10


def test_different_things_are_never_twins(embedder: EmbeddingCache) -> None:
    for value, other in DIFFERENT:
        assert twins(embedder, value, [other]) == [False], (value, other)


@pytest.mark.parametrize(("value", "other"), [("Peanuts", "花生"), ("peanut", "花生"), ("shellfish", "贝类"),
                                              ("Tree nuts", "坚果"), ("cats", "猫咪"), ("soya", "黄豆")])
def test_the_lexicon_names_translations_the_model_misses(embedder: EmbeddingCache, value: str, other: str) -> None:
    assert lexicon_twins(value, other) and twins(embedder, value, [other]) == [True]
    assert twins(None, other, [value]) == [True]  # both ways, without a model too


def test_one_script_is_left_to_the_lexicon(embedder: EmbeddingCache) -> None:
    """灰尘/尘螨 (dust / dust mites) score 0.93: within one script the model is not asked."""
    assert twins(embedder, "灰尘", ["尘螨", "dust"]) == [False, True]
    assert twins(embedder, "dust", ["dust mites"]) == [False]
