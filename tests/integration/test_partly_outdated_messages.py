"""What an agent reads about a message that is partly outdated, with the real model and
real users' queries: a current message labels the sentence or clause
the user has since withdrawn or replaced, an outdated hit on one sentence shows only that sentence."""

from __future__ import annotations

from memstrata import Hit, Memory
from memstrata.cli.memories import recall_text
from memstrata.context.render import labels_for


def _line(block: str, needle: str) -> str:
    return next(line for line in block.splitlines() if needle in line)


def test_gate_code_context_labels_the_withdrawn_allergy_and_allergy_context_leaves_the_gate_code(
        memory: Memory) -> None:
    memory.add("I prefer UPS for delivery. I am allergic to peanuts. My gate code is 4417.")
    memory.add("Actually, I'm not allergic to peanuts")
    gate = _line(memory.context("gate code"), "gate code")
    assert gate.startswith("- I prefer UPS for delivery. [outdated: I am allergic to peanuts.] My gate code is "
                           "[REDACTED:password].")  # a door code is a secret (docs/privacy.md)
    allergies = memory.context("allergies")
    assert "- [outdated] I am allergic to peanuts. (" in allergies and "gate code" not in allergies


def test_a_replaced_carrier_clause_is_labelled_in_a_message_whose_drop_off_still_holds(memory: Memory) -> None:
    memory.add("我以後都希望用順豐，別放門口")
    memory.add("I prefer UPS for delivery. I am allergic to peanuts.")
    memory.add("Actually, make it FedEx")
    # Both questions: a line that answers neither is not in the block (docs/context.md).
    block = memory.context("Which carrier do I prefer for delivery? 快递放门口吗？")
    assert _line(block, "門口").startswith("- [outdated: 我以後都希望用順豐]，別放門口 (")
    assert _line(block, "I prefer UPS").startswith("- [outdated] I prefer UPS for delivery. (")
    assert "FedEx" in block.splitlines()[1]
    # Chinese: the same memory, the same label in Chinese; a later Chinese correction too.
    memory.add("我以后都用顺丰。我对花生过敏。我家大门密码是4417。", user_id="zh")
    memory.add("算了，以后用京东", user_id="zh")
    allergy = _line(memory.context("有什么过敏？", user_id="zh"), "花生过敏。")
    assert allergy.startswith("- [已过时：我以后都用顺丰。]我对花生过敏。"), allergy


def test_a_users_next_statement_does_not_borrow_the_score_of_the_one_that_matched(memory: Memory) -> None:
    # One user's statements; "We plan to visit Kyoto" (said next) scored 0.88 for "gate code",
    # right under the gate-code message (0.90), so no min_score could cut it.
    for text in ("I prefer UPS for delivery, and the gate code is 4417", "We plan to visit Kyoto next spring",
                 "I work as a nurse", "I like jazz music"):
        memory.add(text)
    hits = memory.search("gate code")
    assert "gate code" in hits[0].text
    unrelated = [h for h in hits if h.kind == "episode" and "gate code" not in h.text]
    assert all(h.score < hits[0].score - 0.1 for h in unrelated), [(h.text, h.score) for h in hits]
    kept = memory.search("gate code", min_score=hits[0].score - 0.1)
    assert kept and all("gate code" in h.text or "UPS" in h.text for h in kept)
    # The other speaker's reply still borrows from the turn it answers.
    memory.add("What is the code for the side door?", role="assistant", user_id="v")
    memory.add("It's 9921, same as the garage", user_id="v")
    reply = {h.text: h for h in memory.search("side door code", user_id="v")}
    assert reply["It's 9921, same as the garage"].score > reply["What is the code for the side door?"].score - 0.1


def test_an_outdated_hit_on_one_sentence_names_that_sentence_and_a_wholly_outdated_one_names_none(
        memory: Memory) -> None:
    # The README's example: the hit for the carrier is on the UPS sentence, but its text is the
    # whole message, whose allergy still holds: a caller printing text beside superseded must be
    # able to say which part is outdated.
    memory.add("I'm allergic to peanuts. I prefer UPS for delivery.")
    memory.add("Actually, make it FedEx")
    memory.add("我以后都希望用顺丰。")
    memory.add("算了，以后用京东")
    hits = {h.text: h for h in memory.search("which carrier should we use?", limit=6) if h.kind == "episode"}
    partly = hits["I'm allergic to peanuts. I prefer UPS for delivery."]
    assert partly.superseded and partly.outdated_parts == ("I prefer UPS for delivery.",)
    wholly = hits["我以后都希望用顺丰。"]
    assert wholly.superseded and wholly.outdated_parts == ()
    assert not hits["算了，以后用京东"].superseded and hits["算了，以后用京东"].outdated_parts == ()


