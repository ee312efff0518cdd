"""Profile mcp-sim's simulated-call path with py-spy under concurrent sessions (the shape of section 4).

    python -m benchmarks.profile_sim [--store memory://] [--sessions 128] [--rounds 20] [--out profile-sim.txt]

mcp-sim serves ``world_model.kind: openai`` against benchmarks/fake_llm.py (no latency); ``--sessions``
raw HTTP connections (benchmarks/rawmcp.py) each send one ``create_item`` per round, all at once. Prints
server CPU per call and the functions with the most py-spy samples (own and cumulative). Not a section: a
tool for finding the CPU.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

import anyio
import yaml

from benchmarks import rawmcp
from benchmarks.procs import RESULTS, Server, fleet, free_port, mcp_sim_argv
from benchmarks.profile_hop import top
from benchmarks.scale_out import tree_cpu_seconds
from benchmarks.sim_path import TOOLS


async def drive(url: str, sessions: int, rounds: int, offset: int) -> int:
    conns = [rawmcp.Connection(url) for _ in range(sessions)]
    for conn in conns:
        await conn.open()
    calls = 0
    try:
        for r in range(rounds):

            async def one(i: int, r: int = r) -> None:
                body, headers = rawmcp.tools_call(r, "create_item", {"name": f"w{r}"}, f"p{offset}-{i}")
                rawmcp.check_result(await conns[i].post(body, headers))

            async with anyio.create_task_group() as tasks:
                for i in range(sessions):
                    tasks.start_soon(one, i)
            calls += sessions
    finally:
        for conn in conns:
            await conn.close()
    return calls


def start(servers: object, store: str, workdir: Path, extra: list[str]) -> tuple[Server, Server]:
    from benchmarks.procs import Fleet

    assert isinstance(servers, Fleet)
    llm_port = free_port()
    argv = [sys.executable, "-m", "benchmarks.fake_llm", "--port", str(llm_port), "--latency", "0"]
    llm = servers.start("fake-llm-profile", argv, llm_port, path="/v1/chat/completions")
    (workdir / "profile-sim-tools.yaml").write_text(yaml.safe_dump({"tools": TOOLS}, sort_keys=False))
    world_model = {"kind": "openai", "base_url": f"http://127.0.0.1:{llm_port}/v1", "model": "fake"}
    doc = {
        "name": "profile-sim",
        "route": "sim",
        "tools": ["profile-sim-tools.yaml"],
        "state": store,
        "world_model": {**world_model, "max_concurrency": 2048, "timeout_s": 60},
    }
    experiment = workdir / "profile-sim.yaml"
    experiment.write_text(yaml.safe_dump(doc, sort_keys=False))
    port = free_port()
    return llm, servers.start("mcp-sim-profile-sim", mcp_sim_argv(experiment, port, *extra), port)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--store", default="memory://")
    parser.add_argument("--sessions", type=int, default=128)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--out", type=Path, default=RESULTS / "profile-sim.txt")
    parser.add_argument("--no-profile", action="store_true")
    parser.add_argument("--workers", type=int, default=1, help="serve --workers N (py-spy follows the workers)")
    args = parser.parse_args()
    RESULTS.mkdir(parents=True, exist_ok=True)
    with fleet() as servers:
        _, sim = start(servers, args.store, RESULTS, ["--workers", str(args.workers)])
        anyio.run(drive, sim.url, args.sessions, 2, 0)  # warm-up (with --workers: once a worker answers)
        spy = None
        if not args.no_profile:
            argv = ["py-spy", "record", "--gil", "--format", "raw", "-r", "200", "-o", str(args.out), "--subprocesses"]
            spy = subprocess.Popen([*argv, "--pid", str(sim.process.pid)])
            time.sleep(1.0)
        cpu = tree_cpu_seconds(sim.process.pid)
        started = time.perf_counter()
        calls = anyio.run(drive, sim.url, args.sessions, args.rounds, 1)
        wall = time.perf_counter() - started
        cpu = tree_cpu_seconds(sim.process.pid) - cpu
        print(f"{calls} calls in {wall:.2f} s, server CPU {cpu / calls * 1000:.3f} ms/call ({args.store})")
        if spy is not None:
            spy.send_signal(2)
            spy.wait(timeout=30)
    if spy is not None:
        top(args.out, 30)


if __name__ == "__main__":
    main()
