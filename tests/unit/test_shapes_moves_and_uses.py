"""A move whose object is no place, and a thing used with no purpose said: what the rule extractor
reads from "we moved to something else", "I switched to another carrier", "We use Jenkins",
我们从Jenkins换成别的了, 我用Obsidian (``extract.shapes.unnamed``, ``shapes_en._plain_use``)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, bool]]:
    return [(c.key, c.value, c.retracts) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize("text", [
    "We moved to something else.", "We moved to a new tool.", "We switched to a different tool.",
    "I've moved over to something else.", "我们换成别的了", "我们改用别的工具了", "我搬到新家了",
])
def test_a_move_to_an_unnamed_thing_names_no_value(text: str) -> None:
    """Neither a place nor a thing used: nothing stored (which value ended is not said)."""
    assert _read(text) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("We moved from Jenkins to something else.", [("user.uses", "Jenkins", True)]),
    ("We switched from UPS to another carrier.", [("shipping.carrier", "UPS", True)]),
    ("We moved our CI to something else.", [("user.ci", "", True)]),
    ("We moved to a new tool for CI.", [("user.ci", "", True)]),
    ("I switched to another carrier.", [("shipping.carrier", "", True)]),
    ("We moved to another city.", [("identity.location", "", True)]),
    ("我们从Jenkins换成别的了", [("user.uses", "Jenkins", True)]),
    ("我寄快递改用别家了", [("shipping.carrier", "", True)]),
    ("我寄快遞改用別家了", [("shipping.carrier", "", True)]),
    ("我搬到别的城市了", [("identity.location", "", True)]),
])
def test_a_move_to_an_unnamed_thing_ends_the_value_it_names(text: str, expected: list[tuple[str, str, bool]]) -> None:
    """The old value named, or every value of the attribute or kind named, is withdrawn."""
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I moved to Berlin.", [("identity.location", "Berlin", False)]),
    ("I moved to New York.", [("identity.location", "New York", False)]),
    ("我搬到新加坡了", [("identity.location", "新加坡", False)]),
    ("We moved from Jenkins to GitHub Actions.", [("user.uses", "GitHub Actions", False)]),
])
def test_a_move_to_a_named_place_or_thing_is_unchanged(text: str, expected: list[tuple[str, str, bool]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("We use Jenkins.", [("tool.uses", "Jenkins", False)]),
    ("These days we're using Linear.", [("tool.uses", "Linear", False)]),
    ("We use Slack, Jira and Confluence.",
     [("tool.uses", "Slack", False), ("tool.uses", "Jira", False), ("tool.uses", "Confluence", False)]),
    ("我们用Jenkins。", [("tool.uses", "Jenkins", False)]),
    ("我現在用Obsidian", [("tool.uses", "Obsidian", False)]),
    ("我们用的是飞书", [("tool.uses", "飞书", False)]),  # "what we use is": a short Chinese name
    ("我們現在用的是企業微信", [("tool.uses", "企业微信", False)]),
    ("I use VS Code.", [("tool.editor", "VSCode", False)]),  # a thing the gazetteer keys keeps its key
    ("我们项目用的是PostgreSQL。", [("user.project_tool", "PostgreSQL", False)]),  # the owner's thing, named in English
])
def test_a_named_thing_used_without_a_purpose(text: str, expected: list[tuple[str, str, bool]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", ["I use it.", "I use a laptop.", "We use them a lot.", "我们用筷子", "我用手机",
                                  "我们用的是自己搭的系统", "我们用的是一些老工具",
                                  "Do you use Jenkins?", "我们用什么？"])
def test_a_use_that_names_no_thing_is_not_read(text: str) -> None:
    assert _read(text) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("We've moved to Linear.", [("user.uses", "Linear", False)]),
    ("Jira was too slow, so we've moved to Linear.", [("user.uses", "Linear", False)]),
    ("Our team moved to Linear.", [("user.uses", "Linear", False)]),
    ("We've moved everything to Notion.", [("user.uses", "Notion", False)]),
    ("I moved to Linear for tickets.", [("user.tickets", "Linear", False)]),  # a word of work: any subject
    ("我们搬到Linear了", [("user.uses", "Linear", False)]),
    ("我们团队搬到Notion上了", [("user.uses", "Notion", False)]),
    ("我搬到飞书上了", [("user.uses", "飞书", False)]),  # 上: onto a platform
    ("我們團隊搬到Notion上了", [("user.uses", "Notion", False)]),
    ("我們搬到Linear了", [("user.uses", "Linear", False)]),
])
def test_a_move_onto_a_named_thing_is_no_home(text: str, expected: list[tuple[str, str, bool]]) -> None:
    """A group moving to a name with no cue of a home, or any move with a word of work done with things,
    changes what is used: before, each was a home in Linear or Notion (Notion上), superseding the user's city."""
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("We moved to Austin last year.", [("identity.location", "Austin", False)]),
    ("We moved to Austin, Texas.", [("identity.location", "Austin", False)]),
    ("We just moved to Denver with the kids.", [("identity.location", "Denver", False)]),
    ("I moved to Portland to live with my sister.", [("identity.location", "Portland", False)]),
    ("I moved to Austin for work.", [("identity.location", "Austin", False)]),
    ("I've moved to Berlin.", [("identity.location", "Berlin", False)]),
    ("我搬到Berlin了", [("identity.location", "Berlin", False)]),
    ("我们搬到杭州了", [("identity.location", "杭州", False)]),
    ("我們搬到杭州了", [("identity.location", "杭州", False)]),
    ("我也搬到上海了", [("identity.location", "上海", False)]),  # the shape alone reads a move: the topic rule
    ("我又搬到北京了", [("identity.location", "北京", False)]),  # withdrew a habit 不搬到北京 beside it
    ("我們現在搬到台北了", [("identity.location", "台北", False)]),
])
def test_a_move_with_a_cue_of_home_or_by_the_speaker_alone_is_a_home(
        text: str, expected: list[tuple[str, str, bool]]) -> None:
    """When, with whom, why one lives there, the region after the name, or a person moving alone make a home,
    and the value is the place alone (it was "Portland to live with my sister", "Austin for work")."""
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("我们用钉钉", [("tool.uses", "钉钉", False)]),
    ("我们现在用飞书", [("tool.uses", "飞书", False)]),
    ("我們現在用飛書", [("tool.uses", "飞书", False)]),
    ("我现在用石墨文档", [("tool.uses", "石墨文档", False)]),
    ("我们用钉钉开会", [("user.meetings", "钉钉", False)]),  # what it is for is no part of the name, its key
    ("我們都用支付寶付款", [("user.payment_method", "支付宝", False)]),  # how one pays (extract.providers)
    ("We use DingTalk.", [("tool.uses", "DingTalk", False)]),
])
def test_a_thing_named_in_hanzi_used_by_a_group_or_now(text: str, expected: list[tuple[str, str, bool]]) -> None:
    """A name in 汉字 after 用, said of a group (我们) or of now (现在, 都): before, only a name in Latin letters
    (or after 用的是) was read, and 我们用钉钉 stored nothing."""
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("我们用Slack开会", [("user.meetings", "Slack", False)]),  # a listed purpose: its key
    ("我们用Zoom开会", [("user.meetings", "Zoom", False)]),
    ("我们用Slack聊天", [("user.chat", "Slack", False)]),
    ("我们用Slack沟通", [("user.chat", "Slack", False)]),
    ("我們現在用Slack溝通", [("user.chat", "Slack", False)]),
    ("我用Slack发消息", [("user.chat", "Slack", False)]),
    ("我们用Google Meet开会", [("user.meetings", "Google Meet", False)]),
    ("我们用Jira管理任务", [("user.tickets", "Jira", False)]),  # a purpose that names an attribute keys by it
])
def test_a_thing_named_in_latin_letters_used_for_something_is_the_name_alone(
        text: str, expected: list[tuple[str, str, bool]]) -> None:
    """What it is for is cut off after a Latin name as after a name in 汉字 (我们用钉钉开会 → 钉钉): before,
    我们用Slack开会 stored ``tool.uses = Slack开会``. A listed purpose keys it as in English ("We use Zoom for
    meetings": ``user.meetings``)."""
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("我平时写代码用VS Code。", [("tool.editor", "VSCode", False)]),  # a listed name: its own key
    ("我上班用Mac。", [("tool.uses", "Mac", False)]),
    ("我工作用的是ThinkPad", [("tool.uses", "ThinkPad", False)]),
    ("我记笔记一般用Notion", [("user.notes", "Notion", False)]),  # a listed purpose: its key
    ("我们团队写文档用Confluence", [("user.docs", "Confluence", False)]),
    ("我写代码不用VS Code", []), ("我想写代码用VS Code", []), ("你写代码用VS Code吗？", []),
])
def test_what_a_thing_is_used_for_said_before_it(text: str, expected: list[tuple[str, str, bool]]) -> None:
    """Chinese says the purpose or the place first (我写代码用VS Code, as "I write code in VS Code"): before, none of
    these stored anything, and 我记笔记一般用Notion was read as 我一般用Notion, the purpose taken for a kind of thing. A
    wish or a negation before 用, or a question, states no thing used."""
    assert _read(text) == expected