def test_the_users_replaced_home_is_labelled_beside_someone_elses_current_one(memory: Memory) -> None:
    """"Tom lives in Boston and I live in Austin" then "I live in Rome": one sentence of one clause
    held Tom's current home and the user's replaced one, so nothing was labelled and an agent read
    Austin as the user's home. The clauses a conjunction joins now tell them apart: the user's part is
    labelled, Tom's is not, and the message is not outdated as a whole (Tom's fact holds)."""
    memory.add("Tom lives in Boston and I live in Austin")
    memory.add("I live in Rome")
    memory.add("I live in Austin and my sister lives in Denver", user_id="other")
    memory.add("I moved to Rome", user_id="other")
    [hit] = [h for h in memory.search("where do I live?") if h.kind == "episode" and "Tom" in h.text]
    assert (hit.outdated_parts, hit.superseded) == (("I live in Austin",), False)
    assert _line(memory.context("where do I live?"), "Tom").startswith(
        "- Tom lives in Boston and [outdated: I live in Austin] (")
    tom = memory.context("where does Tom live?")
    assert "- Tom: lives in Boston (" in tom and "[outdated" not in _line(tom, "Boston")
    assert _line(memory.context("where do I live?", user_id="other"), "Denver").startswith(
        "- [outdated: I live in Austin] and my sister lives in Denver (")


def test_an_english_message_labels_its_replaced_part_as_a_chinese_one_does(memory: Memory) -> None:
    """"I live in Leeds, and my wife's name is Anna." then a move to York: the wife's fact is stored as
    "wife named Anna", which the clause says in other words ("name" for "named"), so it was placed in no
    clause and nothing was labelled: an agent read Leeds as the user's home. English words are compared by
    their stem, as a Chinese value (老婆小丽 from 老婆叫小丽) is by its characters: the home's clause is
    labelled, the wife's is not, in both languages."""
    memory.add("I live in Leeds, and my wife's name is Anna.")
    memory.add("We moved to York last month.")
    memory.add("我住在杭州，我老婆叫小丽。", user_id="zh")
    memory.add("我们搬到苏州了。", user_id="zh")
    [hit] = [h for h in memory.search("what's my wife's name?") if h.kind == "episode" and "Anna" in h.text]
    assert (hit.outdated_parts, hit.superseded) == (("I live in Leeds",), False)
    # Asked where the user lives, the message's answer is its replaced part (``recall.asked_part``).
    [hit] = [h for h in memory.search("where do I live?") if h.kind == "episode" and "Anna" in h.text]
    assert (hit.outdated_parts, hit.superseded) == (("I live in Leeds",), True)
    home = memory.context("where does the user live?")
    assert home.splitlines()[1].startswith("- lives in York (")
    assert all("Leeds" not in line or "[outdated: I live in Leeds]" in line for line in home.splitlines())
    assert _line(memory.context("tell me about my wife and where we live"), "Anna").startswith(
        "- [outdated: I live in Leeds], and my wife's name is Anna. (")
    # asked of the wife and the home together, as the English above ("用户住在哪里" is "where do I live?", whose
    # block is the home now and the move)
    assert _line(memory.context("说说我老婆和我们住的地方", user_id="zh"), "我老婆叫小丽").startswith(
        "- [已过时：我住在杭州]，我老婆叫小丽。 (")
    anna = memory.context("who is Anna?")
    assert "wife named Anna" in anna or "my wife's name is Anna" in anna, anna


def _hit(memory: Memory, query: str, needle: str) -> Hit:
    return next(h for h in memory.search(query) if h.kind == "episode" and needle in h.text)


