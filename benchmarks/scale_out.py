"""Section 9: scale-out, the two targets of issue 15 that need more than one mcp-sim process.

A. ``--workers 2`` on this machine: 1,024 sessions make one ``tools/call`` each at the same instant against a
   world model that answers after 1 s (benchmarks/fake_llm.py), the sessions on one real redis-server (the
   store workers share), then the same on the default store (one SQLite file both workers share). Target: the
   round in at most 1.5 s. Baseline in the same run: the same requests straight to the fake endpoint.
B. Many hosts, on one host: 4 mcp-sim processes on 4 ports share one redis-server; 10,000 sessions (2,500
   per process) make one call each at the same instant, same 1 s world model. Target: 0 errors. Reported:
   errors (by kind), the round's wall time, calls per second.

Load client: benchmarks/rawmcp.py (raw HTTP/1.1, one kept-alive connection per session, opened before the
round). Bounded: every round runs under a deadline and the section under the harness's time limit; a call
still unanswered at the deadline counts as an error ("timeout").
"""

from __future__ import annotations

import shutil
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
import yaml

from benchmarks import fake_llm, rawmcp
from benchmarks.concurrency import LLM_REQUEST, _enough_file_descriptors
from benchmarks.harness import SectionResult, Settings
from benchmarks.procs import CLOCK_TICKS, Fleet, Server, fleet, free_port, mcp_sim_argv
from benchmarks.sim_path import TOOLS
from benchmarks.stats import Table, ratio, times

LATENCY_S = 1.0
WORKERS_SESSIONS = 1024
WORKERS_TARGET_S = 1.5
HOSTS = 4
HOSTS_SESSIONS = 10_000
ROUND_DEADLINE_S = 300.0  # a round that has not ended by then is over: its unanswered calls are errors


@dataclass
class Round:
    wall_s: float
    errors: Counter[str] = field(default_factory=Counter)
    cpu_s: float = 0.0  # every mcp-sim process (workers included) over the round
    reconnects: int = 0  # connections the client replaced before sending (idle past the server's keep-alive)


async def run(settings: Settings) -> SectionResult:
    return await _run(settings, workers_part=True)


async def run_workers(settings: Settings) -> SectionResult:
    """Only part A (``--only scale_workers``): the 1,024-session round on ``serve --workers 2``."""
    return await _run(settings, workers_part=True, hosts_part=False)


async def run_hosts(settings: Settings) -> SectionResult:
    """Only part B (``--only scale_hosts``): the 10,000 sessions on 4 processes."""
    return await _run(settings, workers_part=False)


async def _run(settings: Settings, *, workers_part: bool, hosts_part: bool = True) -> SectionResult:
    redis_binary = shutil.which("redis-server")
    if redis_binary is None:
        raise RuntimeError("redis-server is not installed (scripts/setup installs it)")
    hosts_sessions = 1000 if settings.quick else HOSTS_SESSIONS
    _enough_file_descriptors(hosts_sessions + 1024)  # per process: the client and the fake endpoint hold one each
    rounds = 1 if settings.quick else 3
    data: dict[str, Any] = {"latency_s": LATENCY_S, "rounds": rounds}
    with fleet() as servers:
        llm = _fake_llm(servers)
        redis_url = _redis(servers, redis_binary, settings.workdir)
        if workers_part:
            workers = _mcp_sim(servers, settings.workdir, llm, redis_url, "workers", "--workers", "2")
            direct, through = await _measure([llm], [workers], WORKERS_SESSIONS, rounds, llm, direct=True)
            data["workers"] = _rows(direct, through)
            servers.stop(workers)
            workers = _mcp_sim(servers, settings.workdir, llm, None, "workers-sqlite", "--workers", "2")
            _, through = await _measure([], [workers], WORKERS_SESSIONS, rounds, llm, direct=False)
            data["workers_sqlite"] = _rows([], through)
            servers.stop(workers)
        if hosts_part:
            hosts = [
                _mcp_sim(servers, settings.workdir, llm, redis_url, f"host{i}", "--workers", "1") for i in range(HOSTS)
            ]
            _, many = await _measure([], hosts, hosts_sessions, 1, llm, direct=False)
            data["hosts"] = _rows([], many) | {"processes": HOSTS, "sessions": hosts_sessions}
    return _report(data, hosts_sessions)


def _fake_llm(servers: Fleet) -> Server:
    port = free_port()
    argv = [sys.executable, "-m", "benchmarks.fake_llm", "--port", str(port), "--latency", str(LATENCY_S)]
    return servers.start("fake-llm-scale", argv, port, path="/v1/chat/completions")


