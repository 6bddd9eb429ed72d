"""A move to something unnamed ends the value it names, and a thing used without a purpose is a fact
that a later switch replaces: through the public SDK on SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

from factvalues import change_of, values
from memstrata import Memory
from memstrata.config import Settings


def test_a_move_to_something_unnamed_ends_the_old_value(db_settings: dict[str, Any]) -> None:
    with Memory(settings=Settings(**db_settings), embedder=None, user_id="ann") as mem:
        mem.add("I live in Boston.")
        assert not mem.add("We moved to something else.").facts
        assert values(mem, "identity.location") == ["Boston"]  # no place named, none ended
        mem.add("We use Jenkins for CI.")
        [change] = mem.add("We moved our CI to something else.").facts
        assert (change.action, change.fact.value) == ("retract", "Jenkins")
        assert values(mem, "user.ci") == []
        mem.add("We use Jira.")
        [change] = mem.add("We switched from Jira to something else.").facts
        assert (change.action, change.fact.key, change.fact.value) == ("retract", "tool.uses", "Jira")
        mem.add("我寄快递用顺丰")
        [change] = mem.add("我寄快递改用别家了").facts
        assert (change.action, change.fact.value) == ("retract", "顺丰")
        assert values(mem, "shipping.carrier") == []


def test_a_thing_used_is_replaced_by_a_switch_from_it(db_settings: dict[str, Any]) -> None:
    with Memory(settings=Settings(**db_settings), embedder=None, user_id="ann") as mem:
        mem.add("We use Jenkins.")
        mem.add("We use Slack.")
        assert values(mem, "tool.uses") == ["Jenkins", "Slack"]  # many things used at a time
        [change] = mem.add("We used to use Jenkins, these days we use GitHub Actions.").facts
        assert change_of(change) == ("supersede", "GitHub Actions", ["Jenkins"])
        [change] = mem.add("我们从GitHub Actions换成别的了").facts
        assert (change.action, change.fact.value) == ("retract", "GitHub Actions")
        assert values(mem, "tool.uses") == ["Slack"]
        mem.add("We use Notion for notes.")
        [change] = mem.add("Please stop using Notion.").facts  # named as the thing, found under its purpose
        assert (change.action, change.fact.key, change.fact.value) == ("retract", "user.notes", "Notion")
