"""``memstrata bench extraction``: precision and recall of the rule extractor on annotated messages.

Sets scored and reported apart (``set_names``; each described in ``bench/data/extraction/README.md``):

- ``tuned`` (``bench/data/extraction/{en,zh}.jsonl``): real turns (LoCoMo conv-30, MemoryBank,
  RealMem) and written statements of each statement shape, written while the rules were tuned;
- every folder under that root holding ``<lang>.jsonl`` is a set named as the folder: ``unseen`` and
  ``unseen-b``, messages written by people who had not read the rules, so their figures say how the
  extractor reads sentences nobody tuned it for.

Each message is annotated with the facts a careful person would store; written change sequences
with the value that must be current at the end.

Comparison is key-free, so an extractor is not judged by the taxonomy's names:

- **subject**: ``user`` is the speaker (a candidate's ``subject`` empty); any other annotated
  subject is a ``|``-separated list of names or relation words, one of which must occur in the
  candidate's subject ("Tom", "sister"; a relative's or a role's word as the extractor keeps it, 姐姐 → sister,
  客户 → client, 老板 → boss: ``extract.kin``, ``extract.roles``).
- **attribute**: a word class (``ATTRIBUTE_WORDS``) or, for an attribute outside the table, the
  attribute's own words; one of them must occur in the candidate's key or statement
  (``user.editor``, ``uses Neovim as code editor``, ``配送偏好顺丰``).
- **value**: one of the annotated ``|``-separated spellings, equal after ``fold`` (NFKC, case,
  Simplified, punctuation, a leading article), or one containing the other when the shorter has
  at least ``MIN_CONTAINED`` (Chinese: ``MIN_CONTAINED_CJK``) characters, or an English word
  with another ending (intolerant / intolerance).

A withdrawal ("please stop using UPS") matches only an annotated withdrawal. Each candidate matches
at most one annotated fact. A change sequence is right when, after its messages are added in order
through ``Memory`` (a SQLite file, rule extraction, the hashing embedder), every annotated current
value is an active fact and no annotated ``gone`` value is.
"""

from __future__ import annotations

import json
import re
import tempfile
import unicodedata
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from memstrata.embed.hashing import HashingEmbedder
from memstrata.errors import InvalidInput
from memstrata.extract import kin, roles
from memstrata.extract.base import Extractor
from memstrata.extract.rules import RuleExtractor
from memstrata.extract.taxonomy import GENERIC_KEYS
from memstrata.memory import Memory
from memstrata.text.hanzi import simplified
from memstrata.types import Fact

LANGUAGES = ("en", "zh")
#: The set whose files lie at the sets' root (the package's ``bench/data/extraction`` or ``--data``); every
#: other set is a folder under that root, named as the folder (``unseen``, ``unseen-b``).
TUNED = "tuned"
#: How a set is named in the printed report (a set without a title is shown by its name).
SET_TITLES = {TUNED: "tuned set (written while the rules were tuned)",
              "unseen": "unseen (written without reading the rules)",
              "unseen-b": "unseen-b (a second set written without reading the rules)"}
