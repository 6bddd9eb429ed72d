"""The built-in rule extractor: explicit statements in Chinese and English, no LLM.

The text is split into sentences (``text.segment``), each sentence is read by the
patterns of its language (``patterns_zh`` / ``patterns_en``), and every finding
becomes a ``FactCandidate`` with the key's kind, importance and sensitivity
(``taxonomy``), a short statement in the input's language and, for dated events,
``valid_from``/``valid_to`` resolved against the message's own time (``timex``).

Only explicit wording is read: questions, hypotheticals and ordinary chatter
("I think it's going to rain") yield nothing. Which roles to pass is the caller's
decision; the extractor reads any text it is given.

**Zero-shot keys.** With an embedder, a generic like is keyed by what it is about (``extract.zero_shot``); each
finding becomes its candidate in ``extract.candidates``.

**What no rule reads.** With ``general=True``, a clause of a sentence where no rule found anything is read in the
generic shape of a durable statement (``extract.general``), kept in the speaker's words under ``fact.general``.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime

from memstrata.embed.base import Embedder
from memstrata.errors import EmbeddingError
from memstrata.extract import (
    addressed,
    age_apposed,
    allergies_en,
    allergy_denied,
    apposition,
    asides,
    cancelled,
    carried,
    cessation,
    changed_now,
    contrast,
    conventions,
    corrected,
    corrected_later,
    deflected,
    directives,
    examples,
    excepted,
    family_named,
    for_now,
    forbidden,
    former,
    general,
    gone,
    job_end,
    named_roles,
    onset,
    own_en,
    parted,
    patterns_en,
    patterns_zh,
    plan_changed,
    possessive_en,
    pursuits,
    relocated,
    replacing,
    reported,
    rescheduled,
    restated,
    shapes,
    shapes_en,
    shapes_zh,
    subject_en,
    subject_zh,
    together,
    workplace,
)
from memstrata.extract.allergens import allergen, severity, without_other_script_tail
from memstrata.extract.base import FactCandidate
from memstrata.extract.candidates import balanced, candidate, postal
from memstrata.extract.circumstance import without_circumstance_of
from memstrata.extract.clauses import Finding, clause_period, without_bracketed_time, without_time
from memstrata.extract.continued import with_continuations
from memstrata.extract.ellipsis import correction
from memstrata.extract.mixed_script import (
    CJK,
    after_other_script,
    mixes_scripts,
    split_languages,
)
from memstrata.extract.one_off import standing_only
from memstrata.extract.quoted import users_lines, without_fenced_code, without_markup, without_others_words
from memstrata.extract.tidy import before_question, tidy
from memstrata.extract.zero_shot import KeyByMeaning
from memstrata.text.lang import detect_language
from memstrata.text.regex import lazy_regex
from memstrata.text.segment import split_sentences
from memstrata.text.tokens import is_cjk


class RuleExtractor:
    """Rule-based ``Extractor`` for explicit first-person statements in Chinese and English.

    Args:
        embedder: optional; when given, generic likes are keyed by nearest key
            description (zero-shot). Descriptions are embedded on first use.
        general: read the clauses no rule read in the generic shape of a durable statement (``extract.general``:
            "I grow chillies on my balcony" is ``fact.general``, confidence ``CONF_GENERAL``); off by default: on, it
            also reads sentences the rules decline on purpose ("I use a laptop.", "I work in Marketing").
    """

    name = "rules-v1"

    def __init__(self, *, embedder: Embedder | None = None, general: bool = False) -> None:
        self._keys = None if embedder is None else KeyByMeaning(embedder)
        self._general = general

    def extract(self, *, text: str, role: str, said_at: datetime) -> list[FactCandidate]:
        """Candidate facts stated in ``text``.

        Args:
            text: one episode's content; its fenced code blocks and Markdown headings are not read, strong
                emphasis markers are dropped (``extract.quoted``).
            role: the speaker's role; not used to filter (the caller chooses roles).
            said_at: when it was said, timezone-aware; relative times resolve against it, day
                words in its own UTC offset (``extract.timex.resolve_relative``).

        Returns:
            Candidates in text order, at most one per (key, value); ``[]`` when nothing
            is stated explicitly. Never raises on ordinary text; an embedder failure
            is logged and the generic key kept.
        """
        out: list[FactCandidate] = []
        seen: set[tuple[str, str, bool, str]] = set()
        # split after tidying too: a Traditional remark (謝謝) is read as its Simplified form
        previous = ""
        said: dict[int, list[Finding]] = {}  # what each sentence's parts stated so far
        text = without_markup(without_fenced_code(text))  # quoted code, headings: no statements (extract.quoted)
        text = users_lines(text)  # a pasted transcript: the assistant's lines are not the user's
        text = without_others_words(text)  # '"I love sushi," Leo said': Leo's words, not the user's (extract.quoted)
        wholes = split_sentences(text)
        # "我下周五（12月18日）去北京出差": a bracket restating the time is no clause of its own
        # (clauses.without_bracketed_time)
        # 我家的狗, 我儿子，…: a relative or a pet of the household said as the user's, with no pause after it
        # (subject_zh.as_mine)
        parts = ((n, subject_zh.as_mine(tidy(part))) for n, whole in enumerate(wholes)
                 for part in split_languages(tidy(without_bracketed_time(whole))))
        # a sentence the writer began: not a long one's cut tail nor a line after an unpunctuated line (a pasted list)
        begun = {n for n, _ in enumerate(wholes) if n == 0 or _SENTENCE_END.search(wholes[n - 1])}
        scope = carried.Scope()  # who "he" / "she" may be: the people this message has named
        last: Finding | None = None  # what the message stated last, for a value said again alone (extract.restated)
        corrected_before = False  # the sentence before opened with a correction and stated nothing ("Oh wait, ...")
        before: list[FactCandidate] = []  # what the sentence before stated, taken back by "no wait, that's wrong"
        for n, sentence in ((n, before_question(piece)) for n, part in parts
                            for half in _statement_halves(part, said_at)
                            # "I'm allergic to shellfish so keep that in mind if you …": the fact alone
                            # (extract.addressed)
                            for clause in addressed.clauses(half) for piece in scope.read(clause, said_at, _find)):
            as_said = sentence  # its opening markers kept: a correction said outright (extract.restated)
            # "we moved to Munich, not Berlin", 不是北京，是上海: the value with the one it corrects
            # "We now ship with DHL instead of UPS": the value with the one it takes the place of
            # "This repo uses pnpm, not npm" is the project's whole (extract.conventions), no correction of npm
            found = _whole(sentence, said_at)
            if found and all(f.key == "event" for f, _ in found) and (
                    by_span := plan_changed.shifted(sentence, detect_language(sentence))):
                # "We pushed the wedding back a week": a plan moved by a span (facts.meant), no happening of the moment
                found = [(f, detect_language(sentence)) for f in by_span]
            # "Moved to Denver last week", "love sci-fi audiobooks": a chat sentence with its subject left out is the
            # speaker's, unless someone else was named before it (extract.own_en); what it states, no bare event of
            # the moment ("Finished the book"). Read bare, "prefer Slack now, not email" was a correction of nothing.
            if all(f.key == corrected.CORRECTION_KEY for f, _ in found) and not scope.named_before \
                    and (mine := own_en.said_by_me(sentence, statement=n in begun)) is not None and (own := [
                        (f, lang) for f, lang in _whole(mine, said_at)
                        if f.key not in ("event", corrected.CORRECTION_KEY)]):
                sentence, found = mine, own
            # "Actually I quit coffee", 其实我现在能吃一点辣了: read again without the markers (extract.asides), then
            # without the words that only join it to what was said before ("Also this repo uses pnpm": OPENERS_EN, as
            # each clause reader cuts them); a bare "not X" is no correction once its reply word is gone ("Okay, not a
            # problem")
            for bare in (asides.without(sentence), asides.without_opening(sentence.strip(), "en")) if not found else ():
                if bare and bare != sentence.strip() and (found := [
                        (f, lang) for f, lang in _whole(bare, said_at) if f.key != corrected.CORRECTION_KEY]):
                    sentence = bare
                    break
            # "My shell is still zsh", 我仍然住在杭州: the statement said again, read without "still"; a confirmation
            # of a value held only ("My laptop is still slow" with no laptop held is a passing state: held_only)
            if not found and (bare := asides.without_still(sentence)) is not None:
                found = [(replace(f, held_only=True), lang) for f, lang in _whole(bare, said_at)
                         if f.key not in (corrected.CORRECTION_KEY, "event") and not f.retract]
            if found and all(f.key == corrected.CORRECTION_KEY for f, _ in found):  # "Use pytest, not unittest"
                found = [(f, found[0][1]) for f in directives.find(sentence, found[0][1])] or found
            if not found and said.get(n):  # 我喜欢用 pytest，别用 unittest: the switch of script cut the like away
                found = [*((f, "zh") for f in shapes_zh.avoided(sentence, said[n])),
                         *((f, "en") for f in shapes_en.avoided(sentence, said[n]))]
            if not found and previous:  # "No peanuts for me please. I'm allergic."
                found = [(f, "en") for f in allergies_en.allergy_named_before(previous, sentence)]
            if not found and last is not None and last.retract and last.key == "identity.employer":
                # "I quit Google. I'm at Stripe now.": read as the one sentence "I left Google, I'm at Stripe now"
                found = [(f, "en") for state in onset.job_begun(f"I left {last.value}, {sentence}", "en")
                         for f in _read(state, said_at, "en", nested=True) if not f.retract]
            if not found and last is not None and last.retract and last.key in cancelled.PLAN_KEYS:
                # "The Sanya trip is cancelled. We're going to Yunnan instead.": the trip taken in its place
                written = detect_language(sentence)
                found = [(f, written) for f in cancelled.trip_instead(sentence, written)]
            previous = sentence
            if not found and (rest := after_other_script(sentence)) is not None:
                sentence, found = rest, _find(rest, said_at)
            if not found and (fix := correction(sentence)) is not None:
                found = [(fix, detect_language(sentence))]
            # "..., no wait, Osaka", 不对，是大阪, "Oh wait, they closed. Now it's Zuni Cafe.": the last value corrected
            if not found and (fix := restated.again(sentence, last, corrected=corrected_before)) is not None:
                found = [(fix, detect_language(sentence))]
            # "…on the 12th, no wait, the 14th", 不对，是18号: the plan said last, at the time put right
            if not found and (fix := restated.again_dated(sentence, last, corrected=corrected_before,
                                                          said_at=said_at)) is not None:
                found = [(fix, detect_language(sentence))]
            # "Oops, I meant Munich" as a message of its own: the value of the message before (facts.previous)
            if n == 0 and last is None:  # "Correction: dentist is friday 4pm": the plan said before, at a new time
                found = list(zip(corrected_later.plan_put_right([f for f, _ in found], as_said),
                                 (lang for _, lang in found), strict=True))
            if not found and n == 0 and last is None and (fix := corrected_later.read(
                    as_said, starred=text.lstrip().startswith("*") and not text.lstrip().startswith("**"))) is not None:
                found = [(fix, detect_language(sentence))]
            if not found:  # "Now on March 21 instead", "I cancelled it": a plan changed, not named (facts.meant)
                written = detect_language(sentence)
                found = [(f, written) for f in (plan_changed.moved(sentence, said_at, written)
                                                or plan_changed.shifted(sentence, written)
                                                or plan_changed.called_off(sentence, written))]
            found = list(zip(restated.corrects([f for f, _ in found], as_said, last, corrected=corrected_before),
                             (lang for _, lang in found), strict=True))
            corrected_before = not found and (restated.opens_correction(as_said) or restated.misspoke(as_said))
            # "I'm no longer allergic to peanuts, no wait that's wrong, I AM still allergic": the statement taken back
            # holds no value, and the one after it read nothing (restated.takes_back)
            if not found and before and restated.takes_back(as_said):
                out = [c for c in out if not any(c is b for b in before)]
                seen -= {(c.key, c.value, c.retracts, c.subject) for c in before}
            before = []
            last = found[-1][0] if found else last
            found = standing_only(sentence, found)  # "Ship it with UPS this time only": no standing carrier
            found = [(shapes.begun_use(f, sentence), lang) for f, lang in found]  # "I started using Arc": a beginning
            found = [(changed_now.marked(f, as_said), lang) for f, lang in found]  # 我现在更喜欢绿色: a change of mind
            found = [(shapes.used_before(f, sentence), lang) for f, lang in found]  # …，以前用钉钉: what it replaced
            found = [(rescheduled.plan_moved(f, sentence), lang) for f, lang in found]  # "... on the 21st instead"
            found += allergy_denied.denied(found, sentence)  # "I'm not allergic to peanuts": a fact of its own
            # "I work at SAP in Berlin": the employer SAP, and the city where that workplace is (no home)
            found = [(g, lang) for f, lang in found for g in workplace.in_city(f)]
            found += former.kept(found, sentence)  # "I no longer work at Google": a former employer (extract.former)
            if self._general:  # the clauses no rule read, in the generic shape of a statement (extract.general)
                found += [(f, lang) for lang in [found[0][1] if found else detect_language(sentence)]
                          for f in general.read(sentence, lang, [f for f, _ in found])]
            said.setdefault(n, []).extend(f for f, _ in found)
            for finding, lang in found:
                finding = self._zero_shot(finding)
                if finding.key == "health.allergy":  # 花生又 / "peanuts again" name 花生 / peanuts
                    finding = replace(finding, value=allergen(finding.value),
                                      severity=finding.severity or severity(finding.clause))
                elif finding.key == "identity.location":  # "Boston 我很喜欢这里" names Boston
                    finding = replace(finding, value=without_other_script_tail(finding.value))
                finding = balanced(postal(finding))  # "... with the kids (Noah is 7": no bracket left open
                finding = without_circumstance_of(finding)  # "learning Rust in my spare time": Rust
                if (finding.key, finding.value, finding.retract, finding.subject) in seen:
                    if not (finding.corrects and finding.period is not None):
                        continue
                    # "…on the 12th, no wait, the 14th": the plan put right in the message itself, at its new time
                    out = [c for c in out if (c.key, c.value, c.retracts, c.subject) != (
                        finding.key, finding.value, finding.retract, finding.subject)]
                seen.add((finding.key, finding.value, finding.retract, finding.subject))
                out.append(candidate(finding, sentence, lang, said_at.utcoffset()))
                before.append(out[-1])
        return out

    def _zero_shot(self, finding: Finding) -> Finding:
        """Re-key a generic like/dislike by embedding similarity, if an embedder is set (``extract.zero_shot``)."""
        return finding if self._keys is None else self._keys.rekey(finding)

    def nearest_key(self, statement: str) -> tuple[str, float]:
        """The key whose description is nearest to ``statement`` (``zero_shot.KeyByMeaning.nearest_key``).

        Returns:
            ``(key, cosine)``: a topical key (``ZERO_SHOT_KEYS``) or ``preference.like``
            when the generic description is nearest; cosine in [-1, 1], the max over the
            key's English and Chinese descriptions.

        Raises:
            EmbeddingError: no embedder was given, or the model failed.
        """
        if self._keys is None:
            raise EmbeddingError("zero-shot keying needs an embedder")
        return self._keys.nearest_key(statement)



#: How a sentence the writer ended ends: its stop, then a closing quote or bracket at most.
_SENTENCE_END = lazy_regex(r"[.!?。！？…~]['\"”’)）]*\s*$")


def _whole(sentence: str, said_at: datetime) -> list[tuple[Finding, str]]:
    """The findings of one whole sentence, each with its language: a denial given to someone else
    (``extract.deflected``), a project's convention (``extract.conventions``), a value with the one
    it corrects or replaces (``extract.corrected``, ``extract.replacing``), else its clauses' shapes."""
    # "leave it with the 门卫 not at the door": read as with its comma, the first value kept (extract.corrected)
    sentence = corrected.comma_before_not(sentence)
    sentence = apposition.relation_first(sentence)  # "Tom (my coworker) is ..." as "My coworker Tom is ..."
    # "I'm not allergic to peanuts, it's Max who is": the user's denial, and Max's (extract.deflected)
    deflection = deflected.read(sentence, said_at, _find)
    if deflection is not None:
        return deflection
    # "From now on my packages go with DHL": the standing thing, read as said without the standing word
    if (own := for_now.before_own(sentence)) and (said := _whole(own, said_at)):
        return said
    language = detect_language(sentence)
    return ([(f, language) for f in conventions.find(sentence, language)]
            or corrected.read(sentence, said_at, _find) or replacing.read(sentence, said_at, _find)
            or _find(sentence, said_at))