@pytest.mark.parametrize("text", ["我们用Jira跟踪bug", "我们用Slack通知大家", "我用Excel算账"])
def test_a_latin_name_never_takes_the_chinese_words_after_it(text: str) -> None:
    assert [v for _, v, _ in _read(text) if not v.isascii()] == []


@pytest.mark.parametrize("text", [
    "我们用筷子", "我们用筷子吃饭", "我現在用手機", "我们用现金", "我们用英语", "我们用手机拍照",
    "我们用这个", "我们用完了",
])
def test_a_common_noun_after_yong_names_no_thing_used(text: str) -> None:
    """A kind of object, money, a language or a pronoun (筷子, 手机, 现金, 英语, 这个) is what a thing is done
    with."""
    assert _read(text) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("we moved to Berlin", [("identity.location", "Berlin", False)]),
    ("We've moved to London.", [("identity.location", "London", False)]),
    ("We moved to New York.", [("identity.location", "New York", False)]),
    ("We moved to Germany.", [("identity.location", "Germany", False)]),
    ("我们搬到Berlin了", [("identity.location", "Berlin", False)]),
])
def test_a_group_moving_to_a_city_or_country_with_no_cue_moves_home(
        text: str, expected: list[tuple[str, str, bool]]) -> None:
    """A name the time-zone database gives as a city or country is a place when the sentence says nothing
    else: before, "we moved to Berlin" stored ``user.uses = Berlin``, superseding the thing used (Linear)."""
    assert _read(text) == expected


