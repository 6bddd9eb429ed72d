"""What a message quotes rather than says: its fenced code blocks, the assistant's lines of a pasted transcript; and the
Markdown it is marked up with.

A block between ``` or ~~~ fences (CommonMark: a fence of three or more of one character, closed
by a fence of the same character at least as long, or by the message's end) is code, a config
file, a log or a pasted note: its lines are not the speaker's statements. "- prefers FedEx for
shipping" inside a fence was read as a change of carrier, "# I'm allergic to peanuts" in a
pasted script as an allergy. The rule extractor reads a message without them.
"""

from __future__ import annotations

import re

from memstrata.text.clauses import ASSISTANT_LABELS, USER_LABELS, transcript
from memstrata.text.regex import lazy_regex

#: An opening or closing fence line: up to three spaces, then three or more backticks or tildes.
_FENCE = lazy_regex(r"^[ \t]{0,3}(?P<fence>`{3,}|~{3,})")


def without_fenced_code(text: str) -> str:
    """``text`` with each fenced code block (its fences included) removed; ``text`` itself when it
    holds no fence. An unclosed fence runs to the end, as CommonMark reads it.

    >>> without_fenced_code("I prefer UPS.\\n```\\n- prefers FedEx\\n```\\nThanks!")
    'I prefer UPS.\\nThanks!'
    >>> without_fenced_code("no code here")
    'no code here'
    """
    if "```" not in text and "~~~" not in text:
        return text
    kept: list[str] = []
    open_fence = ""
    for line in text.split("\n"):
        m = _FENCE.match(line)
        if not open_fence:
            if m is None:
                kept.append(line)
            else:
                open_fence = m.group("fence")
        elif (m is not None and m.group("fence")[0] == open_fence[0] and len(m.group("fence")) >= len(open_fence)
              and not line[m.end():].strip()):
            open_fence = ""
    return "\n".join(kept)


#: An ATX heading line ("### Supervision and Allergies"): a document's title for what follows, no statement.
_HEADING = lazy_regex(r"^[ \t]{0,3}#{1,6}(?:[ \t]+|$)")
#: Strong emphasis around words ("**Allergies:**", "**88kg**"); single * and _ are left (snake_case, a*b).
_STRONG = lazy_regex(r"\*\*|__")


def without_markup(text: str) -> str:
    """``text`` without its Markdown headings and strong emphasis markers, as pasted documents and
    agents' messages carry them: "### Supervision and Allergies" stored an allergy, "**Allergies:** Please
    let us know ..." one named by the form's question, "My current body weight is **88kg**" the asterisks.

    >>> without_markup("### Plan\\nMy weight is **88kg**.")
    'My weight is 88kg.'
    """
    if "#" not in text and "**" not in text and "__" not in text:
        return text
    lines = [line for line in text.split("\n") if not _HEADING.match(line)]
    return _STRONG.sub("", "\n".join(lines))


def users_lines(text: str) -> str:
    r"""What the user says in ``text``: a pasted transcript of role-labelled lines (``user:`` / ``assistant:``,
    用户： / 助理：, ``text.clauses.transcript``) read line by line keeps only the user's lines, one a line, as the
    search side reads such a dialogue; any other text (a speaker's name before a line included) is returned as it
    is. "user: I live in Leeds\nassistant: ... I live in London." stored London as the user's home.

    >>> users_lines("user: I live in Leeds\nassistant: Noted! I live in London.")
    'I live in Leeds'
    >>> users_lines("assistant: hi\nassistant: I live in London"), users_lines("I live in Leeds")
    ('', 'I live in Leeds')
    """
    turns = transcript(text)
    if turns is None or any(label not in USER_LABELS | ASSISTANT_LABELS for label, _ in turns):
        return text
    return "\n".join(said for label, said in turns if label in USER_LABELS and said)


#: Words in quotation marks (straight or curly), on one line.
_QUOTE = lazy_regex(r"[\"“”](?P<q>[^\"“”\n]{1,300}?)[\"”“]")
#: A verb of saying, and who says: what before or after a quotation makes it someone's words.
_SAY = (r"(?:said|says|say|saying|told|tells|tell|telling|asked|asks|ask|wrote|writes|write|replied|replies|yelled|"
        r"shouted|goes|went|texted|tweeted|posted|put it)")
#: Who says: a name, a person said by a pronoun or by whose they are ("my mom", "the teacher"); the user too (``_ME``).
_WHO = (r"(?:(?-i:[A-Z][a-z'’-]+)|i|he|she|they|we|you|someone|somebody|people|everyone|everybody|"
        r"(?:my|our|his|her|their|your|the)\s+[\w'’-]+)")
#: The speaker after the quotation: '"I love sushi," Leo said', '"I love sushi" is what Leo always says'.
_SAID_AFTER = lazy_regex(rf"^\s*[,.!?]?\s*(?:is|was)?\s*(?:what|how)?\s*(?P<who>{_WHO})\s+"
                         rf"(?:(?:always|often|once|would|used to|keeps?|kept|likes? to)\s+)*{_SAY}\b", re.IGNORECASE)
#: The speaker before it: 'As my mom always says, "I hate waste"', 'My boss said "meetings before 10 are banned"'.
_SAID_BEFORE = lazy_regex(rf"(?P<who>{_WHO})\s+(?:(?:always|often|once|would|just|then|used to|"
                          rf"keeps?|kept|likes? to)\s+)*{_SAY}\b(?:\s+(?:me|us|him|her|them|people|everyone|[\w'’-]+))?"
                          r"\s*[,:]?\s*$", re.IGNORECASE)
#: The user as the speaker: their own words, read as said.
_ME = lazy_regex(r"^(?:i|i've|i'd|i'll|I\s+\w+)$|(?:^|\s)i$", re.IGNORECASE)


def without_others_words(text: str) -> str:
    """``text`` without the words it quotes someone else as saying ('"I love sushi" is what Leo always says', '"I
    love sushi," Leo said', 'As my mom always says, "I hate waste"'): they are that person's, no statement of the
    user's, and read as said they stored ``food.like = sushi" is what Leo always says"`` and the like as the user's.
    Words the user quotes themself as saying ('I told the waiter "I'm allergic to peanuts"') and a quoted title
    with no verb of saying ('My favourite book is "Dune"') are kept.

    >>> without_others_words('"I love sushi," Leo said.'), without_others_words('I told him "I\\'m vegan"')
    (' Leo said.', 'I told him "I\\'m vegan"')
    """
    if '"' not in text and "“" not in text and "”" not in text:
        return text
    out, at = [], 0
    for m in _QUOTE.finditer(text):
        after = _SAID_AFTER.match(text[m.end():])
        before = _SAID_BEFORE.search(text[max(0, m.start() - 80):m.start()])
        said = after if after is not None else before
        if said is None or _ME.search(said.group("who").strip()):
            continue
        out.append(text[at:m.start()])
        at = m.end()
    return "".join(out) + text[at:]
