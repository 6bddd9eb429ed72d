"""A preference and a prohibition in one sentence ("I prefer pytest, don't use unittest", 我喜欢用 pytest，别用
unittest): the preferred tool is the value (用 is the verb, not part of it), and the prohibition beside it is a
standing dislike of what it forbids; alone, a prohibition is no dislike (of a chosen thing it is a prohibition under
that choice's key: ``extract.forbidden``)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.statement) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "expected"), [
    ("我喜欢用 pytest，别用 unittest", [("preference.like", "pytest", "喜欢用pytest"),
                                   ("preference.dislike", "unittest", "不要用unittest")]),
    ("我更喜欢用飞书，不要用钉钉", [("preference.like", "飞书", "喜欢用飞书"),
                             ("preference.dislike", "钉钉", "不要用钉钉")]),
    ("I prefer pytest, don't use unittest", [("preference.like", "pytest", "likes pytest"),
                                             ("preference.dislike", "unittest", "avoids unittest")]),
    ("I prefer pytest, not unittest", [("preference.like", "pytest", "likes pytest"),
                                       ("preference.dislike", "unittest", "avoids unittest")]),
    # a carrier forbidden is a prohibition under the carrier's key, as said alone
    ("以后都用顺丰，别用京东", [("shipping.carrier", "顺丰", "配送偏好顺丰"),
                           ("shipping.carrier", "不要京东", "配送不要用京东")]),
    ("Ship with FedEx from now on, never use UPS.", [
        ("shipping.carrier", "FedEx", "prefers FedEx for shipping"),
        ("shipping.carrier", "not UPS", "does not want UPS for shipping")]),
])
def test_a_prohibition_beside_a_preference_is_a_dislike(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "value"), [
    ("我喜欢用pytest", "pytest"), ("我喜欢用 pytest", "pytest"), ("我喜欢用苹果手机", "苹果手机"),
    ("我喜欢用筷子吃饭", "用筷子吃饭"), ("我喜欢用心做事", "用心做事"), ("我喜欢用 iPhone 拍照", "用 iPhone 拍照"),
])
def test_the_verb_of_use_is_no_part_of_a_thing_liked(text: str, value: str) -> None:
    """A thing alone after 用 is the value; with an activity after it (吃饭, 拍照), the means stays in the phrase."""
    assert [v for _, v, _ in _read(text)] == [value]


@pytest.mark.parametrize("text", [
    "别用 unittest", "Don't use unittest", "I like pizza, not sushi", "I like this, don't use it",
    "我喜欢这个，别用它", "I like tea. Don't use sugar.", "我喜欢喝茶。别用纸杯。",
])
def test_a_prohibition_alone_or_a_contrast_is_no_dislike(text: str) -> None:
    assert not any(key == "preference.dislike" for key, _, _ in _read(text))
