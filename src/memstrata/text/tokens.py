"""Index terms for full-text search in Chinese and English.

SQLite's ``unicode61`` tokenizer keeps a run of Han characters as one token, and
``trigram`` cannot match two-character words (顺丰, 门口), so text is pre-segmented
here into a shadow column: Latin/digit words lower-cased, and each run of CJK
characters as overlapping character bigrams (a lone character stays a unigram).
On the probes in ``shared/NOTES.md`` bigrams matched everything ``jieba`` matched,
with no 42 MB dependency and no 0.65 s load. Queries are segmented the same way, so
``放门口`` becomes ``放门 门口`` and finds ``别放门口``.
"""

from __future__ import annotations

import re

# CJK Unified Ideographs (+ Ext A), Hiragana/Katakana, Hangul syllables.
_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3040-\u30ff\uac00-\ud7af"
_TOKEN = re.compile(rf"[{_CJK}]+|[^\W_{_CJK}]+", re.UNICODE)
_CJK_RUN = re.compile(rf"[{_CJK}]")

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


def is_cjk(ch: str) -> bool:
    """True if ``ch`` (one character) is a CJK ideograph, kana or hangul."""
    return bool(_CJK_RUN.match(ch))


def index_terms(text: str) -> list[str]:
    """Terms of ``text`` in order: lower-cased words and CJK bigrams.

    >>> index_terms("我喜欢用VSCode写代码")
    ['我喜', '喜欢', '欢用', 'vscode', '写代', '代码']
    """
    terms: list[str] = []
    for match in _TOKEN.finditer(text):
        run = match.group(0)
        if _CJK_RUN.match(run):
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
    """Distinct terms of a user query, stop words removed (unless nothing else is left)."""
    terms = index_terms(text)
    kept = [
        t for t in terms
        if t not in QUERY_STOPWORDS and not (len(t) == 1 and t in _ZH_QUERY_STOP)
    ]
    return list(dict.fromkeys(kept or terms))


def fts_match_expression(text: str, *, max_terms: int = 32) -> str | None:
    """A safe FTS5 MATCH expression OR-ing the query's terms, or ``None`` if it has none.

    Every term is double-quoted, and terms only ever contain word characters, so
    operators and punctuation a user types (``what's "this"? AND (``) can never make a
    syntax error: ``AND`` becomes the literal term ``"and"``.
    """
    terms = query_terms(text)[:max_terms]
    if not terms:
        return None
    return " OR ".join(f'"{t}"' for t in terms)
