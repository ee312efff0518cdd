"""Section 4: concurrent sessions against a world model that takes 1 s per call.

mcp-sim (a separate process, ``world_model.kind: openai``, max_concurrency above the largest count) in front
of benchmarks/fake_llm.py answering every chat completion after an asynchronous 1 s sleep. For 1, 64, 256
and 1,024 sessions: every session makes one ``tools/call`` at the same instant (its connection already
open), and the round's wall time runs from that instant to the last answer. Ideal: about 1 s whatever the
count; target: the 1,024 round <= 1.5 s.

Baseline, same run, same client: the same number of requests straight to the fake endpoint, which is the
1 s plus what two shared cores add to open a thousand requests at once. The load client is
benchmarks/rawmcp.py (raw HTTP/1.1 on asyncio), because a thousand SDK clients would measure themselves.
"""

from __future__ import annotations

import json
import resource
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
import yaml

from benchmarks import fake_llm, rawmcp
from benchmarks.harness import SectionResult, Settings
from benchmarks.procs import Fleet, Server, fleet, free_port, mcp_sim_argv
from benchmarks.sim_path import TOOLS
from benchmarks.stats import Summary, Table, ms, ratio, times

COUNTS = (1, 64, 256, 1024)
LATENCY_S = 1.0
TARGET_S = 1.5
LLM_REQUEST = json.dumps({"model": "fake", "messages": [{"role": "user", "content": "hello"}]}).encode()


@dataclass
class Round:
    wall_s: float
    latencies: list[float]
    cpu_s: float  # mcp-sim's CPU over the round (0 for the baseline)
    endpoint_in_flight: int  # the most requests the fake endpoint held at once
    endpoint_requests: int  # requests the endpoint answered in the round: calls + world-model retries
    endpoint_connections: int  # connections to the endpoint first used in the round


@dataclass
class Row:
    sessions: int
    direct: list[Round] = field(default_factory=list)
    sim: list[Round] = field(default_factory=list)


async def run(settings: Settings) -> SectionResult:
    _enough_file_descriptors(4 * max(COUNTS) + 256)
    rounds = 1 if settings.quick else 3
    rows = [Row(n) for n in COUNTS]
    with fleet() as servers:
        llm, sim = _start(servers, settings.workdir)
        for row in rows:
            for target in ("direct", "sim"):
                server = llm if target == "direct" else sim
                conns = await _open(server, row.sessions, target)
                try:
                    await _round(conns, row.sessions, target, llm, server, 0)  # warm-up: pools, first turns
                    for r in range(1, rounds + 1):
                        done = await _round(conns, row.sessions, target, llm, server, r)
                        (row.direct if target == "direct" else row.sim).append(done)
                finally:
                    for conn in conns:
                        await conn.close()
    return _report(rows, rounds)