#: Shortest folded value (characters) that may match by containment: "Go" inside "Google" must not.
MIN_CONTAINED = 3
#: The same for a value in Chinese, where most words have two characters (过道 in 靠过道).
MIN_CONTAINED_CJK = 2
#: Words that name an attribute class in a key or statement, English and Chinese.
_LIKE = ("like", "enjoy", "love", "favorite", "favourite", "hobby", "prefer", "fan of", "喜欢", "爱", "偏好")
_HABIT = ("habit", "usually", "every", "often", "always", "routine", "习惯", "经常", "每天", "总是")
ATTRIBUTE_WORDS: dict[str, tuple[str, ...]] = {
    "like": _LIKE,
    "dislike": ("dislike", "hate", "not like", "does not", "不喜欢", "讨厌", "不吃"),
    "activity": (*_LIKE, *_HABIT, "activity", "learn", "study", "does", "goes", "plays", "学", "练", "event"),
    "habit": (*_HABIT, "habit", "from now on", "以后"),
    "name": ("name", "called", "名字", "叫"),
    "occupation": ("occupation", "work", "job", "职业", "工作"),
    "employer": ("employer", "work", "company", "公司", "工作", "上班"),
    "business": ("business", "studio", "store", "occupation", "work", "owns", "event"),
    "location": ("location", "live", "lives", "moved", "住", "居住", "搬"),
    "carrier": ("carrier", "shipping", "ship", "deliver", "courier", "快递", "配送", "发货"),
    "deliver": ("deliver", "dropoff", "address", "ship", "送", "寄", "配送", "收货"),
    "allergy": ("allerg", "过敏"),
    "diet": ("diet", "vegetarian", "vegan", "饮食", "素"),
    "event": ("event", "schedule", "plan", "travel", "日程", "计划"),
    "plan": ("plan", "schedule", "travel", "trip", "event", "计划", "日程", "旅行"),
    "instruction": ("instruction", "assistant", "prefer", "answer", "助手", "偏好", "回答"),
    "contact": ("contact", "channel", "联系", "use", "用"),
    "seat": ("seat", "座"),
    "drink": ("drink", "喝", "milk", "tea", "coffee", "咖啡", "茶", "奶"),
    "use": ("use", "uses", "switch", "tool", "editor", "用", "换", "使用"),
    "health": ("health", "condition", "allerg", "has", "患", "健康", "过敏", "不耐受"),
    "team": ("team", "组", "部门"),
    "airline": ("airline", "fly", "flight", "航", "机票"),
    "编辑器": ("editor", "编辑器"),
    "手机": ("phone", "手机"),
    "项目": ("project", "项目"),
    "学校": ("school", "学校"),
}


def fold(text: str) -> str:
    """Comparison form of a value: NFKC, case-folded, Simplified, a leading article or possessive
    dropped, punctuation and spaces removed (``"The Beatles!"`` → ``beatles``)."""
    text = simplified(unicodedata.normalize("NFKC", text)).casefold().strip()
    text = re.sub(r"^(?:the|a|an|my|their|our)\s+", "", text)
    return re.sub(r"[\s\W_]+", "", text)


@dataclass(frozen=True)
class Annotated:
    """One fact a reader annotated: whom, which attribute, what value, withdrawn or stated."""

    subject: str
    attribute: str
    value: str
    withdrawn: bool = False

    @classmethod
    def read(cls, raw: dict[str, Any]) -> Annotated:
        """From one annotation object of the set's JSON lines."""
        return cls(raw["subject"], raw["attribute"], raw["value"], bool(raw.get("withdrawn", False)))


@dataclass(frozen=True)
class Case:
    """One annotated item: a message (``facts`` has one list) or a change sequence (``current`` set)."""

    id: str
    lang: str
    shape: str
    messages: tuple[str, ...]
    facts: tuple[tuple[Annotated, ...], ...]
    current: tuple[Annotated, ...] | None = None
    gone: tuple[Annotated, ...] = ()


@dataclass(frozen=True)
class Seen:
    """A fact as the comparison sees it: from an extractor's candidate or a stored fact."""

    subject: str
    words: str  # key and statement without the value, case-folded: where attribute words are looked for
    value: str
    withdrawn: bool = False


@dataclass
class Tally:
    """Counts of one (language, shape) cell."""

    messages: int = 0
    predicted: int = 0
    correct: int = 0
    expected: int = 0
    found: int = 0
    sequences: int = 0
    right: int = 0
    misses: list[str] = field(default_factory=list)
    wrong: list[str] = field(default_factory=list)  # per message: facts missed and candidates matching none

    def as_dict(self) -> dict[str, Any]:
        """Counts and the three ratios (``None`` where the denominator is 0)."""
        return {"messages": self.messages, "predicted": self.predicted, "correct": self.correct,
                "expected": self.expected, "found": self.found, "sequences": self.sequences,
                "right": self.right, "precision": _ratio(self.correct, self.predicted),
                "recall": _ratio(self.found, self.expected), "sequences_right": _ratio(self.right, self.sequences)}


def _ratio(a: int, b: int) -> float | None:
    return round(a / b, 3) if b else None


