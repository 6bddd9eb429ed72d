"""A switch said by the user or their group ends the group's tool of its kind: "Our team uses Jira" then "We switched to
Linear" (我们团队用飞书 then 我们改用钉钉了) kept ``user.team_tool = Jira`` current beside ``tool.uses = Linear``, the
group's keys being no things used to the switch. A thing the user's group uses is one the user uses
(``facts.switch``'s docstring: one pool), so the new value now takes the group's key and supersedes the old one; a
switch to a thing of another kind, a thing of one's own, and a group's tool beside another of the same kind stay."""

from __future__ import annotations

from pathlib import Path

import pytest

from memstrata import HashingEmbedder, Memory


def _facts(tmp_path: Path, said: tuple[str, ...]) -> set[tuple[str, str, str]]:
    with Memory(tmp_path / "m.db", user_id="u1", embedder=HashingEmbedder(dim=64)) as memory:
        for text in said:
            memory.add(text)
        return {(f.key, f.value, f.status) for f in memory.list(kind="fact", status="all", limit=50)}


@pytest.mark.parametrize(("said", "key", "old", "new"), [
    (("Our team uses Jira.", "We switched to Linear."), "user.team_tool", "Jira", "Linear"),
    (("My team uses Jira.", "Our team moved to Linear."), "user.team_tool", "Jira", "Linear"),
    (("我们团队用飞书。", "我们改用钉钉了。"), "user.team_tool", "飞书", "钉钉"),
    (("我们公司用Jira。", "我们换成Linear了。"), "user.company_tool", "Jira", "Linear"),
    (("Our company uses Slack.", "We've moved to Microsoft Teams."), "user.company_tool", "Slack", "Microsoft Teams"),
])
def test_a_switch_supersedes_the_groups_tool_of_its_kind(tmp_path: Path, said: tuple[str, ...], key: str, old: str,
                                                        new: str) -> None:
    facts = _facts(tmp_path, said)
    assert (key, old, "superseded") in facts and (key, new, "active") in facts, facts


@pytest.mark.parametrize("said", [
    ("Our team uses Jira.", "We switched to Slack."),  # a chat app is no issue tracker
    ("Our team uses Jira.", "I switched to a standing desk."),  # a thing of one's own
    ("我们团队用飞书。", "我换成了站立式办公桌。"),
    ("My company uses Slack.", "My team uses Jira."),  # two groups, no switch
])
def test_a_switch_to_another_kind_or_no_switch_keeps_it(tmp_path: Path, said: tuple[str, ...]) -> None:
    facts = _facts(tmp_path, said)
    assert not [f for f in facts if f[2] == "superseded"], facts
