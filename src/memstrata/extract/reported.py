"""A preference told to someone, or told by someone: "I told my boss I prefer remote work" is the user's
preference, "My boss told me she prefers email" the boss's; 我跟老板说我更喜欢远程办公 and 老板跟我说她更喜欢邮件
likewise.

The frame of reported speech is taken off and what was told is read as said plainly ("I prefer remote work",
"My boss prefers email", 老板更喜欢邮件), so the preference is its own speaker's, never the listener's. Only a
verb of liking or preferring is read after the frame: "I told him I'd think about it" and 我跟他说我考虑一下
report no standing fact and stay unread, as does a frame whose teller is the user with "he" / "she" after it.
"""

from __future__ import annotations

import re

from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE
_PREFER_I = r"(?:prefer|like|love|enjoy|hate|dislike|can't stand|would rather|'d rather)"
_PREFER_3 = r"(?:prefers|likes|loves|enjoys|hates|dislikes|can't stand|would rather|'d rather)"
_DEGREE_EN = r"(?:(?:really|much|strongly|also|still|actually|just)\s+)*"
#: "I told my boss (that) I prefer …", "I let my team know I prefer …": the user telling their own preference.
_EN_MINE = lazy_regex(
    r"^i\s+(?:(?:already|just|once|also|have|'ve)\s+)*(?:told|tell|said to|mentioned to|explained to|let)\s+"
    r"(?:(?:my|the|our)\s+[a-z'\-]+(?:\s+[a-z'\-]+)?|him|her|them|everyone|everybody|[A-Z][a-z]+)\s+(?:know\s+)?"
    rf"(?:that\s+)?(?P<rest>i\s+{_DEGREE_EN}{_PREFER_I}\b.+)$", _IC)
#: "My boss told me (that) she prefers …": someone telling the user their own preference.
_EN_THEIRS = lazy_regex(
    r"^(?P<who>(?:my|our)\s+[a-z'\-]+(?:\s+[a-z'\-]+)?)\s+(?:told me|tells me|has told me|said|says|mentioned)\s+"
    rf"(?:that\s+)?(?:she|he)\s+(?P<rest>{_DEGREE_EN}{_PREFER_3}\b.+)$", _IC)
_PREFER_ZH = r"(?:也|还|真的|其实)*(?:更|比较|最|很|特别|非常)*(?:喜欢|爱|讨厌|不喜欢|倾向于?)"
#: 我跟老板说我更喜欢远程办公, 我告诉老板我更喜欢远程办公: the user telling their own preference.
_ZH_MINE = lazy_regex(r"^我(?:已经|也|还)?(?:跟|和|对|向|告诉过?|提醒过?)(?:了)?[\u4e00-\u9fff]{1,6}?(?:说|讲|表示)?"
                      rf"(?:过|了)?[，,:：]?(?P<rest>我{_PREFER_ZH}.+)$")
#: 老板跟我说她更喜欢邮件, 我老板告诉我他喜欢邮件: someone telling the user their own preference.
_ZH_THEIRS = lazy_regex(r"^(?P<who>(?:我的?)?[\u4e00-\u9fff]{1,4}?)(?:跟我说|告诉我|对我说|和我说)(?:过|了)?[，,:：]?"
                        rf"(?:她|他)(?P<rest>{_PREFER_ZH}.+)$")


def unwrapped(clause: str, lang: str) -> str:
    """``clause`` without a frame of reported speech around a preference ("I told my boss I prefer remote work" →
    "I prefer remote work", "My boss told me she prefers email" → "My boss prefers email", 我跟老板说我更喜欢远程办公
    → 我更喜欢远程办公); any other clause as it is. ``lang`` is ``"en"`` or ``"zh"``."""
    text = clause.strip()
    if lang == "zh":
        if m := _ZH_MINE.match(text):
            return m.group("rest")
        m = _ZH_THEIRS.match(text)
        return f"{m.group('who')}{m.group('rest')}" if m and m.group("who") not in ("我", "我们") else clause
    if m := _EN_MINE.match(text):
        return m.group("rest")
    m = _EN_THEIRS.match(text)
    return f"{m.group('who')} {m.group('rest')}" if m else clause
