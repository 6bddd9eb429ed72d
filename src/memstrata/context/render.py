"""Human-facing text: labels in the language of the input, and the prompt context block."""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime, timezone  # noqa: F401 (the doctest of ``marked_text``)

from memstrata.context.attribution import attribution, several_users
from memstrata.context.later import LATER
from memstrata.context.standing import FOOD_KEYS
from memstrata.extract.asides import marker_length
from memstrata.recall.evidence import RESTATED_COVERAGE as RESTATED_COVERAGE
from memstrata.recall.evidence import restated as restated
from memstrata.recall.excerpt import ELLIPSIS, excerpt
from memstrata.recall.outdated import shown_text
from memstrata.text.hanzi import as_written, simplified
from memstrata.text.lang import detect_language
from memstrata.text.tokens import is_cjk
from memstrata.text.visible import neutralise
from memstrata.types import Hit, Scope  # noqa: F401 (Scope: the doctest of ``marked_text``)

LABELS = {
    "en": {"remembered": "Remembered:", "nothing": "Nothing new to remember (episode stored).",
           "confidence": "confidence", "source": "source", "no_hits": "No memories found.",
           "context_title": "Relevant memories", "more_title": "Other relevant memories",
           "partial_title": "Memories that answer part of the query",
           "profile_title": "What is known about this user (nothing matched the query)",
           "profile_rest_title": "What else is known about this user",
           "known_title": "What is known about this user",
           "constraints_title": "Dietary and health needs to respect", "others_title": "About other people",
           "work_title": "How to work: the project's conventions",
           "instructions_title": "Standing instructions from the user",
           "duplicate": "Already remembered (episode #{id}).",
           "superseded": "replaces", "touched": "already known", "merged": "merged into",
           "retracted": "no longer holds", "outdated": "outdated", "past_event": "past",
           "said_later": "said later", "past": "past value: a later statement replaced it",
           "left_out": "({n} more dietary or health needs not shown)",
           "left_out_one": "(1 more dietary or health need not shown)"},
    "zh": {"remembered": "记住：", "nothing": "没有新的事实（已保存对话）。",
           "confidence": "置信度", "source": "来源", "no_hits": "没有找到相关记忆。",
           "context_title": "相关记忆", "more_title": "其他相关记忆", "partial_title": "与问题的一部分相关的记忆",
           "profile_title": "已知的用户信息（没有与问题直接相关的记忆）",
           "profile_rest_title": "其他已知的用户信息",
           "known_title": "已知的用户信息", "constraints_title": "饮食需求与健康注意", "others_title": "关于其他人",
           "work_title": "工作方式：项目约定", "instructions_title": "用户的长期要求",
           "duplicate": "已经记住了（episode #{id}）。",
           "superseded": "替换", "touched": "已知", "merged": "合并到",
           "retracted": "不再成立", "outdated": "已过时", "past_event": "已过去",
           "said_later": "后来说的", "past": "过去的值：之后的说法已取代它",
           "left_out": "（另有{n}条饮食需求未列出）", "left_out_one": "（另有1条饮食需求未列出）"},
    # Traditional characters for a Traditional-script input (a Taiwan or Hong Kong user read
    # 相关记忆 above their 順豐): the same labels, converted.
    "zh-Hant": {"remembered": "記住：", "nothing": "沒有新的事實（已保存對話）。",
                "confidence": "置信度", "source": "來源", "no_hits": "沒有找到相關記憶。",
                "context_title": "相關記憶", "more_title": "其他相關記憶", "partial_title": "與問題的一部分相關的記憶",
                "profile_title": "已知的用戶資訊（沒有與問題直接相關的記憶）",
                "profile_rest_title": "其他已知的用戶資訊",
                "known_title": "已知的用戶資訊", "constraints_title": "飲食需求與健康注意",
                "others_title": "關於其他人", "work_title": "工作方式：項目約定",
                "instructions_title": "用戶的長期要求",
                "duplicate": "已經記住了（episode #{id}）。",
                "superseded": "替換", "touched": "已知", "merged": "合併到",
                "retracted": "不再成立", "outdated": "已過時", "past_event": "已過去",
                "said_later": "後來說的", "past": "過去的值：之後的說法已取代它",
                "left_out": "（另有{n}條飲食需求未列出）", "left_out_one": "（另有1條飲食需求未列出）"},
}


