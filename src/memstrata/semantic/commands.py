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
    of the facts it rewrites. Unknown ids are ignored. ``project``: the feature is a convention of the
    project the messages work in ("this repo uses pnpm"), not the user's own: said in a folder (the message's
    ``metadata.project``), it is that folder's (``facts.terms.subject_of``); absent: ``false``.
    """

    command: Literal["add", "delete"]
    tag: str = Field(min_length=1, max_length=100)
    feature: str = Field(min_length=1, max_length=200)
    value: str = Field(min_length=1, max_length=2000)
    cite: list[int] = Field(default_factory=list)
    project: bool = False


class Commands(BaseModel):
    """The whole answer: zero or more commands (an empty list when nothing new was said)."""

    commands: list[Command]