def load_cases(langs: Iterable[str] = LANGUAGES, data: Path | None = None, set_name: str = "tuned") -> list[Case]:
    """The annotated cases of ``langs`` in the set ``set_name`` (one of ``set_names(data)``), from ``data``
    (the sets' root: ``<lang>.jsonl`` for ``tuned``, ``<set_name>/<lang>.jsonl`` for another set) or the
    package's own sets. Raises ``InvalidInput`` naming the file and line of a malformed case, the file
    missing, or an unknown set with the sets that exist."""
    out = []
    for lang in langs:
        path = _set_root(data, set_name) / f"{lang}.jsonl"
        if not path.is_file():
            raise InvalidInput(f"{path}: no such file (the {set_name} set's {lang} cases)")
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            try:
                raw = json.loads(line)
                out.append(Case(raw["id"], lang, raw["shape"], tuple(raw["messages"]),
                                tuple(tuple(Annotated.read(f) for f in fs) for fs in raw["facts"]),
                                tuple(Annotated.read(f) for f in raw["current"]) if "current" in raw else None,
                                tuple(Annotated.read(f) for f in raw.get("gone", []))))
            except (KeyError, TypeError, ValueError) as exc:
                raise InvalidInput(f"{path}: line {n}: malformed case ({exc})") from None
    return out


def set_names(data: Path | None = None) -> list[str]:
    """The sets under ``data`` (or the package's ``bench/data/extraction``): ``tuned``, then each folder
    holding a ``<lang>.jsonl`` of ``LANGUAGES``, by name (``["tuned", "unseen", "unseen-b"]``)."""
    root = _data_root(data)
    if not root.is_dir():
        return [TUNED]  # the tuned set's file is then reported missing by name
    folders = (p for p in root.iterdir() if p.is_dir() and not p.name.startswith((".", "_")))
    return [TUNED, *sorted(p.name for p in folders if any(p.joinpath(f"{lang}.jsonl").is_file()
                                                          for lang in LANGUAGES))]


def _data_root(data: Path | None) -> Path | Traversable:
    return data if data is not None else resources.files("memstrata") / "bench/data/extraction"


def _set_root(data: Path | None, set_name: str) -> Path | Traversable:
    """The folder of ``set_name``'s files under ``data`` or the package's ``bench/data/extraction``;
    ``InvalidInput`` naming the sets that exist when ``set_name`` is none of them."""
    root = _data_root(data)
    if set_name == TUNED:
        return root
    known = set_names(data)
    if set_name not in known:
        raise InvalidInput(f"--set {set_name}: no such set under {root} (the sets there: "
                           f"{', '.join(known)}, or all)")
    return root / set_name


def matches(seen: Seen, want: Annotated) -> bool:
    """Whether ``seen`` is the annotated fact ``want`` (subject, attribute and value; see module doc)."""
    if seen.withdrawn != want.withdrawn:
        return False
    if want.subject == "user":
        if seen.subject:
            return False
    elif not seen.subject or not any(s.casefold() in seen.subject.casefold()
                                     or seen.subject in (kin.subject(s), roles.subject(s))
                                     for s in want.subject.split("|")):
        return False
    words = ATTRIBUTE_WORDS.get(want.attribute, tuple(want.attribute.split("|")))
    said = seen.words
    if want.attribute == "like":  # "dislike" and 不喜欢 hold "like" and 喜欢: a dislike is no like
        said = _DISLIKE_WORDS.sub(" ", said)
    if not any(w.casefold() in said for w in words):
        return False
    return any(_same_value(seen, alternative) for alternative in want.value.split("|"))


#: A dislike's key and words, which hold a like's ("preference.dislike" holds "prefer" and "like", 不喜欢 holds
#: 喜欢), cut before a like is looked for.
_DISLIKE_WORDS = re.compile(r"\w+\.dislike|dislike|not like|不喜欢|不太喜欢|不再喜欢")


def _same_value(seen: Seen, value: str) -> bool:
    a, b = fold(seen.value), fold(value)
    if not a and seen.withdrawn:  # "I'm no longer vegetarian": every value of the key withdrawn
        return True
    if not a or not b:
        return a == b
    short, long = sorted((a, b), key=len)
    if len(short) < (MIN_CONTAINED if short.isascii() else MIN_CONTAINED_CJK):
        return a == b
    # contained, or the same word with another ending ("lactose intolerant" / "... intolerance")
    return short in long or (short.isascii() and long.startswith(short[:-2]))