def _find(sentence: str, said_at: datetime) -> list[tuple[Finding, str]]:
    """The findings of ``sentence``'s language's patterns, each with the language whose patterns
    read it. A sentence mixing Chinese and Latin letters that its detected language's patterns
    cannot read is read by the other language's: the share of CJK letters picks the language
    (``text.lang``), yet a short Chinese object in an English clause ("I like 火锅": 2 of 7
    letters) tips it to Chinese, and a long English one in a Chinese clause ("我喜欢 Red Hot Chili
    Peppers") to English. Both pattern sets are anchored at their own first-person wording, so
    the other set finds nothing in a sentence that is not its grammar."""
    lang = detect_language(sentence)
    found = _read(sentence, said_at, lang)
    if not found and mixes_scripts(sentence):
        lang = "en" if lang == "zh" else "zh"
        found = _read(sentence, said_at, lang)
    return [(f, lang) for f in found]


def _read(sentence: str, said_at: datetime, lang: str, *, nested: bool = False) -> list[Finding]:
    """The findings of one language's statement shapes and topic patterns (``extract.shapes``): a
    note in the third person read as the user's words; a clause giving something up read by its own
    shape (``extract.cessation``) and the rest of the sentence by the others; the change shapes ahead of the topics; the
    possessive copula after them; and a statement about a named person or relative read in the
    first person and kept under that person (never the user's own fact)."""
    zh = lang == "zh"
    sentence = reported.unwrapped(sentence, lang)  # "I told my boss I prefer remote work": the user's preference
    sentence = (subject_zh.first_person(sentence) if zh else subject_en.first_person(sentence)) or sentence
    if (convention := conventions.find(sentence, lang)):  # "This repo uses pnpm": the project's (extract.conventions)
        return convention
    # "My brother and I (both) love chess", 我和我哥都喜欢下棋: the user's like, and the brother's (extract.together)
    if (shared := together.shared_like(sentence, lang, lambda said: _read_alone(said, said_at, lang))):
        return shared
    # "I live with my parents in Denver", 我和我老婆都住在上海: the user's home, and the relative's (extract.together)
    if (shared := together.shared_home(sentence, lang, lambda said: _read_alone(said, said_at, lang),
                                       lambda rest: _read(rest, said_at, lang, nested=nested))) is not None:
        return shared
    if zh and (mine := together.group_as_mine(sentence)) is not None:  # 我和同事们每周都会去打羽毛球: the user's habit
        sentence = mine
    if (read := _then_and_now(sentence, said_at, lang, nested=nested)) is not None:
        return read
    # "I like neither tea nor coffee", "I like everything except mushrooms": dislikes, never a like (extract.excepted)
    if (negative := excepted.negated(sentence, lang)) is not None:
        return [f for said in negative for f in _read(said, said_at, lang, nested=True)]
    # "Don't ship with UPS" alone: what the imperative it negates chooses, not to be chosen (extract.forbidden)
    if (allowed := forbidden.allowed(sentence, lang)) and (said := forbidden.forbid(
            _read(allowed, said_at, lang, nested=True), lang)):  # "Don't ship with DHL or UPS": each forbidden
        return said + forbidden.listed(allowed, said, lang, lambda text: forbidden.forbid(
            _read(text, said_at, lang, nested=True), lang))
    if said := forbidden.bare(sentence, lang, lambda text: _read(text, said_at, lang, nested=True)):
        return said  # "Never UPS.", "Always FedEx.": a chosen thing named bare, forbidden or chosen
    # a state said as ended ("I don't have a dog anymore", 我现在不养狗了) withdraws what its present reads
    if ended := _ended(sentence, said_at, lang, nested=nested):  # also a relative's ("My sister ...")
        return ended
    if off := _called_off(sentence, said_at, lang, nested=nested):  # "The Lisbon trip is cancelled, we're going …"
        return off
    # giving something up is one shape in every wording (extract.cessation); the rest is read as usual
    before, ceased, after = shapes_zh.given_up(sentence, said_at) if zh else shapes_en.given_up(sentence, said_at)
    if ceased:  # a pastime given up at one time and done still ("...; now I run in the evenings") stays
        rest = f"{before} {after}"
        ceased = [f for f in ceased if not (f.retract and f.key in ("sport.like", "hobby.like")
                                            and pursuits.kept(rest, lang, f.key, f.value))]
        # "I quit Google": a habit given up, or the employer of that name left (extract.job_end)
        left = [] if zh or nested else job_end.named_end(sentence)
        # "I quit Google, I'm at Stripe now": the employer one is at after leaving one (extract.onset.job_begun)
        joined = [f for state in onset.job_begun(sentence, lang) for f in _read(state, said_at, lang, nested=True)
                  if not f.retract] if left else []
        return [*(_read(before, said_at, lang, nested=nested) if before else []), *ceased, *left, *joined,
                *(_read(_kept_subject(after, lang), said_at, lang, nested=nested) if after else [])]
    found = shapes_zh.before_topics(sentence, said_at) if zh else shapes_en.before_topics(sentence, said_at)
    if found and not zh:  # "Please ship with DHL, never leave it at the door": the other clauses state their own
        found = _in_text_order(sentence, found, _other_clauses(sentence, found, said_at))
    found = found or (patterns_zh.find(sentence, said_at) if zh else patterns_en.find(sentence, said_at))
    if not zh:  # "dentist on thursday at 2", in a clause the topic patterns did not read
        found = _in_text_order(sentence, found, shapes_en.noted_plans(sentence, said_at, found))
        if found:  # "I'm vegetarian but I eat fish occasionally": the food eaten beside the diet
            found = _in_text_order(sentence, found, shapes_en.eaten_beside(sentence, found))
    if zh:  # 我吃素，但偶尔吃鱼: the food eaten now and then beside the diet
        found = found + shapes_zh.eaten_beside(sentence, found)
    found = found or (shapes_zh.after_topics(sentence) if zh else shapes_en.after_topics(sentence))
    found = _moved_on(sentence, found, said_at, lang)  # "I no longer live in Berlin; I'm in Lisbon now"
    # a possessive copula no topic reads ("my email is …") holds its clause beside the topics' findings
    if copulas := (shapes_zh.copulas(sentence) if zh else shapes_en.copulas(sentence)):
        found = _in_text_order(sentence, [f for f in found if f.clause not in {c.clause for c in copulas}], copulas)
    # "X is my favourite" adds a like to whatever else the sentence states ("I love all dances, but
    # contemporary is my top pick": two likes), unless a rule above already read that value.
    named = {f.value.casefold() for f in found}
    found = found + [f for f in (shapes_zh.favourites(sentence) if zh else shapes_en.favourites(sentence, said_at))
                     if f.value.casefold() not in named]
    # "I prefer pytest, don't use unittest": the prohibition beside the like is a dislike of its own (of a carrier,
    # ``not UPS``: a thing another rule read, "Don't use UPS anymore, switch to FedEx", is not forbidden again)
    found += [f for f in (shapes_zh.avoided(sentence, found) if zh else shapes_en.avoided(sentence, found))
              if forbidden.thing_of(f).casefold() not in named]
    found = with_continuations(sentence, found, lang)  # "I like my coffee black, no sugar" (extract.continued)
    if zh:  # 我喜欢户外活动，像滑板、攀岩和街舞等等: each example beside the kind (extract.examples)
        found = found + examples.given(sentence, found, lambda said: _read(said, said_at, lang, nested=True))
    # a beginning ("I've started working at Meta", 我开始用顺丰了, "I got a new job at Initech") is the
    # state it began, in place of the bare event a dated one reads as ("I joined Acme last week"),
    # and holds from the time it names (``shapes.dated``)
    if not nested and all(f.key == "event" for f in found):
        begun = _begun(sentence, said_at, lang) or _begun_in_a_clause(sentence, found, said_at, lang)
        if begun and begun[0].key == "activity.current":  # a doing: the events of other clauses stay beside it
            begun += [f for f in found if begun[0].value not in f.clause]
        found = begun or found
    elif not nested and all(f.retract for f in found):
        # 我开始吃素了 withdraws 不吃素 (``habits.restart_zh``) and begins 吃素: both
        found = found + [f for f in _begun(sentence, said_at, lang) if not f.retract]
    elif not nested and found and not any(f.key in _WORK_KEYS for f in found):
        # "I moved to Seattle last month, new job at Swedish hospital": the job a clause began, beside the move
        found = found + _job_begun_in_a_clause(sentence, found, said_at, lang)
    # "Always run ruff before committing", 不要直接推到main: an instruction (extract.directives), the sentence's last
    # reading (under "from now on" the habit fallback asked it already: preferences_en / preferences_zh)
    if not nested and not found and not zh and (turned := possessive_en.named_first(sentence)) is not None:
        # "Alex is my best friend" is "My best friend is Alex": kept only when the reading holds the name
        found = [f for f in _read(turned[0], said_at, lang, nested=True) if turned[1] in f.value and not f.subject]
    if not nested and not found and not zh:  # "Only watching Hulu now.": "I only watch Hulu now" (extract.onset)
        found = next((said for state in onset.only_now_en(sentence) if (said := _read(state, said_at, lang,
                                                                                       nested=True))), [])
    if not nested and not found:
        found = directives.find(sentence, lang)
    other = None if found or nested else (subject_zh if zh else subject_en).someone_else(sentence)
    if other is not None:  # read as the user's own is, a state said as its beginning too ("My wife got a job at X")
        said = _read(other[1], said_at, lang, nested=True)
        if all(f.key == "event" for f in said):
            said = _begun(other[1], said_at, lang) or said
        elif all(f.retract for f in said):  # 我女儿开始喝牛奶了: the beginning beside what it withdraws (as the
            said = said + [f for f in _begun(other[1], said_at, lang) if not f.retract]  # user's 我开始喝牛奶了)
        found = shapes.about(said, other[0])
    if nested:
        return found
    # "my friend Carla, 58, suggested …": an age said in passing beside a name (extract.age_apposed), in place of the
    # open key the possessive copula made of it ("My close friend Dawn, who's 59": user.close_friend_dawn = 59)
    ages = [] if zh else [f for f in age_apposed.apposed(sentence)
                          if not any(g.key == f.key and g.value == f.value for g in found)]
    found = [f for f in found if not (f.key.startswith("user.") and any(a.value == f.value for a in ages))]
    hired = any(f.key == "identity.employer" and not f.retract for f in found)  # "a new job at Acme" supersedes
    # "my wife Anna and our two kids, Max and Lily": relatives named in passing (extract.family_named)
    members = {f.value for f in found if f.key == "family.member"}
    # a job left and the one taken ("我离职了，现在在美团"): the new employer supersedes the old, no withdrawal after it
    return (found + ((job_end.find(sentence, lang) if not hired else []) or job_end.new_job(sentence, lang,
                                                                                          employer_named=hired))
            + [f for f in family_named.named(sentence, lang) if f.value not in members] + ages
            # "my academic advisor, Danielle, suggested ...": a role one holds one of, named in passing
            + ([] if zh else [f for f in named_roles.named(sentence) if not any(g.key == f.key for g in found)]))


