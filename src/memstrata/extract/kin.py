"""Relatives and pets as the subject of a fact, one name for each across English and Chinese.

"My son is allergic to eggs" and a later 我儿子对鸡蛋不过敏了 are about one person, so a fact
about a relative is stored under one subject word whatever the message's language (``subject``:
``son`` for son / 儿子), while its statement keeps the message's own language (儿子对鸡蛋过敏 /
"their son is allergic to eggs": ``shown``). Unlisted words are kept as said.

Siblings said with their age are one subject each: 姐姐 and "my older / big sister" are ``older sister``, 妹妹 and
"my younger / little sister" ``younger sister`` (brothers likewise, "my twin sister" ``twin``), so 我妹妹是老师 no
longer supersedes 我姐姐是护士. A plain "my sister" stays ``sister`` and touches neither: which of them is meant is
not said, and superseding one could end a fact still true of the other (a later "my older sister" does not touch
what was said of "my sister" either).
"""

from __future__ import annotations

import re

#: Subject word per surface word (English synonyms and Chinese words); the subject is English.
_SUBJECT: dict[str, str] = {
    "mum": "mom", "mother": "mom", "mommy": "mom", "妈妈": "mom", "妈": "mom", "老妈": "mom", "母亲": "mom",
    "father": "dad", "daddy": "dad", "爸爸": "dad", "爸": "dad", "老爸": "dad", "父亲": "dad",
    "老婆": "wife", "妻子": "wife", "太太": "wife",
    "老公": "husband", "丈夫": "husband", "先生": "husband",
    "爱人": "partner", "spouse": "partner",
    "儿子": "son", "女儿": "daughter",
    # a child said by birth order is one of several, never the plain son or daughter nor the other (as siblings are)
    "大儿子": "older son", "小儿子": "younger son", "大女儿": "older daughter", "小女儿": "younger daughter",
    "child": "kid", "baby": "kid", "孩子": "kid", "小孩": "kid", "宝宝": "kid",
    "children": "kids", "孩子们": "kids", "爸妈": "parents", "父母": "parents",
    # Chinese always says which sibling: an older and a younger sister are two people, never one (a nurse and a
    # teacher, not a nurse who became a teacher), and English says so when it does ("my big sister").
    "哥哥": "older brother", "弟弟": "younger brother", "姐姐": "older sister", "妹妹": "younger sister",
    "哥": "older brother", "弟": "younger brother", "姐": "older sister", "妹": "younger sister",  # 我哥: speech
    "elder brother": "older brother", "big brother": "older brother", "little brother": "younger brother",
    "baby brother": "younger brother", "kid brother": "younger brother",
    "elder sister": "older sister", "big sister": "older sister", "little sister": "younger sister",
    "baby sister": "younger sister", "kid sister": "younger sister",
    "twin sister": "twin", "twin brother": "twin",
    "男朋友": "boyfriend", "男友": "boyfriend", "女朋友": "girlfriend", "女友": "girlfriend",
    "爷爷": "grandpa", "外公": "grandpa", "姥爷": "grandpa", "grandfather": "grandpa",
    "奶奶": "grandma", "外婆": "grandma", "姥姥": "grandma", "grandmother": "grandma", "granny": "grandma",
    "双胞胎": "twins",
    "stepmother": "stepmom", "stepfather": "stepdad",
    "狗": "dog", "狗狗": "dog", "小狗": "dog", "puppy": "dog",
    "猫": "cat", "猫咪": "cat", "小猫": "cat", "kitten": "cat",
    "兔子": "rabbit", "bunny": "rabbit", "仓鼠": "hamster", "鹦鹉": "parrot",
}
#: The English animal words a pet is said by ("my dog", "our corgi Biscuit"): the pet shapes of ``patterns_en``,
#: ``gone`` and ``owned`` and the named pet of ``subject_en`` read this one list.
ANIMALS_EN = (r"dog|cat|puppy|kitten|hamster|rabbit|bunny|parrot|budgie|turtle|tortoise|goldfish|"
              r"fish|bird|guinea pig|ferret|lizard|snake|horse|retriever|labrador|poodle|"
              r"corgi|husky|beagle|bulldog")
#: Subject words of relatives and pets: the canonical ones and the English words the patterns
#: read (``patterns_en._RELATIVES`` / ``_ANIMALS`` and their plurals), kept as said when unlisted.
_KNOWN: frozenset[str] = frozenset({
    *_SUBJECT.values(), "wife", "husband", "partner", "sister", "brother", "cousin", "aunt", "uncle", "niece",
    "nephew", "fiance", "fiancee", "fiancé", "fiancée", "twin", "kids", "sons", "daughters", "sisters", "brothers",
    "dogs", "cats", "parents", "grandparents", "hamster", "parrot", "turtle", "bird", "fish",
    "father-in-law", "mother-in-law", "brother-in-law", "sister-in-law", "son-in-law", "daughter-in-law",
    "in-laws", "stepmom", "stepdad", "stepson", "stepdaughter", "stepbrother", "stepsister", "grandson",
    "granddaughter",
})
#: The Chinese word a statement shows for a subject (the first Chinese surface of each).
_SHOWN_ZH: dict[str, str] = {}
for _word, _canonical in _SUBJECT.items():
    if not _word.isascii():
        _SHOWN_ZH.setdefault(_canonical, _word)