def _pair(seen: Sequence[Seen], wanted: Sequence[Annotated]) -> tuple[list[Seen], list[Annotated]]:
    """Pair each of ``seen`` with a distinct annotated fact it matches (greedy, in order): the
    candidates left unpaired (false positives) and the annotated facts left unpaired (misses)."""
    free = list(wanted)
    extra = []
    for s in seen:
        hit = next((w for w in free if matches(s, w)), None)
        if hit is None:
            extra.append(s)
        else:
            free.remove(hit)
    return extra, free


def _miss_line(case_id: str, text: str, extra: Sequence[Seen], missed: Sequence[Annotated]) -> str:
    """One message's errors for ``--misses``: its id and text, then ``-`` a missed fact, ``+`` a
    candidate matching no annotated fact."""
    lines = [f"{case_id}: {text}"]
    lines += [f"  - {w.subject} {w.attribute} = {w.value}{' (withdrawn)' if w.withdrawn else ''}" for w in missed]
    lines += [f"  + {s.subject or 'user'} [{s.words.strip()}] = {s.value}{' (withdrawn)' if s.withdrawn else ''}"
              for s in extra]
    return "\n".join(lines)


def extracted(extractor: Extractor, text: str, said_at: datetime) -> list[Seen]:
    """The candidates ``extractor`` reads in ``text`` as the comparison sees them."""
    return [Seen(c.subject, _words(c.key, c.statement, c.value), c.value, c.retracts)
            for c in extractor.extract(text=text, role="user", said_at=said_at)]


def _words(key: str, statement: str, value: str) -> str:
    """Where attribute words are looked for: the key and the statement without its value (so
    "lives in design team" says nothing of a team); under a generic key (``note``,
    ``preference.habit``) the value says the attribute ("deliver to my office")."""
    said = statement.replace(value, " ") if value and key not in GENERIC_KEYS else statement
    return f"{key} {said}".casefold()


def _stored(fact: Fact) -> Seen:
    return Seen(fact.subject or "", _words(fact.key, fact.statement, fact.value), fact.value)


def _sequence_right(case: Case, directory: Path) -> bool:
    """Whether ``case``'s messages, added in order, leave its current values and none of its gone ones."""
    start = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
    with Memory(directory / f"{case.id}.db", embedder=HashingEmbedder()) as mem:
        for i, text in enumerate(case.messages):
            mem.add(text, user_id="u", created_at=start + timedelta(minutes=i))
        active = [_stored(f) for f in mem.list(user_id="u", limit=500) if isinstance(f, Fact)]
    current_ok = all(any(matches(s, w) for s in active) for w in case.current or ())
    return current_ok and not any(matches(s, w) for w in case.gone for s in active)


def score(cases: Sequence[Case], extractor: Extractor | None = None) -> dict[tuple[str, str], Tally]:
    """Tallies by (language, shape): every message scored alone; each change sequence through a
    real ``Memory``. The ``("<lang>", "all")`` cells sum a language."""
    extractor = extractor or RuleExtractor()
    said_at = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
    tallies: dict[tuple[str, str], Tally] = defaultdict(Tally)
    with tempfile.TemporaryDirectory(prefix="memstrata-extraction-") as tmp:
        for case in cases:
            for cell in (tallies[(case.lang, case.shape)], tallies[(case.lang, "all")]):
                cell.messages += len(case.messages)
            for text, wanted in zip(case.messages, case.facts, strict=True):
                seen = extracted(extractor, text, said_at)
                extra, missed = _pair(seen, wanted)
                correct = len(seen) - len(extra)
                for cell in (tallies[(case.lang, case.shape)], tallies[(case.lang, "all")]):
                    cell.predicted += len(seen)
                    cell.correct += correct
                    cell.expected += len(wanted)
                    cell.found += correct  # one-to-one pairs: a pair is one candidate and one annotation
                if extra or missed:
                    tallies[(case.lang, case.shape)].wrong.append(_miss_line(case.id, text, extra, missed))
            if case.current is not None:
                right = _sequence_right(case, Path(tmp))
                for cell in (tallies[(case.lang, case.shape)], tallies[(case.lang, "all")]):
                    cell.sequences += 1
                    cell.right += right
                    if not right:
                        cell.misses.append(case.id)
    return dict(tallies)


