"""English allergy wording the clause patterns share (``patterns_en``): the degree words said before "allergic",
the items of an allergy list ("I'm allergic to peanuts, shellfish, and eggs"), an allergen said as a modifier
("peanut allergy" names peanuts), and the food named apart from "I'm allergic" ("No peanuts for me please, I'm
allergic"), in one sentence or in the sentence before.
"""

from __future__ import annotations

import re

from memstrata.extract import arrangements, bodily, temperament
from memstrata.extract.asides import without_opening
from memstrata.extract.clause_en import _IC, _PAST, _f, _split_list
from memstrata.extract.clauses import CONF_PREFER, Finding
from memstrata.extract.twins import LEXICON
from memstrata.text.regex import lazy_regex

#: "I'm allergic to peanuts, shellfish, and eggs", "allergic to: peanuts, shellfish": the clauses after
#: an allergy that are bare nouns continue its list (else only the first is kept). At most two
#: words, none a remark ("thanks", "seriously", "not shellfish", "so be careful", "the doctor confirmed")
#: or a past tense, are read as one; the list's last clause may join two such ("..., sesame and
#: shellfish": only peanuts and tree nuts of "peanuts, tree nuts, sesame and shellfish" were stored).
_NOT_AN_ITEM = lazy_regex(
    r"^(?:so|but|because|since|cause|cuz|though|although|which|that|this|these|those|it|they|them|he|she|we|you|i|"
    r"i'm|my|me|please|pls|thanks|thank|thx|ty|ok|okay|lol|lmao|haha\w*|hehe\w*|btw|fyi|sorry|right|yeah|yes|no|not|"
    r"never|just|only|even|remember|note|keep|be|make|don't|do|does|did|is|are|was|were|have|has|had|can|could|"
    r"will|would|should|must|avoid|careful|seriously|honestly|actually|really|etc|anything|everything|nothing|"
    r"something|all|both|again|too|now|still|unfortunately|sadly|the|a|an|his|her|their|our|your|its|[a-z]+ly|"
    r"[a-z]+ing)\b", _IC)

# Any "-ly" degree word too ("deathly", "severely", "mildly": without it "I'm deathly allergic to shrimp"
# stored nothing); "not" is none of them, so "I'm really not allergic" stays unread. "to:" opens a list.
ALLERGY_DEGREE = (r"(?:(?:also|too|actually|really|very|so|super|extra|quite|pretty|still|again|now|definitely|"
                   r"indeed|deadly|crazy|kinda|a bit|a little|[a-z]+ly)\s+)*")
#: What a plate must not have, said apart from the "I'm allergic" that says why ("No
#: peanuts for me please, I'm allergic" stored nothing): the allergen before, or after "so".
_NO_FOOD = (r"(?:please\s+)?(?:no|hold the|skip the|nothing with|i\s+can't\s+(?:eat|have)|"
            r"i\s+cannot\s+(?:eat|have)|i\s+can\s+not\s+(?:eat|have)|i\s+don't\s+eat|i\s+do\s+not\s+eat)"
            r"\s+(?:any\s+)?(?P<{g}>[^,;.!?]+?)(?:\s+(?:for me|in mine|on mine|in my (?:food|dish|order|meal|plate)))?"
            r"(?:\s*,?\s*(?:please|pls|thanks|thank you))?")
_I_AM_ALLERGIC = rf"(?:i'm|i am)\s+{ALLERGY_DEGREE}allergic(?:\s+to\s+(?:them|it|those|that|these))?"
_ALLERGY_APART = lazy_regex(
    rf"^{_NO_FOOD.format(g='v')}(?:\s*[,;:.!—–-]+\s*(?:(?:because|since|as|cause|cuz)\s+)?|(?<=please)\s+|"
    rf"\s+(?:because|since|as|cause|cuz)\s+){_I_AM_ALLERGIC}"
    rf"\s*[.!]*$|^{_I_AM_ALLERGIC}\s*(?:[,;:.!—–-]+\s*(?:so\s+)?|\s+so\s+){_NO_FOOD.format(g='w')}\s*[.!]*$", _IC)