def _enough_file_descriptors(needed: int) -> None:
    """Each session is a socket here, in mcp-sim (twice: agent side and endpoint side) and in the fake endpoint;
    children inherit this process's limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < needed:
        if hard != resource.RLIM_INFINITY and hard < needed:
            raise RuntimeError(f"open-file limit {hard} is below the {needed} this section needs (ulimit -n)")
        resource.setrlimit(resource.RLIMIT_NOFILE, (needed, hard))


def _start(servers: Fleet, workdir: Path) -> tuple[Server, Server]:
    llm_port = free_port()
    argv = [sys.executable, "-m", "benchmarks.fake_llm", "--port", str(llm_port), "--latency", str(LATENCY_S)]
    llm = servers.start("fake-llm-1s", argv, llm_port, path="/v1/chat/completions")
    (workdir / "concurrency-tools.yaml").write_text(yaml.safe_dump({"tools": TOOLS}, sort_keys=False))
    world_model = {
        "kind": "openai",
        "base_url": f"http://127.0.0.1:{llm_port}/v1",
        "model": "fake",
        "max_concurrency": 2 * max(COUNTS),  # the experiment's bound must not be what is measured
        "timeout_s": 60,
    }
    experiment = workdir / "concurrency.yaml"
    doc = {
        "name": "concurrency",
        "route": "sim",
        "tools": ["concurrency-tools.yaml"],
        "state": "memory://",  # the world model's concurrency, not a store's (section 5)
        "world_model": world_model,
    }
    experiment.write_text(yaml.safe_dump(doc, sort_keys=False))
    port = free_port()
    return llm, servers.start("mcp-sim-concurrency", mcp_sim_argv(experiment, port), port)


async def _open(server: Server, count: int, target: str) -> list[rawmcp.Connection]:
    conns = [rawmcp.Connection(server.url) for _ in range(count)]
    limiter = anyio.CapacityLimiter(128)  # connect in waves: the round, not the handshakes, is measured

    async def open_one(conn: rawmcp.Connection) -> None:
        async with limiter:
            await conn.open()

    async with anyio.create_task_group() as tasks:
        for conn in conns:
            tasks.start_soon(open_one, conn)
    return conns


async def _round(
    conns: list[rawmcp.Connection], count: int, target: str, llm: Server, server: Server, round_no: int
) -> Round:
    """Every connection sends its request at the same instant; the round ends with the last answer."""
    requests = [_request(target, count, i, round_no) for i in range(count)]
    latencies = [0.0] * count
    go = anyio.Event()
    cpu_before = server.cpu_seconds() if target == "sim" else 0.0
    before = _endpoint_stats(llm)

    async def one(i: int) -> None:
        await go.wait()
        started = time.perf_counter()
        reply = await conns[i].post(*requests[i])
        if target == "sim":
            rawmcp.check_result(reply)
        elif reply.status != 200:
            raise RuntimeError(f"fake endpoint answered HTTP {reply.status}")
        latencies[i] = time.perf_counter() - started

    async with anyio.create_task_group() as tasks:
        for i in range(count):
            tasks.start_soon(one, i)
        await anyio.sleep(0.2)  # every task is parked on the event
        started = time.perf_counter()
        go.set()
    wall = time.perf_counter() - started
    cpu = server.cpu_seconds() - cpu_before if target == "sim" else 0.0
    after = _endpoint_stats(llm)
    return Round(
        wall,
        latencies,
        cpu,
        after["max_in_flight"],
        after["served"] - before["served"],
        after["connections"] - before["connections"],
    )


def _request(target: str, count: int, i: int, round_no: int) -> tuple[bytes, dict[str, str]]:
    if target == "direct":
        return LLM_REQUEST, {"Content-Type": "application/json", "Accept": "application/json"}
    arguments = {"name": f"widget {round_no}"}
    return rawmcp.tools_call(round_no, "create_item", arguments, f"c{count}-s{i}")


def _endpoint_stats(llm: Server) -> dict[str, int]:
    return fake_llm.stats(llm.port)


def _report(rows: list[Row], rounds: int) -> SectionResult:
    table = Table(
        "One round: every session makes one tools/call at once; world model answers after 1 s",
        [
            "sessions",
            "direct to endpoint s",
            "through mcp-sim s",
            "ratio",
            "calls/s",
            "call median ms",
            "call p99 ms",
            "mcp-sim CPU ms/call",
            "endpoint retries",
            "new endpoint conns",
            "max at endpoint",
        ],
    )
    data: dict[str, Any] = {"latency_s": LATENCY_S, "rounds": rounds, "rows": []}
    for row in rows:
        direct = statistics.median(r.wall_s for r in row.direct)
        sim = statistics.median(r.wall_s for r in row.sim)
        calls = Summary.of([x for r in row.sim for x in r.latencies])
        cpu_ms = sum(r.cpu_s for r in row.sim) / (row.sessions * len(row.sim)) * 1000
        table.add(
            row.sessions,
            f"{direct:.3f}",
            f"{sim:.3f}",
            times(ratio(sim, direct)),
            f"{row.sessions / sim:.0f}",
            ms(calls.median_ms),
            ms(calls.p99_ms),
            ms(cpu_ms),
            sum(r.endpoint_requests - row.sessions for r in row.sim),
            sum(r.endpoint_connections for r in row.sim),
            max(r.endpoint_in_flight for r in row.sim),
        )
        data["rows"].append(
            {
                "sessions": row.sessions,
                "direct_wall_s": [round(r.wall_s, 4) for r in row.direct],
                "sim_wall_s": [round(r.wall_s, 4) for r in row.sim],
                "calls_per_s": row.sessions / sim,
                "calls": calls.to_json(),
                "cpu_ms_per_call": cpu_ms,
                "endpoint_max_in_flight": max(r.endpoint_in_flight for r in row.sim),
                "endpoint_retries": [r.endpoint_requests - row.sessions for r in row.sim],
                "endpoint_new_connections": [r.endpoint_connections for r in row.sim],
            }
        )
    largest = data["rows"][-1]
    worst = max(largest["sim_wall_s"])
    table.notes = [
        f"median of {rounds} round(s) after a warm-up round; fresh connections per row, opened before the round.",
        "load client: benchmarks/rawmcp.py, raw HTTP/1.1 POSTs of the 2026-07-28 envelope on asyncio, one "
        "connection per session (an SDK client per session would cost more CPU than mcp-sim).",
        "state memory://; world_model: kind openai, max_concurrency 2048, default retries; benchmarks/fake_llm.py "
        "sleeping 1 s (asynchronously), uvicorn's 5 s keep-alive like vLLM.",
        "endpoint retries, new endpoint conns: summed over the measured rounds; max at endpoint: the most "
        "requests the fake endpoint held at once (all sessions' requests were out together when it equals the count).",
        f"target: {max(COUNTS)} sessions <= {TARGET_S} s: median {statistics.median(largest['sim_wall_s']):.3f} s, "
        f"worst {worst:.3f} s -> {'met' if statistics.median(largest['sim_wall_s']) <= TARGET_S else 'NOT met'}.",
    ]
    return SectionResult(tables=[table], data=data)
