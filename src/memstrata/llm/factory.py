"""Build the configured ``LLM`` (or ``None``): the one place a provider name becomes a class."""

from __future__ import annotations

from typing import TYPE_CHECKING

from memstrata.config import LLMSettings
from memstrata.errors import InvalidInput, LLMError, install_hint

if TYPE_CHECKING:
    from memstrata.llm.base import LLM

#: ``MEMSTRATA_LLM_PROVIDER`` values.
PROVIDERS = ("openai", "anthropic")


def load_llm(settings: LLMSettings) -> LLM | None:
    """The provider named by ``settings.provider``; ``None`` when no LLM is configured.

    Raises:
        InvalidInput: an unknown provider name.
        LLMError: a provider without a model name, or the ``llm`` extra not installed.
    """
    if settings.provider is None:
        return None
    try:
        import httpx  # noqa: F401
        import pydantic  # noqa: F401
    except ImportError as exc:
        raise LLMError(f"an LLM is configured (MEMSTRATA_LLM_PROVIDER={settings.provider}) but its client "
                       f"is not installed ({exc.name}): " + install_hint("llm")) from None
    if settings.provider == "openai":
        from memstrata.llm.openai import OpenAICompatibleLLM

        return OpenAICompatibleLLM(settings)
    if settings.provider == "anthropic":
        from memstrata.llm.anthropic import AnthropicLLM

        return AnthropicLLM(settings)
    raise InvalidInput(f"MEMSTRATA_LLM_PROVIDER must be one of {', '.join(PROVIDERS)} or none, "
                       f"got {settings.provider!r}")
