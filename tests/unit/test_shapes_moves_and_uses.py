"""A move whose object is no place, and a thing used with no purpose said: what the rule extractor
reads from "we moved to something else", "I switched to another carrier", "We use Jenkins",
我们从Jenkins换成别的了, 我用Obsidian (``extract.shapes.unnamed``, ``shapes_en._plain_use``)."""

from __future__ import annotations

from datetime import UTC, datetime

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
    ("我们项目用的是PostgreSQL。", [("user.项目", "PostgreSQL", False)]),  # the owner names the attribute
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
])
def test_a_move_with_a_cue_of_home_or_by_the_speaker_alone_is_a_home(
        text: str, expected: list[tuple[str, str, bool]]) -> None:
    """When, with whom, why one lives there, the region after the name, or a person moving alone make a home,
    and the value is the place alone (it was "Portland to live with my sister", "Austin for work")."""
    assert _read(text) == expected
