"""Section 2: cost of one simulated call as a session grows, on the sim route.

mcp-sim serves over streamable HTTP (a separate process); one SDK client speaks 2026-07-28 and names its
session in ``_meta`` (``mcp-sim/session``), so every call of a session lands on one growing history. Two
world models side by side, calls interleaved turn by turn: the built-in schema simulator, and
``world_model.kind: openai`` against an instant fake endpoint (benchmarks/fake_llm.py, no latency).

Workload per session, turn t: ``create_item`` (t % 3 == 0), ``get_item`` of an earlier item, ``update_item``
of one; every create adds an entity to the ledger and every call a turn to the history. Each turn mark has
its own sessions, grown to turn mark-6 first; then turns mark-6 .. mark+5 of all marks are measured side by
side (blocks of calls, marks in rotating order), so background load falls on every mark alike. The baseline
is turn 10 of the same world model in the same run: the ratio turn 500 / turn 10 is the growth (<= 1.2x).
"""

from __future__ import annotations

import json
import random
import shutil
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from mcp import Client

from benchmarks import fake_llm, rawmcp
from benchmarks.harness import SectionResult, Settings
from benchmarks.procs import Fleet, Server, fleet, free_port, mcp_sim_argv, start_redis
from benchmarks.stats import Summary, Table, ms, ratio, times

MARKS = (10, 100, 500)
HALF_WINDOW = 6  # turns mark-6 .. mark+5: twelve turns, four of each tool
TARGET = 1.2
WARMUP = 30  # calls per server before the measured sessions start
NOTES = "n" * 200  # create arguments of a realistic size: they are replayed in every later prompt

ITEM = {"type": "string", "description": "Item id"}
OUTPUT = {
    "type": "object",
    "properties": {
        "item_id": ITEM,
        "name": {"type": "string"},
        "status": {"type": "string"},
        "notes": {"type": "string"},
    },
    "required": ["item_id"],
}
TOOLS = [
    {
        "name": "create_item",
        "description": "Create an item in the inventory",
        "inputSchema": {"type": "object", "properties": {"name": {"type": "string"}, "notes": {"type": "string"}}},
        "outputSchema": OUTPUT,
    },
    {
        "name": "get_item",
        "description": "Read one item",
        "inputSchema": {"type": "object", "properties": {"item_id": ITEM}, "required": ["item_id"]},
        "outputSchema": OUTPUT,
    },
    {
        "name": "update_item",
        "description": "Change an item's status",
        "inputSchema": {
            "type": "object",
            "properties": {"item_id": ITEM, "status": {"type": "string"}},
            "required": ["item_id"],
        },
    },
]


@dataclass(frozen=True)
class Plan:
    sessions: int  # per turn mark

    @classmethod
    def of(cls, quick: bool) -> Plan:
        return cls(sessions=1) if quick else cls(sessions=8)


@dataclass
class Model:
    """One world model under test: its mcp-sim server, client, and the samples of each turn mark."""

    name: str
    server: Server
    client: Client | None = None
    samples: dict[int, list[float]] = field(default_factory=dict)
    cpu_s: dict[int, float] = field(default_factory=dict)
    created: dict[str, list[str]] = field(default_factory=dict)  # item ids each session was answered


async def run(settings: Settings) -> SectionResult:
    plan = Plan.of(settings.quick)
    with fleet() as servers:
        models, llm = _start(servers, settings.workdir)
        for model in models:
            async with Client(model.server.url, mode="2026-07-28", read_timeout_seconds=60) as client:
                await client.list_tools()
        clients = [Client(m.server.url, mode="2026-07-28", read_timeout_seconds=60) for m in models]
        try:
            for model, client in zip(models, clients, strict=True):
                model.client = await client.__aenter__()
                await model.client.list_tools()
            bodies = await _drive(models, plan, llm)
        finally:
            for client in reversed(clients):
                await client.__aexit__(None, None, None)
        floor = {mark: await _post_floor(llm, size) for mark, size in bodies.items()}
    return _report(models, plan, bodies, floor)


