"""An end and a beginning in one message, through the public SDK on a real SQLite file with the real model: the
nurse and her hospital end and the paramedic begins; the Ford ends and the Leaf is driven; 我车卖了 ends the car;
我不再学游泳了 ends 在学游泳; 我换工作了 ends the employer. Before, each old value stayed current."""

from __future__ import annotations

from memstrata import Memory
from memstrata.types import Fact


def _active(mem: Memory) -> list[tuple[str, str]]:
    return sorted((f.key, f.value) for f in mem.list() if isinstance(f, Fact))


def test_a_new_job_as_something_else_ends_the_old_job(memory: Memory) -> None:
    memory.add("I'm a nurse")
    memory.add("I work at St Mary's hospital")
    memory.add("I'm not a nurse anymore, I started a new job as a paramedic")
    assert _active(memory) == [("identity.occupation", "paramedic")]


def test_a_car_sold_and_a_new_one_driven(memory: Memory) -> None:
    memory.add("I drive a Ford Focus")
    memory.add("I sold the Ford, now I drive an electric Nissan Leaf.")
    assert _active(memory) == [("user.car", "electric Nissan Leaf")]


def test_a_car_sold_in_chinese_ends_the_car(memory: Memory) -> None:
    memory.add("我开丰田")
    memory.add("我车卖了，现在坐地铁上班")
    assert _active(memory) == []


def test_learning_given_up_and_a_job_changed_in_chinese(memory: Memory) -> None:
    memory.add("我在学游泳")
    memory.add("我在腾讯工作")
    memory.add("我不再学游泳了")
    memory.add("我换工作了")
    assert _active(memory) == []
