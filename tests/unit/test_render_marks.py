"""How the context block labels the outdated pieces of a current message (``context.render.marked_text``)
and shows a fact in the user's script (``text.hanzi.as_written``)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

from memstrata.cli.memories import recall_text
from memstrata.context.render import LABELS, labels_for, marked_text, render_context
from memstrata.server.mcp_tools import _hit_line
from memstrata.text.hanzi import as_written
from memstrata.types import Hit, Scope


def _hit(text: str, parts: tuple[str, ...] = (), matched: str = "") -> Hit:
    return Hit("episode", 1, text, matched or text, 0.9, 0.9, datetime(2026, 1, 1, tzinfo=UTC), (1,), Scope(),
               outdated_parts=parts)


def test_marked_text_encloses_each_piece_in_the_labels_language() -> None:
    hit = _hit("我以後都希望用順豐，別放門口", ("我以後都希望用順豐",))
    assert marked_text(hit, LABELS["en"]) == "[outdated: 我以後都希望用順豐]，別放門口"
    assert marked_text(hit, LABELS["zh"]) == "[已过时：我以後都希望用順豐]，別放門口"
    assert marked_text(hit, labels_for("寄貨用哪家？")) == "[已過時：我以後都希望用順豐]，別放門口"


def test_marked_text_skips_a_piece_no_longer_in_the_text_and_keeps_order() -> None:
    hit = _hit("A is 1. B is 2. C is 3.", ("A is 1.", "gone", "C is 3."))
    assert marked_text(hit, LABELS["en"]) == "[outdated: A is 1.] B is 2. [outdated: C is 3.]"
    assert marked_text(_hit("plain text"), LABELS["en"]) == "plain text"


def test_the_label_quotes_the_claim_and_leaves_an_opening_aside_before_it() -> None:
    """A piece cut at a clause boundary keeps what opens the clause: the label read "[outdated: btw I'm
    vegetarian]", quoting the aside with the claim. The aside (``extract.asides.MARKERS_EN`` / ``_ZH``) now stays
    before the label; a piece that is an aside alone, or opens with none, is labelled as it is."""
    en = _hit("btw I'm vegetarian, and I'm allergic to shellfish", ("btw I'm vegetarian",))
    assert marked_text(en, LABELS["en"]) == "btw [outdated: I'm vegetarian], and I'm allergic to shellfish"
    zh = _hit("对了，我是素食者，而且我对虾过敏", ("对了，我是素食者",))
    assert marked_text(zh, LABELS["zh"]) == "对了，[已过时：我是素食者]，而且我对虾过敏"
    oh = _hit("I live in Leeds. Oh and I work at Acme.", ("Oh and I work at Acme.",))
    assert marked_text(oh, LABELS["en"]) == "I live in Leeds. Oh and [outdated: I work at Acme.]"
    aside = _hit("I live in Leeds. Actually!", ("Actually!",))
    assert marked_text(aside, LABELS["en"]) == "I live in Leeds. [outdated: Actually!]"
    plain = _hit("So much has changed. I live in Leeds.", ("So much has changed.",))  # "So" opens no aside here
    assert marked_text(plain, LABELS["en"]) == "[outdated: So much has changed.] I live in Leeds."


def test_context_block_prints_the_marked_line_with_its_citation() -> None:
    hit = _hit("I prefer UPS. I am allergic to peanuts.", ("I am allergic to peanuts.",), matched="I prefer UPS.")
    block = render_context("delivery", [hit], 200)
    assert block == ("## Relevant memories\n"
                     "- I prefer UPS. [outdated: I am allergic to peanuts.] (2026-01-01; episode #1)\n")


def test_as_written_maps_the_statement_or_the_value_back_to_the_users_characters() -> None:
    assert as_written("对花生过敏", "花生", "我對花生過敏") == "對花生過敏"
    assert as_written("配送偏好顺丰", "顺丰", "我以後都希望用順豐") == "配送偏好順豐"
    assert as_written("不放门口", "不放门口", "別放門口") == "不放门口"  # not in the message: as stored
    assert as_written("对花生过敏", "花生", "我对花生过敏") == "对花生过敏"


def test_every_text_door_labels_an_outdated_hit_with_inline_pieces_inline_only() -> None:
    """A hit outdated for the question asked ("is she vegetarian?") whose message also says what still holds:
    ``recall`` printed "[outdated] [outdated: btw I'm vegetarian], ... allergic to shellfish" and MCP marked
    the result superseded, so the allergy read as outdated too; the context block labelled the piece only."""
    text = "btw I'm vegetarian, and I'm allergic to shellfish."
    hit = replace(_hit(text, ("btw I'm vegetarian",)), superseded=True)
    inline = "btw [outdated: I'm vegetarian], and I'm allergic to shellfish."
    assert render_context("is she vegetarian?", [hit], 500).splitlines()[1].startswith(f"- {inline} (")
    assert recall_text(hit, LABELS["en"], False) == inline
    assert _hit_line(hit, LABELS["en"])["text"] == inline and "superseded" not in _hit_line(hit, LABELS["en"])
    whole = replace(_hit(text), superseded=True)  # outdated as a whole: labelled as a whole on every door
    assert recall_text(whole, LABELS["en"], False) == f"[outdated] {text}"
    assert _hit_line(whole, LABELS["en"])["superseded"] is True
