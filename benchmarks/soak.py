"""Section 7: soak. N sessions call a real ``mcp-sim serve`` for M minutes, once with SQLite and once with
Redis, while the real upstream is killed again and again and the LLM world model misbehaves; then every
acknowledged turn is looked for in the store.

    python -m benchmarks --only soak                        # the section: 8 sessions, 1 minute per store
    python -m benchmarks.soak --sessions 32 --minutes 10    # longer, standalone (prints the table)

Each session alternates ``echo`` (routed real: a stdio upstream that this benchmark SIGKILLs every few
seconds; mcp-sim answers the affected call with ``isError`` and reconnects) and ``create_note`` (simulated by
an OpenAI-compatible endpoint in this process that answers 500, malformed chunks, or nothing at all within
``timeout_s`` on a seeded share of requests; ``on_failure: error``). An acknowledged call is one answered with
a result, ``isError`` or not: each committed a turn. Lost turns = acknowledged calls the admin API does not
show for the session afterwards. Errors split into expected ``isError`` answers (injected faults) and
anything else (HTTP errors, JSON-RPC errors, dropped connections), which should be none.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import signal
import socket
import sys
import time
import urllib.request
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
import uvicorn
import yaml
from starlette.types import Receive, Scope, Send

from benchmarks.harness import SectionResult, Settings
from benchmarks.procs import RESULTS, ROOT, Fleet, Server, fleet, free_port, mcp_sim_argv
from benchmarks.rawmcp import Connection, Reply, tools_call
from benchmarks.stats import Summary, Table, ms

ECHO = ROOT / "tests" / "servers" / "echo_upstream.py"
KILL_EVERY_S = 3.0
SEED = 13
FAULTS = {"http_500": 0.08, "malformed": 0.05, "hang": 0.03}  # the rest answer well, after 20 ms
WORLD_TIMEOUT_S = 2.0
NOTE_TOOL = {
    "name": "create_note",
    "description": "Write a note.",
    "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]},
    "effects": {"kind": "create", "entity": "note", "id": "id"},
}


@dataclass(frozen=True)
class Plan:
    sessions: int
    minutes: float

    @classmethod
    def of(cls, quick: bool) -> Plan:
        return cls(sessions=4, minutes=0.25) if quick else cls(sessions=8, minutes=1.0)


@dataclass
class Leg:
    store: str
    latencies: list[float] = field(default_factory=list)
    acknowledged: dict[str, int] = field(default_factory=dict)
    tool_errors: int = 0
    other_errors: list[str] = field(default_factory=list)
    upstream_kills: int = 0
    stored: dict[str, int] = field(default_factory=dict)

    @property
    def calls(self) -> int:
        return sum(self.acknowledged.values()) + len(self.other_errors)

    @property
    def lost(self) -> int:
        return sum(max(0, n - self.stored.get(key, 0)) for key, n in self.acknowledged.items())


class FaultyWorldModel:
    """An OpenAI-compatible chat endpoint with seeded faults: 500s, malformed chunks, answers that never come."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.notes = 0
        self.faults: dict[str, int] = dict.fromkeys(FAULTS, 0)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return
        while (await receive()).get("more_body"):
            pass
        roll, fault = self.rng.random(), None
        for name, share in FAULTS.items():
            if roll < share:
                fault = name
                break
            roll -= share
        if fault is not None:
            self.faults[fault] += 1
        if fault == "http_500":
            await _send(send, 500, b'{"error": {"message": "injected"}}', b"application/json")
            return
        if fault == "hang":
            await anyio.sleep(WORLD_TIMEOUT_S * 3)  # past mcp-sim's deadline: it gives up first
        await anyio.sleep(0.02)
        self.notes += 1
        if fault == "malformed":
            events = [{"choices": "abc"}]
        else:
            text = f'<predicted_observation>{{"id": "n-{self.notes}", "text": "ok"}}</predicted_observation>'
            events = [{"choices": [{"index": 0, "delta": {"content": text}, "finish_reason": "stop"}]}]
        body = "".join(f"data: {json.dumps(e)}\n\n" for e in events) + "data: [DONE]\n\n"
        await _send(send, 200, body.encode(), b"text/event-stream")


