"""A coding agent's folder for the hook tests: a memory holding two folders' conventions, an instruction and two
facts of the user's, and the ``UserPromptSubmit`` context of a prompt said in the first folder."""

from __future__ import annotations

from memstrata import Memory
from memstrata.integrations.hooks.backend import prompt_context
from memstrata.integrations.hooks.local import LocalBackend
from memstrata.integrations.hooks.protocol import HookScope, Payload

#: The folder the prompts are said in, and another whose convention must not show there.
REPO, OTHER = "/home/dev/shop", "/home/dev/other"


def folder_backend(memory: Memory, tests_run_with: str) -> LocalBackend:
    """``memory`` given REPO's conventions ("This repo uses pnpm, not npm", "The tests run with ``tests_run_with``"),
    OTHER's ("This repo uses yarn"), an instruction for every folder and two facts of the user's; its hook backend."""
    for text, folder in [("This repo uses pnpm, not npm", REPO), (f"The tests run with {tests_run_with}", REPO),
                         ("Never push to main directly", None), ("This repo uses yarn", OTHER),
                         ("I live in Berlin", None), ("I love jazz", None)]:
        memory.add(text, metadata={"project": folder} if folder else None, session_id="earlier")
    return LocalBackend(memory, HookScope("u1", None, None), "test")


def prompt_in_repo(backend: LocalBackend, prompt: str) -> str:
    """The context ``UserPromptSubmit`` gives ``prompt`` said in REPO."""
    return prompt_context(backend, Payload("UserPromptSubmit", "now", REPO, None, prompt))
