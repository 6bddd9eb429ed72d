"""Redaction golden cases (Chinese and English, true and false positives) and the policy parser."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memstrata import InvalidInput
from memstrata.config import Settings, parse_ttl
from memstrata.privacy import KINDS, PrivacyPolicy, find_all, placeholder, redact
from memstrata.privacy.detectors import luhn_ok, shannon_entropy, valid_cn_id
from memstrata.privacy.policy import redact_json, secret_key_kind
from memstrata.write.ingest import MAX_METADATA_DEPTH, check_metadata

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
    if case.get("kept"):  # what follows a secret is not part of it
        assert str(case["kept"]) in redacted.text
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
    with pytest.raises(InvalidInput, match="the limit is 3,200,000,000"):
        parse_ttl("message=inf")


@pytest.mark.parametrize(("text", "expected"), [
    ("张三@例子.中国有事联系我", "[REDACTED:email]有事联系我"),
    ("联系li@公司.中文网请回复", "联系[REDACTED:email]请回复"),
    ("王五@例子.公司，谢谢", "[REDACTED:email]，谢谢"),
    # An unknown CJK TLD cannot be told from the words after it: the run goes (over-redaction, no leak).
    ("赵六@例子.未知域名后缀", "[REDACTED:email]"),
])
def test_a_cjk_tld_stops_the_address_and_the_words_after_it_survive(text: str, expected: str) -> None:
    assert redact(text, REDACT_ALL).text == expected


@pytest.mark.parametrize("text", [
    "2024-05-01", "on 05-01-2024 we met", "01.05.2024 10:30", "10:30-11:45", "09:30 - 10:45", "v1.2.3",
    "version 0.12.3", "¥1,234.50", "$1,234,567.50", "ISBN 978-3-16-148410-0", "ISBN 0-306-40615-2",
    "IP 192.168.010.012", "2024-05-01 10:30:00", "my phone number is 2024-05-01", "20240501", "01012345678",
    "订单号：0755-8888-9999", "ratio 0.5 0.25 0.125",
])
def test_dates_times_versions_money_and_ids_are_not_phone_numbers(text: str) -> None:
    assert find_all(text) == []


@pytest.mark.parametrize(("text", "number"), [
    ("我的电话是01012345678", "01012345678"), ("（010）12345678", "（010）12345678"),
    ("tel: 030 12345678", "030 12345678"),
    ("(415)555-0132", "(415)555-0132"), ("call 415 555 0132 now", "415 555 0132"), ("415.555.0132", "415.555.0132"),
    ("Ring me on 020 7946 0958.", "020 7946 0958"), ("fax 020-7946 0958", "020-7946 0958"),
])
def test_landline_forms_are_phone_numbers(text: str, number: str) -> None:
    assert [(f.kind, text[f.start:f.end]) for f in find_all(text)] == [("phone", number)]


@pytest.mark.parametrize(("text", "expected"), [
    ("wifi password hunter2", "wifi password [REDACTED:password]"),
    ("the alarm code 9931, ok", "the alarm code [REDACTED:password], ok"),
    ("wifi password hunter2 and the gate code 4417", "wifi password [REDACTED:password] and the gate code "
     "[REDACTED:password]"),
    ("密码abc12345，别说出去", "密码[REDACTED:password]，别说出去"),
    ("门禁码 4417", "门禁码 [REDACTED:password]"),
    ("login for the bank is dana / Summer2024!", "login for the bank is [REDACTED:password]!"),
    ("creds: admin:Pa55word", "creds: [REDACTED:password]"),
    # no secret: a word, too short, a path, a package pin, a login named without a secret
    ("my password manager 1Password is great", None),
    ("I reset my password 3 times", None),
    ("pin 42 to the board", None),
    ("pwd /home/al1ce/src", None),
    ("pip install Flask-Login==0.5.0", None),
    ("my login is alice, thanks", None),
    ("the login for the portal was added on October 2", None),
])
def test_a_secret_right_after_its_label_or_a_login_pair_is_redacted(text: str, expected: str | None) -> None:
    assert redact(text, REDACT_ALL).text == (text if expected is None else expected)


@pytest.mark.parametrize(("text", "expected"), [
    ("密码是Abc!2345", "密码是[REDACTED:password]"),
    ("密码是 Abc!2345", "密码是 [REDACTED:password]"),
    ("口令为“芝麻 开门”。好的", "口令为“[REDACTED:password]”。好的"),
    ('my password is "correct horse battery staple"', 'my password is "[REDACTED:password]"'),
    ('the wifi password is "Tr0ub4dor&3" so log in', 'the wifi password is "[REDACTED:password]" so log in'),
    ("my pw is Abc!2345, ok?", "my pw is [REDACTED:password], ok?"),
    ("passcode = open sesame. Bye", "passcode = [REDACTED:password]. Bye"),
])
def test_a_labelled_password_is_redacted_to_the_end_of_the_secret(text: str, expected: str) -> None:
    assert redact(text, REDACT_ALL).text == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("SSN 123-45-6789", "SSN [REDACTED:us_ssn]"),
    ("card 4111 1111 1111 1111 cvv 123", "card [REDACTED:bank_card] cvv [REDACTED:bank_card]"),
    ("CVC: 1234 please", "CVC: [REDACTED:bank_card] please"),
    ("cvv2 is 482", "cvv2 is [REDACTED:bank_card]"),
    ("安全码是 567", "安全码是 [REDACTED:bank_card]"),
])
def test_ssns_and_card_verification_codes_are_redacted(text: str, expected: str) -> None:
    assert redact(text, REDACT_ALL).text == expected


@pytest.mark.parametrize("text", [
    "000-12-3456", "666-12-3456", "912-34-5678", "123-00-4567", "123-45-0000", "1123-45-6789",
    "123-45-6789-1", "x-123-45-6789", "cvv 12345", "my cv is 123",
])
def test_impossible_ssns_and_glued_numbers_are_kept(text: str) -> None:
    assert [f for f in find_all(text) if f.kind in ("us_ssn", "bank_card")] == []


def test_metadata_values_under_secret_keys_are_redacted_at_any_depth() -> None:
    kinds: list[str] = []
    meta = {"password": "hunter2", "user": {"DB_Password": 1234, "apiKey": "abc", "access-token": ["t1", "t2"]},
            "登录密码": "x", "client_secret": {"v": "s"}, "max_tokens": 512, "secretary": "Ann", "note": "hi",
            "token": None, "pwd": ""}
    out = redact_json(meta, REDACT_ALL, kinds)
    pw, key = placeholder("password"), placeholder("api_key")
    assert out == {"password": pw, "user": {"DB_Password": pw, "apiKey": key, "access-token": [key, key]},
                   "登录密码": pw, "client_secret": {"v": key}, "max_tokens": 512, "secretary": "Ann", "note": "hi",
                   "token": None, "pwd": ""}
    assert sorted(kinds) == ["api_key"] * 4 + ["password"] * 3
    assert redact_json({"password": "hunter2"}, PrivacyPolicy.parse("password=allow"), []) == {"password": "hunter2"}
    assert [secret_key_kind(k) for k in ("API_KEY", "apikey", "Secret", "tokens", "keyword")] == \
        ["api_key", "api_key", "api_key", None, None]


def test_a_pwd_key_holding_a_path_is_the_working_directory_not_a_password() -> None:
    kinds: list[str] = []
    meta = {"pwd": "/home/alice/src", "PWD": "~/work", "cwd": "C:\\Users\\al", "pwd2": {"pwd": "C:/x y"},
            "db_pwd": "/not/a/dir", "Password": "/slash!start"}
    out = redact_json(meta, REDACT_ALL, kinds)
    pw = placeholder("password")
    # A bare pwd key with a path keeps it; the same key with anything else, and every other
    # password key, is still a secret (a path-shaped password under 'password' stays redacted).
    assert out == {"pwd": "/home/alice/src", "PWD": "~/work", "cwd": "C:\\Users\\al", "pwd2": {"pwd": pw},
                   "db_pwd": pw, "Password": pw}
    assert redact_json({"pwd": "hunter2"}, REDACT_ALL, []) == {"pwd": pw}
    assert kinds == ["password"] * 3


def test_metadata_nested_deeper_than_the_limit_is_refused_naming_the_path() -> None:
    def nest(levels: int) -> dict[str, object]:
        value: dict[str, object] = {}
        for _ in range(levels - 1):
            value = {"a": value}
        return value

    check_metadata(nest(MAX_METADATA_DEPTH))
    with pytest.raises(InvalidInput, match=r"metadata(\.a){32} is nested 33 levels deep; .* at most 32") as err:
        check_metadata(nest(MAX_METADATA_DEPTH + 1))
    assert "metadata" + ".a" * 32 in str(err.value)
    with pytest.raises(InvalidInput, match="at most 32 levels"):
        check_metadata(nest(5_000))  # stops at the limit: no RecursionError
    deep_list: list[object] = []
    for _ in range(40):
        deep_list = [deep_list]
    with pytest.raises(InvalidInput, match=r"metadata\.x(\[0\]){31} is nested 33"):
        check_metadata({"x": deep_list})


def test_kept_findings_are_the_detectors_own_and_a_caller_cannot_change_them() -> None:
    # A text's findings are kept (detectors._found) for the repeated reads of one write; a long
    # text is read afresh. Both must answer exactly what the detectors find.
    from memstrata.privacy import detectors
    text = "mail bob@example.com or call 415-555-0134"
    first = find_all(text)
    assert [(f.kind, text[f.start:f.end]) for f in first] == [("email", "bob@example.com"), ("phone", "415-555-0134")]
    first.clear()  # the caller's list is its own
    assert find_all(text) == list(detectors._detect(text)) and len(find_all(text)) == 2
    long_text = "x " * detectors.FOUND_CHARS + text
    assert len(long_text) > detectors.FOUND_CHARS
    assert [(f.kind, long_text[f.start:f.end]) for f in find_all(long_text)] == [
        ("email", "bob@example.com"), ("phone", "415-555-0134")]
