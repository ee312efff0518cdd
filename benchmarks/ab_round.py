"""A/B of section 9's 1,024-session round (``--only scale_workers``): two source trees side by side, rounds alternating.

    python -m benchmarks.ab_round TREE_A TREE_B [--store redis|sqlite] [--pairs 10] [--sessions 1024] [--cold]

Each tree runs as its own ``mcp-sim serve --workers 2`` (PYTHONPATH = the tree) with its own store (its own
redis-server, or its own SQLite file) in front of one shared 1 s fake world model (benchmarks/fake_llm.py); each
pair of rounds runs A then B, or B then A, in turn, so drifts of the shared machine's load hit both alike. Prints
every round (wall, server CPU per call, errors, load) and the medians, and B / A of each pair's wall and CPU.
The CPU is also read 0.5 s after each round (``QUIET_S``), so work a worker puts off until its calls are answered
(a garbage collection when quiet) is counted too.

Each measured round of a tree comes right after an unmeasured round of the same tree (``--cold``: without it), as
the section's rounds follow each other: alternating alone, a tree's world-model connections sat idle through the
other tree's round, past the client's 4 s keep-alive, so every measured round opened 1,024 new connections (a
regime the section never sees: a change to when the world-model requests leave measured 1.31x the round cold and
0.95-1.10x warm).

The tree started second (B) measured a few % cheaper in A/A runs on the loaded machine (stop 32): run it both ways
(TREE_A TREE_B, then TREE_B TREE_A) and take the square root of the first ratio over the second.

The kernel hands each new connection to whichever worker accepts first, so a tree's 1,024 connections are split
unevenly between its two workers (296/728 to 447/577 in six opens, stop 39), and a round lasts as long as the
busier worker's calls: each tree's split is printed. ``--balance 0.05`` opens a tree's connections again (up to
8 times) until its busier worker holds at most 55 % of them, so both trees are measured at a like split.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import anyio

from benchmarks import rawmcp, scale_out
from benchmarks.concurrency import _enough_file_descriptors
from benchmarks.procs import Fleet, Server, fleet

QUIET_S = 0.5  # after a round: its CPU is also read again then, with whatever the workers did once it was answered


def _sim(servers: Fleet, llm: Server, store: str, name: str, tree: Path) -> Server:
    """``scale_out._mcp_sim`` with the process started from ``tree``; a work directory (and store) of its own."""
    work = Path(tempfile.mkdtemp(prefix=f"ab-round-{name}-"))
    binary = shutil.which("redis-server")
    if store == "redis" and binary is None:
        raise SystemExit("--store redis needs redis-server on PATH (scripts/setup installs it)")
    url = scale_out._redis(servers, binary, work) if store == "redis" and binary else None
    return mcp_sim_from(tree, servers, work, llm, url, f"ab-{name}-{store}", "--workers", "2")


def mcp_sim_from(tree: Path, servers: Fleet, *args: Any) -> Server:
    """``scale_out._mcp_sim(servers, *args)`` with its mcp-sim processes started from the source tree ``tree``."""
    start = servers.start

    def from_tree(label: str, *arguments: Any, **options: Any) -> Server:
        if label.startswith("mcp-sim"):
            options["root"] = tree
        return start(label, *arguments, **options)

    servers.start = from_tree  # type: ignore[method-assign,assignment]
    try:
        return scale_out._mcp_sim(servers, *args)
    finally:
        servers.start = start  # type: ignore[method-assign]


def split(port: int) -> list[int]:
    """How many established connections to ``port`` each process holds (by ``ss``), fewest first."""
    shown = ["ss", "-tnpH", "state", "established", f"( sport = :{port} )"]
    out = subprocess.run(shown, capture_output=True, text=True, check=False).stdout
    counts: dict[str, int] = {}
    for pid in re.findall(r"pid=(\d+)", out):
        counts[pid] = counts.get(pid, 0) + 1
    return sorted(counts.values())


async def opened(sim: Server, sessions: int, balance: float | None) -> list[rawmcp.Connection]:
    """``sessions`` connections to ``sim``; with ``balance``, opened again until no worker holds more than
    ``0.5 + balance`` of them (8 tries at most: each try leaves ``sessions`` client ports in TIME_WAIT)."""
    for attempt in range(8):
        conns = await scale_out._open([sim], sessions)
        await anyio.sleep(0.2)
        shares = split(sim.port)
        if balance is None or not shares or max(shares) <= (0.5 + balance) * sessions or attempt == 7:
            break
        for conn in conns:
            await conn.close()
        await anyio.sleep(1)
    print(f"{sim.name}: connections per worker {shares}", flush=True)
    return conns


async def compare(
    trees: dict[str, Path], store: str, pairs: int, sessions: int, cold: bool = False, balance: float | None = None
) -> None:
    _enough_file_descriptors(3 * sessions + 1024)
    with fleet() as servers:
        llm = scale_out._fake_llm(servers)
        sims = {name: _sim(servers, llm, store, name, tree) for name, tree in trees.items()}
        conns = {name: await opened(sim, sessions, balance) for name, sim in sims.items()}
        rounds: dict[str, list[scale_out.Round]] = {name: [] for name in sims}
        quiet: dict[str, list[float]] = {name: [] for name in sims}  # CPU from before a round to QUIET_S after it
        try:
            for name, sim in sims.items():
                await scale_out._round(conns[name], [sim], "sim", 0)  # warm-up: pools, first turns
            for pair in range(pairs):
                for name in list(sims) if pair % 2 == 0 else list(sims)[::-1]:
                    if not cold:  # its connections warm again, as after the section's previous round
                        await scale_out._round(conns[name], [sims[name]], "sim", 1000 + pair)
                    before = scale_out.tree_cpu_seconds(sims[name].process.pid)
                    done = await scale_out._round(conns[name], [sims[name]], "sim", pair + 1)
                    await anyio.sleep(QUIET_S)  # what the workers do right after the round is theirs too
                    quiet[name].append(scale_out.tree_cpu_seconds(sims[name].process.pid) - before)
                    rounds[name].append(done)
                    cpu_ms = 1000 * done.cpu_s / sessions
                    print(f"pair {pair + 1} {name}: {done.wall_s:.2f} s, {cpu_ms:.2f} ms CPU/call "
                          f"({1000 * quiet[name][-1] / sessions:.2f} with the next {QUIET_S:g} s), "
                          f"errors {dict(done.errors)}, load {os.getloadavg()[0]:.2f}", flush=True)  # fmt: skip
        finally:
            for every in conns.values():
                for conn in every:
                    await conn.close()
    for name, done_rounds in rounds.items():
        wall = statistics.median(r.wall_s for r in done_rounds)
        cpu = 1000 * statistics.median(r.cpu_s for r in done_rounds) / sessions
        print(f"{name} ({trees[name]}): median round {wall:.3f} s, median CPU {cpu:.3f} ms/call")
    a, b = rounds["A"], rounds["B"]
    walls = statistics.median(y.wall_s / x.wall_s for x, y in zip(a, b, strict=True))
    cpus = statistics.median(y.cpu_s / x.cpu_s for x, y in zip(a, b, strict=True))
    after = statistics.median(y / x for x, y in zip(quiet["A"], quiet["B"], strict=True))
    print(f"B / A, median of the pairs: round {walls:.3f}, CPU {cpus:.3f} (with the next {QUIET_S:g} s: {after:.3f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("tree_a", type=Path)
    parser.add_argument("tree_b", type=Path)
    parser.add_argument("--store", choices=("redis", "sqlite"), default="redis")
    parser.add_argument("--pairs", type=int, default=10)
    parser.add_argument("--sessions", type=int, default=scale_out.WORKERS_SESSIONS)
    parser.add_argument("--cold", action="store_true", help="no unmeasured round of a tree before its measured one")
    parser.add_argument("--balance", type=float, default=None, help="open again until the busier worker's share is "
                        "at most 0.5 + this (e.g. 0.05)")  # fmt: skip
    args = parser.parse_args()
    trees = {"A": args.tree_a.resolve(), "B": args.tree_b.resolve()}
    anyio.run(compare, trees, args.store, args.pairs, args.sessions, args.cold, args.balance)


if __name__ == "__main__":
    main()
