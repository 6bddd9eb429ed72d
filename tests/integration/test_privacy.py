"""Redaction before storage and encryption at rest, end to end on a real file and model."""

from __future__ import annotations

import logging
from dataclasses import replace
from datetime import timedelta
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from cryptography.fernet import Fernet

from memstrata import Fact, InvalidInput, Memory, Settings
from memstrata.embed.base import EmbeddingCache
from memstrata.privacy import PrivacyPolicy

API_KEY = "sk-proj-Zq8Lw3Nx7Pv2Rt6Yk1Hs5Df9Jb4"
PASSWORD_ZH = "Mima2026xyz"


class Recording:
    """The real model, remembering every text it was asked to embed."""

    def __init__(self, inner: Any) -> None:
        self.inner, self.name, self.dim = inner, inner.name, inner.dim
        self.seen: list[str] = []

    def embed(self, texts: list[str]) -> np.ndarray:
        self.seen.extend(texts)
        return self.inner.embed(texts)  # type: ignore[no-any-return]


def _files(db_path: Path) -> bytes:
    return b"".join(p.read_bytes() for p in db_path.parent.iterdir() if p.name.startswith(db_path.name))


def test_secrets_never_reach_the_store_the_embedder_or_the_index(db_path: Path, embedder: EmbeddingCache,
                                                                  caplog: pytest.LogCaptureFixture) -> None:
    recorder = Recording(embedder.inner)
    caplog.set_level(logging.DEBUG)
    with Memory(db_path, embedder=recorder, user_id="u1") as memory:
        en = memory.add(f"Please use my key {API_KEY} for the deploy, my email is bob@example.org")
        zh = memory.add(f"我的密码是{PASSWORD_ZH}，手机13812345678", metadata={"note": f"key {API_KEY}"})
        assert sorted(en.redacted) == ["api_key", "email"] and sorted(zh.redacted) == ["api_key", "password", "phone"]
        stored = memory.get(episode_id=en.episode_id)
        assert stored.content == "Please use my key [REDACTED:api_key] for the deploy, my email is [REDACTED:email]"
        assert memory.get(episode_id=zh.episode_id).metadata == {"note": "key [REDACTED:api_key]"}
        assert not any(API_KEY in t or PASSWORD_ZH in t or "13812345678" in t for t in recorder.seen)
        assert memory.search(API_KEY) == [] or all(API_KEY not in h.text for h in memory.search(API_KEY))
        assert memory.search("password") and all(PASSWORD_ZH not in h.text for h in memory.search("密码"))
        memory.store.db.checkpoint()
    raw = _files(db_path)
    for secret in (API_KEY, PASSWORD_ZH, "13812345678", "bob@example.org"):
        assert secret.encode() not in raw
    assert not any(s in r.getMessage() for r in caplog.records for s in (API_KEY, PASSWORD_ZH, "Please use"))


def test_drop_withholds_the_fact_and_allow_keeps_the_text(db_path: Path, embedder: EmbeddingCache) -> None:
    allow = replace(Settings(), privacy=PrivacyPolicy.parse("phone=allow"))
    with Memory(db_path, settings=allow, embedder=embedder, user_id="u1") as memory:
        kept = memory.add("我的手机号是13812345678")
        assert kept.redacted == () and "13812345678" in memory.get(episode_id=kept.episode_id).content
        # contact.phone is high sensitivity: without an encryption key the fact is not stored.
        assert kept.withheld == 1 and memory.list(key="contact") == []


