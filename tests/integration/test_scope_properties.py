"""Property: random interleavings of add / supersede / forget / search over 3 orgs × 5 users ×
sessions, with random filters, never return a memory from outside the reader's scope, and
never return forgotten content (real SQLite files, the real embedding model)."""

from __future__ import annotations

import tempfile
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memstrata import Memory
from memstrata.embed.base import EmbeddingCache
from memstrata.lifecycle.target import NOT_GIVEN

ORGS = ("org-a", "org-b", "org-c")
USERS = ("u0", "u1", "u2", "u3", "u4")
SESSIONS = ("s0", "s1", None)
BASE = datetime(2025, 1, 1, tzinfo=UTC)
CARRIERS = ("UPS", "FedEx", "DHL", "顺丰", "京东")
FILTERS = (None, "role = 'user'", "NOT role = 'assistant'", "user_id = 'u1'", "session_id = 's1'",
           "metadata.n >= 2", "org_id = 'org-b'", "key = 'shipping.carrier' OR role = 'user'")

op = st.one_of(
    st.tuples(st.just("add"), st.sampled_from(ORGS), st.sampled_from(USERS), st.sampled_from(SESSIONS),
              st.integers(0, 3)),
    st.tuples(st.just("supersede"), st.sampled_from(ORGS), st.sampled_from(USERS), st.sampled_from(SESSIONS),
              st.sampled_from(CARRIERS)),
    st.tuples(st.just("forget"), st.sampled_from(ORGS), st.sampled_from(USERS), st.sampled_from(SESSIONS),
              st.just(0)),
    st.tuples(st.just("forget_before"), st.sampled_from(ORGS), st.sampled_from(USERS), st.just(None),
              st.integers(0, 20)),
    st.tuples(st.just("search"), st.sampled_from(ORGS), st.sampled_from(USERS), st.sampled_from(SESSIONS),
              st.sampled_from(FILTERS)),
)


@dataclass
class Model:
    """What the test knows it wrote: each marker's scope, and the markers forgotten."""

    owner: dict[str, tuple[str, str, str | None]] = field(default_factory=dict)
    minute: dict[str, int] = field(default_factory=dict)
    forgotten: set[str] = field(default_factory=set)
    n: int = 0


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=st.lists(op, min_size=3, max_size=18))
def test_no_result_leaves_its_scope_and_forgotten_content_never_returns(
        embedder: EmbeddingCache, ops: list[tuple[object, ...]]) -> None:
    model = Model()
    with tempfile.TemporaryDirectory() as tmp, Memory(Path(tmp) / "p.db", embedder=embedder) as memory:
        for name, org, user, session, arg in ops:
            assert isinstance(org, str) and isinstance(user, str)
            sess = session if isinstance(session, str) else None
            if name == "add":
                marker = f"zq{model.n}marker"
                model.n += 1
                model.owner[marker] = (org, user, sess)
                model.minute[marker] = model.n
                memory.add(f"note {marker} about the harbour lighthouse", org_id=org, user_id=user, session_id=sess,
                           metadata={"n": arg}, role="user" if int(str(arg)) % 2 == 0 else "assistant",
                           created_at=BASE + timedelta(minutes=model.n))
            elif name == "supersede":
                memory.add(f"From now on ship with {arg}", org_id=org, user_id=user, session_id=sess)
            elif name == "forget_before":
                cutoff = int(str(arg))
                memory.forget(org_id=org, user_id=user, before=BASE + timedelta(minutes=cutoff))
                model.forgotten |= {m for m, (o, u, _) in model.owner.items()
                                    if o == org and u == user and model.minute[m] < cutoff}
            elif name == "forget":
                # a session left out forgets the whole user (None given is refused: lifecycle.target)
                memory.forget(org_id=org, user_id=user, session_id=NOT_GIVEN if sess is None else sess)
                model.forgotten |= {m for m, (o, u, s) in model.owner.items()
                                    if o == org and u == user and (sess is None or s == sess)}
            else:
                flt = arg if isinstance(arg, str) else None
                for query in ("harbour lighthouse note", "ship with", "shipping carrier"):
                    for hit in memory.search(query, org_id=org, user_id=user, session_id=sess, filter=flt, limit=50,
                                             include_superseded=True):
                        assert (hit.scope.org_id, hit.scope.user_id) == (org, user), (hit.scope, org, user)
                        if hit.kind == "episode" and sess is not None:
                            assert hit.scope.session_id == sess
                        assert not any(m in hit.text for m in model.forgotten), hit.text
        # Afterwards: every forgotten marker is gone from every read, every other one is still there.
        for marker, (org, user, _) in model.owner.items():
            found = {e.content for e in memory.list(kind="episode", org_id=org, user_id=user, limit=1000)}
            assert any(marker in c for c in found) == (marker not in model.forgotten), marker
            hits = memory.search(marker, org_id=org, user_id=user, kinds=("episode",))
            if marker in model.forgotten:
                assert not any(marker in h.text for h in hits)
