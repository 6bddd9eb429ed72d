"""A fact about a person named in Latin letters whose statement is Chinese ("Leo对花生过敏") names them once:
the statement opens with the name, so nothing is put before it (``context.attribution``), in ``recall``'s line
and in the context block alike; 对 is a letter to ``str.isalnum``, not a word going on after "Leo"."""

from __future__ import annotations

from memstrata import Memory
from memstrata.cli.memories import recall_text
from memstrata.context.render import labels_for


def test_a_latin_name_before_a_chinese_statement_is_not_said_twice(memory: Memory) -> None:
    memory.add("我儿子Leo对花生过敏")
    memory.add("Tom喜欢吃寿司")
    for question, statement in (("Leo对什么过敏？", "Leo对花生过敏"), ("Tom喜欢吃什么？", "Tom喜欢吃寿司")):
        hits = [h for h in memory.search(question, limit=10) if h.kind == "fact" and h.text == statement]
        assert hits, ([h.text for h in memory.search(question, limit=10)], question)
        line = recall_text(hits[0], labels_for(question), False)
        assert line == f"fact#{hits[0].id} {statement}", line
        block = memory.context(question)
        assert statement in block and f"{statement[:3]} {statement}" not in block, block
        assert f"{statement[:3]}{statement}" not in block, block
