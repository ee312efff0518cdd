"""A/B of mcp-sim's forwarding hop: two source trees served side by side, called in alternating blocks.

    python -m benchmarks.ab BEFORE_TREE [AFTER_TREE] [--calls 2000] [--env-b K=V ...]

Each tree runs as its own mcp-sim process (PYTHONPATH = the tree) in front of server-everything over stdio;
one SDK client per era alternates blocks of 50 calls between A and B, so load drifts hit both alike. Prints
median / p99 latency and the process's CPU per call: the before/after figures of a performance commit.
Make a BEFORE tree with e.g. ``git archive HEAD~1 | tar -x -C /tmp/before``.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

import anyio
import yaml
from mcp import Client

from benchmarks.procs import RESULTS, ROOT, Server, fleet, free_port, mcp_sim_argv
from benchmarks.proxy_overhead import ERAS, EVERYTHING
from benchmarks.stats import Summary

BLOCK = 50


async def compare(servers: dict[str, Server], era: str, calls: int) -> None:
    meta: Any = {"mcp-sim/session": f"ab-{era}"}
    samples: dict[str, list[float]] = {name: [] for name in servers}
    cpu = dict.fromkeys(servers, 0.0)
    async with Client(servers["A"].url, mode=ERAS[era]) as a, Client(servers["B"].url, mode=ERAS[era]) as b:
        clients = {"A": a, "B": b}
        for client in clients.values():
            await client.list_tools()
            for _ in range(20):
                await client.call_tool("echo", {"message": "warm"}, meta=meta)
        for block in range(calls // BLOCK):
            for name in ("A", "B") if block % 2 == 0 else ("B", "A"):
                before = servers[name].cpu_seconds()
                for i in range(BLOCK):
                    started = time.perf_counter()
                    await clients[name].call_tool("echo", {"message": f"hello {i}"}, meta=meta)
                    samples[name].append(time.perf_counter() - started)
                cpu[name] += servers[name].cpu_seconds() - before
    for name in servers:
        s = Summary.of(samples[name])
        print(
            f"{era} {name}: median {s.median_ms:.2f} ms  p99 {s.p99_ms:.2f} ms  "
            f"hop CPU {cpu[name] / s.n * 1000:.3f} ms/call  (n={s.n})"
        )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("a", type=Path)
    parser.add_argument("b", type=Path, nargs="?", default=ROOT)
    parser.add_argument("--calls", type=int, default=2000)
    parser.add_argument("--era", choices=[*ERAS, "both"], default="both")
    parser.add_argument("--env-a", action="append", default=[], metavar="K=V")
    parser.add_argument("--env-b", action="append", default=[], metavar="K=V")
    args = parser.parse_args()
    RESULTS.mkdir(parents=True, exist_ok=True)
    experiment = RESULTS / "ab-everything.yaml"
    upstream = {"command": str(EVERYTHING), "args": ["stdio"]}
    experiment.write_text(yaml.safe_dump({"name": "ab", "route": "real", "upstreams": {"everything": upstream}}))
    with fleet() as running:
        servers = {}
        for name, tree, env in (("A", args.a, args.env_a), ("B", args.b, args.env_b)):
            port = free_port()
            extra = dict(e.split("=", 1) for e in env)
            servers[name] = running.start(
                f"ab-{name}", mcp_sim_argv(experiment, port), port, root=tree.resolve(), env=extra
            )
        for era in ERAS if args.era == "both" else [args.era]:
            anyio.run(compare, servers, era, args.calls)


if __name__ == "__main__":
    main()
