"""你好，我是陈阳: a greeting, then 我是 and a full name, is the user introducing themself as 我叫陈阳 does; it
stored nothing. 我是 alone says what one is far more often than who, so without a greeting before it (or 很高兴认识你
after it) nothing is read, and a word that only begins with a surname's character (程序员, 高中生, 韩国人, 孙子, 丁克)
is no name."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_SAID = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _names(text: str) -> list[str]:
    return [c.value for c in RuleExtractor().extract(text=text, role="user", said_at=_SAID)
            if c.key == "identity.name" and not c.subject]


@pytest.mark.parametrize(("text", "name"), [
    ("你好，我是姚国栋。很高兴认识你。", "姚国栋"),
    ("您好！我是王磊，最近想找你聊聊工作上的事", "王磊"),
    ("嗨，我是许晴", "许晴"),
    ("我是梁子豪，很高兴认识你", "梁子豪"),
    ("早上好呀，我是何欣。", "何欣"),
])
def test_a_greeting_then_i_am_and_a_name_is_the_users_name(text: str, name: str) -> None:
    assert _names(text) == [name]


@pytest.mark.parametrize("text", [
    "我是陈阳",  # no greeting, no introduction: a reply may say whose turn it is
    "你好，我是程序员", "你好，我是高中生", "你好，我是韩国人", "嗨，我是孙子", "你好啊，我是丁克",
    "你好，我是周末才有空", "你好，我是林黛玉的粉丝", "你好，我是王老师的学生", "你好，你是李明吗？",
])
def test_what_one_is_or_another_person_is_no_name(text: str) -> None:
    assert _names(text) == []
