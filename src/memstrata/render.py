"""Human-facing text: labels in the language of the input, and the prompt context block."""

from __future__ import annotations

import math
from collections.abc import Sequence

from memstrata.text.lang import detect_language
from memstrata.types import Hit

LABELS = {
    "en": {"remembered": "Remembered:", "nothing": "Nothing new to remember (episode stored).",
           "confidence": "confidence", "source": "source", "no_hits": "No memories found.",
           "context_title": "Relevant memories", "duplicate": "Already remembered (episode #{id}).",
           "superseded": "replaces", "touched": "already known", "merged": "merged into",
           "retracted": "no longer holds", "outdated": "outdated"},
    "zh": {"remembered": "记住：", "nothing": "没有新的事实（已保存对话）。",
           "confidence": "置信度", "source": "来源", "no_hits": "没有找到相关记忆。",
           "context_title": "相关记忆", "duplicate": "已经记住了（episode #{id}）。",
           "superseded": "替换", "touched": "已知", "merged": "合并到",
           "retracted": "不再成立", "outdated": "已过时"},
}


def labels_for(text: str) -> dict[str, str]:
    """The label set matching the language of ``text`` (Chinese or English)."""
    return LABELS[detect_language(text)]


def estimate_tokens(text: str) -> int:
    """Upper estimate of LLM tokens: ``ceil(utf8_bytes / 3)``.

    A CJK character is 3 UTF-8 bytes and about one token in common BPE vocabularies;
    English averages ~4 characters per token, so bytes/3 over-counts it: a safe bound
    for a budget that must not be exceeded.
    """
    return math.ceil(len(text.encode("utf-8")) / 3)


def _citation(hit: Hit) -> str:
    if not hit.citations:  # a fact set by ``update``: no episode says it
        return f" ({hit.created_at:%Y-%m-%d})"
    cites = ", ".join(f"#{c}" for c in hit.citations[:3])
    return f" ({hit.created_at:%Y-%m-%d}; episode {cites})"


def render_context(query: str, hits: Sequence[Hit], budget_tokens: int) -> str:
    """Markdown block of the best hits that fits ``budget_tokens`` (``estimate_tokens``).

    Lines are added best first until the next would overflow; an over-long line has
    its text shortened with an ellipsis, never its citation. A fact and the episode it
    only restates count as one memory: whichever ranks second is left out. Returns ``""`` when
    nothing matched or not even one cited line fits. An outdated hit (``Hit.superseded``: a
    superseded fact, or an episode whose facts were all superseded) is kept, labelled
    ``[outdated]`` (``[已过时]``), so the agent reads what the user used to want as history.
    """
    if not hits:
        return ""
    labels = labels_for(query)
    title = f"## {labels['context_title']}\n"
    out = title
    # One memory, one line: an episode and a fact that only restates it are the same
    # memory, whichever of the two ranks first.
    stated: set[int] = set()  # episodes cited by included facts
    shown: set[int] = set()  # episodes included verbatim
    for hit in hits:
        if hit.kind == "episode" and hit.id in stated:
            continue
        if hit.kind == "fact" and hit.citations and set(hit.citations) <= shown:
            continue
        room = budget_tokens - estimate_tokens(out)
        text = " ".join(hit.text.split())
        line = _fit(f"[{labels['outdated']}] {text}" if hit.superseded else text, _citation(hit), room)
        if line is None:
            break
        out += line
        (stated if hit.kind == "fact" else shown).update(hit.citations)
    return out if out != title else ""


#: Shortest text kept in front of an ellipsis; below it a line says too little to include.
MIN_TEXT_CHARS = 6


def _fit(text: str, citation: str, budget_tokens: int) -> str | None:
    line = f"- {text}{citation}\n"
    if estimate_tokens(line) <= budget_tokens:
        return line
    keep = text
    while len(keep) > MIN_TEXT_CHARS:
        keep = keep[: max(MIN_TEXT_CHARS, len(keep) - max(1, len(keep) // 8))]
        line = f"- {keep}…{citation}\n"
        if estimate_tokens(line) <= budget_tokens:
            return line
    return None