def test_high_sensitivity_facts_are_encrypted_at_rest_with_a_key(db_path: Path, embedder: EmbeddingCache) -> None:
    key = Fernet.generate_key().decode()
    settings = replace(Settings(), privacy=PrivacyPolicy.parse("email=allow"), encryption_key=key)
    with Memory(db_path, settings=settings, embedder=embedder, user_id="u1") as memory:
        first = memory.add("My email is carol.secret@example.net")
        assert first.withheld == 0 and len(first.facts) == 1
        fact = first.facts[0].fact
        assert fact.encrypted and fact.value == "carol.secret@example.net"
        again = memory.add("My email is carol.secret@example.net", created_at=fact.observed_at + timedelta(hours=1))
        assert [c.action for c in again.facts] == ["touch"]  # equality works on the keyed digest
        hits = memory.search("what is my e-mail address?", kinds=("fact",))
        assert hits and hits[0].fact is not None and hits[0].fact.value == "carol.secret@example.net"
        raw_value = memory.store.db.conn.execute("SELECT value, statement FROM facts").fetchone()
        assert all(str(v).startswith("enc:v1:") for v in raw_value)
        events = memory.history(fact.id)[0][1]
        assert all("carol.secret" not in str(e.detail) for e in events)
    with Memory(db_path, settings=replace(settings, encryption_key=None), embedder=embedder,
                user_id="u1") as no_key:
        shown = no_key.get(fact.id)
        assert isinstance(shown, Fact) and shown.value == "[ENCRYPTED]"


def test_landlines_are_redacted_and_words_after_an_idn_address_are_kept(db_path: Path,
                                                                        embedder: EmbeddingCache) -> None:
    with Memory(db_path, embedder=embedder, user_id="u1") as memory:
        zh = memory.add("办公室座机 (021) 6234 5678，邮箱张三@例子.中国有事联系我")
        en = memory.add("Call the office at (415) 555-0132 or 010-12345678 after the 2024-05-01 release")
        # The CJK local part takes the run before it ("邮箱张三"): over-redaction, by design.
        assert sorted(zh.redacted) == ["email", "phone"] and en.redacted == ("phone", "phone")
        assert memory.get(episode_id=zh.episode_id).content == "办公室座机 [REDACTED:phone]，[REDACTED:email]有事联系我"
        assert memory.get(episode_id=en.episode_id).content == (
            "Call the office at [REDACTED:phone] or [REDACTED:phone] after the 2024-05-01 release")
        memory.store.db.checkpoint()
    raw = _files(db_path)
    for secret in ("6234 5678", "555-0132", "12345678", "例子.中国"):
        assert secret.encode() not in raw
    assert "有事联系我".encode() in raw


def test_a_speaker_given_as_an_address_and_a_spaced_passphrase_never_reach_the_file(
        db_path: Path, embedder: EmbeddingCache) -> None:
    with Memory(db_path, embedder=embedder, user_id="u1") as memory:
        said = memory.add("hello from the support desk", speaker="bob.smith@example.com")
        secret = memory.add("wifi password: correct horse battery staple")
        assert said.redacted == ("email",) and secret.redacted == ("password",)
        episode = memory.get(episode_id=said.episode_id)
        assert episode.producer_id == "[REDACTED:email]"
        assert memory.get(episode_id=secret.episode_id).content == "wifi password: [REDACTED:password]"
        memory.store.db.checkpoint()
    raw = _files(db_path)
    for leaked in ("bob.smith", "example.com", "horse battery", "staple"):
        assert leaked.encode() not in raw
    assert b"support desk" in raw


def test_secrets_leave_no_trace_on_disk_and_deep_metadata_is_refused(db_path: Path, embedder: EmbeddingCache) -> None:
    with Memory(db_path, embedder=embedder, user_id="u1") as memory:
        zh = memory.add("密码是Abc!2345")
        phrase = memory.add('my password is "correct horse battery staple"')
        meta = memory.add("hello", metadata={"password": "hunter2", "deep": {"Api_Key": "opensesame42"}})
        ids = memory.add("SSN 123-45-6789, card 4111 1111 1111 1111 cvv 987")
        assert memory.get(episode_id=zh.episode_id).content == "密码是[REDACTED:password]"
        assert memory.get(episode_id=phrase.episode_id).content == 'my password is "[REDACTED:password]"'
        assert memory.get(episode_id=meta.episode_id).metadata == {
            "password": "[REDACTED:password]", "deep": {"Api_Key": "[REDACTED:api_key]"}}
        assert memory.get(episode_id=ids.episode_id).content == \
            "SSN [REDACTED:us_ssn], card [REDACTED:bank_card] cvv [REDACTED:bank_card]"
        nested: dict[str, Any] = {}
        for _ in range(5_000):
            nested = {"a": nested}
        with pytest.raises(InvalidInput, match="nested 33 levels deep"):
            memory.add("too deep", metadata=nested)
        assert len(memory.list(kind="episode")) == 4
        memory.store.db.checkpoint()
    raw = _files(db_path)
    for leaked in ("!2345", "horse", "hunter2", "opensesame42", "123-45-6789", "too deep"):
        assert leaked.encode() not in raw


