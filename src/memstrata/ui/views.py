"""Pure shaping of the engine's answers for the pages: topics, sessions, neighbours, markers.

Nothing here reads the database; every function takes what ``Memory`` returned.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from memstrata.clock import said_in, shown
from memstrata.context.attribution import attribution, is_users_own_fact
from memstrata.recall.hits import fact_hit
from memstrata.types import Episode, Fact, Hit, MemoryEvent

#: Messages shown on each side of a cited one.
NEIGHBOURS = 3
#: Episodes a profile page lists (newest first, grouped by session); older ones on the next page.
RECENT_EPISODES = 50
#: Active facts the profile shows (``Memory.list``'s maximum page).
PROFILE_FACTS = 1000
#: Events whose rollback ``Memory.rollback`` offers (``lifecycle.rollback``).
UNDOABLE = ("supersede", "merge", "archive")


def rolled_back(timeline: list[tuple[Fact, list[MemoryEvent]]]) -> set[int]:
    """The ids of the events of ``timeline`` that a rollback in it undid (its ``rollback_of``): the
    page marks them instead of offering a rollback ``Memory.rollback`` would refuse."""
    return {int(e.detail["rollback_of"]) for _, events in timeline for e in events
            if isinstance(e.detail.get("rollback_of"), int)}


@dataclass(frozen=True)
class SessionGroup:
    """Episodes of one session (``None``: said outside any session), newest first."""

    session_id: str | None
    episodes: tuple[Episode, ...]


def topic_of(fact: Fact) -> str:
    """A fact's topic: its tag, or the first part of its dotted key (``shipping.carrier`` -> ``shipping``)."""
    return fact.tag or fact.key.split(".", 1)[0]


def _importance(fact: Fact) -> tuple[float, float, int]:
    """The order of facts in a group: the most important first, then the most certain, then the oldest id."""
    return -fact.importance, -fact.confidence, fact.id


def by_topic(facts: Sequence[Fact]) -> list[tuple[str, list[Fact]]]:
    """Facts grouped by ``topic_of``, topics by name, the most important fact first in each."""
    groups: dict[str, list[Fact]] = {}
    for fact in facts:
        groups.setdefault(topic_of(fact), []).append(fact)
    return [(topic, sorted(group, key=_importance))
            for topic, group in sorted(groups.items(), key=lambda item: item[0].lower())]


def by_session(episodes: Sequence[Episode]) -> list[SessionGroup]:
    """Episodes grouped by session in the order given (newest first), sessions by their newest episode."""
    groups: dict[str | None, list[Episode]] = {}
    for episode in episodes:
        groups.setdefault(episode.scope.session_id, []).append(episode)
    return [SessionGroup(session, tuple(group)) for session, group in groups.items()]


def neighbours(episode: Episode, session: Sequence[Episode], reach: int = NEIGHBOURS) -> list[Episode]:
    """``episode`` with up to ``reach`` messages of its session on each side, in the order said."""
    ordered = sorted(session, key=lambda e: (e.sequence_num, e.id))
    at = next((i for i, e in enumerate(ordered) if e.id == episode.id), None)
    if at is None:
        return [episode]
    return ordered[max(0, at - reach):at + reach + 1]


def shown_value(fact: Fact | None, text: str) -> str | None:
    """What a page may print of a memory: ``None`` for an encrypted fact (the page shows a marker)."""
    if fact is not None and fact.encrypted:
        return None
    return text


def statement(fact: Fact, *, chinese: bool = False) -> str | None:
    """A fact's statement (or ``key: value``), ``None`` when it is encrypted, named as the context block names it
    (``context.attribution.attribution``): a fact about someone else says whose it is (``Bob likes eating sushi``,
    ``Bob: prefers email``; a statement naming them already, ``老婆最喜欢的颜色是红色``, is left as said), and a
    project's convention names its folder first (``Fact.project``: ``in /home/dev/a: the project uses pnpm``): two
    folders' conventions are two, not one user's. ``chinese``: the page's labels are Chinese (a full-width colon,
    ``在/home/dev/a：``)."""
    said = fact.statement or f"{fact.key}: {fact.value}"
    return shown_value(fact, attribution(fact_hit(fact), chinese=chinese) + said)


def hit_text(hit: Hit, *, chinese: bool = False) -> str | None:
    """What a search page prints of a hit: its text, a fact's named as ``statement`` names it; ``None`` for an
    encrypted fact."""
    if hit.fact is None:
        return hit.text
    return shown_value(hit.fact, attribution(hit, chinese=chinese) + hit.text)


@dataclass(frozen=True)
class Owners:
    """A profile's current facts by whose they are (``context.attribution.is_users_own_fact``, the rule the context
    block files them by): the user's own by topic, the others' by whom they are about."""

    own: list[tuple[str, list[Fact]]]
    others: list[tuple[str, list[Fact]]]


def by_owner(facts: Sequence[Fact]) -> Owners:
    """``facts`` split as ``Owners``: the user's own grouped ``by_topic``, each other person's (``Fact.subject``:
    ``wife``, ``Bob``) in a group of their own, people by name, the most important fact first in each."""
    others: dict[str, list[Fact]] = {}
    for fact in facts:
        if not is_users_own_fact(fact):
            others.setdefault((fact.subject or "").strip(), []).append(fact)
    return Owners(by_topic([f for f in facts if is_users_own_fact(f)]),
                  [(whom, sorted(group, key=_importance)) for whom, group in sorted(others.items(),
                                                                                   key=lambda item: item[0].lower())])


def hit_citations(hit: Hit) -> tuple[int, ...]:
    """The episode ids a hit cites: its own for a message, the fact's sources for a fact."""
    if hit.kind == "episode":
        return tuple(dict.fromkeys((hit.id, *hit.citations)))
    return hit.citations


def when(moment: datetime | None, offset: int | None = None) -> str:
    """A time as pages print it: ``2026-12-05 08:49 UTC``, or at ``offset`` minutes east of UTC (a message's
    ``Episode.utc_offset_minutes``, a fact's ``Memory.said_offsets``) as its speaker's clock read it,
    ``2026-12-05 16:49 +08:00``; ``""`` for none."""
    if moment is None:
        return ""
    text = shown(moment, offset)
    return text if said_in(moment, offset).utcoffset() else f"{text} UTC"