def labels_for(text: str) -> dict[str, str]:
    """The label set matching the language of ``text``: English, Chinese, or Chinese in
    Traditional characters when ``text`` has any (``text.hanzi.simplified`` changes it).

    The language is the sentence's frame, not its nouns: "I like 火锅" is English ("I", "like"
    outnumber the one Chinese word), "我喜欢 sushi" Chinese. Chinese words are counted as two
    characters each (the mean length of a Chinese word), against whitespace-separated Latin words;
    a tie goes to the script of the first letter ("配送 delivery" is Chinese).
    """
    if detect_language(text) == "en":
        return LABELS["en"]
    cjk = sum(1 for c in text if is_cjk(c))
    latin = len(re.findall(r"[A-Za-z][A-Za-z'\-]*", text))
    first = next((c for c in text if c.isalpha()), "")
    if latin > cjk / 2 or (latin == cjk / 2 and not is_cjk(first)):  # a tie goes to the opening word
        return LABELS["en"]
    return LABELS["zh-Hant"] if simplified(text) != text else LABELS["zh"]


#: Smallest ``budget_tokens`` a context block is asked for: the longest title (the Chinese profile
#: title, 23 estimated tokens) and one short cited line ("- I like tea (2026-11-30; episode #11)",
#: 13), rounded up. Below it not even one memory fits, and the answer would be ``""`` silently.
MIN_BUDGET_TOKENS = 40


def estimate_tokens(text: str) -> int:
    """Upper estimate of LLM tokens: ``ceil(utf8_bytes / 3)``.

    A CJK character is 3 UTF-8 bytes and about one token in common BPE vocabularies;
    English averages ~4 characters per token, so bytes/3 over-counts it: a safe bound
    for a budget that must not be exceeded.
    """
    return math.ceil(len(text.encode("utf-8")) / 3)


def _citation(hit: Hit) -> str:
    """`` (2026-12-08; episode #3)``: the day the speaker said it, in their own offset (``Hit.said_at``)."""
    if not hit.citations:  # a fact set by ``update``: no episode says it
        return f" ({hit.said_at:%Y-%m-%d})"
    cites = ", ".join(f"#{c}" for c in hit.citations[:3])
    return f" ({hit.said_at:%Y-%m-%d}; episode {cites})"


def render_context(query: str, hits: Sequence[Hit], budget_tokens: int, *, heading: str = "context_title") -> str:
    """Markdown block of the best hits that fits ``budget_tokens`` (``estimate_tokens``).

    Lines are added best first until the next would overflow; an over-long line has
    its text shortened with an ellipsis, never its citation. A **safety line** (a fact about
    an allergy, a health condition, a diet or a food avoided: ``is_safety``) is never shortened:
    it is shown whole or not at all, since a cut "…allergic to p…" loses the allergen. Once a
    line does not fit, only safety lines are still tried (whole), so other lines make room for
    them first; when a safety line is left out the block ends with
    ``({n} more dietary or health needs not shown)`` (``（另有{n}条饮食需求未列出）``), dropping the last other
    lines (then the last safety lines) to make room for it, so an agent never reads a partial list
    of allergies as the whole. A fact and the episode it
    only restates count as one memory: whichever ranks second is left out, and so does a fact
    whose statement (and whose it is) a fact above already showed: one message's habit and its
    sport are both "goes running every morning". An episode is
    restated when the included facts citing it carry at least ``RESTATED_COVERAGE`` of its
    terms (``restated``); "我的猫叫做麻糬，牠对鸡肉过敏" is not restated by the pet fact
    "养了宠物：叫做麻糬的猫" and stays in the block. Returns ``""`` when
    nothing matched or not even one cited line fits. An outdated hit (``Hit.superseded``: a
    superseded fact, or an episode whose facts were all superseded) is kept, labelled
    ``[outdated]`` (``[已过时]``), so the agent reads what the user used to want as history; an
    outdated episode hit on one sentence shows that sentence only. A current episode hit shows its
    outdated sentences or clauses (``Hit.outdated_parts``) labelled inline (``marked_text``).
    A memory that is not the scope's user's own (another speaker's turn, an assistant or tool
    turn, a fact about someone else) names whose it is (``context.attribution``): ``- Alice: I love
    hiking (…)``, ``- Bob likes eating sushi (…)``.
    ``heading`` is the label of the block's title (``profile_title`` / ``known_title`` for
    ``Memory.context``'s profile, ``others_title`` for its facts about other people, ``context.block``).
    """
    return render_lines(query, hits, budget_tokens, heading=heading)[0]