def report(tallies: dict[tuple[str, str], Tally]) -> dict[str, Any]:
    """The tallies as JSON-ready nested dicts: ``{lang: {shape: counts and ratios}}``."""
    out: dict[str, dict[str, Any]] = defaultdict(dict)
    for (lang, shape), tally in sorted(tallies.items()):
        out[lang][shape] = tally.as_dict() | {"missed_sequences": tally.misses, "wrong_messages": tally.wrong}
    return dict(out)


def table(tallies: dict[tuple[str, str], Tally], set_name: str = "tuned") -> Table:
    """One row per (language, shape), each language's total last; titled with the set's name."""
    t = Table(title=f"memstrata bench extraction (rule extractor): {SET_TITLES.get(set_name, set_name)}")
    for col in ("lang", "shape", "msgs", "pred", "exp", "P", "R", "sequences"):
        t.add_column(col, justify="left" if col in ("lang", "shape") else "right")
    order = sorted(tallies, key=lambda k: (k[0], k[1] == "all", k[1]))
    for lang, shape in order:
        d = tallies[(lang, shape)].as_dict()
        seq = f"{d['right']}/{d['sequences']} ({d['sequences_right']:.2f})" if d["sequences"] else "-"
        t.add_row(lang, shape, str(d["messages"]), str(d["predicted"]), str(d["expected"]),
                  _shown(d["precision"]), _shown(d["recall"]), seq)
    return t


def _shown(x: float | None) -> str:
    return "-" if x is None else f"{x:.3f}"


def run_extraction(*, console: Console, langs: Sequence[str] = LANGUAGES, data: Path | None = None,
                   out: Path | None = None, misses: Sequence[str] = (),
                   sets: Sequence[str] | None = None) -> dict[str, Any]:
    """Score the rule extractor on each of ``sets`` (default: every set under ``data``, ``set_names``)
    apart, print one table per set, and write ``out`` (JSON: ``{set: {lang: {shape: counts and ratios}}}``,
    the tuned set's ``second_reading`` beside its languages) if given. ``data`` is the sets' root
    (``<lang>.jsonl``, ``<set>/<lang>.jsonl``); of several sets, one without a file for every language
    asked is left out (the tuned set never is). ``misses`` names
    shapes (``real``, ``change``, ``all``) whose wrong messages are printed before each table: each
    message's missed facts (``-``) and candidates matching no annotated fact (``+``).

    Raises:
        InvalidInput: a language outside ``LANGUAGES``, a set not under ``data``, a set's file missing,
            or a malformed case (file and line named).
    """
    bad = [lang for lang in langs if lang not in LANGUAGES]
    if bad:
        raise InvalidInput(f"--lang must be among {', '.join(LANGUAGES)}, got {', '.join(bad)}")
    sets = set_names(data) if sets is None else sets
    for name in sets:
        _set_root(data, name)  # an unknown set is refused before any is scored
    chosen = [name for name in sets if len(sets) == 1 or name == TUNED or _set_present(data, name, langs)]
    result: dict[str, Any] = {}
    for name in chosen:
        cases = load_cases(langs, data, name)
        result[name] = _score_set(console, name, cases, misses)
        if name == TUNED and set(langs) == set(LANGUAGES) and _set_root(data, name).joinpath(
                "second_reading.jsonl").is_file():
            agreed = agreement(cases, data)
            console.print(f"second reading of {agreed.messages} messages: store/no-store kappa {agreed.kappa:.3f} "
                          f"(observed {agreed.observed:.3f}); facts of the set found by the second reading "
                          f"{agreed.first_found:.3f}, the other way {agreed.second_found:.3f}")
            result[name]["second_reading"] = agreed.__dict__
    if len(result) > 1:
        console.print(side_by_side(result))
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(result, ensure_ascii=False, indent=1), encoding="utf-8")
    return result