async def _send(send: Send, status: int, body: bytes, content_type: bytes) -> None:
    headers = [(b"content-type", content_type), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


@asynccontextmanager
async def serving(app: Any) -> AsyncIterator[int]:
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(1024)  # requests queue in the backlog until uvicorn accepts them: no readiness polling
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
    try:
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(server.serve, [sock])
            try:
                yield int(sock.getsockname()[1])
            finally:
                server.should_exit = True
    finally:
        sock.close()


async def run(settings: Settings) -> SectionResult:
    return await soak(Plan.of(settings.quick), settings.workdir)


async def soak(plan: Plan, workdir: Path) -> SectionResult:
    if shutil.which("redis-server") is None:
        raise RuntimeError("redis-server is not installed: run scripts/setup.d/redis.sh")
    world = FaultyWorldModel(SEED)
    legs: list[Leg] = []
    async with serving(world) as llm_port:
        with fleet() as servers:
            redis_url = _start_redis(servers, workdir)
            stores = {"sqlite": f"sqlite:///{(workdir / 'soak.db').resolve()}", "redis": redis_url}
            for name, url in stores.items():
                experiment = _experiment(workdir, name, url, llm_port)
                port = free_port()
                server = servers.start(f"soak-{name}", mcp_sim_argv(experiment, port), port)
                legs.append(await _leg(name, server, plan))
    return _report(legs, plan, world)


def _start_redis(servers: Fleet, workdir: Path) -> str:
    binary = shutil.which("redis-server")
    assert binary is not None
    port = free_port()
    data = workdir / "soak-redis"
    data.mkdir(exist_ok=True)
    argv = [binary, "--bind", "127.0.0.1", "--port", str(port), "--dir", str(data), "--save", "", "--appendonly", "no"]
    servers.start("soak-redis-server", argv, port, path="")
    return f"redis://127.0.0.1:{port}/0"


def _experiment(workdir: Path, store: str, state: str, llm_port: int) -> Path:
    (workdir / "soak-tools.yaml").write_text(yaml.safe_dump({"tools": [NOTE_TOOL]}))
    experiment = {
        "name": f"soak-{store}",
        "seed": SEED,
        "tools": ["soak-tools.yaml"],
        "upstreams": {"echo": {"command": sys.executable, "args": [str(ECHO)], "call_timeout_s": 10}},
        "routes": {"echo": "real"},
        "world_model": {
            "kind": "openai",
            "base_url": f"http://127.0.0.1:{llm_port}/v1",
            "model": "faulty",
            "timeout_s": WORLD_TIMEOUT_S,
            "max_retries": 1,
            "validation_retries": 0,
            "on_failure": "error",
        },
        "state": state,
    }
    path = workdir / f"soak-{store}.yaml"
    path.write_text(yaml.safe_dump(experiment, sort_keys=False))
    return path


async def _leg(store: str, server: Server, plan: Plan) -> Leg:
    leg = Leg(store)
    stop_at = time.monotonic() + plan.minutes * 60
    async with anyio.create_task_group() as tasks:
        tasks.start_soon(_kill_upstreams, server, leg, stop_at)
        for s in range(plan.sessions):
            tasks.start_soon(_session, server.url, f"{store}-s{s}", leg, stop_at)
    leg.stored = await anyio.to_thread.run_sync(_stored_turns, server, store, list(leg.acknowledged))
    return leg


async def _session(url: str, key: str, leg: Leg, stop_at: float) -> None:
    connection = Connection(url)
    await connection.open()
    leg.acknowledged[key] = 0
    n = 0
    try:
        while time.monotonic() < stop_at:
            tool, arguments = ("echo", {"text": f"{key}-{n}"}) if n % 2 == 0 else ("create_note", {"text": "x"})
            body, headers = tools_call(n, tool, arguments, key)
            started = time.perf_counter()
            try:
                reply = await connection.post(body, headers)
            except (OSError, asyncio.IncompleteReadError, RuntimeError) as exc:
                leg.other_errors.append(f"{tool}: {exc!r}")
                await connection.close()
                await connection.open()
                continue
            finally:
                n += 1
            leg.latencies.append(time.perf_counter() - started)
            _count(reply, tool, key, leg)
    finally:
        await connection.close()


def _count(reply: Reply, tool: str, key: str, leg: Leg) -> None:
    if reply.status != 200:
        leg.other_errors.append(f"{tool}: HTTP {reply.status} {reply.body[:200]!r}")
        return
    message = reply.json()
    if "error" in message:
        leg.other_errors.append(f"{tool}: JSON-RPC {message['error']}")
        return
    leg.acknowledged[key] += 1
    if message["result"].get("isError"):
        leg.tool_errors += 1


async def _kill_upstreams(server: Server, leg: Leg, stop_at: float) -> None:
    """SIGKILL the echo upstream mcp-sim spawned, every few seconds (it reconnects on the next call)."""
    while time.monotonic() + KILL_EVERY_S < stop_at:
        await anyio.sleep(KILL_EVERY_S)
        for pid in _children(server.process.pid, "echo_upstream.py"):
            try:
                os.kill(pid, signal.SIGKILL)
                leg.upstream_kills += 1
            except ProcessLookupError:
                pass


def _children(parent: int, marker: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            cmdline = (entry / "cmdline").read_bytes()
        except (OSError, ValueError, IndexError):
            continue
        if ppid == parent and marker.encode() in cmdline:
            found.append(int(entry.name))
    return found


def _stored_turns(server: Server, store: str, keys: list[str]) -> dict[str, int]:
    base = server.url.removesuffix("/mcp")
    stored = {}
    for key in keys:
        with urllib.request.urlopen(f"{base}/admin/sessions/soak-{store}/{key}", timeout=30) as answer:
            stored[key] = int(json.load(answer)["calls"])
    return stored


def _report(legs: list[Leg], plan: Plan, world: FaultyWorldModel) -> SectionResult:
    table = Table(
        f"Soak: {plan.sessions} sessions x {plan.minutes:g} min per store, upstream SIGKILLed every "
        f"{KILL_EVERY_S:g} s, world-model faults injected",
        ["store", "calls", "isError (injected)", "other errors", "p99 ms", "median ms", "upstream kills", "lost turns"],
    )
    data: dict[str, Any] = {"plan": plan.__dict__, "faults_injected": world.faults, "stores": {}}
    for leg in legs:
        summary = Summary.of(leg.latencies) if leg.latencies else Summary(0, 0.0, 0.0, 0.0)
        table.add(
            leg.store,
            f"{leg.calls:,}",
            f"{leg.tool_errors:,}",
            str(len(leg.other_errors)),
            ms(summary.p99_ms),
            ms(summary.median_ms),
            str(leg.upstream_kills),
            str(leg.lost),
        )
        data["stores"][leg.store] = {
            **summary.to_json(),
            "calls": leg.calls,
            "tool_errors": leg.tool_errors,
            "other_errors": leg.other_errors[:20],
            "upstream_kills": leg.upstream_kills,
            "lost_turns": leg.lost,
        }
    table.notes += [
        f"world-model faults per request (seed {SEED}): {FAULTS}; timeout_s {WORLD_TIMEOUT_S:g}, max_retries 1, "
        f"on_failure: error. Injected over the run: {world.faults}.",
        "isError answers are the faults reaching the agent as tool failures; other errors should be 0.",
        "lost turns: acknowledged calls (a result came back) the admin API does not show afterwards.",
    ]
    return SectionResult(tables=[table], data=data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=8)
    parser.add_argument("--minutes", type=float, default=1.0)
    parser.add_argument("--workdir", type=Path, default=RESULTS / "soak")
    args = parser.parse_args()
    args.workdir.mkdir(parents=True, exist_ok=True)
    result = anyio.run(soak, Plan(args.sessions, args.minutes), args.workdir)
    for table in result.tables:
        print(table.markdown())


if __name__ == "__main__":
    main()