def test_a_group_moving_to_a_city_keeps_the_thing_used_and_ends_the_old_home(tmp_path: Path) -> None:
    from memstrata import HashingEmbedder, Memory

    with Memory(tmp_path / "m.db", user_id="u1", embedder=HashingEmbedder(dim=64)) as memory:
        for text in ("I live in Paris.", "We've moved to Linear", "we moved to Berlin"):
            memory.add(text)
        active = {(f.key, f.value) for f in memory.list()}
    assert active == {("tool.uses", "Linear"), ("identity.location", "Berlin")}


@pytest.mark.parametrize(("text", "expected"), [
    ("我们换回钉钉了", [("user.uses", "钉钉", False)]),
    ("我们又用回钉钉了", [("user.uses", "钉钉", False)]),
    ("我们现在又改回用钉钉了", [("user.uses", "钉钉", False)]),
    ("算了，我们切回飞书吧", [("user.uses", "飞书", False)]),
    ("我們換回釘釘了", [("user.uses", "钉钉", False)]),
    ("我换回顺丰了", [("shipping.carrier", "顺丰", False)]),
    ("我换回Vim了", [("tool.editor", "Vim", False)]),
])
def test_a_switch_back_in_chinese_names_the_thing_used_now(text: str, expected: list[tuple[str, str, bool]]) -> None:
    """换回, 用回, 改回, 切回 say a change of mind as 换成 does: before, each stored nothing, and the value switched
    away from stayed current."""
    assert _read(text) == expected


@pytest.mark.parametrize("text", ["我换回去了", "我换回来了", "我们用回老办法了", "我换回原来的了", "我们用回纸笔了"])
def test_a_switch_back_that_names_no_thing_is_not_read(text: str) -> None:
    """A direction (换回去), a common noun (老办法, 纸笔) or the old value by when it was (原来的) names no thing."""
    assert _read(text) == []


def test_a_change_of_mind_back_in_chinese_supersedes_the_switch(tmp_path: Path) -> None:
    from memstrata import HashingEmbedder, Memory

    with Memory(tmp_path / "m.db", user_id="z1", embedder=HashingEmbedder(dim=64)) as memory:
        for text in ("我们换成飞书了", "算了，我们换回钉钉吧"):
            memory.add(text)
        active = [(f.key, f.value) for f in memory.list()]
        values = sorted((f.value, f.status) for f, _ in memory.history(key="tool.uses"))
    assert active == [("tool.uses", "钉钉")]
    assert values == [("钉钉", "active"), ("飞书", "superseded")]


