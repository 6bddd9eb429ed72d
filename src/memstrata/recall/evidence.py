"""Whether a search found anything that really answers the query, from the query-match
evidence each hit carries, not from the number of hits or their blended score.

A memory that matches nothing still scores ~0.4 from recency, confidence and importance, and
RRF hands the best of any candidate list a full rank share, so "hi", "what do you know about
me?", 你好 or gibberish always return some hits. What separates a
match from noise is the evidence of the match itself (``recall``, ``Hit.signals``):

* ``match``: ``recall.fusion.match_strength``, the larger of the share of the query's terms the
  memory carries and its cosine rescaled between the model's "says nothing" and "clear match"
  cosines, in [0, 1];
* ``similarity``: the rescaled cosine alone;
* ``period_asked``: 1 for a memory said in a period the question itself names ("on May 2nd",
  5月2号, "what did I do this weekend?"): the time is the evidence ("What topics did we discuss on
  May 2nd?" shares no term with the answer). Time words alone are not evidence of a topic: a
  period named only in the sentences around the question ("Had a great weekend! Anyway, what's
  the capital of France?", ``text.clauses.lone_question``) is no evidence, and the question's own
  words have to match (``in_period`` marks every memory said in a period the whole query names,
  for ranking);
* ``replaced_unseen``: an outdated hit whose replacement the search did not find, which answers
  nothing on its own; a replacement it did find carries its ``match`` (``recall.replaced``).

A message that says nothing of its own ("Noted.", 好的, 收到: ``recall.content_free``) is no evidence
whatever it borrowed from the turn it replied to.

``Memory.context`` uses ``matches`` to decide that nothing matched (then the user's profile
stands in for the hits), and ``is_general`` to recognise a query about the user in general,
which gets the profile first. Display decisions only: ranking is untouched.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memstrata.recall.content_free import is_content_free
from memstrata.text.hanzi import simplified
from memstrata.text.regex import lazy_regex
from memstrata.text.tokens import QUERY_STOPWORDS, query_terms
from memstrata.types import Hit

#: Match evidence (``Hit.signals["match"]``) from which a hit answers the query. Measured with
#: the real model over imported benchmark conversations, the best of the top 10 hits of each
#: question (LoCoMo conv-30: 81 questions; MemoryBank-zh and -en: 100 each, 15 users each)
#: against 8 off-topic or gibberish queries per user ("who won the 1998 world cup?", "zzqx",
#: 帮我写一首诗, 量子色动力学的渐近自由; greetings and "what do you know about me" are ``is_general``):
#: at 0.55, 100 % / 100 % / 96 % of the real questions have a matching hit and 0 % / 14 % / 12 % of
#: the off-topic ones; at 0.5 (``recall.fusion.STRENGTH_SATURATION``) 100 / 100 / 97 % against 0 / 18 /
#: 15 %, and a two-word query sharing one word ("what does Dave like?" over a group's "I like …")
#: counts as a match; at 0.6, 99 / 99 / 95 % against 0 / 10 / 9 %.
MATCH_EVIDENCE = 0.55

#: Share of the query's terms from which a hit is shown beside hits that match (``Memory.context``,
#: ``beside_matches``): one holding half of a two-topic question's terms ("allergies and carrier?" →
#: "prefers UPS for shipping", 0.5) answers its part. Resemblance alone counts only from
#: ``MATCH_EVIDENCE``: in a store of a dozen everyday messages every hit ranks high (~0.8), and "where
#: does the user live?" listed the Visa card (cosine evidence 0.50), the cats and the running under the
#: city. ``recall.fusion.STRENGTH_SATURATION``: ranking counts a hit as a real match from there too.
LINE_EVIDENCE = 0.5

#: English words that, alone, ask about the user in general or only greet: "what do you know
#: about me?", "tell me about myself", "hi", "thanks!". Function words (``QUERY_STOPWORDS``)
#: are allowed beside them; any other word makes the query specific ("what do you know about
#: my allergies?").
GENERAL_WORDS_EN = frozenset(
    """hi hello hey hiya howdy yo greetings morning afternoon evening night good thanks thank thx
    ok okay bye goodbye please know knows knew tell remember remembers recall learned learnt stored
    everything anything something myself yourself mine profile summary summarize summarise
    describe info information memory memories far whatever got us m re ve ll d""".split()
)

#: Chinese (Simplified; Traditional is converted first) phrases and characters of the same
#: kind: 你了解我什么？ 我的情况 说说我 你好 谢谢 早上好. Removed from the query longest first,
#: with punctuation; what is left of the CJK text, if anything, is specific (我对什么过敏 → 过敏).
GENERAL_PHRASES_ZH = tuple(sorted(
    """你好 您好 哈喽 哈啰 早上好 早安 上午好 中午好 下午好 晚上好 晚安 谢谢 多谢 感谢 好的 再见 拜拜
    了解 知道 记得 记住 情况 介绍 自己 一切 什么 所有 关于 全部 哪些 信息 资料 说说 讲讲 告诉 一下
    总结 概括 描述 还 都 请 嗨 喂 嘿 我 你 的 吗 呢 吧 啊 呀 么 是 有 些 对 谁 人 个 样 下""".split(),
    key=len, reverse=True))

_LATIN_WORD = lazy_regex(r"[A-Za-z]+")  # "what's" is "what" and "s", both function words
_CJK_CHAR = lazy_regex(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


def is_general(query: str) -> bool:
    """Whether ``query`` asks about the user in general (or only greets or thanks): every English
    word is a function word or in ``GENERAL_WORDS_EN``, and nothing of its Chinese is left once
    ``GENERAL_PHRASES_ZH`` are taken out. A query with no word at all ("???") is not general.

    >>> [is_general(q) for q in ("What do you know about me?", "hi!", "你了解我什么？", "我的情况")]
    [True, True, True, True]
    >>> [is_general(q) for q in ("what do you know about my allergies?", "我对什么过敏？", "???")]
    [False, False, False]
    """
    latin = [w.lower() for w in _LATIN_WORD.findall(query)]
    chinese = "".join(_CJK_CHAR.findall(simplified(query)))
    if not latin and not chinese:
        return False
    if any(w not in QUERY_STOPWORDS and w not in GENERAL_WORDS_EN for w in latin):
        return False
    for phrase in GENERAL_PHRASES_ZH:
        chinese = chinese.replace(phrase, "")
    return not chinese


def evidence(hit: Hit, *, general: bool = False) -> float:
    """How well ``hit`` answers the query, in [0, 1]: 0 for an outdated hit none of whose
    replacements the search found (``signals["replaced_unseen"]``, ``recall.replaced``) and for a message
    that says nothing of its own (``recall.content_free``: "Noted." after the matched turn borrowed
    that turn's match, ``recall.neighbours``), 1 for a
    memory said in a period the question names (``period_asked``), else its ``match`` signal
    (``similarity`` alone for a ``general`` query, whose words say nothing specific: "know" in "what
    do you know about me?" matches "you know what, …"). A hit without the signals (not ranked by
    ``recall``) counts as a full match."""
    if hit.signals.get("replaced_unseen") or is_content_free(hit):
        return 0.0
    if hit.signals.get("period_asked"):
        return 1.0
    if general:
        return hit.signals.get("similarity", 1.0)
    return hit.signals.get("match", 1.0)


def matches(hits: Sequence[Hit], *, general: bool = False) -> list[Hit]:
    """The ``hits`` whose ``recall.evidence`` reaches ``MATCH_EVIDENCE``, in their order."""
    return [h for h in hits if evidence(h, general=general) >= MATCH_EVIDENCE]


#: What joins the parts of a question that asks several things at once: "who prefers which delivery,
#: who lives where, and who is allergic to peanuts?", 我住哪里、对什么过敏？
_PART_BREAK = lazy_regex(r"[,;，；、]|\b(?:and|also|plus)\b|还有|以及|另外", re.IGNORECASE)

#: At most this many parts divide ``LINE_EVIDENCE`` (``text.clauses.MAX_ASKED``, the questions a
#: message is searched for): a long message of many commas does not show every line sharing a word.
MAX_PARTS = 4


def question_parts(query: str) -> int:
    """How many things ``query`` asks at once, from 1 to ``MAX_PARTS``: its pieces between commas,
    semicolons, 、 and "and" / 还有 … that hold a word.

    >>> [question_parts(q) for q in ("where does the user live?", "allergies and carrier?", "我住哪里、对什么过敏？")]
    [1, 2, 2]
    """
    pieces = [piece for piece in _PART_BREAK.split(query)
              if piece and (_CJK_CHAR.search(piece) or any(len(w) > 1 for w in _LATIN_WORD.findall(piece)))]
    return min(MAX_PARTS, max(1, len(pieces)))


def part_matches(hits: Sequence[Hit], query: str) -> list[Hit]:
    """For a question of several parts (``question_parts``) that no hit matches as a whole: the hits
    that answer one part by its words, best first, at most one memory a part. A part holds about
    ``1 / parts`` of the query's terms, so a hit answers one when its ``match`` reaches
    ``MATCH_EVIDENCE`` of that share and the share of terms gave it, not the cosine (``match`` above
    ``similarity``): "what pet do I have and what do I do to exercise?" matches nothing whole (0.5
    for "has a pet: cat named Miso"), yet the pet part is answered. A fact and the message it cites
    are one memory (the fact is kept). ``[]`` for a question of one part."""
    parts = question_parts(query)
    if parts < 2:
        return []

    def answers(hit: Hit) -> bool:
        match = hit.signals.get("match", 0.0)
        return evidence(hit) > 0 and match >= MATCH_EVIDENCE / parts and match > hit.signals.get("similarity", 0.0)
    kept = [h for h in hits if answers(h)]
    cited = {c for h in kept if h.kind == "fact" for c in h.citations}
    return [h for h in kept if not (h.kind == "episode" and h.id in cited)][:parts]


def beside_matches(hits: Sequence[Hit], query: str = "") -> list[Hit]:
    """The ``hits`` with evidence of answering the query, in their order: those that match it
    (``MATCH_EVIDENCE``), those holding at least ``LINE_EVIDENCE`` of its terms divided among the
    parts ``query`` asks (``question_parts``: a line answering one of three parts holds about a third
    of the terms; their ``match`` is above their ``similarity``: the share of terms, not the cosine,
    gave it), and a fact and the messages it cites as one memory: a message whose fact matches
    ("养了宠物：猫麻糬" for 宠物 from "我的貓叫做麻糬，牠對雞肉過敏"), or a fact whose message does. When
    another fact of that message matches on its own, the message's match is that fact's: a fact then rides
    along only when it restates the message (``restated``: "prefers UPS for shipping" of "I prefer UPS for
    delivery"). "住在上海" of "我住在上海，寄快递只用顺丰" rode along beside the matching carrier fact for
    快递用哪家 and was shown as a line of its own when the message did not fit or ranked below it. What
    ``Memory.context`` shows when some hit matches; the others answer nothing asked."""
    share = LINE_EVIDENCE / question_parts(query)

    def held(hit: Hit) -> bool:
        found, match = evidence(hit), hit.signals.get("match", 1.0)
        return found >= MATCH_EVIDENCE or (found > 0 and match >= share and match > hit.signals.get("similarity", 0.0))
    kept = {(h.kind, h.id) for h in hits if held(h)}
    cited = {c for h in hits if h.kind == "fact" and ("fact", h.id) in kept for c in h.citations}
    said = cited | {h.id for h in hits if h.kind == "episode" and ("episode", h.id) in kept}
    texts = {h.id: h.text for h in hits if h.kind == "episode"}

    def rides(fact: Hit, episode: int) -> bool:  # the message's match is not a sibling fact's, or the fact is it
        return episode in said and (episode not in cited
                                    or (episode in texts and restated(texts[episode], [fact.text])))
    return [h for h in hits if (h.kind, h.id) in kept or (h.kind == "episode" and h.id in cited)
            or (h.kind == "fact" and any(rides(h, c) for c in h.citations))]


#: Share of an episode's query terms (``text.tokens.query_terms``: stemmed words, CJK bigrams)
#: that the facts drawn from it must carry for the episode to count as restated. Set from
#: these messages: "I prefer UPS for delivery" / "prefers UPS for shipping" 0.67,
#: 我喜欢喝咖啡 / 喜欢喝咖啡 0.80 (restated); 我的猫叫做麻糬，牠对鸡肉过敏 / 养了宠物：叫做麻糬的猫
#: 0.36, "I moved to Berlin last year and I hate the weather" / "lives in Berlin" 0.17 (not:
#: the allergy and the weather would be lost). A short-fall only costs a duplicate line.
RESTATED_COVERAGE = 0.6


def restated(episode_text: str, fact_texts: Sequence[str]) -> bool:
    """Whether ``fact_texts`` (facts citing the episode) carry at least ``RESTATED_COVERAGE``
    of ``episode_text``'s query terms; ``False`` when no fact is given.

    >>> restated("I prefer UPS for delivery", ["prefers UPS for shipping"])
    True
    >>> restated("I moved to Berlin last year and I hate the weather", ["lives in Berlin"])
    False
    """
    if not fact_texts:
        return False
    terms = set(query_terms(episode_text))
    carried: set[str] = set()
    for text in fact_texts:
        carried.update(query_terms(text))
    return len(terms & carried) >= RESTATED_COVERAGE * len(terms)
