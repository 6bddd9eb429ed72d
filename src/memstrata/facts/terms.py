"""What a fact is stored under: its subject and its full-text column.

Shared by every writer of facts (``facts.engine``, ``lifecycle.import_records``) so a fact
reads the same however it was written.
"""

from __future__ import annotations

from memstrata.extract.base import FactCandidate
from memstrata.extract.conventions import PROJECT_KEY_PREFIX
from memstrata.extract.taxonomy import KEYS, key_spec
from memstrata.facts.resolve import AVOID_KEYS, TAKEN_KEYS, contradicts
from memstrata.facts.said import Said
from memstrata.text.tokens import index_text
from memstrata.types import PROJECT_SUBJECT, project_of


def fact_subject(speaker: str | None, about: str) -> str | None:
    """The stored subject of a fact ``about`` someone (``FactCandidate.subject``: ``""`` for the
    speaker, else a relation word such as ``son`` / ``儿子``) said by ``speaker``: the speaker
    themselves; the bare relation when the speaker is unnamed (the user); else the speaker's
    relation ("Jon's son", 小明的儿子), so two speakers' sons stay two subjects. A person named by
    name (``extract.shapes``: "Sarah is allergic to shellfish") is that person whoever says it.

    >>> fact_subject(None, ""), fact_subject(None, "son"), fact_subject("Jon", "son"), fact_subject("小明", "儿子")
    (None, 'son', "Jon's son", '小明的儿子')
    >>> fact_subject("Jon", "Sarah")
    'Sarah'

    A project's convention (``types.PROJECT_SUBJECT``) is the project's whoever says it:

    >>> fact_subject("Jon", "project:/home/dev/a")
    'project:/home/dev/a'
    """
    if project_of(about) is not None:
        return about
    if not about:
        return speaker
    if not speaker or about[:1].isupper():
        return about
    return f"{speaker}的{about}" if any("\u3400" <= ch <= "\u9fff" for ch in about) else f"{speaker}'s {about}"


def is_convention(cand: FactCandidate) -> bool:
    """Whether ``cand`` is a convention of the project it is said in: a ``user.project_<what>`` key (the rule
    extractor's, ``extract.conventions.PROJECT_KEY_PREFIX``) or one its extractor marked so
    (``FactCandidate.convention``: an LLM's feature marked ``project``), said of no relative or named person.

    >>> is_convention(FactCandidate("fact", "user.project_tool", "pnpm", 0.9, 0.6))
    True
    >>> is_convention(FactCandidate("fact", "identity.location", "Berlin", 0.9, 0.6))
    False
    """
    return not cand.subject and (cand.convention or cand.key.startswith(PROJECT_KEY_PREFIX))


def subject_of(said: Said, cand: FactCandidate) -> str | None:
    """The stored subject of ``cand`` said in ``said``, for every extractor (the rules in ``write.ingest``, the
    LLM in ``semantic.apply``): a project's convention (``is_convention``) said in a folder (``Said.project``) is
    that project's, ``project:<folder>`` (``types.PROJECT_SUBJECT``), so "This repo uses pnpm" said in
    ``/home/dev/a`` and "This repo uses yarn" said in ``/home/dev/b`` are two projects' tools, never one value
    replacing the other; anything else, and a convention said in no folder, is ``fact_subject``'s.

    >>> from datetime import datetime, timezone
    >>> from memstrata.types import Scope
    >>> said = Said(Scope(user_id="u"), None, datetime(2026, 1, 1, tzinfo=timezone.utc), 1, "t", project="/home/dev/a")
    >>> subject_of(said, FactCandidate("fact", "user.project_tool", "pnpm", 0.9, 0.6))
    'project:/home/dev/a'
    """
    if said.project is not None and is_convention(cand):
        return f"{PROJECT_SUBJECT}{said.project}"
    return fact_subject(said.speaker, cand.subject)


def contradicting_keys(key: str) -> list[str]:
    """Taxonomy keys whose facts a candidate under ``key`` can contradict (like vs dislike), and the keys of what is
    not taken (``drink.avoid``) and of what is drunk or eaten (``user.drinks``), kept outside the listed taxonomy, it
    contradicts."""
    return [spec.key for spec in KEYS if contradicts(key, spec.key)] + [
        k for k in (*sorted(AVOID_KEYS), *TAKEN_KEYS.values()) if contradicts(key, k)]


def key_terms(key: str) -> str:
    """Full-text column of an encrypted fact: its key and the key's descriptions only."""
    parts = [key.replace(".", " ").replace("_", " ")]
    try:
        spec = key_spec(key)
        parts += [spec.description_en, spec.description_zh]
    except KeyError:
        pass
    return index_text(" ".join(parts))


def fact_terms(cand: FactCandidate) -> str:
    """Full-text column of a fact: its statement and value plus the key's descriptions in
    English and Chinese, so ``配送偏好`` or ``delivery`` find ``shipping.carrier = 顺丰``."""
    parts = [cand.statement, cand.value, cand.key.replace(".", " ").replace("_", " ")]
    try:
        spec = key_spec(cand.key)
        parts += [spec.description_en, spec.description_zh]
    except KeyError:
        pass
    return index_text(" ".join(parts))