#: "No problem", "No worries", "No kidding": a "no" that refuses no food; nor does the "no" of a correction ("no wait
#: that's wrong, I AM still allergic" stored the allergen "wait that's wrong").
_NO_REMARK = lazy_regex(r"^(?:wait|scratch|actually|correction|that's|that\s+is|wrong|i\s+mean[t]?|sorry|"
                        r"problem|problems|worries|worry|kidding|joke|joking|lie|way|idea|doubt|offen[cs]e|"
                        r"thanks|clue|one|pressure|rush|big deal|matter|wonder|chance|need|more|longer|really|"
                        r"seriously|sorry|ok|okay|i|i'm|it|that|this|you|we|he|she|they)\b", _IC)


def list_item(words: str) -> bool:
    """Whether ``words`` after an allergy and a comma name one more allergen: no remark
    (``_NOT_AN_ITEM``) and no capitalised word that is no known allergen ("..., Bob": a name called)."""
    if _NOT_AN_ITEM.match(words) or any(_PAST.match(w) for w in words.split()[1:]):
        return False
    return not (words[0].isupper() and " " not in words and words.lower() not in _KNOWN_ALLERGENS)


def allergen_as_object(word: str) -> str:
    """An allergen said as a modifier ("Peanut allergy", "nut allergy") as "allergic to" names it
    (``peanuts``, ``nuts``): lower case unless it is a name ("NSAID"), and the plural a known
    allergen is listed under first (``twins.LEXICON``: peanuts, eggs; mango and shellfish stay)."""
    word = word[0].lower() + word[1:] if word[1:] == word[1:].lower() else word
    group = next((g for g in LEXICON if word in g), ())
    if group and group[0] == word:
        return word
    plurals = (f"{word}s", f"{word}es", f"{word[:-1]}ies" if word.endswith("y") else "")
    return next((p for p in plurals if p and p in _KNOWN_ALLERGENS), word)


#: The English names of the common allergens (``twins.LEXICON`` without the personality and bodily traits and work
#: arrangements).
_KNOWN_ALLERGENS: frozenset[str] = frozenset(
    w for group in LEXICON if group not in (*temperament.TWINS, *bodily.TWINS, *arrangements.TWINS)
    for w in group if w.isascii())


#: "I'm allergic." said as a sentence of its own: the allergen is in the sentence before it.
BARE_ALLERGIC = lazy_regex(rf"^(?:(?:because|since|as|cause|cuz)\s+)?{_I_AM_ALLERGIC}\s*[.!]*$", _IC)


def allergy_named_before(previous: str, sentence: str) -> list[Finding]:
    """The user's allergies when ``sentence`` is a bare "I'm allergic." (``BARE_ALLERGIC``) and
    ``previous``, the sentence before it, names the food ("No peanuts for me please. I'm allergic.");
    else ``[]``."""
    if not BARE_ALLERGIC.match(sentence.strip()) or previous.rstrip().endswith("?"):
        return []
    return allergy_named_apart(f"{previous.strip()} {sentence.strip()}") or []


def allergy_named_apart(sentence: str) -> list[Finding] | None:
    """The user's allergies in a sentence that names the food apart from "I'm allergic" ("No
    peanuts for me please, I'm allergic", "I'm allergic, so no shellfish"), else ``None``."""
    opened = sentence if re.match(r"(?i)no\b", sentence) else without_opening(sentence.strip(), "en")
    m = _ALLERGY_APART.match(opened)
    if m is None:
        return None
    things = next(g for g in m.groups() if g)
    if len(things.split()) > 4 or _NO_REMARK.match(things):
        return None  # "No problem, I'm allergic", "No kidding, ...": a remark, no food
    found = [f for part in _split_list(things) for f in _f("health.allergy", part, CONF_PREFER, sentence)]
    return found or None
