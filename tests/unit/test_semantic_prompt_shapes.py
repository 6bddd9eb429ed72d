"""The LLM's extraction prompt asks for the statement shapes the rule extractor reads."""

from __future__ import annotations

from memstrata.semantic.categories import PROFILE
from memstrata.semantic.profile import extraction_prompt


def test_extraction_prompt_names_each_statement_shape() -> None:
    system, _ = extraction_prompt(PROFILE, [], [])
    for shape in ("my editor is Neovim", "I've switched to Firefox", "最近改用飞书了", "I've started to like olives",
                  "不要京东了，还是顺丰吧", "please stop using UPS", "User prefers UPS", "用户对花生过敏",
                  "my colleague Tom"):
        assert shape in system, shape
    assert "delete the old value, add the new" in system
