"""When things happen in section 9's 1,024-session round (``--only scale_workers``), and who spends the CPU.

    python -m benchmarks.round_timeline [--store redis|sqlite] [--rounds 3] [--sessions 1024] [--tree DIR]

Starts the section's shape (``mcp-sim serve --workers 2`` from ``--tree``, default this checkout, on a redis-server
or the default SQLite file) in front of a 1 s fake world model that stamps each request's arrival and each answer's
departure (``benchmarks/fake_llm.py``'s app, served by this module with ``--serve-llm PORT``). For each round it
prints, in seconds after the round began: when the world-model requests arrived (first, median, 90th percentile,
last), when the last world-model answer left, when the MCP answers came back; and the CPU of the workers, the fake
world model, the load client and redis-server over the round. The round's wall is about (first world-model
request) + 1 s + (the answers' second halves): this shows which of them moved. Not a section: a tool.
"""

from __future__ import annotations

import argparse
import json
import resource
import shutil
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import anyio
import uvicorn
from starlette.types import Receive, Scope, Send

from benchmarks import fake_llm, rawmcp, scale_out
from benchmarks.ab_round import mcp_sim_from
from benchmarks.concurrency import _enough_file_descriptors
from benchmarks.procs import CLOCK_TICKS, Server, fleet, free_port


class StampingLLM(fake_llm.FakeLLM):
    """The fake world model, keeping ``time.monotonic()`` (one clock for every process) of each request's arrival
    and each answer's departure; ``GET /stamps`` hands them over and starts afresh."""

    def __init__(self, latency_s: float) -> None:
        super().__init__(latency_s, 400)
        self.arrived: list[float] = []
        self.left: list[float] = []

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "GET" and scope["path"] == "/stamps":
            body = json.dumps({"arrived": self.arrived, "left": self.left}).encode()
            self.arrived, self.left = [], []
            await fake_llm._send(send, 200, b"application/json", body)
            return
        if scope["type"] != "http" or scope["method"] != "POST":
            await super().__call__(scope, receive, send)
            return
        self.arrived.append(time.monotonic())

        async def stamped(message: Any) -> None:
            await send(message)
            if message["type"] == "http.response.body":
                self.left.append(time.monotonic())

        await super().__call__(scope, receive, stamped)


def _cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def _own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _stamps(port: int) -> dict[str, list[float]]:
    """``GET /stamps`` of the stamping world model (between rounds: nothing else runs then)."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/stamps", timeout=10) as reply:
        stamps: dict[str, list[float]] = json.loads(reply.read())
    return stamps


def _at(values: list[float], share: float) -> float:
    return values[min(len(values) - 1, int(share * len(values)))] if values else float("nan")


async def _round(conns: list[rawmcp.Connection], sim: Server, llm: Server, redis: Server | None, number: int) -> float:
    count = len(conns)
    requests = [scale_out._request("sim", count, i, number) for i in range(count)]
    answered = [0.0] * count
    errors = 0
    go = anyio.Event()

    async def one(i: int) -> None:
        nonlocal errors
        await go.wait()
        try:
            rawmcp.check_result(await conns[i].post(*requests[i]))
        except Exception:  # counted: the figure is how many fail
            errors += 1
        answered[i] = time.monotonic()

    def cpu() -> dict[str, float]:
        spent = {"workers": scale_out.tree_cpu_seconds(sim.process.pid), "llm": _cpu(llm.process.pid)}
        spent["client"] = _own_cpu()
        if redis is not None:
            spent["redis"] = _cpu(redis.process.pid)
        return spent

    before = cpu()
    async with anyio.create_task_group() as tasks:
        for i in range(count):
            tasks.start_soon(one, i)
        await anyio.sleep(0.5)  # every task is parked on the event
        began = time.monotonic()
        go.set()
    after = cpu()
    stamps = _stamps(llm.port)
    arrived = sorted(t - began for t in stamps["arrived"])
    left = sorted(t - began for t in stamps["left"])
    back = sorted(t - began for t in answered)
    spent = " ".join(f"{name} {after[name] - before[name]:.2f}" for name in after)
    print(
        f"round {number}: {back[-1]:.2f} s, errors {errors} | world-model requests first {_at(arrived, 0):.2f} "
        f"median {_at(arrived, 0.5):.2f} p90 {_at(arrived, 0.9):.2f} last {arrived[-1]:.2f} | last answer left "
        f"{left[-1]:.2f} | MCP answers p10 {_at(back, 0.1):.2f} median {_at(back, 0.5):.2f} | CPU s {spent}",
        flush=True,
    )
    return back[-1]


async def timeline(store: str, rounds: int, sessions: int, tree: Path) -> None:
    _enough_file_descriptors(sessions + 1024)
    work = Path(tempfile.mkdtemp(prefix="round-timeline-"))
    with fleet() as servers:
        port = free_port()
        argv = [sys.executable, "-m", "benchmarks.round_timeline", "--serve-llm", str(port)]
        llm = servers.start("stamping-llm", argv, port, path="/v1/chat/completions")
        redis = None
        url = None
        if store == "redis":
            binary = shutil.which("redis-server")
            if binary is None:
                raise SystemExit("--store redis needs redis-server on PATH (scripts/setup installs it)")
            url = scale_out._redis(servers, binary, work)
            redis = next(s for s in servers.servers if s.name == "redis-scale")
        sim = mcp_sim_from(tree, servers, work, llm, url, f"timeline-{store}", "--workers", "2")
        conns = await scale_out._open([sim], sessions)
        walls = []
        try:
            await _round(conns, sim, llm, redis, 0)  # warm-up: pools, first turns
            for number in range(1, rounds + 1):
                walls.append(await _round(conns, sim, llm, redis, number))
        finally:
            for conn in conns:
                await conn.close()
    print(f"median round {statistics.median(walls):.3f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--store", choices=("redis", "sqlite"), default="redis")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--sessions", type=int, default=scale_out.WORKERS_SESSIONS)
    parser.add_argument("--tree", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--serve-llm", type=int, metavar="PORT", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_llm:
        app = StampingLLM(scale_out.LATENCY_S)
        uvicorn.run(app, host="127.0.0.1", port=args.serve_llm, log_level="warning", backlog=4096, access_log=False)
        return
    anyio.run(timeline, args.store, args.rounds, args.sessions, args.tree.resolve())


if __name__ == "__main__":
    main()
