"""A switch supersedes the value of its kind, through the public SDK on a real SQLite file with the real model:
"I switched to Monzo in the end" after "I bank with Barclays" made Monzo a thing used and left Barclays the bank;
"Anna switched to a vegan diet" folded into her vegetarian diet (the two statements read alike), and
信用卡换成了工商银行的 into 招商银行 or stored nothing."""

from __future__ import annotations

from memstrata import Memory
from memstrata.types import Fact


def _active(mem: Memory) -> list[tuple[str, str, str]]:
    return sorted((f.key, f.value, f.subject or "") for f in mem.list() if isinstance(f, Fact))


def test_a_bank_switched_to_supersedes_the_bank(memory: Memory) -> None:
    memory.add("I bank with Barclays")
    memory.add("I switched to Monzo in the end.")
    assert _active(memory) == [("user.bank", "Monzo", "")]
    [bank] = memory.list()
    assert isinstance(bank, Fact) and bank.statement == "banks with Monzo"  # as the bank was said, not "uses Monzo"


def test_a_diet_switched_to_supersedes_the_diet(memory: Memory) -> None:
    memory.add("Anna is vegetarian")
    memory.add("Anna switched to a vegan diet.")
    assert _active(memory) == [("food.diet", "vegan", "Anna")]


def test_a_card_switched_to_another_bank_supersedes_the_first(memory: Memory) -> None:
    memory.add("我的信用卡是招商银行的")
    memory.add("信用卡换成了工商银行的")
    assert _active(memory) == [("user.信用卡", "工商银行", "")]


def test_a_drink_switched_to_ends_the_habit_given_up(memory: Memory) -> None:
    memory.add("我每天早上喝咖啡")
    memory.add("我现在不喝咖啡了，换成了喝茶")
    assert ("user.drinks", "茶", "") in _active(memory)
    assert all("咖啡" not in v or k == "drink.quit" for k, v, _ in _active(memory))


def test_a_bank_switched_to_after_the_old_one_ended_is_the_bank(memory: Memory) -> None:
    memory.add("We use Slack")
    memory.add("I don't bank with Barclays anymore, I switched to Monzo")
    assert _active(memory) == [("tool.uses", "Slack", ""), ("user.bank", "Monzo", "")]
