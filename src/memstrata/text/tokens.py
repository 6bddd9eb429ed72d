"""Index terms for full-text search in Chinese and English.

SQLite's ``unicode61`` tokenizer keeps a run of Han characters as one token, and
``trigram`` cannot match two-character words (顺丰, 门口), so text is pre-segmented
here into a shadow column: Latin/digit words lower-cased, and each run of CJK
characters as overlapping character bigrams (a lone character stays a unigram).
English words are reduced to their Snowball stem (PyStemmer), so ``dogs`` finds
``dog`` and ``adopted`` finds ``adopt``: on LoCoMo this lifted full-text recall by
about three points (docs/benchmarks.md). On the probes in ``shared/NOTES.md``
bigrams matched everything ``jieba`` matched, with no 42 MB dependency and no 0.65 s load.
Queries are segmented the same way, so
``放门口`` becomes ``放门 门口`` and finds ``别放门口``. Traditional characters are read as
Simplified (``text.hanzi``), so 順豐 and 顺丰 are one term: a query in either script finds a
memory in the other.
"""

from __future__ import annotations

import re
import threading
import unicodedata

import Stemmer

from memstrata.text.hanzi import simplified
from memstrata.text.regex import lazy_regex

# CJK Unified Ideographs (+ Ext A), Hiragana/Katakana, Hangul syllables.
_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3040-\u30ff\uac00-\ud7af"
_TOKEN = lazy_regex(rf"[{_CJK}]+|[^\W_{_CJK}]+", re.UNICODE)
_CJK_RUN = lazy_regex(rf"[{_CJK}]")
_CJK_WHOLE = lazy_regex(rf"[{_CJK}]+")

#: English function words dropped from queries only (documents keep them, so phrase
#: structure is intact); they match nearly every turn and only slow BM25 down.
QUERY_STOPWORDS = frozenset(
    """a an the and or but if of to in on at by for with from as is am are was were be been
    being do does did doing have has had having i me my we our you your he him his she her it
    its they them their this that these those what which who whom whose when where why how
    will would shall should can could may might must not no so than too very just there here
    about into over after before up down out off again then once any all both each few more
    most other some such only own same s t don't didn't""".split()
)
_ZH_QUERY_STOP = frozenset("的了吗呢吧啊呀么是在我你他她它们这那有什什么怎么哪谁".replace("什什么", ""))


#: Version of the term scheme stored in the full-text columns (meta ``terms_version``):
#: 1 = lower-cased words, 2 = Snowball-stemmed words, 3 = CJK terms in Simplified characters.
#: A database with an older version is re-indexed on open (``memstrata.store.reindex``); each
#: version's terms are a function of the previous version's terms alone (``stem_term``, then
#: ``text.hanzi.simplified``, both term by term), so no source text is needed.
TERMS_VERSION = 3

# PyStemmer objects are not thread-safe: one per thread (each keeps its own word cache).
_local = threading.local()


def stem_term(term: str) -> str:
    """The Snowball English stem of one lower-cased ASCII word; any other term unchanged.

    >>> stem_term("adopted"), stem_term("顺丰"), stem_term("2023")
    ('adopt', '顺丰', '2023')
    """
    if not (term.isascii() and term.isalpha()):
        return term
    return str(_stemmer().stemWord(term))


def _stemmer() -> Stemmer.Stemmer:
    stemmer = getattr(_local, "stemmer", None)
    if stemmer is None:
        stemmer = _local.stemmer = Stemmer.Stemmer("english")
    return stemmer


def stem_terms_text(terms: str) -> str:
    """A stored version-1 terms column (space-joined) in the current scheme."""
    return " ".join(simplified(stem_term(t)) for t in terms.split())


def simplify_terms_text(terms: str) -> str:
    """A stored version-2 terms column (space-joined) in the current scheme."""
    return simplified(terms)


def is_cjk(ch: str) -> bool:
    """True if ``ch`` (one character) is a CJK ideograph, kana or hangul."""
    return bool(_CJK_RUN.match(ch))


def index_terms(text: str) -> list[str]:
    """Terms of ``text`` in order: stemmed lower-cased words and CJK bigrams.

    >>> index_terms("我喜欢用VSCode写代码 adopted dogs")
    ['我喜', '喜欢', '欢用', 'vscode', '写代', '代码', 'adopt', 'dog']
    """
    stemmer = _stemmer()
    return [stemmer.stemWord(t) if t.isascii() and t.isalpha() else t for t in words(text)]