def test_a_fact_whose_value_is_only_a_placeholder_is_never_stored(db_path: Path, embedder: EmbeddingCache) -> None:
    # With an encryption key, "My email is bob@example.com" stored contact.email = [REDACTED:email].
    keyed = replace(Settings(), encryption_key=Fernet.generate_key().decode())
    with Memory(db_path, settings=keyed, embedder=embedder, user_id="u1") as memory:
        said = memory.add("My email is bob@example.com")
        assert said.redacted == ("email",) and said.facts == () and said.withheld == 1
        assert memory.list(key="contact.email") == []
        assert "[REDACTED:email]" in memory.get(episode_id=said.episode_id).content  # the message keeps the gap
        kept = memory.add("I prefer UPS for delivery")  # other facts are untouched
        assert [c.fact.value for c in kept.facts] == ["UPS"]
        with pytest.raises(InvalidInput, match="never stores as a fact"):
            memory.update(kept.facts[0].fact.id, value="carol@example.com")
    with Memory(db_path, embedder=embedder, user_id="u2") as no_key:  # without a key: withheld, as before
        assert no_key.add("My email is dan@example.com").withheld == 1


@pytest.mark.parametrize(("old", "same", "new", "masked_new"), [
    ("My phone is 415-555-0134.", "my phone number is (415) 555-0134", "My phone is 415-555-0199.",
     "My phone is [REDACTED:phone]."),
    ("我的手机号是13812345678", "我的手机号是138 1234 5678", "我的手机号是13987654321", "我的手机号是[REDACTED:phone]"),
    ("我的手機號碼是13812345678", "我的手機號碼是13812345678", "我的手機號碼是13987654321",
     "我的手机号码是[REDACTED:phone]"),  # the statement is read as Simplified
])
def test_a_new_number_masked_by_the_policy_still_ends_the_old_one(
        db_path: Path, embedder: EmbeddingCache, old: str, same: str, new: str, masked_new: str) -> None:
    """A number stored while the policy allowed it, then a new one said under the default policy: the new one is
    withheld (masked by design), and the old one no longer reads as current; its history says which message
    ended it. The same number said again is no change. Before, the old number stayed the active fact."""
    key = Fernet.generate_key().decode()
    allow = replace(Settings(), privacy=PrivacyPolicy.parse("phone=allow"), encryption_key=key)
    with Memory(db_path, settings=allow, embedder=embedder, user_id="u1") as memory:
        [stored] = [c.fact for c in memory.add(old).facts]
    with Memory(db_path, settings=replace(allow, privacy=PrivacyPolicy()), embedder=embedder,
                user_id="u1") as memory:
        again = memory.add(same)
        assert again.withheld == 1 and again.facts == ()
        assert [f.id for f in memory.list(key="contact.phone")] == [stored.id]
        said = memory.add(new)
        assert said.redacted == ("phone",) and said.withheld == 1
        assert [(c.action, c.fact.id) for c in said.facts] == [("retract", stored.id)]
        assert memory.list(key="contact.phone") == []
        [(fact, events)] = memory.history(key="contact.phone")
        assert fact.status == "superseded" and events[-1].detail["statement"] == masked_new
        memory.store.db.checkpoint()
    assert new.split("是")[-1].split("is ")[-1].rstrip(".").encode() not in _files(db_path)
