"""The fact keys forgotten from messages that stay, named so a copy of the messages can carry them.

A forget of a fact keeps its message and a *suppression*: the SHA-256 of the message's identity
(``episodes.content_hash``) and the fact's key (``store.suppressed``), so no extraction of that
message draws the fact again. A copy that re-adds the message elsewhere (a Markdown projection
imported into another database) stores it at another time, so under another identity, and the
digest no longer matches: the forgotten fact came back. The digest hides the key, so the
exporter names it by trying the keys the fact could have had (``candidate_keys``) against the
suppressions the owner keeps (``forgotten_keys``); the importer keeps the same suppression for
the message it is about to store (``keep_forgotten``), before the message is read for facts.

Only the key is named, never a value: the message, kept on purpose, is in the copy anyway. A key no
candidate names (one an LLM drew) cannot be marked, so the copy must leave that message out
(``unmarkable``): every forget that keeps a suppression places it on its message in its tombstone
(``[episode id, digest]``), whatever it forgot by (an id, a filter, an expiry), so the exporter knows
which messages hold one it cannot name.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from memstrata.extract.rules import RuleExtractor
from memstrata.extract.taxonomy import GENERIC_KEYS, KEYS, NOT_DRUNK_KEY
from memstrata.lifecycle.forget import SUPPRESSED_KEY
from memstrata.privacy.policy import strictest
from memstrata.store import suppressed
from memstrata.store.dialect import rows
from memstrata.store.protocol import LifecycleStore
from memstrata.store.records import episode_hash
from memstrata.types import Episode, Fact, Scope
from memstrata.write.ingest import Message, redacted

if TYPE_CHECKING:  # memory imports lifecycle
    from memstrata.memory import Memory

#: Every key the taxonomy defines (``extract.taxonomy``): a forgotten fact's key is one of these, a
#: key of another fact of the owner, or one the rules draw from the message (``candidate_keys``).
TAXONOMY_KEYS: frozenset[str] = frozenset({spec.key for spec in KEYS} | GENERIC_KEYS | {NOT_DRUNK_KEY})


def fact_keys(memory: Memory, user: str, *, org_id: str | None = None, project_id: str | None = None) -> frozenset[str]:
    """The keys a fact forgotten from one of ``user``'s messages may have had, whatever the message:
    the taxonomy's and those of every fact of ``user`` in any status."""
    facts = memory.list(kind="fact", status="all", limit=10**9, user_id=user, org_id=org_id, project_id=project_id)
    return TAXONOMY_KEYS | {f.key for f in facts if isinstance(f, Fact)}


def forgotten_keys(memory: Memory, episodes: Sequence[Episode], user: str, *, org_id: str | None = None,
                   project_id: str | None = None) -> dict[int, tuple[str, ...]]:
    """Per episode id (only those with any), the keys of the facts forgotten from it while it stays
    (sorted): the keys whose suppression (``store.suppressed.digest``) its owner keeps, among
    ``fact_keys`` and then, while some suppression of the owner is still unnamed, the keys the rule
    extractor draws from the episode's text now (``user.browser``: a key outside the taxonomy). An
    owner who keeps no suppression costs one read."""
    if not episodes:
        return {}
    owner = suppressed.owner_of(Scope(episodes[0].scope.org_id, episodes[0].scope.project_id, user))
    kept = _kept(memory, owner)
    if kept is not None and not kept:
        return {}
    hashes = {e.id: episode_hash(e.role, e.producer_id, e.created_at, e.content) for e in episodes}
    found: dict[int, set[str]] = {}
    named = _named(memory, owner, kept, hashes, dict.fromkeys(hashes, fact_keys(
        memory, user, org_id=org_id, project_id=project_id)), found)
    if kept is None or named < len(kept):  # some other suppression: a key only the message's words give
        rules = RuleExtractor()
        drawn = {e.id: frozenset(c.key for c in rules.extract(text=e.content, role=e.role, said_at=e.created_at))
                 for e in episodes}
        _named(memory, owner, kept, hashes, drawn, found)
    return {e: tuple(sorted(keys)) for e, keys in found.items()}


def _kept(memory: Memory, owner: tuple[str, str, str]) -> set[str] | None:
    """Every suppression ``owner`` keeps, in one read; ``None`` on a store without SQL (asked per digest)."""
    store = cast(LifecycleStore, memory.store)
    if not store.capabilities.sql:
        return None
    with store.db.read() as conn:
        groups = suppressed.records(conn, store.dialect, "org_id = ? AND project_id = ? AND user_id = ?", owner)
    return {sha for group in groups for sha in group["digests"]}


