"""The ``Extractor`` protocol: text of one episode in, candidate facts out."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Protocol, runtime_checkable


@dataclass(frozen=True)
class FactCandidate:
    """A fact proposed by an extractor, before conflict resolution.

    Attributes:
        kind: ``preference`` | ``fact`` | ``episode`` | ``procedure``.
        key: dotted taxonomy key, e.g. ``shipping.carrier`` (see ``extract.taxonomy``).
        value: the value in the language of the input, e.g. ``顺丰`` or ``not at the door``.
        confidence: 0–1, how sure the pattern is that this was stated.
        importance: 0–1, how much the fact matters for future conversations.
        sensitivity: ``low`` | ``medium`` | ``high``.
        statement: a short human-readable sentence of the fact, in the input's
            language (``prefers 顺丰 for shipping`` / ``配送偏好顺丰``); indexed for search.
        evidence: the sentence of the episode the fact came from.
        valid_from: when the stated thing happened or starts (relative time
            expressions resolved against the message's own time), else ``None``.
        valid_to: when it stops holding, if stated.
        retracts: the speaker withdrew this fact ("I'm no longer vegetarian"): nothing is
            created; active facts under ``key`` naming ``value`` (every one if ``value`` is
            ``""``) are superseded, with no successor.
        corrects: the speaker corrected a value said before, in this message too ("I prefer UPS.
            Actually FedEx."): it supersedes the message's own facts of a single-valued key,
            even those of its own sentence, which other statements never do ("concierge, not at
            the door" keeps both; a later sentence does: ``facts.engine.FactEngine.apply_message``). Under a
            many-valued key it supersedes the value(s) stated last and their cross-language
            twins (其实我是对芒果过敏 after 我对花生过敏: ``extract.twins``).
        subject: whom the fact is about when it is not the speaker: a relation word in the
            message's language ("son", 儿子, "dog"); ``""`` (the default) for the speaker. The
            store keeps it as the fact's subject (``facts.terms.fact_subject``), so "My son is allergic
            to eggs" never becomes the user's allergy.
        tag: the stored fact's ``tag`` when the extractor names one (an LLM's ``travel``); ``""``: the
            key's first part (``shipping`` for ``shipping.carrier``).
        instead_of: the old value the statement names beside this one ("we moved from MySQL to
            PostgreSQL", 从MySQL迁到PostgreSQL): the subject's active fact holding it is superseded by
            this one, and a value under a change key (``user.uses``, ``facts.engine.CHANGE_KEYS``) takes
            that fact's key; ``""``: none named.
        convention: a convention of the project it is said in (an LLM's feature it marks ``project``); the rule
            extractor's are its ``user.project_<what>`` keys, whatever this says (``facts.terms.is_convention``).
        forbids: for a withdrawal, the sentence tells the assistant not to use one thing any more (以后别用顺丰了,
            "Don't use UPS anymore": ``extract.directives.forbids_one``): one that ends nothing stored is kept as
            the prohibition (``facts.withdraw.prohibition_kept``).
        held_only: a change of a thing named by its noun alone, no owner said (宽带换成联通了, "switched the
            internet to Verizon"): it changes the subject's value of that thing, when one is stored under the key
            or a longer key of its noun (``user.internet`` finds ``user.internet_provider``), and is dropped
            otherwise (``facts.engine.FactEngine.held_key``): a thing swapped is the user's only when they said
            they have one.
        shift: for a change of plan naming no plan (``extract.plan_changed.KEY``), how far the plan it means moves
            when it is said by a span and no day ("They pushed it back a week": 7 days; 提前两天: -2 days): the
            fact engine moves that plan's day by it (``facts.engine.FactEngine.plan_changed``); ``None``: no span.
        restates: for a withdrawal, values it leaves standing: the value a placeholder masked
            ("my phone is [REDACTED:phone]", ``facts.withdraw.masked_change``), said again. Held in
            memory for that comparison only, never stored.
    """

    kind: str
    key: str
    value: str
    confidence: float
    importance: float
    sensitivity: str = "low"
    statement: str = ""
    evidence: str = ""
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    retracts: bool = False
    corrects: bool = False
    subject: str = ""
    tag: str = ""
    instead_of: str = ""
    restates: tuple[str, ...] = ()
    convention: bool = False
    forbids: bool = False
    held_only: bool = False
    shift: timedelta | None = None


@runtime_checkable
class Extractor(Protocol):
    """Proposes facts from one episode. Must not raise on ordinary text; returns ``[]`` when
    nothing is stated explicitly. ``said_at`` is timezone-aware, in the speaker's own UTC offset
    when known (else UTC): the same instant either way, but "tomorrow" is the speaker's tomorrow."""

    name: str

    def extract(self, *, text: str, role: str, said_at: datetime) -> list[FactCandidate]:
        """Candidate facts stated in ``text`` by a speaker of ``role`` at ``said_at``."""
        ...
