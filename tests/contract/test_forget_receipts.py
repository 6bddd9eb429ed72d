"""Forget receipts are unique and verifiable (without a nonce, two forgets that deleted
nothing, or the same ids in two databases, had the same ``ids_sha256``, the SHA-256 of the ids
alone). Each receipt now draws a nonce that its hash covers; ``ForgetReceipt.verify(ids)``
checks a hash against the ids it should cover, and a receipt stored before nonces stays readable
and checkable. On every store."""

from __future__ import annotations

import hashlib

import pytest

from conftest import OpenMemory
from memstrata.store.dialect import run


def test_forgets_of_nothing_and_of_one_fact_get_distinct_verifiable_receipts(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="alice")
    memory.add("I prefer UPS for delivery")
    first, second = memory.forget(user_id="nobody"), memory.forget(user_id="ghost")
    assert first["episodes"] == second["episodes"] == 0
    assert first.ids_sha256 != second.ids_sha256 and first.nonce != second.nonce
    assert first.verify([]) and second.verify([]) and not first.verify([("episodes", 1)])
    assert first.ids_sha256 != hashlib.sha256(b"").hexdigest()  # what every empty forget used to give

    other = open_memory(user_id="alice")  # another database: the same fact id deleted there
    other.add("I prefer UPS for delivery")
    facts = [r.facts[0].fact.id for r in (memory.add("I'm allergic to peanuts"), other.add("I'm allergic to peanuts"))]
    assert facts[0] == facts[1]
    here, there = memory.delete(facts[0]), other.delete(facts[1])
    assert here.verify([("facts", facts[0])]) and there.verify([("facts", facts[1])])
    assert here.ids_sha256 != there.ids_sha256
    assert "nonce" in here.as_dict() and here.as_dict()["nonce"] == here.nonce

    if memory.store.capabilities.forget_jobs:
        empty = [memory.forget(filter='tag = "nothing"'), memory.forget(filter='tag = "nothing"')]
        assert empty[0].ids_sha256 != empty[1].ids_sha256 and all(r.verify([]) for r in empty)
        # forget_status reads a job's receipt back with its nonce, and it still verifies
        [again] = memory.forget_status(first.job_id)
        assert (again.ids_sha256, again.nonce) == (first.ids_sha256, first.nonce) and again.verify([])


def test_a_receipt_stored_before_nonces_stays_readable_and_verifiable(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="alice")
    if not memory.store.capabilities.forget_jobs:
        pytest.skip("the in-memory reference store keeps no forget jobs")
    said = memory.add("I like jazz music", user_id="old")
    receipt = memory.forget(user_id="old")
    ids = [("episodes", said.episode_id), *(("facts", c.fact.id) for c in said.facts)]
    # Rewrite the job row as code before nonces left it: the hash of the ids alone, no nonce key.
    legacy = hashlib.sha256("\n".join(f"{t}:{i}" for t, i in sorted(ids)).encode()).hexdigest()
    store, d = memory.store, memory.store.dialect  # type: ignore[attr-defined]
    with store.db.write() as conn:
        run(conn, d, "UPDATE forget_jobs SET counts = ?, ids_sha256 = ? WHERE id = ?",
            (d.json(dict(receipt.counts)), legacy, receipt.job_id))
    [old] = memory.forget_status(receipt.job_id)
    assert (old.status, old.ids_sha256, old.nonce, old["episodes"]) == ("done", legacy, "", 1)
    assert old.verify(ids) and not old.verify(ids[:1])
    assert "nonce" not in old.as_dict()


def test_a_forget_that_ran_no_job_names_no_job_and_one_that_ran_a_job_names_it(open_memory: OpenMemory) -> None:
    # A fact with its sources, one fact, a message by id or a filter is deleted in the call: its receipt said
    # ``job_id`` 0, an id no job has (``forget_status(0)``: "no forget job #0"). It now names none.
    memory = open_memory(user_id="alice")
    [peanuts] = memory.add("I'm allergic to peanuts").facts
    [ups] = memory.add("I prefer UPS for delivery").facts
    receipts = [memory.delete(ups.fact.id)]
    if memory.store.capabilities.forget_jobs:  # messages by id and filters need forget jobs
        receipts += [memory.delete(peanuts.fact.id, sources=True), memory.forget(filter='tag = "nothing"')]
    assert [(r.job_id, "job" in r.as_dict()) for r in receipts] == [(None, False)] * len(receipts)
    job = memory.forget(user_id="alice")
    if memory.store.capabilities.forget_jobs:
        assert isinstance(job.job_id, int) and job.job_id > 0 and job.as_dict()["job"] == job.job_id
        assert [r.ids_sha256 for r in memory.forget_status(job.job_id)] == [job.ids_sha256]
    else:  # the in-memory store forgets a user in one transaction too
        assert (job.job_id, "job" in job.as_dict()) == (None, False)
