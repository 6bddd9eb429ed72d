"""Every environment variable read by ``memstrata.config`` is documented in one place."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_every_llm_and_semantic_variable_is_in_docs_configuration() -> None:
    code = (REPO / "src/memstrata/config.py").read_text(encoding="utf-8")
    doc = (REPO / "docs/configuration.md").read_text(encoding="utf-8")
    names = set(re.findall(r'"(MEMSTRATA_[A-Z_]+)"', code))
    llm_names = {n for n in names if n.startswith(("MEMSTRATA_LLM_", "MEMSTRATA_FLUSH", "MEMSTRATA_QUEUE",
                                                   "MEMSTRATA_CONSOLIDATE", "MEMSTRATA_STM"))}
    assert len(llm_names) >= 15
    missing = sorted(n for n in llm_names if f"`{n}`" not in doc)
    assert not missing, f"undocumented in docs/configuration.md: {missing}"


def test_every_server_variable_is_in_docs_configuration() -> None:
    code = (REPO / "src/memstrata/server/config.py").read_text(encoding="utf-8")
    doc = (REPO / "docs/configuration.md").read_text(encoding="utf-8")
    names = set(re.findall(r'"(MEMSTRATA_[A-Z_]+)"', code))
    assert len(names) >= 8
    missing = sorted(n for n in names if f"`{n}`" not in doc)
    assert not missing, f"undocumented in docs/configuration.md: {missing}"
