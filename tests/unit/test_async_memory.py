"""``AsyncMemory`` is the same engine: every public ``Memory`` method has an async twin with the
same signature, and the twin returns what the sync method would."""

from __future__ import annotations

import asyncio
import inspect
from pathlib import Path

import pytest

from memstrata import AsyncMemory, HashingEmbedder, InvalidInput, Memory

#: Memory's public methods, its own and those of the method groups it is composed of (memstrata.memory).
PUBLIC = sorted({n for cls in Memory.__mro__ if cls is not object
                 for n, v in vars(cls).items() if callable(v) and not n.startswith("_")})


def test_every_public_method_has_an_async_twin_with_the_same_signature() -> None:
    assert PUBLIC, "Memory has public methods"
    for name in PUBLIC:
        twin = getattr(AsyncMemory, name, None)
        assert twin is not None, f"AsyncMemory.{name} is missing"
        sync_sig, async_sig = inspect.signature(getattr(Memory, name)), inspect.signature(twin)
        assert list(sync_sig.parameters) == list(async_sig.parameters), (
            f"AsyncMemory.{name} must take the same parameters as Memory.{name}: {sync_sig}")
        for param in sync_sig.parameters.values():
            assert async_sig.parameters[param.name].default == param.default, f"{name}({param.name})"
        if name not in ("message",):  # message only validates: it stays synchronous
            assert inspect.iscoroutinefunction(twin), f"AsyncMemory.{name} is not async"


def test_async_calls_return_what_the_sync_engine_returns(tmp_path: Path) -> None:
    async def scenario() -> tuple[object, ...]:
        async with AsyncMemory(tmp_path / "m.db", embedder=HashingEmbedder(dim=64), user_id="u1") as memory:
            added = await asyncio.gather(*(memory.add(text) for text in
                                           ("From now on ship with FedEx", "I'm allergic to peanuts")))
            hits = await memory.search("peanuts")
            facts = await memory.list()
            exported = await memory.export()
            return added, hits, facts, exported
    added, hits, facts, exported = asyncio.run(scenario())
    with Memory(tmp_path / "m.db", embedder=HashingEmbedder(dim=64), user_id="u1") as sync:
        assert sync.list() == facts
        assert [h.id for h in sync.search("peanuts")] == [h.id for h in hits]  # type: ignore[attr-defined]
        assert len(list(sync.export())) == len(exported)  # type: ignore[arg-type]
    assert sorted(a.episode_id for a in added) == [1, 2]  # type: ignore[attr-defined]


def test_wrapping_an_open_memory_excludes_open_arguments(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u") as memory, pytest.raises(TypeError):
        AsyncMemory(tmp_path / "other.db", memory=memory)


def test_the_keys_group_has_an_async_twin_with_the_same_signatures(tmp_path: Path) -> None:
    """``Memory.keys`` is a group reached through a property (``memory.keys.create(...)``), which
    the method parity above does not see."""
    with Memory(tmp_path / "m.db", embedder=None) as memory:
        sync_group, async_group = memory.keys, AsyncMemory(memory=memory).keys
        methods = [n for n in dir(sync_group) if not n.startswith("_") and callable(getattr(sync_group, n))]
        assert methods == ["create", "list", "revoke"]
        for name in methods:
            twin = getattr(async_group, name)
            assert inspect.iscoroutinefunction(twin), f"AsyncMemory.keys.{name} is not async"
            assert inspect.signature(twin) == inspect.signature(getattr(sync_group, name)), name


def test_async_keys_manage_the_keys_the_sync_memory_reads(tmp_path: Path) -> None:
    async def scenario() -> tuple[str, str]:
        async with AsyncMemory(tmp_path / "m.db", embedder=None) as memory:
            key, secret = await memory.keys.create(org_id="acme", project_id="support", name="async")
            assert [k.key_id for k in await memory.keys.list()] == [key.key_id]
            with pytest.raises(InvalidInput):
                await memory.keys.revoke(" ")
            revoked = await memory.keys.revoke(key.key_id)
            assert not revoked.active
            return key.key_id, secret
    key_id, secret = asyncio.run(scenario())
    assert secret.startswith(f"msk_{key_id}_")
    with Memory(tmp_path / "m.db", embedder=None) as sync:
        assert [(k.key_id, k.name, k.active) for k in sync.keys.list()] == [(key_id, "async", False)]
