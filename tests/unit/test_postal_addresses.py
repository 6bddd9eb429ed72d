"""A street address is a postal address (a contact detail) in Chinese as in English; a city alone is not."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor
from memstrata.extract.taxonomy import key_spec
from memstrata.privacy.addresses import is_postal_address

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize("value", [
    "12 Baker Street, London", "221B Baker St", "42 Main St, Springfield",
    "北京市朝阳区建国路88号", "建国路88号", "上海市徐汇区漕溪北路595号3号楼", "浙江省杭州市西湖区文三路 90 号",
    "长乐路3弄5号601室", "台北市中山北路二段45號", "东城区南锣鼓巷8号", "北京市朝阳区建国路八十八号",
    "广州市天河区体育西路103-105号2栋1单元",
])
def test_a_street_with_a_house_number_is_a_postal_address(value: str) -> None:
    assert is_postal_address(value)


@pytest.mark.parametrize("value", [
    "London", "Baker Street", "北京", "深圳", "北京市朝阳区", "上海市徐汇区", "建国路", "3号楼", "城里3号楼",
    "Room 12", "5 stars",
])
def test_a_city_district_or_street_without_a_number_is_no_postal_address(value: str) -> None:
    assert not is_postal_address(value)


@pytest.mark.parametrize(("text", "value"), [
    ("My address is 12 Baker Street, London", "12 Baker Street"),
    ("I live in 12 Baker Street, London", "12 Baker Street"),
    ("I live at 12 Baker Street, London", "12 Baker Street"),  # "at" opens a street address only
    ("我住在北京市朝阳区建国路88号", "北京市朝阳区建国路88号"),
    ("我家在上海市徐汇区漕溪北路595号3号楼", "上海市徐汇区漕溪北路595号3号楼"),
    ("我搬到了上海市徐汇区漕溪北路595号", "上海市徐汇区漕溪北路595号"),
    ("我的地址是北京市朝阳区建国路88号", "北京市朝阳区建国路88号"),
])
def test_living_at_a_street_address_is_the_postal_address(text: str, value: str) -> None:
    assert _read(text) == [("shipping.address", value)]
    assert key_spec("shipping.address").sensitivity == "high"


@pytest.mark.parametrize(("text", "value"), [
    ("I live in London", "London"), ("我住在北京", "北京"), ("我现在住在深圳", "深圳"),
    ("我住在北京市朝阳区", "北京市朝阳区"),
])
def test_a_city_alone_stays_where_one_lives(text: str, value: str) -> None:
    assert _read(text) == [("identity.location", value)]
