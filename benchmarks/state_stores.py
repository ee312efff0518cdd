"""Section 5: stores. Calls/s, median and p99 per call through the call path, with each state store.

The ticket API (tool_specs/tickets.yaml) on the built-in simulator, driven through ``CallPath.call`` in this
process (no transport: what differs between the rows is the store, not the HTTP hop). Each round runs
SESSIONS concurrent sessions of CALLS calls each (create, then update / get / create in turn) on a fresh set
of session keys, once per store; stores take turns round by round so a noisy neighbour hits them alike.
Every call loads the session under its lock, checks, simulates and commits a turn. Stores are opened from
``state:`` URLs as users write them; Redis is a real redis-server on a free loopback port, stopped at the end.
Baseline: the memory store of the same run.
"""

from __future__ import annotations

import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio

from benchmarks.harness import SectionResult, Settings
from benchmarks.procs import ROOT, fleet, start_redis
from benchmarks.stats import Summary, Table, ms, ratio, times
from mcp_sim.calls import CallPath
from mcp_sim.catalog.specs import build_catalog, load_spec_file
from mcp_sim.config import Experiment, LoadedExperiment
from mcp_sim.observability import logs
from mcp_sim.perturbations.base import NoPerturbations
from mcp_sim.routing import flags as router
from mcp_sim.runtime import open_store
from mcp_sim.simulation.builtin.simulator import SchemaWorldModel
from mcp_sim.state.base import StateStore

SPECS = ROOT / "tool_specs" / "tickets.yaml"
EXPERIMENT = "bench-stores"
BASELINE = "memory"


@dataclass(frozen=True)
class Plan:
    rounds: int
    sessions: int
    calls: int

    @classmethod
    def of(cls, quick: bool) -> Plan:
        return cls(rounds=2, sessions=8, calls=10) if quick else cls(rounds=6, sessions=20, calls=25)


@dataclass
class Leg:
    """One store: its call path, the latency of every call, and the wall time of every round."""

    name: str
    url: str
    store: StateStore
    path: CallPath
    samples: list[float] = field(default_factory=list)
    rounds_s: list[float] = field(default_factory=list)
    idle_bytes: float | None = None


async def run(settings: Settings) -> SectionResult:
    logs.configure("warning")  # one JSON log line per call would be most of what is measured
    if shutil.which("redis-server") is None:
        raise RuntimeError("redis-server is not installed: run scripts/setup.d/redis.sh")
    plan = Plan.of(settings.quick)
    with fleet() as servers:
        urls = {
            "memory": "memory://",
            "sqlite": f"sqlite:///{(settings.workdir / 'stores.db').resolve()}",
            "redis": start_redis(servers, settings.workdir),
        }
        legs = [Leg(name, url, store := open_store(url), _call_path(store)) for name, url in urls.items()]
        try:
            for leg in legs:  # warm imports, connections and the simulator's caches before timing
                await _round(leg, "warm", 2, 3)
            for r in range(plan.rounds):
                for leg in legs:
                    leg.rounds_s.append(await _round(leg, f"r{r}", plan.sessions, plan.calls))
            for leg in legs:
                leg.idle_bytes = await _idle_bytes(leg, settings.workdir, plan)
        finally:
            for leg in legs:
                await leg.store.aclose()
    return _report(legs, plan)


def _call_path(store: StateStore) -> CallPath:
    experiment = Experiment(name=EXPERIMENT, state="memory://")  # the store is passed in; this is not read
    loaded = LoadedExperiment(SPECS.parent / "x.yaml", experiment, [(SPECS, load_spec_file(SPECS))])
    routing = router.Routing.of("sim", {})
    return CallPath(experiment, build_catalog(loaded, {}), {}, SchemaWorldModel(), store, NoPerturbations(), routing)


