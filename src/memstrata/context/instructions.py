"""Standing instructions: what the user told the assistant to do in every reply ("always answer me in Chinese",
"keep replies short", 以后回答简短一点), shown at the top of every context block, whatever the query.

A search ranks memories by how well they match the query, which is right for a fact and wrong for a rule:
"what should I cook tonight?" shares no word with "always answer me in Chinese", so the block for it left the
instruction out and the agent answered in English. An instruction is a rule for every reply, not an answer to one
question, so the block reads it by its kind (``Fact.kind`` ``procedure``: ``assistant.instruction`` in
``extract.taxonomy``, or what an LLM extractor files as a procedure), never by its words. Only the scope's current
ones: a superseded, forgotten, expired or past instruction (its ``valid_to`` over) is never one of them.

They take at most ``INSTRUCTIONS_SHARE`` of the block's ``budget_tokens`` (newest first when they do not all fit);
the rest of the block (the query's memories, the dietary needs of a meal, the profile) gets what they leave.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from memstrata.filter import And, Compare, Expr, Field
from memstrata.recall.evidence import restated
from memstrata.types import Fact, Hit

#: ``Fact.kind`` of an instruction to the assistant (``extract.taxonomy``: ``assistant.instruction``).
INSTRUCTION_KIND = "procedure"
#: Most instruction facts a block reads (newest first, then most important): a user gives a handful; a bound keeps
#: the read one short indexed query however many were stored.
MAX_INSTRUCTIONS = 20
#: Largest share of a block's ``budget_tokens`` the instructions take: half, so that at the default budget (500)
#: about ten instruction lines fit and the query's own memories keep at least the other half. A design bound (no
#: eval set holds instructions to tune it on), not a fitted weight.
INSTRUCTIONS_SHARE = 0.5


def is_instruction(fact: Fact | None) -> bool:
    """Whether ``fact`` is a standing instruction to the assistant (``INSTRUCTION_KIND``), whatever its status."""
    return fact is not None and fact.kind == INSTRUCTION_KIND


def instruction_filter(where: Expr | None) -> Expr:
    """The filter of a block's instruction read: ``where`` (the caller's filter and ``as_of`` bound) and
    ``kind = "procedure"``."""
    kind = Compare(Field("kind"), "=", INSTRUCTION_KIND)
    return kind if where is None else And((where, kind))


def instructions_budget(budget_tokens: int) -> int:
    """The tokens the instruction section may take of a block of ``budget_tokens`` (``INSTRUCTIONS_SHARE``).

    >>> instructions_budget(500), instructions_budget(41)
    (250, 20)
    """
    return int(budget_tokens * INSTRUCTIONS_SHARE)


def standing(hits: Sequence[Hit]) -> list[Hit]:
    """The instructions of ``hits`` (fact hits of the scope's instruction read) that hold now: not superseded
    (``Hit.superseded``: the fact, or as held at ``as_of``), not over (``signals["past"]``), in their order."""
    return [h for h in hits if h.kind == "fact" and is_instruction(h.fact) and not h.superseded
            and not h.signals.get("past")]


def without_instructions(hits: Sequence[Hit], shown: Sequence[Hit]) -> list[Hit]:
    """``hits`` without what the instruction section already says: each current instruction fact (``shown`` or
    one that did not fit it: an instruction is never listed as what matched the query or as known about the user),
    and each message that only restates one of ``shown`` (``recall.evidence.restated``: "Always answer me in
    Chinese." and "wants the assistant to answer me in Chinese"). A superseded instruction a search found stays,
    labelled outdated by the block, as history."""
    stated: dict[int, list[str]] = {}
    for hit in shown:
        for episode in hit.citations:
            stated.setdefault(episode, []).append(hit.text)
    return [h for h in hits if not (h.kind == "fact" and is_instruction(h.fact) and not h.superseded)
            and not (h.kind == "episode" and restated(h.text, stated.get(h.id, ())))]


def filtered(read: Callable[[], Sequence[Hit]] | None, shown: Sequence[Hit]) -> Callable[[], Sequence[Hit]] | None:
    """``read`` (a block's profile or current facts) giving its hits ``without_instructions``; ``None`` for
    ``None``."""
    if read is None:
        return None
    source = read
    return lambda: without_instructions(source(), shown)
