"""A Chinese street address is kept as the English one is: only encrypted, on a real SQLite file."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from cryptography.fernet import Fernet

from memstrata import Memory, Settings
from memstrata.embed.base import EmbeddingCache

LIVED_AT = {"en": ("My address is 12 Baker Street, London", "12 Baker Street"),
            "zh": ("我住在北京市朝阳区建国路88号", "北京市朝阳区建国路88号")}
SHIP_TO = {"en": ("Ship to 221B Baker Street from now on", "221B Baker Street"),
           "zh": ("以后寄到北京市朝阳区建国路88号", "北京市朝阳区建国路88号")}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_street_address_is_withheld_without_a_key(db_path: Path, embedder: EmbeddingCache, lang: str) -> None:
    text, _ = LIVED_AT[lang]
    with Memory(db_path, embedder=embedder, user_id="u1") as memory:
        said = memory.add(text)
        assert said.withheld == 1 and said.facts == ()
        assert memory.list(key="shipping") == [] and memory.list(key="identity") == []
        assert memory.get(episode_id=said.episode_id).content == text  # the message is kept as said
        city = memory.add("我住在北京" if lang == "zh" else "I live in London")
        assert [(c.fact.key, c.fact.value) for c in city.facts] == [
            ("identity.location", "北京" if lang == "zh" else "London")]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_street_address_is_encrypted_at_rest_with_a_key(db_path: Path, embedder: EmbeddingCache, lang: str) -> None:
    text, value = LIVED_AT[lang]
    keyed = replace(Settings(), encryption_key=Fernet.generate_key().decode())
    with Memory(db_path, settings=keyed, embedder=embedder, user_id="u1") as memory:
        said = memory.add(text)
        assert said.withheld == 0 and len(said.facts) == 1
        fact = said.facts[0].fact
        assert (fact.key, fact.value, fact.sensitivity, fact.encrypted) == ("shipping.address", value, "high", True)
        raw = memory.store.db.conn.execute("SELECT value, statement FROM facts WHERE id = ?", (fact.id,)).fetchone()
        assert all(str(v).startswith("enc:v1:") for v in raw)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_standing_instruction_to_a_street_address_stays_the_dropoff(db_path: Path, embedder: EmbeddingCache,
                                                                      lang: str) -> None:
    text, value = SHIP_TO[lang]
    with Memory(db_path, embedder=embedder, user_id="u1") as memory:
        said = memory.add(text)
        assert said.withheld == 0
        assert [(c.fact.key, c.fact.value, c.fact.sensitivity) for c in said.facts] == [
            ("shipping.dropoff", value, "low")]
