"""A question that names the job of what a project's convention chose: "which package manager should I use?" in a
folder whose convention is "This repo uses pnpm, not npm".

The convention ("the project uses pnpm") shares no word with the question, so its match stays below the bar a
coding agent's prompt hook sets (``integrations.hooks.backend.PROMPT_MIN_MATCH``) and the hook printed nothing. What
the convention governs is the job of the tool its value names: a developer tool's (``extract.conventions
.dev_tool_jobs``: pnpm is a package manager, pytest a test runner) or the kind of tool (``extract.tool_kinds.kind_of``:
Postgres a database). A question naming that job, every word of it as a whole word ("package manager", "databases"),
is answered by it: ``context.block`` shows those conventions and instructions under "How to work", as it does for a
request to act (``text.requests.asks_to_act``). A question naming no job reads no fact more: the bar is the same
for every other prompt.
"""

from __future__ import annotations

import re

from memstrata.extract.conventions import DEV_TOOL_JOBS, dev_tool_jobs
from memstrata.extract.tool_kinds import kind_of, kinds
from memstrata.types import Hit

#: Every job a question may name, the words of each as whole words, a plural allowed ("package managers").
_JOBS = tuple(dict.fromkeys((*DEV_TOOL_JOBS, *kinds())))


def jobs_named(query: str) -> frozenset[str]:
    """The jobs (``_JOBS``) ``query`` names as whole words.

    >>> sorted(jobs_named("which package manager should I use?")), sorted(jobs_named("what databases do we use?"))
    (['package manager'], ['database'])
    >>> sorted(jobs_named("install the deps")), sorted(jobs_named("who manages the package?"))
    ([], [])
    """
    text = " ".join(query.casefold().split())
    return frozenset(job for job in _JOBS if re.search(rf"\b{re.escape(job)}s?\b", text))


def governs(hit: Hit, named: frozenset[str]) -> bool:
    """Whether fact hit ``hit`` names a tool whose job is one of ``named`` (``jobs_named``)."""
    if not named or hit.fact is None or hit.fact.encrypted:
        return False
    value = hit.fact.value
    return kind_of(value) in named or not named.isdisjoint(dev_tool_jobs(value))
