"""Changes said in the general statement shapes reach the stored facts: the new value current, the
old one superseded or withdrawn, someone else's facts apart from the user's. Public SDK on a real
SQLite file with the real embedding model."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.embed.base import EmbeddingCache
from memstrata.types import Fact

_START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _said(mem: Memory, *messages: str) -> None:
    for i, text in enumerate(messages):
        mem.add(text, user_id="u", created_at=_START + timedelta(minutes=i))


def _active(mem: Memory, key: str) -> list[tuple[str | None, str]]:
    return sorted((f.subject, f.value) for f in mem.list(key=key, user_id="u") if isinstance(f, Fact))


def _status(mem: Memory, key: str, value: str) -> list[str]:
    facts = mem.list(key=key, status=["active", "superseded", "archived"], user_id="u")
    return [f.status for f in facts if isinstance(f, Fact) and f.value == value]


@pytest.fixture
def mem(tmp_path: Path, embedder: EmbeddingCache) -> Iterator[Memory]:
    """A fresh file with the run's loaded default model (``conftest.embedder``), not a new load per test."""
    with Memory(tmp_path / "memory.db", embedder=embedder) as m:
        yield m


def test_withdrawal_with_restoration_leaves_the_restored_carrier(mem: Memory) -> None:
    _said(mem, "以后都用顺丰。", "以后都用京东。", "不要京东了，还是顺丰吧。")
    assert _active(mem, "shipping.carrier") == [(None, "顺丰")]
    assert "active" not in _status(mem, "shipping.carrier", "京东")


def test_stop_using_withdraws_the_carrier(mem: Memory) -> None:
    _said(mem, "Use UPS for my packages.", "Please stop using UPS.")
    assert _active(mem, "shipping.carrier") == []
    assert _status(mem, "shipping.carrier", "UPS") == ["superseded"]


def test_destination_with_another_verb_supersedes_the_carrier(mem: Memory) -> None:
    _said(mem, "以后都用顺丰。", "以后快递发中通。")
    assert _active(mem, "shipping.carrier") == [(None, "中通")]
    assert _status(mem, "shipping.carrier", "顺丰") == ["superseded"]


def test_a_like_begun_retires_the_dislike(mem: Memory) -> None:
    _said(mem, "I hate olives.", "I've started to like olives.")
    liked = [f for f in mem.list(user_id="u") if isinstance(f, Fact) and f.value == "olives"]
    assert [(f.key, f.status) for f in liked] == [("preference.like", "active")]


def test_third_person_notes_change_the_users_own_carrier(mem: Memory) -> None:
    _said(mem, "用户偏好顺丰。", "用户改用中通了。")
    assert _active(mem, "shipping.carrier") == [(None, "中通")]


@pytest.mark.parametrize("messages", [
    ("The user's favourite colour is blue.", "The user's favourite colour is now green."),
    ("My favourite colour is blue.", "My favourite colour is currently green."),
    ("用户最喜欢的颜色是蓝色。", "用户最喜欢的颜色现在是绿色。"),
])
def test_a_copula_value_said_with_now_is_the_value_without_it(mem: Memory, messages: tuple[str, str]) -> None:
    """'is now green' holds green, as 现在是绿色 holds 绿色: the English value was stored as 'now green'."""
    _said(mem, *messages)
    values = {f.value for f in mem.list(user_id="u") if isinstance(f, Fact)}
    assert values & {"green", "绿色"} and not any(v.lower().startswith(("now", "currently")) for v in values)


@pytest.mark.parametrize("messages", [
    ("User prefers UPS for delivery.", "User now prefers DHL for delivery."),
    ("I prefer UPS for delivery.", "I currently prefer DHL for delivery."),
    ("用户喜欢用顺丰。", "用户现在喜欢用京东。"),
])
def test_a_preference_said_with_now_before_its_verb_supersedes_the_carrier(
        mem: Memory, messages: tuple[str, str]) -> None:
    """'User now prefers DHL' changes the carrier as 用户现在喜欢用京东 does; it was read as nothing."""
    _said(mem, *messages)
    assert _active(mem, "shipping.carrier") in ([(None, "DHL")], [(None, "京东")])


@pytest.mark.parametrize("messages", [
    ("I prefer UPS for delivery.", "I've switched carriers to DHL."),
    ("I prefer UPS for delivery.", "I switched couriers to DHL last week."),
    ("我用顺丰寄快递。", "我换快递了，现在用京东。"),
])
def test_switching_carriers_named_by_the_plural_supersedes_the_carrier(mem: Memory, messages: tuple[str, str]) -> None:
    """'I've switched carriers to DHL' is the switch 我换快递了，现在用京东 is: it was read as nothing, so the
    context showed it beside 'prefers UPS' with nothing outdated."""
    _said(mem, *messages)
    assert _active(mem, "shipping.carrier") in ([(None, "DHL")], [(None, "京东")])