def words(text: str) -> list[str]:
    """Terms of ``text`` in order before stemming: lower-cased words and CJK bigrams.

    >>> words("我喜欢用VSCode写代码")
    ['我喜', '喜欢', '欢用', 'vscode', '写代', '代码']
    """
    terms: list[str] = []
    for match in _TOKEN.finditer(text):
        run = match.group(0)
        if _CJK_RUN.match(run):
            run = simplified(run)
            if len(run) == 1:
                terms.append(run)
            else:
                terms.extend(run[i : i + 2] for i in range(len(run) - 1))
        else:
            terms.append(run.lower())
    return terms


def index_text(text: str) -> str:
    """The shadow-column text stored in the FTS5 table: ``index_terms`` joined by spaces."""
    return " ".join(index_terms(text))


def query_terms(text: str) -> list[str]:
    """Distinct stemmed terms of a user query, stop words removed (unless nothing else is left)."""
    terms = words(text)
    kept = [
        t for t in terms
        if t not in QUERY_STOPWORDS and not (len(t) == 1 and t in _ZH_QUERY_STOP)
    ]
    return list(dict.fromkeys(stem_term(t) for t in kept or terms))


def coverage_units(terms: list[str] | set[str]) -> set[str]:
    """What match-strength coverage counts for a query's ``terms``: each word, and each
    CJK bigram's characters (query stop characters left out).

    Bigram coverage of Chinese is structurally low: "我遇到了什么开心的事情" gives ten
    bigrams, of which a turn that answers it ("…我很开心") shares one; by characters it
    shares two of seven. Counting characters puts CJK queries on the scale English words use.

    >>> sorted(coverage_units({"开心", "心的", "tea"}))
    ['tea', '开', '心']
    """
    units: set[str] = set()
    for term in terms:
        if _CJK_RUN.match(term):
            units.update(ch for ch in term if ch not in _ZH_QUERY_STOP)
        else:
            units.add(term)
    return units


def text_units(text: str) -> frozenset[str]:
    """The units of ``text`` that ``coverage_units`` of a query are looked up in: its index
    terms (``index_terms``) and the characters of its CJK terms.

    >>> sorted(text_units("我喜欢 dogs"))
    ['dog', '喜', '喜欢', '我', '我喜', '欢']

    A search asks for every candidate's units (``recall.strength``), ~600 texts at 10k segments,
    so this is ``index_terms`` in one pass: an ASCII text (no CJK run) is lower-cased at once, and
    a CJK run whose Simplified form is all CJK gives its characters whole (each is in one of its
    terms). ~13 -> ~7 µs a text, the same units (LoCoMo and the bench's texts, and random texts
    of mixed scripts)."""
    stem = _stemmer().stemWord
    if text.isascii():
        return frozenset([stem(t) if t.isalpha() else t for t in _TOKEN.findall(text.lower())])
    units: set[str] = set()
    for run in _TOKEN.findall(text):
        if _CJK_RUN.match(run):
            run = simplified(run)
            terms = [run] if len(run) == 1 else [run[i : i + 2] for i in range(len(run) - 1)]
            units.update(terms)
            if _CJK_WHOLE.fullmatch(run):
                units.update(run)
            else:  # a character Simplified out of the CJK ranges: as ``_CJK_RUN`` reads each term
                units.update(ch for t in terms if _CJK_RUN.match(t) for ch in t)
        else:
            word = run.lower()
            units.add(stem(word) if word.isascii() and word.isalpha() else word)
    return frozenset(units)


def fts_match_expression(text: str) -> str | None:
    """A safe FTS5 MATCH expression OR-ing every distinct term of the query, or ``None`` if it has none.

    Every term is kept, wherever it stands: agents pass whole messages (chit-chat first, the
    question last, often a hundred terms or more), and a cut after the first terms left only
    the chit-chat. BM25 (FTS5's ``bm25()``, ``store.postgres.bm25``) weighs each term by its
    inverse document frequency, so the words the chit-chat shares with every memory count little
    and a rare word of the question counts most. ``Memory.search``'s ``MAX_QUERY_CHARS`` bounds
    the number of terms.

    Every term is double-quoted, and terms only ever contain word characters, so
    operators and punctuation a user types (``what's "this"? AND (``) can never make a
    syntax error: ``AND`` becomes the literal term ``"and"``.
    """
    terms = query_terms(text)
    if not terms:
        return None
    return " OR ".join(f'"{t}"' for t in terms)


_PUNCT = lazy_regex(r"[\s\W_]+", re.UNICODE)


def normalise_value(value: str) -> str:
    """Comparison form of a value: NFKC, case-folded, punctuation and spaces removed."""
    return _PUNCT.sub("", unicodedata.normalize("NFKC", value).casefold())