def is_safety(hit: Hit) -> bool:
    """Whether ``hit`` is a safety line: a fact whose key constrains what may be eaten
    (``context.standing.FOOD_KEYS``: allergy, condition, diet, food avoided), whoever it is about."""
    return hit.kind == "fact" and hit.fact is not None and hit.fact.key in FOOD_KEYS


def render_lines(query: str, hits: Sequence[Hit], budget_tokens: int, *,
                 heading: str = "context_title") -> tuple[str, int]:
    """``render_context``'s block and the number of safety lines (``is_safety``) it left out for
    want of room (``0``: every safety hit it was given is shown, or was restated by another line)."""
    if not hits:
        return "", 0
    labels = labels_for(query)
    title = f"## {labels[heading]}\n"
    lines: list[tuple[str, bool]] = []  # (line, is a safety line)
    left_out = 0
    full = False  # a line did not fit: only whole safety lines are tried after it
    # One memory, one line: an episode and a fact that only restates it are the same
    # memory, whichever of the two ranks first.
    stated: dict[int, list[str]] = {}  # episode id -> texts of included facts citing it
    shown: set[int] = set()  # episodes included verbatim
    said: set[str] = set()  # statements of included facts, with whose they are
    named = several_users(hits)
    dated: set[int] = set()  # episodes a shown fact of dated days cites
    for hit in dated_first(hits):
        if hit.kind == "episode" and (hit.id in dated or restated(hit.text, stated.get(hit.id, ()))):
            continue
        if hit.kind == "fact" and hit.citations and set(hit.citations) <= shown:
            continue
        safety = is_safety(hit)
        if full and not safety:
            continue
        room = budget_tokens - estimate_tokens(title + "".join(line for line, _ in lines))
        # Stored text as it is, shown with its direction controls and tag characters visible
        # (``text.visible.neutralise``): they could reorder the line or hide words from the reader.
        text = neutralise(marked_text(hit, labels))
        # An event whose day is over (``context.block.mark_past``) is history, not a plan.
        label = (f"[{labels['outdated']}] " if hit.superseded and not labelled_inline(hit)
                 else f"[{labels['past_event']}] " if hit.signals.get("past")
                 else f"[{labels['said_later']}] " if hit.signals.get(LATER) else "")
        label += attribution(hit, chinese=labels is not LABELS["en"], name_user=named)  # whose, when not the user's own
        if hit.kind == "fact" and label + text in said:  # two facts of one statement ("goes running ...")
            continue
        line = _fit(neutralise(label), text, neutralise(" ".join(hit.matched.split())), _citation(hit), room,
                    whole=safety)
        if line is None:
            full = True
            left_out += safety and not hit.superseded  # a need that no longer holds is not missed
            continue
        lines.append((line, safety))
        if hit.kind == "fact":
            said.add(label + text)
            for episode in hit.citations:
                stated.setdefault(episode, []).append(hit.text)
            if has_days(hit):
                dated.update(hit.citations)
        else:
            shown.update(hit.citations)
    if left_out:
        lines, left_out = _with_note(title, lines, left_out, labels, budget_tokens)
    out = title + "".join(line for line, _ in lines)
    return (out if lines else ""), left_out


def has_days(hit: Hit) -> bool:
    """Whether ``hit`` is a fact of an event or plan with its own days (``Fact.valid_from`` and ``valid_to`` both
    set: "日程：家长会（2026-12-09）"), its date resolved when it was said."""
    return hit.kind == "fact" and hit.fact is not None and hit.fact.valid_from is not None \
        and hit.fact.valid_to is not None


def dated_first(hits: Sequence[Hit]) -> list[Hit]:
    """``hits`` with each fact of dated days (``has_days``) moved up to just before the first episode hit it cites:
    the message "下周三家长会" said on 2026-12-03 and shown with that date read as the Wednesday after the day the
    agent reads it, and the fact holds the day it meant (2026-12-09). ``render_lines`` then leaves the message
    out (the fact's line cites it)."""
    moved = {h.id: h for h in hits if has_days(h)}
    before: dict[int, list[Hit]] = {}  # episode id -> the dated facts shown before it
    for fact in moved.values():
        first = next((h for h in hits if h.kind == "episode" and h.id in fact.citations), None)
        if first is not None and hits.index(first) < hits.index(fact):
            before.setdefault(first.id, []).append(fact)
    if not before:
        return list(hits)
    lifted = {id(f) for facts in before.values() for f in facts}
    out: list[Hit] = []
    for hit in hits:
        if id(hit) in lifted:
            continue
        if hit.kind == "episode":
            out.extend(f for f in before.pop(hit.id, ()) if f not in out)
        out.append(hit)
    return out