def _other_clauses(sentence: str, found: list[Finding], said_at: datetime) -> list[Finding]:
    """What the topic patterns read in the clauses of an English ``sentence`` that none of ``found`` (a change shape's
    findings, ``shapes_en.before_topics``, which reads one clause) comes from, each clause alone: "Please ship with
    DHL, never leave it at the door" kept the carrier and lost the drop-off. ``[]`` for a sentence of one clause."""
    parts = _clauses(sentence)
    if len(parts) < 2:
        return []
    said = [f.clause.casefold() for f in found]
    # a thing not to use beside a choice ("Ship with FedEx from now on, never use UPS") is read as its dislike, later
    said += [f.clause.casefold() for f in shapes_en.avoided(sentence, found)]  # (shapes_en.avoided)
    rest = [p for p in parts if not any(p.casefold() in c or c in p.casefold() for c in said)]
    return [f for part in rest for f in patterns_en.find(part, said_at)
            if (f.key, f.value) not in {(g.key, g.value) for g in found}]


def _read_alone(sentence: str, said_at: datetime, lang: str) -> list[Finding]:
    """The findings of ``sentence`` read as a message of its own, cut where a second predicate begins
    (``extract.carried``: "I love chess and hate poker" is a like and a dislike)."""
    pieces = carried.Scope().read(sentence, said_at, _find)
    return [f for piece in pieces for f in _read(piece, said_at, lang, nested=True)]


