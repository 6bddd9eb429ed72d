"""The LLM rolling summary of short-term memory (kept apart so STM needs no pydantic without an LLM)."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from memstrata.llm.base import LLM, structured
from memstrata.semantic.profile import message_lines
from memstrata.text.lang import detect_language
from memstrata.types import Episode


class Summary(BaseModel):
    """The rewritten running summary."""

    summary: str


def llm_summary(llm: LLM, previous: str, folded: Sequence[Episode], budget: int) -> str:
    """The running summary updated with ``folded``, asked to stay within ``budget`` characters
    (the caller cuts it there regardless). Raises ``LLMError``."""
    language = "Chinese (中文)" if detect_language(" ".join(e.content for e in folded)) == "zh" else "English"
    system = (f"You keep a running summary of a conversation. Rewrite it to include the new messages: who said "
              f"what, decisions, facts, open questions. At most {budget} characters. Write in {language}, the "
              "conversation's language.")
    prompt = f"Summary so far:\n{previous or '(empty)'}\n\nNew messages:\n{message_lines(folded)}"
    return structured(llm, system=system, prompt=prompt, model=Summary, purpose="stm:summary").summary
