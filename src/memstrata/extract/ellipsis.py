"""Elliptical corrections: a reply that names only the new value ("Actually FedEx", "No, UPS
instead", "make it vim", "Actually, it's VS Code now", 算了，顺丰吧).

Said right after a preference, such a reply changes it, but it names no topic, so no topical
pattern reads it: "I prefer UPS for delivery" → "Actually FedEx" kept UPS current without
this module. It is read only when the whole reply is a correction word and one *named* gazetteer
entry (a carrier, an editor, a seat: ``extract.gazetteer``), whose name alone says the key;
"Actually pizza" or "No, tomorrow" say nothing that could be stored.
"""

from __future__ import annotations

from memstrata.extract import gazetteer
from memstrata.extract.clauses import CONF_INFORMAL, Finding
from memstrata.extract.for_now import STANDING_EN
from memstrata.text.regex import lazy_regex

#: Words after the value that keep it the value: "instead", "please", and a standing "from now on" ("Actually make it
#: UPS from now on"; ``extract.for_now.STANDING_EN``).
_TAIL = rf"(?:[,\s]+(?:instead|then|please|now|rather|{STANDING_EN}))*[\s.!]*"
_EN = lazy_regex(
    r"(?i)^(?:(?:(?:actually|no|nah|wait|sorry|oh|ok|okay|well|hmm|never\s?mind|scratch that|"
    r"on second thought)\b[,\s]*)+"
    r"(?:(?:make (?:it|that)|change (?:it|that)(?: back)? to|switch(?: back)? to|go(?: back)? to|back to|go with|"
    r"let'?s (?:go with|use|go back to)|use|it'?s|it is|that'?s|that is)\s+)?"
    r"|(?:make (?:it|that)|change (?:it|that)(?: back)? to|switch(?: back)? to|go back to|back to|let'?s go with|"
    r"let'?s go back to|go with)\s+)"
    rf"(?P<v>[^,.!?]+?){_TAIL}$"
)
_ZH = lazy_regex(r"^(?:(?:算了|不对|不|还是|那就|那|改成|换成|改用|换用|换回|改回|用回)[，,\s]*)+"
                 r"(?:用|改用|换成|改成|换回|改回|用回)?(?P<v>[^，,。！？]+?)(?:吧|好了|算了|就行|就好)?[。！!.\s]*$")


def correction(sentence: str) -> Finding | None:
    """The fact an elliptical correction states (key from the gazetteer, confidence
    ``CONF_INFORMAL``), or ``None`` when ``sentence`` is anything else.

    >>> correction("Actually FedEx").value, correction("算了，顺丰吧").value, correction("Actually pizza")
    ('FedEx', '顺丰', None)
    """
    m = _EN.match(sentence) or _ZH.match(sentence)
    if m is None:
        return None
    value = m.group("v").strip()
    if not gazetteer.may_be_whole_entry(value, choice=True):
        return None
    hit = gazetteer.lookup(value, choice=True)
    if hit is None or not hit.named or (hit.start, hit.end) != (0, len(value)):
        return None
    return Finding(hit.key, hit.value, CONF_INFORMAL, sentence, corrects=True)