def side_by_side(result: dict[str, Any]) -> Table:
    """Each set's language totals, one row per (set, language): the tuned figures beside the unseen ones."""
    t = Table(title="memstrata bench extraction: the sets side by side")
    for col in ("set", "lang", "msgs", "P", "R", "sequences"):
        t.add_column(col, justify="left" if col in ("set", "lang") else "right")
    for name, by_lang in result.items():
        for lang in LANGUAGES:
            d = by_lang.get(lang, {}).get("all")
            if d is None:
                continue
            seq = f"{d['right']}/{d['sequences']}" if d["sequences"] else "-"
            t.add_row(SET_TITLES.get(name, name), lang, str(d["messages"]), _shown(d["precision"]),
                      _shown(d["recall"]), seq)
    return t


def _set_present(data: Path | None, set_name: str, langs: Sequence[str]) -> bool:
    """Whether the root holds ``set_name``'s file for every one of ``langs``."""
    return all(_set_root(data, set_name).joinpath(f"{lang}.jsonl").is_file() for lang in langs)


def _score_set(console: Console, set_name: str, cases: Sequence[Case], misses: Sequence[str]) -> dict[str, Any]:
    """Score one set, print its wrong messages of the shapes in ``misses`` and its table; its report."""
    tallies = score(cases)
    for (_, shape), tally in sorted(tallies.items()):
        if shape in misses or ("all" in misses and shape != "all"):
            for line in tally.wrong:
                console.print(line, markup=False, highlight=False, soft_wrap=True)
    console.print(table(tallies, set_name))
    return report(tallies)


@dataclass(frozen=True)
class Agreement:
    """How a second reading of a sample agrees with the set's annotation.

    ``kappa``: Cohen's kappa on store / no-store per message; ``observed``: the share of messages
    where both readings store or both store nothing; ``first_found`` / ``second_found``: among the
    messages both readings store, the share of one reading's facts the other also has (same subject
    and value, ``matches`` without the attribute, which the two readings word differently).
    """

    messages: int
    kappa: float
    observed: float
    first_found: float
    second_found: float


def agreement(cases: Sequence[Case], data: Path | None = None) -> Agreement:
    """Agreement of ``second_reading.jsonl`` (in ``data`` or the package's set) with ``cases``."""
    name = "second_reading.jsonl"
    path = (data / name) if data else resources.files("memstrata") / "bench/data/extraction" / name
    by_id = {c.id: c for c in cases}
    pairs = []
    for line in path.read_text(encoding="utf-8").splitlines():
        raw = json.loads(line)
        if raw["id"] in by_id:
            pairs.append((by_id[raw["id"]].facts[raw["message"]], tuple(Annotated.read(f) for f in raw["facts"])))
    n = len(pairs)
    first, second = [bool(a) for a, _ in pairs], [bool(b) for _, b in pairs]
    observed = sum(x == y for x, y in zip(first, second, strict=True)) / n
    p1, p2 = sum(first) / n, sum(second) / n
    chance = p1 * p2 + (1 - p1) * (1 - p2)
    both = [(a, b) for a, b in pairs if a and b]
    return Agreement(n, round((observed - chance) / (1 - chance), 3), round(observed, 3),
                     round(_share_found(both), 3), round(_share_found([(b, a) for a, b in both]), 3))


def _share_found(pairs: Sequence[tuple[tuple[Annotated, ...], tuple[Annotated, ...]]]) -> float:
    """Share of the left reading's facts that the right reading also annotated (subject and value)."""
    total = sum(len(a) for a, _ in pairs)
    found = sum(1 for a, b in pairs for f in a
                if any(matches(_as_seen(g), replace(f, attribute=g.attribute)) for g in b))
    return found / total if total else 1.0


def _as_seen(fact: Annotated) -> Seen:
    """An annotated fact as if extracted: its attribute's own words stand for the key."""
    words = " ".join(ATTRIBUTE_WORDS.get(fact.attribute, (fact.attribute,))).casefold()
    return Seen("" if fact.subject == "user" else fact.subject, words, fact.value, fact.withdrawn)
