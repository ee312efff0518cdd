"""benchmarks/profile_scale.py: shares count only the event-loop thread's samples, each function once a stack."""

from __future__ import annotations

from pathlib import Path

from benchmarks.profile_scale import shares

LOOP = "Runner.run (asyncio/runners.py:118)"


def test_shares_are_of_the_event_loop_threads_samples_and_inclusive(tmp_path: Path) -> None:
    raw = tmp_path / "spy-1.txt"
    raw.write_text(
        f"{LOOP};call (mcp_sim/calls.py:10);store (mcp_sim/state/redis.py:5) 3\n"
        f"{LOOP};call (mcp_sim/calls.py:10);call (mcp_sim/calls.py:12) 1\n"  # recursion counts once
        "Thread.run (threading.py:9);recv (multiprocessing/connection.py:3) 50\n"  # another thread: left out
    )
    got = dict((name, share) for share, name in shares([raw], 10))
    assert got["call (mcp_sim/calls.py)"] == 100.0
    assert got["store (mcp_sim/state/redis.py)"] == 75.0
    assert "recv (multiprocessing/connection.py)" not in got
