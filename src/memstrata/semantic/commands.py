"""What the LLM answers: commands over features, validated with pydantic.

``add`` records a value, ``delete`` retires a stored one; an update is a delete of the old
value plus an add of the new one (applied as a supersede, see ``semantic.apply``).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field


class Command(BaseModel):
    """One change to a category's features.

    ``cite``: ids of the messages (episodes) the command rests on; for consolidation, ids
    of the facts it rewrites. Unknown ids are ignored.
    """

    command: Literal["add", "delete"]
    tag: str = Field(min_length=1, max_length=100)
    feature: str = Field(min_length=1, max_length=200)
    value: str = Field(min_length=1, max_length=2000)
    cite: list[int] = Field(default_factory=list)


class Commands(BaseModel):
    """The whole answer: zero or more commands (an empty list when nothing new was said)."""

    commands: list[Command]
