"""Exact vector search over a working copy (``store.vectors``): the ``k`` best rows by cosine,
as a float64 product ranks them, across several blocks, with expired rows and rows outside
the asked periods left out."""

from __future__ import annotations

from datetime import UTC, datetime

import numpy as np

from memstrata.store.vectors import BLOCK_ROWS, _Entry, top_k


def entry(n: int, dim: int, seed: int = 3) -> tuple[_Entry, np.ndarray]:
    rng = np.random.default_rng(seed)
    rows = rng.standard_normal((n, dim)).astype(np.float32)
    rows /= np.linalg.norm(rows, axis=1, keepdims=True)
    copy = _Entry("v1", dim)
    for start in range(0, n, 7_001):  # appended in uneven pieces, as new rows arrive
        ids = np.arange(start, min(n, start + 7_001), dtype=np.int64) + 1
        copy.append(ids, rows[start:start + 7_001], created=(ids * 60.0).astype(np.float64))
    return copy, rows


def test_the_best_rows_are_those_of_an_exact_product_across_blocks() -> None:
    n, dim = 2 * BLOCK_ROWS + 123, 16
    copy, rows = entry(n, dim)
    assert len(copy.blocks) == 3
    rng = np.random.default_rng(9)
    for _ in range(5):
        query = rng.standard_normal(dim).astype(np.float32)
        query /= np.linalg.norm(query)
        exact = rows.astype(np.float64) @ query.astype(np.float64)
        found = top_k(query, copy, 50, min_similarity=-1.0)
        assert [i for i, _ in found] == [int(i) + 1 for i in np.argsort(-exact, kind="stable")[:50]]
        assert np.allclose([c for _, c in found], np.sort(exact)[::-1][:50], atol=1e-5)


def test_expired_rows_and_rows_outside_the_periods_are_left_out() -> None:
    copy, rows = entry(1_000, 8)
    query = rows[10]  # row id 11 is its own best match
    copy.blocks[0].expiry[10] = 100.0  # expires at t = 100 s
    assert top_k(query, copy, 1, -1.0)[0][0] == 11
    assert top_k(query, copy, 1, -1.0, now=datetime.fromtimestamp(200, UTC))[0][0] != 11
    # Rows are created at id * 60 s: ids 1-9 fall in [0, 600).
    inside = top_k(query, copy, 100, -1.0, within=[(datetime.fromtimestamp(0, UTC), datetime.fromtimestamp(600, UTC))])
    assert sorted(i for i, _ in inside) == list(range(1, 10))



def test_cosines_scanned_once_give_every_search_of_the_copy() -> None:
    copy, rows = entry(1_000, 8)
    query = rows[500]
    scanned = copy.cosines(query)
    period = [(datetime.fromtimestamp(0, UTC), datetime.fromtimestamp(600, UTC))]
    assert top_k(query, copy, 20, -1.0, scanned=scanned) == top_k(query, copy, 20, -1.0)
    inside = top_k(query, copy, 20, -1.0, within=period, scanned=scanned)
    assert inside == top_k(query, copy, 20, -1.0, within=period)
    assert sorted(i for i, _ in inside) == list(range(1, 10))
    assert copy.rows == 1_000


def test_the_similarity_cut_reads_each_cosine_as_the_float32_it_is() -> None:
    copy, _ = entry(3, 8)
    ids = np.array([1, 2, 3], np.int64)
    sims = np.array([0.3, 0.2, 0.5], np.float32)
    # 0.300000015 lies above float32(0.3) as a float64, and rounds to it as a float32: the cut is
    # made in the cosines' own precision, so the row at 0.3 is kept.
    found = top_k(np.zeros(8, np.float32), copy, 3, 0.300000015, scanned=(ids, sims))
    assert found == [(3, float(np.float32(0.5))), (1, float(np.float32(0.3)))]
    assert all(type(i) is int and type(c) is float for i, c in found)
    assert top_k(np.zeros(8, np.float32), copy, 3, 0.31, scanned=(ids, sims)) == [(3, float(np.float32(0.5)))]