def _begun(sentence: str, said_at: datetime, lang: str) -> list[Finding]:
    """The findings of the first present statement of the state ``sentence`` says began that the
    rules read (``extract.onset``), dated from the time it names; ``[]`` when none reads."""
    # a beginning said with its verb ("started", "began") and dated in the past: its present with the time cut, and no
    # plan ahead. "I started reading 'Elbow Room' on March 13" read as "I read 'Elbow Room' on March 13" stored
    # schedule.event on the coming March 13, "I started working at Google on March 3" the employer "Google on March 3"
    # ("I've got a meeting with Stephanie on March 22" begins nothing: "got" is "have" there, read as said)
    begun_verb = lang == "en" and _BEGINNING_VERB_EN.search(sentence) is not None
    for state in onset.begun_zh(sentence) if lang == "zh" else onset.begun_en(sentence):
        said = _STRANDED_EN.sub("", without_time(state)) if begun_verb else state
        if found := [f for f in _read(said, said_at, lang, nested=True)
                     if not (begun_verb and f.key in _DATED_PLANS)]:
            return shapes.dated(found, sentence, sentence, said_at)
    if doing := onset.doing_begun(sentence, lang):  # "I started rock climbing last spring": the doing itself
        return shapes.dated(onset.doing_found(doing, lang, sentence, begun=True), sentence, sentence, said_at)
    # a doing with a start one can date only ("since I was a kid" is none), as a state's
    if (lasted := onset.doing_lasted(sentence, lang)) and clause_period(lasted[1], lasted[1], said_at):
        doing, since = lasted
        return shapes.dated(onset.doing_found(doing, lang, sentence, begun=False), since, since, said_at)
    return []