def _with_note(title: str, lines: list[tuple[str, bool]], left_out: int, labels: dict[str, str],
               budget_tokens: int) -> tuple[list[tuple[str, bool]], int]:
    """``lines`` ending with the note that ``left_out`` safety lines are not shown, the last other
    lines (then the last safety lines) dropped until it fits (``[]`` when the title and the note
    alone do not); and the final count left out."""
    lines = list(lines)
    while True:
        note = f"- {labels['left_out_one' if left_out == 1 else 'left_out'].format(n=left_out)}\n"
        if estimate_tokens(title + "".join(line for line, _ in lines) + note) <= budget_tokens:
            return [*lines, (note, False)], left_out
        if not lines:  # not even the note fits (the end of a block another part filled)
            return [], left_out
        others = [i for i, (_, safety) in enumerate(lines) if not safety]
        drop = others[-1] if others else len(lines) - 1
        left_out += lines.pop(drop)[1]


def marked_text(hit: Hit, labels: dict[str, str]) -> str:
    """``hit.text`` on one line with each of ``hit.outdated_parts`` enclosed in a label,
    ``[outdated: I am allergic to peanuts.]`` (``[已过时：我以後都希望用順豐]``), so an agent
    reading a current message tells the statements the user has since withdrawn or replaced from
    the ones that hold; the enclosing brackets show where the outdated piece ends. The label quotes
    the claim: a discourse marker opening the piece stays before it (``extract.asides.marker_length``:
    "btw [outdated: I'm vegetarian], and ...", not "[outdated: btw I'm vegetarian]"). A piece no
    longer in the text (cut by ``recall.excerpt``) is skipped. An outdated episode hit on one sentence
    is that sentence alone: the mark is the matched sentence's (``outdated``), and the rest of the
    message may still hold ("I prefer UPS. I am allergic to peanuts."). What context(), ``recall``
    and MCP show of a hit.

    >>> hit = Hit("episode", 1, "I prefer UPS.  I am allergic to peanuts.", "I prefer UPS.", 0.9, 0.9,
    ...           datetime(2026, 1, 1, tzinfo=timezone.utc), (1,), Scope(),
    ...           outdated_parts=("I am allergic to peanuts.",))
    >>> marked_text(hit, LABELS["en"])
    'I prefer UPS. [outdated: I am allergic to peanuts.]'
    """
    if hit.superseded and hit.kind == "episode" and hit.matched.strip() and not labelled_inline(hit):
        return " ".join(hit.matched.split())
    text = " ".join(shown_text(hit).split())
    if not hit.outdated_parts:
        return text
    colon = ": " if labels is LABELS["en"] else "："
    out, at = [], 0
    for part in hit.outdated_parts:
        piece = " ".join(part.split())
        found = text.find(piece, at)
        if not piece or found < 0:
            continue
        aside = marker_length(piece)  # "btw", 对了: how the user put it, not what was replaced
        out.append(text[at:found] + piece[:aside] + f"[{labels['outdated']}{colon}{piece[aside:]}]")
        at = found + len(piece)
    return "".join(out) + text[at:]


def labelled_inline(hit: Hit) -> bool:
    """Whether outdated episode ``hit`` labels its replaced pieces inline (``recall.outdated.replaced_pieces``)
    rather than as a whole: its ``outdated_parts`` are found in what it shows and are not all of it."""
    if not (hit.superseded and hit.kind == "episode" and hit.outdated_parts):
        return False
    shown = " ".join(shown_text(hit).split())
    pieces = [" ".join(p.split()) for p in hit.outdated_parts]
    return all(p in shown for p in pieces) and "".join(pieces).replace(" ", "") != shown.replace(" ", "")


def in_users_script(hits: Sequence[Hit], source: Callable[[int], str | None]) -> list[Hit]:
    """``hits`` with each fact hit's text in the script its first cited message was written in
    (``text.hanzi.as_written``): the rule extractor reads Traditional Chinese as Simplified, so
    我對花生過敏 is stored as 对花生过敏, and a Taiwan or Hong Kong user's context block read their
    memories in the other script. ``source(episode_id)`` gives a message's text (``None``: gone).
    Display only: the stored fact, its value and filters on it are unchanged."""
    out = []
    for hit in hits:
        if hit.kind == "fact" and hit.fact is not None and hit.citations and not hit.text.isascii():
            said = source(hit.citations[0])
            if said is not None:
                hit = replace(hit, text=as_written(hit.text, hit.fact.value, said))
        out.append(hit)
    return out