def _start(servers: Fleet, workdir: Path) -> tuple[list[Model], Server]:
    llm_port = free_port()
    argv = [sys.executable, "-m", "benchmarks.fake_llm", "--port", str(llm_port), "--latency", "0"]
    llm = servers.start("fake-llm-instant", argv, llm_port, path="/v1/chat/completions")
    (workdir / "sim-path-tools.yaml").write_text(yaml.safe_dump({"tools": TOOLS}, sort_keys=False))
    openai = {"kind": "openai", "base_url": f"http://127.0.0.1:{llm_port}/v1", "model": "fake", "max_retries": 0}
    models = []
    variants = [
        ("schema, memory://", "schema-memory", {"kind": "schema"}, {"state": "memory://"}),
        ("schema, default store", "schema-default", {"kind": "schema"}, {}),
        ("openai, memory://", "openai-memory", openai, {"state": "memory://"}),
        ("openai, default store", "openai-default", openai, {}),
    ]
    if shutil.which("redis-server") is not None:  # the shared store too: "every route and store" (issue 15)
        redis = {"state": start_redis(servers, workdir)}
        variants += [("schema, redis", "schema-redis", {"kind": "schema"}, redis)]
        variants += [("openai, redis", "openai-redis", openai, redis)]
    for name, slug, world_model, state in variants:
        experiment = workdir / f"sim-path-{slug}.yaml"
        doc = {"name": f"sim-path-{slug}", "route": "sim", "tools": ["sim-path-tools.yaml"], **state}
        experiment.write_text(yaml.safe_dump({**doc, "world_model": world_model}, sort_keys=False))
        port = free_port()
        # one process on every store: a shared store's default is a worker per core, whose CPU the parent's
        # figures would miss
        argv = mcp_sim_argv(experiment, port, "--workers", "1")
        models.append(Model(name, servers.start(f"mcp-sim-sim-path-{slug}", argv, port)))
    return models, llm


async def _drive(models: list[Model], plan: Plan, llm: Server) -> dict[int, int]:
    """Grow each mark's sessions to mark-6 turns, then measure every mark side by side, block by block.

    Measuring turn 10 early and turn 500 minutes later would compare two moments of a shared, noisy machine;
    here each step of the measured phase calls one block per (model, mark), marks in rotating order, so the
    three windows see the same background load. Returns the largest prompt body of each mark's window."""
    rng = random.Random(7)
    for turn in range(WARMUP):  # a session of its own: first-call costs (imports, caches) stay out of turn 10
        for model in models:
            await _timed(model, "warm-up", turn, rng)
    for mark in MARKS:
        for turn in range(mark - HALF_WINDOW):
            for model in models:
                for session in range(plan.sessions):
                    await _timed(model, f"m{mark}-s{session}", turn, rng)
    bodies: dict[int, int] = {}
    for step in range(2 * HALF_WINDOW):
        shift = step % len(MARKS)
        for mark in MARKS[shift:] + MARKS[:shift]:
            turn = mark - HALF_WINDOW + step
            fake_llm.stats(llm.port)  # resets the endpoint's largest-body figure
            for model in models:
                cpu_before = model.server.cpu_seconds()
                for session in range(plan.sessions):
                    elapsed = await _timed(model, f"m{mark}-s{session}", turn, rng)
                    model.samples.setdefault(mark, []).append(elapsed)
                model.cpu_s[mark] = model.cpu_s.get(mark, 0.0) + model.server.cpu_seconds() - cpu_before
            bodies[mark] = max(bodies.get(mark, 0), fake_llm.stats(llm.port)["max_body"])
    return bodies


async def _post_floor(llm: Server, size: int, count: int = 40) -> Summary:
    """What posting a prompt body of ``size`` bytes to the fake endpoint costs by itself (raw HTTP client):
    the part of the openai route's growth that sending a longer conversation makes unavoidable."""
    filler = max(0, size - 100)
    body = json.dumps({"model": "fake", "stream": True, "messages": [{"role": "user", "content": "x" * filler}]})
    connection = rawmcp.Connection(llm.url)
    await connection.open()
    samples = []
    try:
        for _ in range(count + 5):
            started = time.perf_counter()
            reply = await connection.post(body.encode(), {"Content-Type": "application/json"})
            samples.append(time.perf_counter() - started)
            if reply.status != 200:
                raise RuntimeError(f"fake endpoint answered HTTP {reply.status}")
    finally:
        await connection.close()
    return Summary.of(samples[5:])


def _call(turn: int, rng: random.Random, known: list[str]) -> tuple[str, dict[str, Any]]:
    """Turn t of a session: create every third turn, else read or update an item it created before (by the id
    the create answered, as an agent would: mcp-sim refuses calls on ids the session never saw)."""
    if turn % 3 == 0 or not known:
        return "create_item", {"name": f"widget {turn}", "notes": NOTES}
    item = rng.choice(known)
    if turn % 3 == 1:
        return "get_item", {"item_id": item}
    return "update_item", {"item_id": item, "status": rng.choice(["active", "paused", "retired"])}