def _begun_in_a_clause(sentence: str, found: list[Finding], said_at: datetime, lang: str) -> list[Finding]:
    """The state a clause of ``sentence`` says began, beside the events of the other clauses ("I'm no longer at
    Google, I started a new job at Meta": the job at Meta, as the clause alone reads); ``[]`` when no clause of
    several says one. A doing or a pastime begun is left to the sentence's own reading (over real turns a clause
    of a long message read alone cut "started mixing print and audiobook formats" to "mixing print")."""
    parts = _clauses(sentence)
    if _someone_elses(parts, lang):
        return []
    for part in parts if len(parts) > 1 else []:
        begun = _begun(part, said_at, lang)
        if begun and not any(f.key in _DOINGS for f in begun):
            return [*begun, *(f for f in found if part not in f.clause)]
    return []


def _job_begun_in_a_clause(sentence: str, found: list[Finding], said_at: datetime, lang: str) -> list[Finding]:
    """The job a clause of ``sentence`` that no finding of ``found`` came from says began ("I moved to Seattle last
    month, new job at Swedish hospital"; ``extract.onset.job_begun``), dated from the time it names; ``[]`` when
    none. Only a job: the sentence's other findings already read its other clauses."""
    parts = _clauses(sentence)
    if _someone_elses(parts, lang):
        return []
    for part in parts if len(parts) > 1 else []:
        if any(part in f.clause or f.clause in part for f in found):
            continue
        for state in onset.job_begun(part, lang):
            if said := [f for f in _read(state, said_at, lang, nested=True) if f.key in _WORK_KEYS]:
                return shapes.dated(said, part, part, said_at)
    return []


