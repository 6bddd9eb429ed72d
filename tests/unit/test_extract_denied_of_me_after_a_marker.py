"""A statement denied of the user and said of someone else, opened by a discourse marker (``extract.deflected``):
其实我对芒果不过敏，是我女儿过敏 stored the allergen 我女儿 as the user's (the marker hid the shape, and 是我女儿过敏
was read alone). Now the marker is cut first: the user's allergy withdrawn, the daughter's kept under her."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, bool, str]]:
    return [(c.key, c.value, c.retracts, c.subject)
            for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "thing", "who"), [
    ("其实我对芒果不过敏，是我女儿过敏", "芒果", "daughter"),
    ("嗯，我对芒果不过敏，是我女儿过敏", "芒果", "daughter"),
    ("其实我不是对芒果过敏，是我女儿", "芒果", "daughter"),
    ("说实话我对花生不过敏，是我老公过敏", "花生", "husband"),
    ("Actually I'm not allergic to mango, my daughter is", "mango", "daughter"),
    ("Honestly, I'm not allergic to cats, it's my wife who is", "cats", "wife"),
])
def test_the_allergy_is_the_other_persons(text: str, thing: str, who: str) -> None:
    found = _read(text)
    assert ("health.allergy", thing, True, "") in found
    assert [f for f in found if not f[2]] and all(f[3] == who for f in found if not f[2])
    assert not any("我" in f[1] or "my " in f[1] for f in found)


@pytest.mark.parametrize(("text", "own"), [
    ("其实我对芒果不过敏", ("health.allergy", "芒果", True, "")),  # no one else named: the user's denial alone
    ("我对芒果过敏，我女儿也是", ("health.allergy", "芒果", False, "")),  # the user's too, not denied
])
def test_near_misses(text: str, own: tuple[str, str, bool, str]) -> None:
    found = _read(text)
    assert own in found
    assert not any(f[3] for f in found) and not any(f[1].startswith("我") for f in found)
