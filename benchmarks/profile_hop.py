"""Profile mcp-sim's forwarding hop with py-spy while an SDK client drives ``echo`` through it.

    python -m benchmarks.profile_hop [--era 2026-07-28] [--calls 2000] [--out profile.txt]

Writes py-spy's collapsed stacks (``--format raw``; speedscope/flamegraph tools read them) and prints the
functions with the most samples, own and cumulative. Not a benchmark section: a tool for finding the CPU.
"""

from __future__ import annotations

import argparse
import collections
import subprocess
import time
from pathlib import Path
from typing import Any

import anyio
import yaml
from mcp import Client

from benchmarks.procs import RESULTS, fleet, free_port, mcp_sim_argv
from benchmarks.proxy_overhead import ERAS, EVERYTHING
from benchmarks.stats import Summary


async def drive(url: str, era: str, calls: int) -> list[float]:
    meta: Any = {"mcp-sim/session": "profile"}
    samples = []
    async with Client(url, mode=ERAS[era]) as client:
        await client.list_tools()
        for i in range(calls):
            started = time.perf_counter()
            await client.call_tool("echo", {"message": f"hello {i}"}, meta=meta)
            samples.append(time.perf_counter() - started)
    return samples


def top(collapsed: Path, n: int = 40) -> None:
    own: collections.Counter[str] = collections.Counter()
    cumulative: collections.Counter[str] = collections.Counter()
    total = 0
    for line in collapsed.read_text().splitlines():
        stack, _, count_text = line.rpartition(" ")
        frames, count = stack.split(";"), int(count_text)
        total += count
        own[frames[-1]] += count
        for frame in set(frames):
            cumulative[frame] += count
    print(f"{total} samples\n-- own --")
    for frame, samples in own.most_common(n):
        print(f"{100 * samples / total:5.1f}%  {frame}")
    print("-- cumulative --")
    for frame, samples in cumulative.most_common(n * 2):
        print(f"{100 * samples / total:5.1f}%  {frame}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--era", choices=list(ERAS), default="2026-07-28")
    parser.add_argument("--calls", type=int, default=2000)
    parser.add_argument("--out", type=Path, default=RESULTS / "profile.txt")
    parser.add_argument("--no-profile", action="store_true", help="only measure hop CPU and latency per call")
    parser.add_argument("--wall", action="store_true", help="sample every thread, not only the GIL holder")
    args = parser.parse_args()
    RESULTS.mkdir(parents=True, exist_ok=True)
    experiment = RESULTS / "profile-everything.yaml"
    upstream = {"command": str(EVERYTHING), "args": ["stdio"]}
    experiment.write_text(yaml.safe_dump({"name": "profile", "route": "real", "upstreams": {"everything": upstream}}))
    with fleet() as servers:
        sim = servers.start("mcp-sim-profile", mcp_sim_argv(experiment, port := free_port()), port)
        anyio.run(drive, sim.url, args.era, 50)  # warm up before sampling
        spy = None
        if not args.no_profile:
            argv = [
                "py-spy",
                "record",
                *([] if args.wall else ["--gil"]),
                "--format",
                "raw",
                "-r",
                "400",
                "-o",
                str(args.out),
            ]
            spy = subprocess.Popen([*argv, "--pid", str(sim.process.pid)])
            time.sleep(1.0)
        cpu = sim.cpu_seconds()
        samples = anyio.run(drive, sim.url, args.era, args.calls)
        cpu = sim.cpu_seconds() - cpu
        s = Summary.of(samples)
        print(
            f"{args.era}: {s.n} calls, median {s.median_ms:.2f} ms, p99 {s.p99_ms:.2f} ms, "
            f"hop CPU {cpu / s.n * 1000:.3f} ms/call"
        )
        if spy is not None:
            spy.send_signal(2)
            spy.wait(timeout=30)
    if spy is not None:
        top(args.out)


if __name__ == "__main__":
    main()