def _someone_elses(parts: list[str], lang: str) -> bool:
    """Whether the first of a sentence's clauses ``parts`` is said of someone else: a clause after it with no subject
    of its own is theirs too ("My sister moved to Ohio, new job at Boeing", 我妹妹辞职了，跳槽去网易了), never the
    user's."""
    return bool(parts) and (subject_zh if lang == "zh" else subject_en).someone_else(parts[0]) is not None


#: What a job states: a clause beginning one is read beside the sentence's other findings (``_job_begun_in_a_clause``).
_WORK_KEYS = frozenset({"identity.employer", "identity.occupation"})

#: A preposition left at a clause's end by the time cut out of it ("I work at Google on" March 3).
_STRANDED_EN = lazy_regex(r"\s+(?:on|in|at|since|from|by|as of|starting|beginning)$", re.IGNORECASE)

#: A plan with its date: never what a beginning said with a verb of beginning states (``_begun``).
_DATED_PLANS = frozenset({"schedule.event", "travel.plan"})
_BEGINNING_VERB_EN = lazy_regex(r"\b(?:started|began|begun)\b", re.IGNORECASE)

#: What a doing or a pastime begun states, never read from one clause of several (``_begun_in_a_clause``).
_DOINGS = frozenset({"activity.current", "hobby.like", "sport.like", "event", "preference.habit"})


def _ended(sentence: str, said_at: datetime, lang: str, *, nested: bool = False) -> list[Finding]:
    """The findings of a sentence with a clause that says a state ended: withdrawals of what the first present
    statement of it reads (``extract.cessation.ended_en`` / ``ended_zh``: "I'm no longer a nurse" withdraws what
    "I'm a nurse" states), the mirror of a beginning (``_begun``), and what the clauses around it state ("I don't
    have a dog anymore, but I have a cat"); ``[]`` when no clause is such a state, or when a rule of the key reads
    the clause as a withdrawal itself ("I'm no longer allergic to peanuts", 我不再吃素了)."""
    zh, joint = lang == "zh", "，" if lang == "zh" else ", "
    parts = _clauses(sentence)
    for at, part in enumerate(parts):
        if died := gone.gone(part, lang):  # "My dog died last year": the pet withdrawn (extract.gone)
            return _amid(parts, at, died, said_at, lang, nested=nested)
        if apart := parted.parted(part, lang):  # "Sarah and I broke up": the partner withdrawn, the event kept
            events = [f for f in (patterns_zh.find if zh else patterns_en.find)(part, said_at)
                      if f.key == "event" and not f.retract]
            return _amid(parts, at, apart + events, said_at, lang, nested=nested)
        # "David isn't my boss anymore" ends "My boss is David" (extract.parted)
        states = ([] if zh else [s for s in [parted.not_my(part)] if s]) or (
            cessation.ended_zh(part) if zh else cessation.ended_en(part))
        if not states or any(f.retract for f in (patterns_zh.find if zh else patterns_en.find)(part, said_at)):
            continue
        for state in states:
            if found := [f for f in _read(state, said_at, lang, nested=True) if not f.retract and f.key != "event"]:
                before, after = joint.join(parts[:at]), joint.join(parts[at + 1:])
                return [*(_read(before, said_at, lang, nested=nested) if before else []),
                        *(replace(f, retract=True, clause=part, statement="", period=None) for f in found),
                        *(_after_an_end(after, found, said_at, lang, nested=nested) if after else [])]
    return []


