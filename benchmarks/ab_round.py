"""A/B of section 9's 1,024-session round (``--only scale_workers``): two source trees side by side, rounds alternating.

    python -m benchmarks.ab_round TREE_A TREE_B [--store redis|sqlite] [--pairs 10] [--sessions 1024] [--cold]

Each tree runs as its own ``mcp-sim serve --workers 2`` (PYTHONPATH = the tree) with its own store (its own
redis-server, or its own SQLite file) in front of one shared 1 s fake world model (benchmarks/fake_llm.py); each
pair of rounds runs A then B, or B then A, in turn, so drifts of the shared machine's load hit both alike. Prints
every round (wall, server CPU per call, errors, load) and the medians, and B / A of each pair's wall and CPU.

Each measured round of a tree comes right after an unmeasured round of the same tree (``--cold``: without it), as
the section's rounds follow each other: alternating alone, a tree's world-model connections sat idle through the
other tree's round, past the client's 4 s keep-alive, so every measured round opened 1,024 new connections (a
regime the section never sees: a change to when the world-model requests leave measured 1.31x the round cold and
0.95-1.10x warm).

The tree started second (B) measured a few % cheaper in A/A runs on the loaded machine (stop 32): run it both ways
(TREE_A TREE_B, then TREE_B TREE_A) and take the square root of the first ratio over the second.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import tempfile
from pathlib import Path
from typing import Any

import anyio

from benchmarks import scale_out
from benchmarks.concurrency import _enough_file_descriptors
from benchmarks.procs import Fleet, Server, fleet


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


async def compare(trees: dict[str, Path], store: str, pairs: int, sessions: int, cold: bool = False) -> None:
    _enough_file_descriptors(3 * sessions + 1024)
    with fleet() as servers:
        llm = scale_out._fake_llm(servers)
        sims = {name: _sim(servers, llm, store, name, tree) for name, tree in trees.items()}
        conns = {name: await scale_out._open([sim], sessions) for name, sim in sims.items()}
        rounds: dict[str, list[scale_out.Round]] = {name: [] for name in sims}
        try:
            for name, sim in sims.items():
                await scale_out._round(conns[name], [sim], "sim", 0)  # warm-up: pools, first turns
            for pair in range(pairs):
                for name in list(sims) if pair % 2 == 0 else list(sims)[::-1]:
                    if not cold:  # its connections warm again, as after the section's previous round
                        await scale_out._round(conns[name], [sims[name]], "sim", 1000 + pair)
                    done = await scale_out._round(conns[name], [sims[name]], "sim", pair + 1)
                    rounds[name].append(done)
                    cpu_ms = 1000 * done.cpu_s / sessions
                    print(f"pair {pair + 1} {name}: {done.wall_s:.2f} s, {cpu_ms:.2f} ms CPU/call, "
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
    print(f"B / A, median of the pairs: round {walls:.3f}, CPU {cpus:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("tree_a", type=Path)
    parser.add_argument("tree_b", type=Path)
    parser.add_argument("--store", choices=("redis", "sqlite"), default="redis")
    parser.add_argument("--pairs", type=int, default=10)
    parser.add_argument("--sessions", type=int, default=scale_out.WORKERS_SESSIONS)
    parser.add_argument("--cold", action="store_true", help="no unmeasured round of a tree before its measured one")
    args = parser.parse_args()
    trees = {"A": args.tree_a.resolve(), "B": args.tree_b.resolve()}
    anyio.run(compare, trees, args.store, args.pairs, args.sessions, args.cold)


if __name__ == "__main__":
    main()