def _named(memory: Memory, owner: tuple[str, str, str], kept: set[str] | None, hashes: dict[int, str],
           keys: dict[int, frozenset[str]], found: dict[int, set[str]]) -> int:
    """Add to ``found`` each (episode, key) of ``keys`` whose suppression ``owner`` keeps; returns how
    many of ``owner``'s suppressions ``found`` names now."""
    tried = {(e, key): suppressed.digest(hashes[e], key) for e, ks in keys.items() for key in ks}
    held = kept if kept is not None else suppressed.held(memory.store, owner, sorted(set(tried.values())))
    for (episode, key), sha in tried.items():
        if sha in held:
            found.setdefault(episode, set()).add(key)
    return sum(len(ks) for ks in found.values())


def keep_forgotten(memory: Memory, forgotten: Iterable[tuple[Message, Sequence[str]]]) -> int:
    """Before ``add_many`` stores each message: keep, for its owner, the suppression of each of its
    forgotten keys, under every form the message may be stored as (redacted by the current policy, by
    the strictest, as given; its speaker unset or named as its role), so the fact engine drops a fact
    under that key drawn from it. Returns how many suppressions were new."""
    by_owner: dict[tuple[str, str, str], set[str]] = {}
    for message, keys in forgotten:
        forms = {message.content, redacted(message, memory.settings.privacy)[0].content,
                 redacted(message, strictest())[0].content}
        hashes = {episode_hash(message.role, speaker, message.created_at, content)
                  for content in forms for speaker in suppressed.speakers_of(message.role, message.speaker)}
        by_owner.setdefault(suppressed.owner_of(message.scope), set()).update(
            suppressed.digest(h, key) for h in hashes for key in keys)
    return sum(suppressed.keep_stored(memory.store, owner, sorted(shas)) for owner, shas in by_owner.items())


@dataclass(frozen=True)
class Unmarkable:
    """What of a copy of ``episodes`` no ``forgotten:KEY`` mark can keep forgotten (``unmarkable``).

    Attributes:
        episodes: the messages holding a suppression whose key the export cannot name: a copy of one
            would draw the forgotten fact again, so the export leaves them out (ascending).
        facts: the facts forgotten one by one (``forget(fact_id=...)``) from those messages, for the
            report (a forget by filter records no fact ids).
    """

    episodes: tuple[int, ...] = ()
    facts: tuple[int, ...] = ()


def unmarkable(memory: Memory, episodes: Sequence[Episode], found: dict[int, tuple[str, ...]],
               user: str) -> Unmarkable:
    """Of ``episodes`` (one owner's, the copy's), those holding a suppression ``found`` (their named keys,
    ``forgotten_keys``) does not name. Every forget that keeps a suppression places it on its message in
    its tombstone (``[episode id, digest]``, ``lifecycle.forget.SUPPRESSED_KEY``: a fact by id or by
    filter, an expired fact); an older tombstone of a fact forgotten by id names only the messages it
    kept (``sources_kept``), and one of them counts when none of them has a named key. Empty on a store
    without SQL."""
    store = cast(LifecycleStore, memory.store)
    if not store.capabilities.sql or not episodes:
        return Unmarkable()
    shown = {e.id: e for e in episodes}
    scope = episodes[0].scope
    owner = suppressed.owner_of(Scope(scope.org_id, scope.project_id, user))
    named = {suppressed.digest(_hash(shown[e]), key) for e, keys in found.items() for key in keys}
    d = store.dialect
    with store.db.read() as conn:
        stones = rows(conn, d, "SELECT fact_id, detail FROM memory_events WHERE action = 'delete' AND org_id = ? "
                               "AND project_id = ? AND user_id = ?", owner)
        kept = {sha for group in suppressed.records(conn, d, "org_id = ? AND project_id = ? AND user_id = ?", owner)
                for sha in group["digests"]}
    left: set[int] = set()
    facts: set[int] = set()
    for stone in stones:
        detail = d.read_json(stone["detail"])
        pairs = detail.get(SUPPRESSED_KEY)
        if isinstance(pairs, list):
            here = {int(e) for e, sha in pairs if sha in kept and sha not in named and int(e) in shown}
        else:  # a tombstone from before suppressions were placed: the messages the fact kept
            sources = detail.get("sources_kept")
            ids = [int(e) for e in sources if e in shown] if isinstance(sources, list) else []
            here = set() if any(e in found for e in ids) else set(ids)
        left |= here
        if here and stone["fact_id"] is not None:
            facts.add(int(stone["fact_id"]))
    return Unmarkable(tuple(sorted(left)), tuple(sorted(facts)))


def _hash(episode: Episode) -> str:
    return episode_hash(episode.role, episode.producer_id, episode.created_at, episode.content)