def _after_an_end(after: str, ended: list[Finding], said_at: datetime, lang: str, *, nested: bool) -> list[Finding]:
    """The findings of the clauses after one that ended ``ended``: after a home ("I no longer live in Berlin; I'm in
    Lisbon now", 我现在不住在上海了，搬到了杭州) a place said there is the home now (``extract.relocated``)."""
    if (any(f.key == "identity.location" for f in ended) and (home := relocated.new_home(after, lang))
            and (moved := _lives_in(home, after, said_at, lang))):
        return moved
    kept = _kept_subject(after, lang)
    if found := _read(kept, said_at, lang, nested=nested):
        return found
    # as said when 我 said again reads nothing; a clause left as said ("I'm a paramedic now") is not read again
    if kept != after and (found := _read(after, said_at, lang, nested=nested)):
        return found
    # "We're not using UPS anymore, back to FedEx": the value now named alone, of the key ended (extract.ellipsis)
    now = correction(after)
    return [replace(now, corrects=False)] if now is not None and now.key in {f.key for f in ended} else []


def _kept_subject(after: str, lang: str) -> str:
    """``after``, a clause after one that ended or gave something up, with 我 said again when it begins with the time
    it holds from and no subject (我不当护士了，现在做急救员, 我不喝咖啡了，现在喝茶: 我 said once for both)."""
    return f"我{after}" if lang == "zh" and re.match(r"(?:现在|目前|如今)", after) else after


def _moved_on(sentence: str, found: list[Finding], said_at: datetime, lang: str) -> list[Finding]:
    """``found`` with the home a clause after a home withdrawn names (``extract.relocated``: "I no longer live in
    Berlin; I'm in Lisbon now", 我现在不住在上海了，搬到了杭州) in place of what that clause read (an event of the
    move, or nothing); ``found`` itself when no home is withdrawn or no later clause names a place."""
    if not any(f.retract and f.key == "identity.location" for f in found):
        return found
    # "I used to live in Denver but now I'm in Austin": "but now" opens the clause of the home now, comma or not
    parts = [p for part in _clauses(sentence) for p in _BUT_NOW.split(part) if p]
    for part in reversed(parts[1:]):  # 后来搬到了广州，现在住在深圳: the home said last is the home now
        if (home := relocated.new_home(part, lang)) is None:
            continue
        if moved := _lives_in(home, part, said_at, lang):
            return [f for f in found if not (f.key == "event" and home in f.value)] + moved
    return found


def _lives_in(home: str, clause: str, said_at: datetime, lang: str) -> list[Finding]:
    """The home ``home`` as "I live in {home}" / 我住在{home} reads it (``identity.location``), with ``clause`` (the
    clause that named it after a home ended) as its clause; ``[]`` when that reading stores no home."""
    said = _read(f"我住在{home}" if lang == "zh" else f"I live in {home}", said_at, lang, nested=True)
    return [replace(f, clause=clause) for f in said if f.key == "identity.location" and not f.retract]


#: "... but now ...", "... and now ...": a clause of the present after one of the past, with no comma between.
_BUT_NOW = lazy_regex(r"\s+(?:but|and)\s+(?=(?:now|these days|nowadays)\b)", re.IGNORECASE)

#: Where one clause of a sentence ends and the next begins, for ``_ended``.
_CLAUSE_BREAK = lazy_regex(r"\s*[,，;；]\s*")


def _clauses(sentence: str) -> list[str]:
    """The clauses of ``sentence`` (``_CLAUSE_BREAK``), its closing punctuation cut."""
    return [p for p in _CLAUSE_BREAK.split(sentence.strip().rstrip(".!。！")) if p]


def _amid(parts: list[str], at: int, found: list[Finding], said_at: datetime, lang: str, *,
          nested: bool) -> list[Finding]:
    """``found`` (what clause ``at`` of ``parts`` says) with what the clauses before it and after it state, each
    side read as a sentence of its own."""
    joint = "，" if lang == "zh" else ", "
    before, after = joint.join(parts[:at]), joint.join(parts[at + 1:])
    return [*(_read(before, said_at, lang, nested=nested) if before else []), *found,
            *(_read(after, said_at, lang, nested=nested) if after else [])]


def _called_off(sentence: str, said_at: datetime, lang: str, *, nested: bool) -> list[Finding]:
    """The withdrawal of the trip a clause of ``sentence`` calls off (``extract.cancelled``), with what the clauses
    around it state, each read alone ("…, we're going to Porto instead on 20 March": the plan that replaces it);
    ``[]`` when no clause calls a trip off."""
    parts, off_in = _clauses(sentence), cancelled.cancelled_zh if lang == "zh" else cancelled.cancelled_en
    for at, part in enumerate(parts):
        if off := off_in(part, None):
            found = _amid(parts, at, off, said_at, lang, nested=nested)
            if any(f.key in cancelled.PLAN_KEYS and not f.retract for f in found):
                return found  # "…, we're going to Porto instead on 20 March": the dated plan read
            # "…, we're going to Yunnan instead", 我们改去云南: the trip that replaces it, said with no date
            return found + [f for p in parts[at + 1:] for f in cancelled.trip_instead(p, lang)]
    return []