async def _round(leg: Leg, tag: str, sessions: int, calls: int) -> float:
    started = time.perf_counter()
    async with anyio.create_task_group() as tasks:
        for s in range(sessions):
            tasks.start_soon(_episode, leg, f"{tag}-s{s}", calls, tag != "warm")
    return time.perf_counter() - started


async def _episode(leg: Leg, key: str, calls: int, timed: bool) -> None:
    async def call(tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
        started = time.perf_counter()
        result = await leg.path.call(key, tool, arguments)
        if timed:
            leg.samples.append(time.perf_counter() - started)
        if result.is_error:
            raise RuntimeError(f"{leg.name}: {tool} failed: {result.content}")
        return result.structured_content or {}

    ticket = (await call("create_ticket", {"title": "first"}))["id"]
    for i in range(calls - 1):
        if i % 3 == 0:
            await call("update_ticket", {"ticket_id": ticket, "status": "in_progress"})
        elif i % 3 == 1:
            await call("get_ticket", {"ticket_id": ticket})
        else:
            await call("create_ticket", {"title": f"t{i}"})


async def _idle_bytes(leg: Leg, workdir: Path, plan: Plan) -> float | None:
    """Bytes per stored session at rest (all rounds' sessions); the memory store has no such figure."""
    count = plan.rounds * plan.sessions
    if leg.name == "sqlite":
        await leg.store.aclose()  # checkpoints the WAL into the file
        leg.store = open_store(leg.url)
        return (workdir / "stores.db").stat().st_size / (count + 2)  # the file holds the 2 warm-up sessions too
    if leg.name == "redis":
        import redis.asyncio as aioredis

        client = aioredis.Redis.from_url(leg.url)
        try:
            keys = [k async for k in client.scan_iter(match=f"mcp-sim:*:{EXPERIMENT}:r*")]
            total = sum([await client.memory_usage(k) or 0 for k in keys])
        finally:
            await client.aclose()
        return total / count
    return None


def _report(legs: list[Leg], plan: Plan) -> SectionResult:
    calls_per_round = plan.sessions * plan.calls
    base = next(leg for leg in legs if leg.name == BASELINE)
    base_rate = _rate(base, calls_per_round)
    base_summary = Summary.of(base.samples)
    table = Table(
        f"State stores: {plan.sessions} concurrent sessions x {plan.calls} calls, {plan.rounds} rounds, CallPath",
        ["store", "calls/s", "vs memory", "median ms", "vs memory", "p99 ms", "vs memory", "bytes/idle session"],
    )
    data: dict[str, Any] = {"plan": plan.__dict__, "stores": {}}
    for leg in legs:
        summary = Summary.of(leg.samples)
        rate = _rate(leg, calls_per_round)
        size = "—" if leg.idle_bytes is None else f"{leg.idle_bytes:,.0f}"
        table.add(
            leg.name,
            f"{rate:,.0f}",
            times(ratio(rate, base_rate)),
            ms(summary.median_ms),
            times(ratio(summary.median_ms, base_summary.median_ms)),
            ms(summary.p99_ms),
            times(ratio(summary.p99_ms, base_summary.p99_ms)),
            size,
        )
        data["stores"][leg.name] = {
            **summary.to_json(),
            "calls_per_s": round(rate, 1),
            "rounds_s": [round(s, 4) for s in leg.rounds_s],
            "bytes_per_idle_session": leg.idle_bytes,
        }
    table.notes += [
        "in-process `CallPath.call` (no transport), built-in simulator, tool_specs/tickets.yaml; per-call latency "
        "includes waiting for the event loop behind the other sessions of the round.",
        "calls/s: median over rounds of (calls of the round / its wall time); stores take turns round by round.",
        "memory: `memory://`; sqlite: a WAL file in the run's scratch dir; redis: a real redis-server on loopback.",
    ]
    return SectionResult(tables=[table], data=data)


def _rate(leg: Leg, calls_per_round: int) -> float:
    return calls_per_round / sorted(leg.rounds_s)[len(leg.rounds_s) // 2]