def _redis(servers: Fleet, binary: str, workdir: Path) -> str:
    port = free_port()
    data_dir = workdir / "redis"
    data_dir.mkdir(exist_ok=True)
    argv = [binary, "--bind", "127.0.0.1", "--port", str(port), "--dir", str(data_dir), "--save", ""]
    argv += ["--appendonly", "no", "--maxclients", "10000"]
    servers.start("redis-scale", argv, port, path="/")
    return f"redis://127.0.0.1:{port}/0"


def _mcp_sim(servers: Fleet, workdir: Path, llm: Server, redis_url: str | None, name: str, *extra: str) -> Server:
    """An mcp-sim on ``redis_url``, or on the default store (a SQLite file beside the experiment) for None."""
    (workdir / "scale-tools.yaml").write_text(yaml.safe_dump({"tools": TOOLS}, sort_keys=False))
    world_model = {
        "kind": "openai",
        "base_url": f"http://127.0.0.1:{llm.port}/v1",
        "model": "fake",
        "max_concurrency": 4096,  # the experiment's bound must not be what is measured
        "timeout_s": 60,
    }
    experiment = workdir / f"scale-{name}.yaml"
    doc: dict[str, Any] = {"name": "scale", "route": "sim", "tools": ["scale-tools.yaml"]}
    if redis_url is not None:
        doc["state"] = redis_url
    else:  # a fresh file: sessions of an earlier run would carry their turns into this one
        shutil.rmtree(workdir / ".mcp-sim", ignore_errors=True)
    experiment.write_text(yaml.safe_dump({**doc, "world_model": world_model}, sort_keys=False))
    port = free_port()
    server = servers.start(f"mcp-sim-scale-{name}", mcp_sim_argv(experiment, port, *extra), port, timeout_s=120)
    _until_answers(server)
    return server


def _until_answers(server: Server, timeout_s: float = 120) -> None:
    """With --workers the supervisor binds the port before any worker serves: wait for a tools/list."""
    import httpx

    body, headers = rawmcp.tools_call(0, "create_item", {"name": "warm"}, "warm-up")
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            if httpx.post(server.url, content=body, headers=headers, timeout=30).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"{server.name} did not answer within {timeout_s:g} s")