#: Shortest text kept in front of an ellipsis; below it a line says too little to include.
MIN_TEXT_CHARS = 6
#: Fewest words a line cut to the budget keeps (a Latin word counts 1, a Han character 1/2: two
#: make a word). Fewer, and the line is left out rather than shown as a fragment ("…UPS, use…"
#: says neither what to stop nor what to use); a line short enough to fit whole is never cut.
MIN_KEPT_WORDS = 5
#: Where a Chinese clause ends: a cut end moves back to the nearest one inside the window.
_CLAUSE_END = "，。；！？、,;!?"
_LATIN_WORD = re.compile(r"[^\W_]")


def _fit(label: str, text: str, focus: str, citation: str, budget_tokens: int, *, whole: bool = False) -> str | None:
    """``- {label}{text}{citation}``, with ``text`` cut to a window around ``focus`` (what the
    search matched; ``recall.excerpt``) until the line fits: a long message cut from its end
    lost the one sentence that answered. ``whole``: never cut
    (a safety line), ``None`` when the whole line does not fit."""
    line = f"- {label}{text}{citation}\n"
    if estimate_tokens(line) <= budget_tokens:
        return line
    if whole:
        return None
    size = len(text)
    while size > MIN_TEXT_CHARS:
        size = max(MIN_TEXT_CHARS, size - max(1, size // 8))
        piece = at_boundaries(excerpt(text, focus, max_chars=size), text)
        if word_count(piece) < MIN_KEPT_WORDS:
            return None  # what is left says too little: no line beats a fragment
        line = f"- {label}{piece}{citation}\n"
        if estimate_tokens(line) <= budget_tokens:
            return line
    return None


def word_count(text: str) -> float:
    """Words in ``text`` for ``MIN_KEPT_WORDS``: each Latin word 1, each Han character 1/2.

    >>> word_count("…using UPS, use…"), word_count("别再用圆通了")
    (3.0, 3.0)
    """
    han = sum(1 for c in text if is_cjk(c))
    return len(re.findall(r"[^\W_]+", "".join(" " if is_cjk(c) else c for c in text))) + han / 2


def at_boundaries(piece: str, text: str) -> str:
    """``piece`` (an ``excerpt`` of ``text``, ``…`` at each cut end) with each cut end moved
    inward to a boundary: past a Latin word cut in two, and a Chinese end back to the nearest
    clause end inside its last third, so a line ends on "you…" or "别再用圆通了…", not on "you
    sen…" or "家里的包…".

    >>> at_boundaries("…ing UPS, use DHL for each parcel you sen…", "Stop using UPS, use DHL for each parcel you send")
    '…UPS, use DHL for each parcel you…'
    """
    inner = piece.removeprefix(ELLIPSIS).removesuffix(ELLIPSIS)
    start = text.find(inner)
    if start < 0 or not inner:
        return piece
    end = start + len(inner)
    if piece.startswith(ELLIPSIS):
        start = _forward(text, start, end)
    if piece.endswith(ELLIPSIS):
        end = _backward(text, start, end)
    kept = text[start:end].strip() or inner
    return (ELLIPSIS if start > 0 else "") + kept + (ELLIPSIS if end < len(text) else "")


def _forward(text: str, start: int, end: int) -> int:
    """A cut start moved past a split Latin word (a Chinese start stays: moving it to a clause end
    would drop the words before it, often the ones that matched)."""
    if start > 0 and _LATIN_WORD.match(text[start - 1]) and _LATIN_WORD.match(text[start]) \
            and not is_cjk(text[start]):
        while start < end and _LATIN_WORD.match(text[start]) and not is_cjk(text[start]):
            start += 1
    return start


def _backward(text: str, start: int, end: int) -> int:
    """A cut end moved before a split Latin word or to a clause end (left out) in the last third."""
    if end < len(text) and _LATIN_WORD.match(text[end - 1]) and _LATIN_WORD.match(text[end]) \
            and not is_cjk(text[end - 1]):
        while end > start and _LATIN_WORD.match(text[end - 1]) and not is_cjk(text[end - 1]):
            end -= 1
    elif is_cjk(text[end - 1]):
        stop = next((i for i in range(end - 1, end - 1 - (end - start) // 3, -1) if text[i] in _CLAUSE_END), None)
        end = end if stop is None else stop
    return end
