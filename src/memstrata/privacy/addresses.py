"""What counts as a postal (street) address, in English and Chinese.

A postal address is a contact detail: a fact holding one is high sensitivity (kept only encrypted,
docs/privacy.md), whatever sentence said it. "My address is 12 Baker Street" is keyed as the address
by its label; "I live in 12 Baker Street" and 我住在北京市朝阳区建国路88号 say one with a verb of
living, whose value is otherwise a city (``identity.location``, low sensitivity). A value is an
address when it has the street and the house number a letter needs:

* English: a number, up to five words and a street word ("12 Baker Street", "221B Baker St, London").
* Chinese: a road (…路, 街, 道, 巷, 弄, 胡同), a number and 号/號 ("建国路88号", "南京西路1266号
  恒隆广场", "长乐路3弄5号601室"), with any 省/市/区/县 before it and any building, unit, floor or room
  after it. The number may be written in Chinese numerals (建国路八十八号).

A city or district alone (北京, 北京市朝阳区, "London") is no address: nothing a letter could be sent to.
"""

from __future__ import annotations

import re

from memstrata.text.regex import lazy_regex

#: "12 Baker Street", "221B Baker St.", "42 Main St, Springfield": a number, a name and a street word, with
#: up to three comma-separated parts after it (city, county, postcode).
STREET_ADDRESS_EN = lazy_regex(
    r"^\d+[A-Za-z]?\s+(?:[\w.'-]+\s+){0,4}?(?:street|st|road|rd|avenue|ave|lane|ln|drive|dr|"
    r"boulevard|blvd|way|place|pl|court|ct|square|sq|terrace|close|crescent|highway|hwy|"
    r"parkway|pkwy)\b\.?(?:\s+(?:n|s|e|w|ne|nw|se|sw)\b)?(?:\s*,\s*[\w .'-]+){0,3}$", re.IGNORECASE)

_ZH_NUMBER = r"(?:\d+(?:[-－]\d+)?|[零〇一二两三四五六七八九十百千]+)"
#: A named road (at least one character before the road word), an optional section (二段), a house number
#: and 号: 建国路88号, 长乐路3弄5号, 中山北路二段45號, 南锣鼓巷8号, 南锣鼓巷胡同8号.
STREET_ADDRESS_ZH = lazy_regex(
    rf"[\u4e00-\u9fffA-Za-z0-9](?:路|街|道|巷|弄|胡同)\s*(?:{_ZH_NUMBER}段)?"
    rf"(?:{_ZH_NUMBER}弄)?{_ZH_NUMBER}\s*[号號]")


def is_postal_address(value: str) -> bool:
    """Whether ``value`` (a fact's value, one language or the other) is a street address with a house number.

    >>> is_postal_address("12 Baker Street, London"), is_postal_address("北京市朝阳区建国路88号")
    (True, True)
    >>> is_postal_address("London"), is_postal_address("北京"), is_postal_address("北京市朝阳区")
    (False, False, False)
    """
    value = value.strip()
    return bool(STREET_ADDRESS_EN.match(value) or STREET_ADDRESS_ZH.search(value))