@pytest.mark.parametrize("messages", [
    ("My carrier is UPS.", "I'm using DHL now."),
    ("I use UPS for shipping.", "I'm using DHL for shipping now."),
    ("我的快递是顺丰。", "我现在在用京东。"),
])
def test_a_carrier_said_in_the_progressive_supersedes_the_carrier(mem: Memory, messages: tuple[str, str]) -> None:
    """"I'm using DHL now" changes the carrier as "I use DHL now" does: the contraction never met the
    use pattern, which wanted a space after "I"."""
    _said(mem, *messages)
    assert _active(mem, "shipping.carrier") in ([(None, "DHL")], [(None, "京东")])


@pytest.mark.parametrize("messages", [
    ("We use Jenkins for CI.", "These days we use GitHub Actions for CI."),
    ("We use Jenkins for CI.", "We switched to GitHub Actions for CI."),
    ("我们用Jenkins做CI。", "We moved from Jenkins to GitHub Actions for CI."),
    ("我們用Jenkins做CI。", "我们现在用GitHub Actions做CI。"),
])
def test_a_thing_used_for_a_purpose_is_replaced_by_the_next_for_it(mem: Memory, messages: tuple[str, str]) -> None:
    _said(mem, *messages)
    assert _active(mem, "user.ci") == [(None, "GitHub Actions")]
    assert _status(mem, "user.ci", "Jenkins") == ["superseded"]


def test_a_sister_changing_departments_and_back_stays_apart_from_the_user(mem: Memory) -> None:
    _said(mem, "我在技术部。", "我姐姐小陈在市场部。", "小陈调到设计部了。", "小陳又回市場部了。")
    assert _active(mem, "user.team") == [(None, "技术部")]
    assert _active(mem, "小陈.team") == [("小陈", "市场部")]
    assert [f.value for f, _ in mem.history(key="小陈.team", user_id="u")] == ["市场部", "设计部", "市场部"]


def test_possessive_then_switch_supersedes_the_editor(mem: Memory) -> None:
    _said(mem, "My editor is VS Code.", "I've switched to Neovim.")
    assert _active(mem, "tool.editor") == [(None, "Neovim")]


@pytest.mark.parametrize(("messages", "user_key", "tom_key", "team", "away", "who"), [
    (("I'm on the platform team.", "My colleague Tom is on the platform team too.",
      "Tom moved to the design team.", "Tom is back on the platform team."),
     "user.team", "tom.team", "platform team", "design team", "Tom"),
    (("我在平台组。", "我同事小张也在平台组。", "小张调到设计组了。", "小张又回到平台组了。"),
     "user.team", "小张.team", "平台组", "设计组", "小张"),
])
def test_colleague_changing_teams_and_back_stays_apart_from_the_user(
        mem: Memory, messages: tuple[str, ...], user_key: str, tom_key: str, team: str, away: str, who: str) -> None:
    _said(mem, *messages)
    assert _active(mem, user_key) == [(None, team)]
    assert _active(mem, tom_key) == [(who, team)]
    assert _status(mem, tom_key, away) == ["superseded"]
    history = mem.history(key=tom_key, user_id="u")
    assert [f.value for f, _ in history] == [team, away, team]


def test_a_named_person_is_that_person_whoever_names_them(mem: Memory) -> None:
    mem.add("Gina is allergic to shellfish.", user_id="u", speaker="Jon", created_at=_START)
    mem.add("My son is allergic to eggs.", user_id="u", speaker="Jon", created_at=_START + timedelta(minutes=1))
    assert _active(mem, "health.allergy") == [("Gina", "shellfish"), ("Jon's son", "eggs")]


@pytest.mark.parametrize(("messages", "key"), [
    (("Our project's database is MySQL.", "We moved from MySQL to PostgreSQL."), "user.project_database"),
    (("我们项目的数据库是MySQL。", "我们从MySQL迁到PostgreSQL了。"), "user.project_database"),
    (("我們項目的數據庫是MySQL。", "我們從MySQL遷到PostgreSQL了。"), "user.project_database"),
])
def test_a_change_naming_the_old_value_supersedes_it_under_its_key(
        mem: Memory, messages: tuple[str, ...], key: str) -> None:
    _said(mem, *messages)
    assert _active(mem, key) == [(None, "PostgreSQL")]
    assert _status(mem, key, "MySQL") == ["superseded"]
    assert _active(mem, "user.uses") == []


@pytest.mark.parametrize("messages", [
    ("我的手机是华为。", "现在只用苹果了。"),
    ("我的手機是華為。", "現在只用蘋果了。"),
    ("My phone is a Huawei.", "These days I only use Apple."),
])
def test_a_phone_brand_chosen_alone_supersedes_the_phone(mem: Memory, messages: tuple[str, ...]) -> None:
    _said(mem, *messages)
    assert _active(mem, "tool.phone") == [(None, "iPhone")]
    assert _status(mem, "tool.phone", "华为") == ["superseded"]


@pytest.mark.parametrize(("messages", "carrier"), [
    (("以后都用京东。", "别用京东了。"), "京东"),
    (("以後都用京東。", "別用京東了。"), "京东"),
    (("Use UPS for my packages.", "Don't use UPS anymore."), "UPS"),
])
def test_a_bare_stop_using_withdraws_the_carrier(mem: Memory, messages: tuple[str, ...], carrier: str) -> None:
    _said(mem, *messages)
    assert _active(mem, "shipping.carrier") == []
    assert _status(mem, "shipping.carrier", carrier) == ["superseded"]