#: Relatives by marriage and the wider family: one English word for several Chinese ones (堂妹 and 表哥 are both
#: ``cousin``), so a statement shows the subject word, never a Chinese word that names another relative.
_SUBJECT.update({
    "岳父": "father-in-law", "公公": "father-in-law", "岳母": "mother-in-law", "婆婆": "mother-in-law",
    "丈母娘": "mother-in-law", "嫂子": "sister-in-law", "弟媳": "sister-in-law", "姐夫": "brother-in-law",
    "妹夫": "brother-in-law", "表哥": "cousin", "表姐": "cousin", "表弟": "cousin", "表妹": "cousin",
    "堂哥": "cousin", "堂姐": "cousin", "堂弟": "cousin", "堂妹": "cousin", "叔叔": "uncle", "伯伯": "uncle",
    "舅舅": "uncle", "姑姑": "aunt", "阿姨": "aunt", "姨妈": "aunt", "舅妈": "aunt", "侄子": "nephew",
    "外甥": "nephew", "侄女": "niece", "外甥女": "niece", "孙子": "grandson", "孙女": "granddaughter",
})

#: The first Chinese word of each subject, in-laws and the wider family too (``chinese_word``).
_ZH_FOR: dict[str, str] = {}
for _word, _canonical in _SUBJECT.items():
    if not _word.isascii():
        _ZH_FOR.setdefault(_canonical, _word)


def chinese_word(word: str) -> str | None:
    """A Chinese word for the relative or pet the English ``word`` names (``mother-in-law`` → 岳母, ``Mum`` → 妈妈,
    ``boyfriend`` → 男朋友), whose subject is the same; ``None`` for a word that names none, and for one Chinese
    cannot say without more (``sister``: older or younger).

    >>> chinese_word("mother-in-law"), chinese_word("Mum"), chinese_word("sister"), chinese_word("Tom")
    ('岳母', '妈妈', None, None)
    """
    return _ZH_FOR.get(subject(word))


#: The Chinese words that name a relative or a pet (姐姐, 儿子, 猫): a question holding one asks about them.
ZH_WORDS: frozenset[str] = frozenset(w for w in _SUBJECT if not w.isascii())


#: A sibling said with their age or as a twin ("my older sister", "my little brother"): one person each.
SIBLING = r"(?:older|elder|big|younger|little|baby|kid|twin)\s+(?:sister|brother)"
_ENDS_WITH_SIBLING = re.compile(rf"\b{SIBLING}$", re.IGNORECASE)


def aged_sibling(words: str) -> str | None:
    """The sibling with their age that ``words`` end with (``"My little brother"`` → ``"little brother"``), else
    ``None``: the patterns that read an age word apart from the relation keep the two together with it.

    >>> aged_sibling("My older sister"), aged_sibling("my sister")
    ('older sister', None)
    """
    m = _ENDS_WITH_SIBLING.search(words)
    return m.group(0) if m else None


def subject(word: str) -> str:
    """The subject word for a relative or pet named ``word`` (``儿子`` → ``son``, ``Mum`` → ``mom``).

    >>> subject("儿子"), subject("Mother"), subject("kids"), subject("外婆")
    ('son', 'mom', 'kids', 'grandma')
    >>> subject("姐姐"), subject("big  sister"), subject("sister")
    ('older sister', 'older sister', 'sister')
    """
    key = " ".join(word.lower().split())
    return _SUBJECT.get(key, key)


def shown(subject_word: str, lang: str) -> str:
    """How a statement in ``lang`` names the subject: the Chinese word in Chinese, else the subject.

    >>> shown("son", "zh"), shown("son", "en"), shown("cousin", "zh")
    ('儿子', 'son', 'cousin')
    """
    return _SHOWN_ZH.get(subject_word, subject_word) if lang == "zh" else subject_word


def split_subject(stored: str) -> tuple[str | None, str | None]:
    """``(owner, relation)`` of a stored subject that names a relative or pet (``facts.terms.fact_subject``):
    ``"son"`` → ``(None, "son")``, ``"Jon's son"`` → ``("Jon", "son")``; ``(None, None)`` for any other
    subject (a speaker's name).

    >>> split_subject("son"), split_subject("Jon's son"), split_subject("Jon")
    ((None, 'son'), ('Jon', 'son'), (None, None))
    """
    owner, sep, relation = stored.rpartition("'s ")
    word = relation if sep else stored
    if word not in _KNOWN:
        return None, None
    return (owner or None) if sep else None, word


def named_in(relation: str, statement: str) -> bool:
    """Whether ``statement`` names ``relation`` (in English, or its Chinese word).

    >>> named_in("son", "their son is allergic to eggs"), named_in("son", "儿子对鸡蛋过敏")
    (True, True)
    >>> named_in("son", "likes tea")
    False
    """
    return bool(re.search(rf"\b{re.escape(relation)}\b", statement)) or shown(relation, "zh") in statement


def is_relative(word: str) -> bool:
    """Whether ``word`` names a relative or a pet (``儿子``, ``sister``), not a person's name.

    >>> is_relative("女儿"), is_relative("sister"), is_relative("Tom")
    (True, True, False)
    """
    return subject(word) in _KNOWN