def tree_cpu_seconds(pid: int) -> float:
    """User + system CPU of a process and of its living descendants (the workers of a supervisor)."""
    total = 0.0
    todo = [pid]
    while todo:
        one = todo.pop()
        try:
            fields = Path(f"/proc/{one}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / CLOCK_TICKS
            todo += [int(c) for c in Path(f"/proc/{one}/task/{one}/children").read_text().split()]
        except OSError:
            continue
    return total


async def _measure(
    endpoints: list[Server], sims: list[Server], sessions: int, rounds: int, llm: Server, *, direct: bool
) -> tuple[list[Round], list[Round]]:
    direct_rounds: list[Round] = []
    sim_rounds: list[Round] = []
    for target, servers in (("direct", endpoints), ("sim", sims)):
        if target == "direct" and not direct:
            continue
        conns = await _open(servers, sessions)
        try:
            await _round(conns, servers, target, 0)  # warm-up: pools, first turns
            for r in range(1, rounds + 1):
                (direct_rounds if target == "direct" else sim_rounds).append(await _round(conns, servers, target, r))
        finally:
            for conn in conns:
                await conn.close()
    fake_llm.stats(llm.port)  # the endpoint's in-flight figure restarts for the next measurement
    return direct_rounds, sim_rounds


async def _open(servers: list[Server], count: int) -> list[rawmcp.Connection]:
    conns = [rawmcp.Connection(servers[i % len(servers)].url) for i in range(count)]
    limiter = anyio.CapacityLimiter(128)  # connect in waves: the round, not the handshakes, is measured

    async def open_one(conn: rawmcp.Connection) -> None:
        async with limiter:
            await conn.open()

    async with anyio.create_task_group() as tasks:
        for conn in conns:
            tasks.start_soon(open_one, conn)
    return conns


async def _round(conns: list[rawmcp.Connection], servers: list[Server], target: str, round_no: int) -> Round:
    """Every connection sends its request at the same instant; the round ends with the last answer (or the
    deadline: what is unanswered then is an error)."""
    count = len(conns)
    requests = [_request(target, count, i, round_no) for i in range(count)]
    answered = [False] * count
    errors: Counter[str] = Counter()
    go = anyio.Event()
    cpu_before = sum(tree_cpu_seconds(s.process.pid) for s in servers) if target == "sim" else 0.0
    reconnects_before = sum(c.reconnects for c in conns)

    async def one(i: int) -> None:
        await go.wait()
        try:
            reply = await conns[i].post(*requests[i])
            if target == "sim":
                rawmcp.check_result(reply)
            elif reply.status != 200:
                raise RuntimeError(f"HTTP {reply.status}")
        except Exception as exc:  # counted, not raised: the figure is how many fail
            errors[_kind(exc)] += 1
        answered[i] = True

    with anyio.move_on_after(ROUND_DEADLINE_S):
        async with anyio.create_task_group() as tasks:
            for i in range(count):
                tasks.start_soon(one, i)
            await anyio.sleep(0.5)  # every task is parked on the event
            started = time.perf_counter()
            go.set()
    wall = time.perf_counter() - started
    if not all(answered):
        errors["timeout"] += answered.count(False)
    cpu = sum(tree_cpu_seconds(s.process.pid) for s in servers) - cpu_before if target == "sim" else 0.0
    return Round(wall, errors, cpu, sum(c.reconnects for c in conns) - reconnects_before)


def _kind(exc: Exception) -> str:
    text = str(exc)
    return f"{type(exc).__name__}: {text[:120]}" if text else type(exc).__name__


def _request(target: str, count: int, i: int, round_no: int) -> tuple[bytes, dict[str, str]]:
    if target == "direct":
        return LLM_REQUEST, {"Content-Type": "application/json", "Accept": "application/json"}
    return rawmcp.tools_call(round_no, "create_item", {"name": f"widget {round_no}"}, f"scale{count}-s{i}")


def _rows(direct: list[Round], sim: list[Round]) -> dict[str, Any]:
    return {
        "direct_wall_s": [round(r.wall_s, 4) for r in direct],
        "sim_wall_s": [round(r.wall_s, 4) for r in sim],
        "sim_cpu_s": [round(r.cpu_s, 3) for r in sim],
        "errors": [dict(r.errors) for r in sim],
        "reconnects": [r.reconnects for r in sim],
    }


def _report(data: dict[str, Any], hosts_sessions: int) -> SectionResult:
    table = Table(
        "Scale-out: one call per session at the same instant, world model answers after 1 s, sessions on one Redis",
        ["shape", "sessions", "direct to endpoint s", "through mcp-sim s", "ratio", "calls/s", "CPU ms/call", "errors"],
    )
    notes = []
    if "workers" in data:
        workers = data["workers"]
        direct = statistics.median(workers["direct_wall_s"])
        sim = statistics.median(workers["sim_wall_s"])
        cpu = statistics.median(workers["sim_cpu_s"]) / WORKERS_SESSIONS * 1000
        errors = sum(sum(e.values()) for e in workers["errors"])
        table.add("serve --workers 2", WORKERS_SESSIONS, f"{direct:.3f}", f"{sim:.3f}", times(ratio(sim, direct)),
                  f"{WORKERS_SESSIONS / sim:.0f}", f"{cpu:.2f}", errors)  # fmt: skip
        notes.append(
            f"--workers 2: median of {data['rounds']} round(s) after a warm-up round; target <= {WORKERS_TARGET_S} s "
            f"-> {'met' if sim <= WORKERS_TARGET_S else 'NOT met'} (rounds: {workers['sim_wall_s']})."
        )
    if "workers_sqlite" in data:
        rows = data["workers_sqlite"]
        sim = statistics.median(rows["sim_wall_s"])
        cpu = statistics.median(rows["sim_cpu_s"]) / WORKERS_SESSIONS * 1000
        errors = sum(sum(e.values()) for e in rows["errors"])
        table.add("serve --workers 2, default store (SQLite)", WORKERS_SESSIONS, "-", f"{sim:.3f}", "-",
                  f"{WORKERS_SESSIONS / sim:.0f}", f"{cpu:.2f}", errors)  # fmt: skip
        notes.append(f"--workers 2 on the default store (one SQLite file): rounds {rows['sim_wall_s']}.")
    if "hosts" in data:
        hosts = data["hosts"]
        wall = hosts["sim_wall_s"][0]
        herrors = sum(hosts["errors"][0].values())
        hcpu = hosts["sim_cpu_s"][0] / hosts_sessions * 1000
        table.add(f"{HOSTS} processes x --workers 1", hosts_sessions, "-", f"{wall:.3f}", "-",
                  f"{hosts_sessions / wall:.0f}", f"{hcpu:.2f}", herrors)  # fmt: skip
        notes.append(
            f"{HOSTS} processes: one round after a warm-up round; target 0 errors -> "
            f"{'met' if herrors == 0 else 'NOT met: ' + str(hosts['errors'][0])}; "
            f"connections replaced before sending (idle past {rawmcp.REUSE_SHARE:.0%} of the server's keep-alive): "
            f"{hosts['reconnects'][0]}."
        )
    table.notes = [
        *notes,
        "CPU: every mcp-sim process of the shape (supervisor and workers), user + system, over the round.",
        "state: one redis-server (no persistence), or the default SQLite file; world_model: kind openai, "
        "max_concurrency 4096.",
    ]
    return SectionResult(tables=[table], data=data)
