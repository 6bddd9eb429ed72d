"""The demo: import a real LoCoMo conversation, ask five of its benchmark questions.

The five questions are fixed by rule, not picked by result: the first question of
categories 4 (single-hop), 1 (multi-hop) and 2 (temporal), then the second of
categories 4 and 2. For each, the top memories are printed with score, date and
citation, and whether an annotated evidence turn is among them.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from memstrata.loaders.importer import import_conversation
from memstrata.loaders.locomo import Conversation, QAItem, load_locomo
from memstrata.memory import Memory
from memstrata.text.counts import counted

#: (category, occurrence) of the questions asked, in order.
QUESTION_RULE = ((4, 0), (1, 0), (2, 0), (4, 1), (2, 1))
CATEGORY_NAMES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}


def demo_data_path() -> Path:
    """The LoCoMo ``conv-30`` conversation shipped inside the package (CC BY-NC 4.0)."""
    return Path(str(resources.files("memstrata") / "data" / "locomo-conv-30.json"))


def pick_questions(conversation: Conversation) -> list[QAItem]:
    """The questions of ``QUESTION_RULE`` that exist in ``conversation``."""
    picked = []
    for category, occurrence in QUESTION_RULE:
        matching = [q for q in conversation.qa if q.category == category and q.evidence]
        if len(matching) > occurrence:
            picked.append(matching[occurrence])
    return picked


@dataclass(frozen=True)
class DemoOutcome:
    """How the demo went: evidence found for ``found`` of ``asked`` questions."""

    asked: int
    found: int
    turns: int
    seconds: float


def run_demo(db: Path, *, console: Console, top: int = 5) -> DemoOutcome:
    """Import the demo conversation into ``db`` (a fresh file) and answer five questions."""
    started = time.perf_counter()
    conversation = load_locomo(demo_data_path())[0]
    console.print(f"[bold]memstrata demo[/] — LoCoMo {conversation.id}: {' & '.join(conversation.speakers)}, "
                  f"{counted(len(conversation.messages), 'turn')} (CC BY-NC 4.0)\n  database: {db}")
    with Memory(db) as memory:
        console.print(f"  embedding model: {memory.embedder.name if memory.embedder else 'none'} "
                      f"({memory.embedding_status})")
        with Progress(TextColumn("  importing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                      console=console, transient=False) as progress:
            task = progress.add_task("import", total=len(conversation.messages))
            episode_of = import_conversation(memory, conversation,
                                             on_batch=lambda n: progress.advance(task, n))
        source_of = {eid: src for src, eid in episode_of.items()}
        found = 0
        questions = pick_questions(conversation)
        for number, qa in enumerate(questions, start=1):
            hits = memory.search(qa.question, limit=top, kinds=("episode",), user_id=conversation.id)
            cited = [source_of.get(h.id) for h in hits]
            hit_evidence = [c for c in cited if c in qa.evidence]
            found += bool(hit_evidence)
            console.print(f"\n[bold]Q{number}[/] ({CATEGORY_NAMES[qa.category]}) {escape(qa.question)}\n"
                          f"   expected answer: {qa.answer}   evidence: {', '.join(qa.evidence)}")
            for hit, source in zip(hits, cited, strict=True):
                mark = "[green]✓ evidence[/]" if source in qa.evidence else ""
                console.print(f"   \\[{hit.score:.2f}] {escape(hit.text[:110])} "
                              f"[dim]({hit.said_at:%Y-%m-%d}, episode #{hit.id} = {source})[/] {mark}")
            verdict = "[green]found[/]" if hit_evidence else f"[red]not in the top {top}[/]"
            console.print(f"   evidence turn {verdict}")
    seconds = time.perf_counter() - started
    console.print(f"\n[bold]{found}/{len(questions)}[/] questions had an annotated evidence turn in the "
                  f"top {top}; {counted(len(conversation.messages), 'turn')} imported and searched in {seconds:.1f} s.")
    return DemoOutcome(len(questions), found, len(conversation.messages), seconds)