@pytest.mark.parametrize(("text", "expected"), [
    ("I moved to Berlin from Paris.", [("identity.location", "Berlin", "")]),
    ("We moved to Berlin from Paris.", [("identity.location", "Berlin", "")]),
    ("I moved from Paris to Berlin.", [("identity.location", "Berlin", "Paris")]),
    ("We moved to Austin from Paris.", [("identity.location", "Austin", "")]),  # a known city left: a home
    ("I moved to Austin from Dallas in 2019.", [("identity.location", "Austin", "")]),
    ("We moved to Linear from Jira.", [("user.uses", "Linear", "Jira")]),
    ("I switched to Firefox from Chrome.", [("user.uses", "Firefox", "Chrome")]),
    ("I moved from Jenkins to GitHub Actions.", [("user.uses", "GitHub Actions", "Jenkins")]),
    ("We moved to Munich instead of Berlin.", [("identity.location", "Munich", "")]),  # was 'Munich instead of …'
    ("We moved to Linear rather than Jira.", [("user.uses", "Linear", "Jira")]),
])
def test_the_place_or_thing_left_said_after_from_is_the_old_value(
        text: str, expected: list[tuple[str, str, str]]) -> None:
    """Before: 'We moved to Berlin from Paris' stored user.uses = 'Berlin from Paris', 'I moved to Berlin from
    Paris' identity.location = 'Berlin from Paris', and 'I moved from Paris to Berlin' user.uses = Berlin."""
    found = RuleExtractor().extract(text=text, role="user", said_at=_AT)
    assert [(c.key, c.value, c.instead_of) for c in found] == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("算了，我们还是用钉钉吧", [("user.uses", "钉钉", False)]),
    ("我們還是用釘釘吧", [("user.uses", "钉钉", False)]),
    ("我们还是用钉钉开会吧", [("user.uses", "钉钉", False)]),  # what it is for is no part of the name
    ("我们还是用微信联系吧", [("contact.channel", "微信", False)]),  # a way of reaching someone: the channel
    ("我还是用Vim吧", [("tool.editor", "Vim", False)]),
])
def test_still_using_in_chinese_is_a_change_of_mind_to_the_thing_named(
        text: str, expected: list[tuple[str, str, bool]]) -> None:
    """还是用X吧 ("let's use X after all") chooses X: before, it stored nothing, and after 我们换成飞书了 飞书 stayed
    the thing used."""
    assert _read(text) == expected


@pytest.mark.parametrize("text", ["我还是用手机吧", "我们还是用英语交流吧", "我还是用原来的吧", "我还是用这个吧",
                                  "我们还是用老方法吧"])
def test_still_using_a_common_noun_names_no_thing(text: str) -> None:
    assert _read(text) == []


def _after(tmp_path: Path, *texts: str) -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    """The active things used after ``texts`` are added in order, and the ended ones (value, status) of
    ``tool.uses`` and ``user.uses``, as history shows them."""
    from memstrata import HashingEmbedder, Memory

    with Memory(tmp_path / "m.db", user_id="u1", embedder=HashingEmbedder(dim=64)) as memory:
        for text in texts:
            memory.add(text)
        active = {(f.key, f.value) for f in memory.list()}
        keys = {key for key in ("tool.uses", "user.uses") if memory.list(status=["active", "superseded"], key=key)}
        ended = {(f.value, f.status) for key in keys for f, _ in memory.history(key=key) if f.status != "active"}
    return active, ended


@pytest.mark.parametrize(("texts", "active", "ended"), [
    (("We use Jira.", "We've moved to Linear."), {("tool.uses", "Linear")}, {("Jira", "superseded")}),
    (("We use Jira.", "We use Slack.", "We've moved to Linear."),  # Linear is a tracker, as Jira; Slack is chat
     {("tool.uses", "Linear"), ("tool.uses", "Slack")}, {("Jira", "superseded")}),
    (("我们用钉钉", "我们改用飞书了"), {("tool.uses", "飞书")}, {("钉钉", "superseded")}),
    (("我們用Jira", "我們用釘釘", "我們換成Linear了"), {("tool.uses", "Linear"), ("tool.uses", "钉钉")},
     {("Jira", "superseded")}),
])
def test_a_switch_that_names_no_old_value_ends_the_one_thing_it_replaces(
        tmp_path: Path, texts: tuple[str, ...], active: set[tuple[str, str]], ended: set[tuple[str, str]]) -> None:
    """Before, the switch stored user.uses beside the things used and every one of them stayed current."""
    assert _after(tmp_path, *texts) == (active, ended)


