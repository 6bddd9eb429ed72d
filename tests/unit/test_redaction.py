"""Redaction golden cases (Chinese and English, true and false positives) and the policy parser."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memstrata import InvalidInput
from memstrata.config import Settings, parse_ttl
from memstrata.privacy import KINDS, PrivacyPolicy, find_all, placeholder, redact
from memstrata.privacy.detectors import luhn_ok, shannon_entropy, valid_cn_id

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "redaction.jsonl"
CASES = [json.loads(line) for line in GOLDEN.read_text(encoding="utf-8").splitlines() if line.strip()]
REDACT_ALL = PrivacyPolicy(dict.fromkeys(KINDS, "redact"))


def test_golden_file_covers_both_languages_and_both_outcomes() -> None:
    for lang in ("zh", "en"):
        mine = [c for c in CASES if c["lang"] == lang]
        assert sum(1 for c in mine if c["kinds"]) >= 8 and sum(1 for c in mine if not c["kinds"]) >= 6
    assert {k for c in CASES for k in c["kinds"]} == set(KINDS)


@pytest.mark.parametrize("case", CASES, ids=[c["text"][:40] for c in CASES])
def test_golden_case(case: dict[str, object]) -> None:
    text = str(case["text"])
    assert [f.kind for f in find_all(text)] == case["kinds"]
    redacted = redact(text, REDACT_ALL)
    if case.get("secret"):
        assert str(case["secret"]) not in redacted.text
        for kind in case["kinds"]:  # type: ignore[attr-defined]
            assert placeholder(kind) in redacted.text
    else:
        assert redacted.text == text


def test_checksums() -> None:
    assert luhn_ok("4111111111111111") and not luhn_ok("4111111111111112")
    assert valid_cn_id("11010519491231002X") and not valid_cn_id("110105194912310021")
    assert not valid_cn_id("110105194913310029")  # month 13
    assert shannon_entropy("aaaa") == 0.0 and shannon_entropy("abcd") == 2.0


def test_allow_keeps_the_text_and_policy_parsing_is_strict() -> None:
    policy = PrivacyPolicy.parse("email=allow, phone=drop")
    assert policy.action("email") == "allow" and policy.action("phone") == "drop"
    assert policy.action("api_key") == "drop"
    assert redact("mail alice@example.com", policy).text == "mail alice@example.com"
    for bad in ("email", "mail=allow", "email=keep"):
        with pytest.raises(InvalidInput):
            PrivacyPolicy.parse(bad)
    settings = Settings.from_env({"MEMSTRATA_PRIVACY": "email=allow", "MEMSTRATA_TTL": "episode=60,high=5",
                                  "MEMSTRATA_MAX_ACTIVE_FACTS": "3"})
    assert settings.privacy.action("email") == "allow"
    assert settings.ttl_seconds == {"episode": 60.0, "high": 5.0} and settings.max_active_facts == 3
    with pytest.raises(InvalidInput, match="MEMSTRATA_TTL"):
        parse_ttl("episode=-1")
