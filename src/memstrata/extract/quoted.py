"""What a message quotes rather than says: its fenced code blocks.

A block between ``` or ~~~ fences (CommonMark: a fence of three or more of one character, closed
by a fence of the same character at least as long, or by the message's end) is code, a config
file, a log or a pasted note: its lines are not the speaker's statements. "- prefers FedEx for
shipping" inside a fence was read as a change of carrier, "# I'm allergic to peanuts" in a
pasted script as an allergy. The rule extractor reads a message without them.
"""

from __future__ import annotations

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