@pytest.mark.parametrize("texts", [
    ("We use Slack.", "We've moved to Linear."),  # chat and a tracker: no rival
    ("We use Jira.", "We use Asana.", "We've moved to Linear."),  # two trackers: which one ended is not said
    ("我们用Jira", "我们用Asana", "我们换成Linear了"),
])
def test_a_switch_with_no_single_rival_ends_nothing(tmp_path: Path, texts: tuple[str, ...]) -> None:
    active, ended = _after(tmp_path, *texts)
    assert ended == set() and ("tool.uses", "Linear") in active


@pytest.mark.parametrize(("texts", "used"), [
    (("We use Jira.", "We use Asana.", "We've moved to Linear."), {"Jira", "Asana", "Linear"}),
    (("我们用Jira", "我们用Asana", "我们换成Linear了"), {"Jira", "Asana", "Linear"}),
    (("我們用Jira", "我們用Asana", "我們換成Linear了"), {"Jira", "Asana", "Linear"}),
    (("We're back on Jira.",), {"Jira"}),
    (("我们又用Jira了",), {"Jira"}),
    (("We moved from Jenkins to GitHub Actions.",), {"GitHub Actions"}),  # Jenkins held by no fact
])
def test_a_switch_that_ends_nothing_is_kept_with_the_things_used(
        tmp_path: Path, texts: tuple[str, ...], used: set[str]) -> None:
    """Before, such a switch was stored under user.uses while "We use Jira" is tool.uses, so ``history --key
    tool.uses`` missed it and a later switch saw two keys."""
    from memstrata import HashingEmbedder, Memory

    with Memory(tmp_path / "m.db", user_id="u1", embedder=HashingEmbedder(dim=64)) as memory:
        for text in texts:
            memory.add(text)
        assert {f.value for f, _ in memory.history(key="tool.uses")} == used
        assert memory.list(status=["active", "superseded"], key="user.uses") == []


@pytest.mark.parametrize("stop", [
    "We've stopped using Jira.", "We stopped using Jira.", "I've quit using Jira.", "We don't use Jira anymore.",
    "I don't use Jira any more.", "We no longer use Jira.",
])
def test_the_speakers_own_stop_ends_the_thing_used(tmp_path: Path, stop: str) -> None:
    """Before, only "Please stop using Jira" ended it: said of the speaker's own use, Jira stayed current."""
    assert _after(tmp_path, "We use Jira.", "We use Slack.", stop) == ({("tool.uses", "Slack")},
                                                                       {("Jira", "superseded")})


@pytest.mark.parametrize("stop", ["我们不再用Jira了", "我們不再用Jira了", "我们以后不再用Jira了"])
def test_a_groups_own_stop_in_chinese_ends_the_thing_used(tmp_path: Path, stop: str) -> None:
    """Before, 我不再用Jira了 ended it but 我们不再用Jira了 left Jira current."""
    assert _after(tmp_path, "我们用Jira", "我们用Slack", stop) == ({("tool.uses", "Slack")}, {("Jira", "superseded")})


@pytest.mark.parametrize("stop", ["We've dropped Jira.", "We got rid of Jira.", "I've gotten rid of Jira."])
def test_a_stop_said_as_dropping_ends_the_thing_used(tmp_path: Path, stop: str) -> None:
    """Before, "We've stopped using Jira" ended it but "We've dropped Jira" left Jira current beside Slack."""
    assert _after(tmp_path, "We use Jira.", "We use Slack.", stop) == ({("tool.uses", "Slack")},
                                                                       {("Jira", "superseded")})


@pytest.mark.parametrize("stop", ["We got rid of Slack, we use Teams now.",
                                  "We've stopped using Slack, we use Teams now.",
                                  "We dropped Slack, we use Teams now."])
def test_a_stop_followed_by_what_the_speaker_uses_now_takes_it(tmp_path: Path, stop: str) -> None:
    """Before, the stop was read and "we use Teams now" after it was not: Slack ended and Teams was never stored."""
    assert _after(tmp_path, "We use Jira.", "We use Slack.", stop) == ({("tool.uses", "Jira"), ("tool.uses", "Teams")},
                                                                       {("Slack", "superseded")})


