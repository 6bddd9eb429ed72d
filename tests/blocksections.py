"""Reading a rendered context block by its sections, shared by the context tests."""

from __future__ import annotations


def section(block: str, title: str) -> str:
    """The lines of ``block`` under the heading line ``title`` up to the next ``## `` heading, joined by newlines
    (``""`` when the block has no such heading)."""
    lines = block.splitlines()
    if title not in lines:
        return ""
    start = lines.index(title) + 1
    end = next((i for i in range(start, len(lines)) if lines[i].startswith("## ")), len(lines))
    return "\n".join(lines[start:end])
