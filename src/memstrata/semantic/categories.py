"""Categories of semantic memory: what an LLM should extract, each with its own prompt.

A category's features are facts keyed ``<category>.<tag>.<feature>`` (``profile.travel.plans``)
with ``Fact.tag`` the tag as written. The default ``profile`` category follows MemMachine's
profile memory (tag / feature / value about the user); add your own, e.g.::

    Category("crm", "the customer's account: plan, contract dates, open issues, contacts")
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from memstrata.errors import InvalidInput
from memstrata.text.regex import lazy_regex
from memstrata.text.visible import strip_format

_NAME = lazy_regex(r"^[a-z][a-z0-9_]{0,39}$")


@dataclass(frozen=True)
class Category:
    """One kind of semantic memory.

    Attributes:
        name: key prefix, lowercase ``[a-z][a-z0-9_]*`` (at most 40 characters).
        prompt: what to extract, in a sentence or two (goes into the system prompt).
        kind: ``Fact.kind`` of its features (``fact`` | ``preference`` | ``procedure``).
        examples: example tags, shown to the model to keep tags consistent.
    """

    name: str
    prompt: str
    kind: str = "fact"
    examples: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not _NAME.match(self.name):
            raise InvalidInput(f"category name {self.name!r} must match {_NAME.pattern} (it prefixes fact keys)")
        if not self.prompt.strip():
            raise InvalidInput(f"category {self.name!r} needs a prompt saying what to extract")


#: MemMachine's profile memory: durable facts about the user as tag / feature / value.
PROFILE = Category(
    "profile",
    "Durable facts about the user that will matter in future conversations: identity, family and "
    "relationships, work, home, health and diet, preferences and dislikes, habits, skills, goals and plans, "
    "possessions, important dates.",
    examples=("demographics", "family", "work", "travel", "food", "preferences", "health", "plans", "hobbies"),
)

DEFAULT_CATEGORIES: tuple[Category, ...] = (PROFILE,)

_SLUG = lazy_regex(r"[\s.]+")


def slug(text: str) -> str:
    """Key part of a tag or feature: trimmed, case-folded, spaces and dots to ``_`` (dots
    separate key parts), invisible format characters removed (the model's output may carry a
    zero-width space or a direction mark: ``text.visible``); other characters, Chinese included,
    are kept."""
    return _SLUG.sub("_", strip_format(text).strip().casefold()).strip("_") or "_"


def feature_key(category: Category, tag: str, feature: str) -> str:
    """``<category>.<tag>.<feature>``, e.g. ``profile.travel.plans`` or ``profile.饮食.忌口``."""
    return f"{category.name}.{slug(tag)}.{slug(feature)}"


def load_categories(path: str | Path) -> tuple[Category, ...]:
    """The default categories plus those of a JSON file (``MEMSTRATA_CATEGORIES``): a list of
    ``{"name", "prompt", "kind"?, "examples"?}``; an entry named ``profile`` replaces the default.

    Raises:
        InvalidInput: unreadable file, bad JSON, or a bad entry (naming the file and its index).
    """
    try:
        data = json.loads(Path(path).expanduser().read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InvalidInput(f"MEMSTRATA_CATEGORIES: cannot read {path}: {exc}") from None
    if not isinstance(data, list):
        raise InvalidInput(f"MEMSTRATA_CATEGORIES: {path} must hold a JSON list of categories")
    extra: dict[str, Category] = {}
    for i, item in enumerate(data):
        if not isinstance(item, dict) or not isinstance(item.get("name"), str) \
                or not isinstance(item.get("prompt"), str):
            raise InvalidInput(f"MEMSTRATA_CATEGORIES: {path} item {i} needs a string 'name' and 'prompt'")
        try:
            extra[item["name"]] = Category(item["name"], item["prompt"], str(item.get("kind", "fact")),
                                           tuple(str(e) for e in item.get("examples", ())))
        except InvalidInput as exc:
            raise InvalidInput(f"MEMSTRATA_CATEGORIES: {path} item {i}: {exc}") from None
    defaults = tuple(c for c in DEFAULT_CATEGORIES if c.name not in extra)
    return defaults + tuple(extra.values())