def test_a_stop_followed_by_no_named_thing_takes_nothing(tmp_path: Path) -> None:
    assert _after(tmp_path, "We use Jira.", "We use Slack.", "We dropped Slack, we use it rarely now.") == (
        {("tool.uses", "Jira")}, {("Slack", "superseded")})


@pytest.mark.parametrize("stop", ["我们已经不用Jira了", "我們已經不用Jira了", "我已经不用Jira了"])
def test_a_stop_said_as_already_no_longer_in_chinese_ends_the_thing_used(tmp_path: Path, stop: str) -> None:
    """Before, 我们不再用Jira了 ended it but 我们已经不用Jira了 left Jira current beside Slack."""
    assert _after(tmp_path, "我们用Jira", "我们用Slack", stop) == ({("tool.uses", "Slack")}, {("Jira", "superseded")})


def test_a_switch_after_one_that_ended_nothing_ends_it_under_one_key(tmp_path: Path) -> None:
    """"We've moved to Linear" with nothing before, then "We've moved to Jira": Jira takes Linear's place, with
    its history under tool.uses (a tracker for a tracker); Slack, used beside them, stays."""
    active, ended = _after(tmp_path, "We use Slack.", "We've moved to Linear.", "Actually, we've moved to Jira.")
    assert active == {("tool.uses", "Slack"), ("tool.uses", "Jira")}
    assert ended == {("Linear", "superseded")}


@pytest.mark.parametrize(("texts", "active", "between"), [
    (("We use Jira.", "We've moved to Linear.", "Never mind, we're back on Jira."), {("tool.uses", "Jira")}, "Linear"),
    (("We use Jira.", "We use Slack.", "We moved from Jira to Linear.", "We use Jira again."),
     {("tool.uses", "Jira"), ("tool.uses", "Slack")}, "Linear"),
    (("I use Chrome.", "I switched to Firefox.", "I'm using Chrome again."), {("tool.uses", "Chrome")}, "Firefox"),
    (("我们用Jira", "我们换成Linear了", "我们又用Jira了"), {("tool.uses", "Jira")}, "Linear"),
    (("我们用钉钉", "我们用Jira", "我们改用飞书了", "我们重新用钉钉了"), {("tool.uses", "Jira"), ("tool.uses", "钉钉")},
     "飞书"),
    (("我們用釘釘", "我們改用飛書了", "我們又開始用釘釘了"), {("tool.uses", "钉钉")}, "飞书"),
])
def test_a_return_brings_the_earlier_value_back_and_ends_the_one_in_between(
        tmp_path: Path, texts: tuple[str, ...], active: set[tuple[str, str]], between: str) -> None:
    """Before, "we're back on Jira" and "we use Jira again" stored nothing, 我们又用Jira了 left Linear current."""
    got, ended = _after(tmp_path, *texts)
    assert got == active
    assert (between, "superseded") in ended


@pytest.mark.parametrize(("text", "expected"), [
    ("We're back on Jira.", [("user.uses", "Jira", False)]),
    ("We use Jira again.", [("user.uses", "Jira", False)]),
    ("We're using Jira again.", [("user.uses", "Jira", False)]),
    ("I'm back to using Vim.", [("tool.editor", "Vim", False)]),
    ("我们重新用钉钉了", [("user.uses", "钉钉", False)]),
    ("我們又用釘釘了", [("user.uses", "钉钉", False)]),
])
def test_a_return_is_read_as_a_switch(text: str, expected: list[tuple[str, str, bool]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", ["I'm back on track.", "I'm back to work.", "我又用手机了", "我又用这个了"])
def test_a_return_to_no_named_thing_is_not_read(text: str) -> None:
    assert _read(text) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("I switched back to UPS.", [("shipping.carrier", "UPS", False)]),
    ("I've gone back to using 顺丰.", [("shipping.carrier", "顺丰", False)]),
    ("I changed back to FedEx.", [("shipping.carrier", "FedEx", False)]),
    ("We reverted to Jira.", [("user.uses", "Jira", False)]),
    ("I went back to vim.", [("tool.editor", "Vim", False)]),
    ("We went back to the night shift.", [("user.shift", "night shift", False)]),
])
def test_a_switch_back_in_english_is_read_by_the_switch_shape(text: str, expected: list[tuple[str, str, bool]]) -> None:
    """The topic rule of a carrier switched back to (preferences_en._BACK_TO) is gone: the switch shape reads
    'changed back', 'reverted' and 'got back' too."""
    assert _read(text) == expected


