"""The inspector's labels: English and Chinese name the same things, and the browser's
``Accept-Language`` picks one by weight."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from memstrata.ui import i18n

TEMPLATES = Path(i18n.__file__).parent / "templates"


def test_both_languages_have_every_label() -> None:
    assert set(i18n.LABELS["en"]) == set(i18n.LABELS["zh"])
    assert all(value.strip() for labels in i18n.LABELS.values() for value in labels.values())


def test_every_label_a_template_names_exists() -> None:
    named = {m for page in TEMPLATES.glob("*.html") for m in re.findall(r"\bt\.([a-z_0-9]+)", page.read_text())}
    assert named and named <= set(i18n.LABELS["en"]), named - set(i18n.LABELS["en"])


@pytest.mark.parametrize(("header", "expected"), [
    ("zh-CN,zh;q=0.9,en;q=0.8", "zh"),
    ("en-US,en;q=0.9,zh;q=0.5", "en"),
    ("fr-FR,fr;q=0.9,zh-TW;q=0.8,en;q=0.7", "zh"),
    ("en;q=0.4,zh-Hans;q=0.6", "zh"),
    ("de-DE", "en"),
    ("zh;q=0", "en"),
    ("", "en"),
    (None, "en"),
    ("zh;q=oops", "en"),
])
def test_the_language_follows_the_weights_of_accept_language(header: str | None, expected: str) -> None:
    assert i18n.language(header) == expected
