"""Smoke test of the benchmark harness's arithmetic (the benchmarks themselves never run under pytest)."""

from __future__ import annotations

from benchmarks.stats import Summary, Table, ratio


def test_summary_takes_the_median_and_the_nearest_rank_p99() -> None:
    samples_s = [i / 1000 for i in range(1, 101)]  # 1..100 ms
    summary = Summary.of(samples_s)
    assert (summary.n, summary.median_ms, summary.p99_ms) == (100, 50.5, 99.0)


def test_ratio_and_table() -> None:
    assert ratio(3.0, 2.0) == 1.5
    table = Table("t", ["a", "b"])
    table.add("x", 1.5)
    assert table.markdown().splitlines()[2:5] == ["| a | b   |", "|---|-----|", "| x | 1.5 |"]