def _in_text_order(sentence: str, found: list[Finding], more: list[Finding]) -> list[Finding]:
    """``found`` with each of ``more`` put before the first finding whose clause comes later in ``sentence``."""
    out = list(found)
    for extra in more:
        if (extra.key, extra.value) in {(f.key, f.value) for f in out}:
            continue
        at = sentence.casefold().find(extra.clause.casefold())
        later = [i for i, f in enumerate(out) if at >= 0 and sentence.casefold().find(f.clause.casefold()) > at]
        out.insert(later[0] if later else len(out), extra)
    return out


def _then_and_now(sentence: str, said_at: datetime, lang: str, *, nested: bool) -> list[Finding] | None:
    """The findings of a sentence that says when a state began or what it replaced, ``None`` when it
    says neither (or the rules read nothing in it). A state with its start ("I've been vegetarian
    since last year", 我从去年开始吃素: ``extract.onset``) is the state, dated from then; then and now
    ("I used to drink flat whites, now I drink oat lattes", 我以前喝拿铁，现在改喝美式了:
    ``extract.contrast``) is the present value, in place of the past one (``Finding.instead_of``),
    unless a topic rule already withdraws the past value ("I used to ship with UPS, now I use DHL")."""
    zh = lang == "zh"
    started = onset.split_zh(sentence) if zh else onset.split_en(sentence)
    if started is not None and started[1].startswith("in ") and (
            (at := clause_period(started[1], started[1], said_at)) is not None and at[0] > said_at):
        started = started[0], f"last {started[1][3:]}"  # "since March" said in January: last March, already begun
    # only a start one can date ("since last year", 从去年): "I've been into dancing since I was a kid"
    # stays unread, as it was (read as a like, it cost LoCoMo after chit-chat NDCG@10 0.386 -> 0.381)
    if started is not None and clause_period(started[1], started[1], said_at) is not None:
        for state in started[0]:
            if found := _read(state, said_at, lang, nested=nested):
                return shapes.dated(found, started[1], started[1], said_at)
    pair = contrast.split_zh(sentence) if zh else contrast.split_en(sentence)
    if pair is None:
        return None
    whole = shapes_zh.before_topics(sentence, said_at) if zh else shapes_en.before_topics(sentence, said_at)
    whole = whole or (patterns_zh.find(sentence, said_at) if zh else patterns_en.find(sentence, said_at))
    now = _read(pair[1], said_at, lang, nested=nested)
    if any(f.retract for f in whole):
        # the value now said alone ("I used to live in Boston, now Denver"), which the topic rule withdrawing the past
        # value did not read: beside the withdrawal
        said = {(f.key, f.value.casefold()) for f in whole}
        extra = [f for f in now if not f.retract and f.key != "event" and (f.key, f.value.casefold()) not in said
                 and not any(f.value.casefold() in g.value.casefold() for g in whole)]
        return [*whole, *extra] if extra and not zh and contrast.bare_now_en(sentence) else None
    past = [f for f in _read(pair[0], said_at, lang, nested=nested) if not f.retract]
    if not now and contrast.ends_past(*pair, lang):  # 以前我每天早上跑步，现在不跑了: the past state withdrawn
        ended = [f for f in past if f.key != "event"]
        return [replace(f, retract=True, statement="", period=None) for f in ended] or None
    if not now:
        return None
    return shapes.instead(now, past[0].value, lang) if past else now


#: Where an English clause meets a Chinese one with no comma or discourse word between them ("I'm
#: allergic to peanuts 我也对芒果过敏"): the last Latin letter or closing mark, spaces, a CJK letter.
_EN_THEN_ZH = lazy_regex(rf"(?<=[A-Za-z0-9.!?)'])\s*(?=[{CJK}])")


#: A speaker correcting themselves mid-sentence: "I prefer UPS, actually FedEx", "I live in Paris, no wait, I live
#: in Berlin", 我住在巴黎，不对，我住在柏林. The words from the marker on are a sentence of their own, so the
#: later value supersedes the earlier as a later sentence does (``facts.engine.FactEngine.apply_message``).
_SELF_CORRECTION = lazy_regex(r"\s*[,，;；]\s*(?=(?:no,?\s+wait|wait,?\s+no|actually|sorry|i mean|scratch that|"
                              r"that's wrong|"
                              r"make (?:that|it)|correction|不对|算了|说错了|更正一下|纠正一下)\b)", re.IGNORECASE)


def _self_corrected(sentence: str, said_at: datetime) -> list[str] | None:
    """``[before, after]`` when ``sentence`` corrects itself after a comma and both parts state something
    (the part after read alone, as a next sentence would be: "Actually FedEx"); else ``None``."""
    m = _SELF_CORRECTION.search(sentence)
    if m is None or m.start() == 0:
        return None
    before, after = sentence[: m.start()], sentence[m.end():]
    if not _find(before, said_at) or not (_find(after, said_at) or correction(after) is not None
                                          or restated.bare_value(after) is not None or restated.takes_back(after)
                                          or restated.time_alone(after) is not None):
        return None
    return [before, after]


def _statement_halves(sentence: str, said_at: datetime) -> list[str]:
    """``sentence`` cut where an English clause runs into a Chinese one, when each half states a
    fact on its own; else ``[sentence]``. Uncut, the code-switched "I'm allergic to
    peanuts 我也对芒果过敏" stored peanuts and lost mango: the English patterns read the Chinese
    clause as words after the allergen (``allergens.without_other_script_tail`` cut them). Both
    halves must be statements, so a Chinese object ("I like 火锅", "I prefer 顺丰") and a quoted or
    reported clause ("My friend said 我喜欢吃辣", "How do you say 我喜欢你") stay whole."""
    if (fixed := _self_corrected(sentence, said_at)) is not None:
        return fixed
    m = _EN_THEN_ZH.search(sentence)
    if m is None or m.start() == 0:
        return [sentence]
    english, chinese = sentence[: m.start()].rstrip(), sentence[m.end():]
    if any(is_cjk(ch) for ch in english) or not patterns_en.find(english, said_at) \
            or not patterns_zh.find(chinese, said_at):
        return [sentence]
    return [english, *_statement_halves(chinese, said_at)]