@pytest.mark.parametrize("text", ["I went back to work.", "I got back to you.", "We reverted to the old process.",
                                  "I changed back to my old habits.", "We reverted to an older version."])
def test_a_switch_back_to_no_named_thing_is_not_read(text: str) -> None:
    """Before, 'I went back to work' stored user.uses = work."""
    assert _read(text) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("We use jira.", [("tool.uses", "Jira", False)]),
    ("we use jira and asana", [("tool.uses", "Jira", False), ("tool.uses", "Asana", False)]),
    ("I use github actions.", [("tool.uses", "GitHub Actions", False)]),
    ("We use clickup now.", [("tool.uses", "ClickUp", False)]),
    ("we're back on jira", [("user.uses", "Jira", False)]),
    ("我们用jira", [("tool.uses", "Jira", False)]),
    ("We switched to jira.", [("user.uses", "Jira", False)]),
    ("We use jira for tickets.", [("user.tickets", "Jira", False)]),
    ("我们用jira管理任务", [("user.tickets", "Jira", False)]),
    ("We use linear for tickets.", [("user.tickets", "linear", False)]),  # a word: as said
])
def test_a_listed_tool_said_in_lower_case_is_the_name(text: str, expected: list[tuple[str, str, bool]]) -> None:
    """Before, "We use jira" stored nothing while "We use Jira" was tool.uses (a name needed a capital), and 我们用jira
    stored 'jira' beside 'Jira'; a listed tool that is no English word is the name in any case, spelled as listed."""
    assert _read(text) == expected


@pytest.mark.parametrize("text", ["We use bamboo.", "I use edge.", "we use linear", "We use slack."])
def test_a_listed_name_that_is_an_english_word_needs_its_capital(text: str) -> None:
    assert _read(text) == []


def test_a_tool_said_in_lower_case_then_capitalised_is_one_thing_used(tmp_path: Path) -> None:
    active, ended = _after(tmp_path, "We use jira.", "We use Slack.", "We've moved to Linear.")
    assert (active, ended) == ({("tool.uses", "Linear"), ("tool.uses", "Slack")}, {("Jira", "superseded")})


def _store_written_before(path: Path) -> None:
    """A store as written before a switch that ends nothing was kept as ``tool.uses``: "We use Slack", then "We've
    moved to Linear" held as ``user.uses = Linear`` (the key set in the real SQLite file, as that writer set it)."""
    import sqlite3

    from memstrata import HashingEmbedder, Memory

    with Memory(path, user_id="u1", embedder=HashingEmbedder(dim=64)) as memory:
        memory.add("We use Slack.")
        memory.add("We've moved to Linear.")
    with sqlite3.connect(path) as db:
        assert db.execute("UPDATE facts SET key = 'user.uses' WHERE value = 'Linear'").rowcount == 1


def test_a_store_written_before_keeps_its_switch_readable_and_replaceable(tmp_path: Path) -> None:
    from memstrata import HashingEmbedder, Memory

    _store_written_before(tmp_path / "m.db")
    with Memory(tmp_path / "m.db", user_id="u1", embedder=HashingEmbedder(dim=64)) as memory:
        assert {(f.key, f.value) for f in memory.list()} == {("tool.uses", "Slack"), ("user.uses", "Linear")}
        memory.add("Actually, we've moved to Jira.")  # a tracker for a tracker: Linear ends where it is held
        assert {(f.key, f.value) for f in memory.list()} == {("tool.uses", "Slack"), ("user.uses", "Jira")}
        assert {(f.value, f.status) for f, _ in memory.history(key="user.uses")} == {
            ("Linear", "superseded"), ("Jira", "active")}


def test_a_store_written_before_has_its_switch_withdrawn(tmp_path: Path) -> None:
    from memstrata import HashingEmbedder, Memory

    _store_written_before(tmp_path / "m.db")
    with Memory(tmp_path / "m.db", user_id="u1", embedder=HashingEmbedder(dim=64)) as memory:
        memory.add("Please stop using Linear.")
        assert {(f.key, f.value) for f in memory.list()} == {("tool.uses", "Slack")}
