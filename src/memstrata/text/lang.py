"""Tell Chinese from English text, to pick labels and patterns."""

from __future__ import annotations

from typing import Literal

from memstrata.text.tokens import is_cjk


def detect_language(text: str) -> Literal["zh", "en"]:
    """``zh`` if at least 20% of the letters are CJK (Chinese mixes in Latin words), else ``en``."""
    letters = [c for c in text if c.isalpha()]
    if not letters:
        return "en"
    cjk = sum(1 for c in letters if is_cjk(c))
    return "zh" if cjk / len(letters) >= 0.2 else "en"