async def _timed(model: Model, session: str, turn: int, rng: random.Random) -> float:
    """One call of turn ``turn`` of ``session``; returns its latency."""
    assert model.client is not None
    known = model.created.setdefault(session, [])
    tool, arguments = _call(turn, rng, known)
    meta: Any = {"mcp-sim/session": session}
    started = time.perf_counter()
    result = await model.client.call_tool(tool, arguments, meta=meta)
    elapsed = time.perf_counter() - started
    if result.is_error:
        raise RuntimeError(f"{model.name}: {tool} {arguments} failed: {result.content}")
    if tool == "create_item":
        body = result.structured_content or json.loads(str(getattr(result.content[0], "text", "{}")))
        known.append(str(body["item_id"]))
    return elapsed


def _report(models: list[Model], plan: Plan, bodies: dict[int, int], floor: dict[int, Summary]) -> SectionResult:
    table = Table(
        "Simulated tools/call at turn marks of growing sessions (SDK client, HTTP, 2026-07-28)",
        ["world model", "turn", "median ms", "p99 ms", "median vs turn 10", "p99 vs turn 10", "server CPU ms/call"],
    )
    data: dict[str, Any] = {"plan": {"sessions_per_mark": plan.sessions, "marks": MARKS}, "models": []}
    targets = Table(
        "Target: turn 500 median <= 1.2x turn 10", ["world model", "median growth", "CPU growth", "target", "met"]
    )
    for model in models:
        base = Summary.of(model.samples[MARKS[0]])
        rows = []
        for mark in MARKS:
            s = Summary.of(model.samples[mark])
            cpu = model.cpu_s[mark] / s.n * 1000
            growth, p99_growth = ratio(s.median_ms, base.median_ms), ratio(s.p99_ms, base.p99_ms)
            first = mark == MARKS[0]
            table.add(
                model.name,
                mark,
                ms(s.median_ms),
                ms(s.p99_ms),
                "baseline" if first else times(growth),
                "baseline" if first else times(p99_growth),
                ms(cpu),
            )
            rows.append({"turn": mark, **s.to_json(), "growth": growth, "p99_growth": p99_growth, "cpu_ms": cpu})
        data["models"].append({"name": model.name, "marks": rows})
        final, cpu_growth = rows[-1]["growth"], ratio(rows[-1]["cpu_ms"], rows[0]["cpu_ms"])
        targets.add(model.name, times(final), times(cpu_growth), f"<= {TARGET}x", "yes" if final <= TARGET else "NO")
    table.notes = [
        f"{plan.sessions} session(s) per turn mark, grown to mark-{HALF_WINDOW}; then turns mark-{HALF_WINDOW} .. "
        f"mark+{HALF_WINDOW - 1} of every mark measured side by side ({2 * HALF_WINDOW * plan.sessions} calls "
        f"per mark), after {WARMUP} warm-up calls per server.",
        "Tools: create_item / get_item / update_item in turn; every create adds a ledger entity, every call a turn.",
        "openai: benchmarks/fake_llm.py answers at once (streamed, ~400-char observation); its CPU is not counted.",
        "memory:// pins the in-process store (the call path and world model alone); default store: what "
        "`mcp-sim serve` uses without a `state:` key (a SQLite file next to the experiment); redis: a real "
        "redis-server on loopback, started by the benchmark (rows left out when it is not installed).",
        "server CPU: user+system CPU of the mcp-sim process over the mark's blocks, per call (10 ms clock ticks).",
    ]
    transport = Table(
        "openai route: the prompt is the whole conversation; what sending it costs by itself",
        ["turn", "prompt body KB", "direct POST of it, median ms", "vs turn 10", "openai route median ms"],
    )
    openai = next(m for m in models if m.name == "openai, memory://")
    for mark in MARKS:
        route = Summary.of(openai.samples[mark]).median_ms
        floor_10 = floor[MARKS[0]].median_ms
        relative = "baseline" if mark == MARKS[0] else times(ratio(floor[mark].median_ms, floor_10))
        transport.add(mark, f"{bodies[mark] / 1000:.0f}", ms(floor[mark].median_ms), relative, ms(route))
    transport.notes = [
        "direct POST: the raw HTTP client posting a body of the same size to the same fake endpoint, 40 times; "
        "what any client pays to send that conversation (the fake answers at once and scans the body for "
        "'stream').",
    ]
    data["prompt_bytes"] = bodies
    data["direct_post"] = {mark: s.to_json() for mark, s in floor.items()}
    return SectionResult(tables=[table, targets, transport], data=data)