def test_a_withdrawn_diet_is_labelled_while_the_allergy_beside_it_ranks_as_current(memory: Memory) -> None:
    """One sentence, a diet since withdrawn and an allergy that holds: the whole message was marked
    outdated and its score halved for "is she allergic to anything?" (the CLI printed "[outdated]
    [outdated: btw I'm vegetarian], ... allergic to shellfish"). Now only the diet's clause is labelled,
    and the message is outdated only for a question about the diet (``recall.asked_part``)."""
    memory.add("ugh long day. btw I'm vegetarian, have been for like 5 years, and I'm allergic to shellfish.")
    memory.add("oh and I'm not vegetarian anymore, I started eating fish again this year")
    allergy = _hit(memory, "is she allergic to anything?", "shellfish")
    assert (allergy.outdated_parts, allergy.superseded) == (("btw I'm vegetarian",), False)
    assert "superseded" not in allergy.signals  # its score is not halved
    shown = recall_text(allergy, labels_for("English"), False)
    # the label quotes the claim, its "btw" before it (``context.render.marked_text``)
    assert shown.startswith("ugh long day. btw [outdated: I'm vegetarian], have been for like 5 years"), shown
    diet = _hit(memory, "is she vegetarian?", "shellfish")
    assert (diet.outdated_parts, diet.superseded) == (("btw I'm vegetarian",), True)
    assert recall_text(diet, labels_for("English"), False).startswith("btw [outdated: I'm vegetarian], have been")
    block = memory.context("plan a dinner for Dana, anything she can't eat?", budget_tokens=800)
    assert "allergic to shellfish" in block
    assert all("vegetarian" not in line or "btw [outdated: I'm vegetarian]" in line for line in block.splitlines())
    # A message whose only fact was withdrawn still says more: the allergy an extractor left unstored.
    said = ("btw I'm vegetarian, have been for like 5 years, and I'm allergic to shellfish so keep that in mind "
            "if you ever suggest restaurants")
    memory.add(said, user_id="dana")
    memory.add("oh and I'm not vegetarian anymore, I started eating fish again this year", user_id="dana")
    [hit] = [h for h in memory.search("is she allergic to anything?", user_id="dana") if h.text == said]
    assert (hit.outdated_parts, hit.superseded) == (("btw I'm vegetarian",), False)


def test_a_replaced_home_in_an_introduction_ranks_below_the_new_home_for_a_question_about_it(
        memory: Memory) -> None:
    """"Hey! So I'm Dana, I live in Portland right now, work as a nurse at OHSU..." then a move to Seattle:
    "where does Dana live?" ranked the introduction (0.91) above "lives in Seattle" (0.85), as current
    because the job in it still holds. Asked where she lives, its answer is the replaced part: it is
    outdated and ranks below the new home; asked where she works, it is current. The user's name is not
    what the question asks (``recall.asked_part``)."""
    memory.add("Hey! So I'm Dana, I live in Portland right now, work as a nurse at OHSU...")
    memory.add("Actually I moved to Seattle last month")
    hits = memory.search("where does Dana live?")
    intro = next(i for i, h in enumerate(hits) if "Portland" in h.text)
    seattle = next(i for i, h in enumerate(hits) if h.kind == "fact" and "Seattle" in h.text)
    assert seattle < intro and hits[intro].superseded, [(h.text, h.score) for h in hits]
    assert hits[intro].outdated_parts == ("I live in Portland right now",)
    assert "[outdated: I live in Portland right now]" in recall_text(hits[intro], labels_for("English"), False)
    assert not _hit(memory, "where does Dana work?", "Portland").superseded
    block = memory.context("where does Dana live?").splitlines()
    assert next(i for i, line in enumerate(block) if "Seattle" in line) < next(
        i for i, line in enumerate(block) if "Portland" in line)
    assert "[outdated: I live in Portland right now]" in _line("\n".join(block), "Portland")


def test_a_replaced_employer_is_labelled_inside_the_clause_whose_job_still_holds(memory: Memory) -> None:
    """"I work as a nurse at OHSU" then a new job at Swedish hospital: the clause states the occupation, which
    holds, and the employer, which was replaced, and no comma or conjunction splits them, so only the earlier move
    was labelled ("[outdated: I live in Portland right now]") and the agent read OHSU as the current employer. Now
    the replaced value is labelled with the word opening its phrase, in English and Chinese (``text.stating``)."""
    memory.add("Hey! So I'm Dana, I live in Portland right now, I work as a nurse at OHSU, night shifts mostly")
    memory.add("I moved to Seattle last week! new job at Swedish hospital, day shifts finally")
    intro = _hit(memory, "what does Dana do for work?", "OHSU")
    assert intro.outdated_parts == ("I live in Portland right now", "at OHSU"), intro.outdated_parts
    assert "I work as a nurse [outdated: at OHSU], night shifts" in _line(memory.context("what is my job?"), "OHSU")
    memory.add("我住在杭州，我在阿里当程序员", user_id="zh")
    memory.add("我现在在腾讯上班了", user_id="zh")
    assert "我[已过时：在阿里]当程序员" in memory.context("我的职业是什么？", user_id="zh")
