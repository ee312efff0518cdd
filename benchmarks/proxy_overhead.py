"""Section 1: proxy overhead on the real route.

An SDK client (``mcp.Client``, both protocol eras) calls ``echo`` sequentially, directly and through each
proxy, every route interleaved round by round in one run. Proxies are separate processes served over
streamable HTTP with uvicorn; the client always speaks HTTP to them.

Baseline, per era: the same client over HTTP directly to a Python SDK tool server answering ``echo``
itself (benchmarks/upstream_http.py). That is what an agent talking HTTP to a real tool costs on this
machine, so the ratio is what the proxy hop adds. Routes to server-everything (Node, stdio) go through the
proxy's stdio connection; server-everything itself speaks only 2025-11-25, so the proxies translate eras.
"""

from __future__ import annotations

import os
import re
import sys
import time
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mcp import Client, StdioServerParameters

from benchmarks.harness import SectionResult, Settings
from benchmarks.procs import CACHE, Fleet, Server, fleet, free_port, mcp_sim_argv
from benchmarks.stats import Summary, Table, ms, ratio, times

ERAS = {"2025-11-25": "legacy", "2026-07-28": "2026-07-28"}  # era -> Client(mode=...)
EVERYTHING = CACHE / "npm" / "node_modules" / ".bin" / "mcp-server-everything"
VENVS = CACHE / "venvs"
STDIO_UP = "everything (stdio)"
HTTP_UP = "python SDK (http)"
BASELINE = "direct"
FORWARDER = "SDK forwarder"
SIM_MEMORY = "mcp-sim memory://"  # the same, with the in-process store pinned
TARGETS = {"2025-11-25": 1.3, "2026-07-28": 1.5}  # median ratio to direct, issue 7


@dataclass
class Route:
    """One way to reach ``echo``: through ``via`` (or directly) to an upstream, on one era."""

    via: str
    upstream: str
    era: str
    target: str | StdioServerParameters
    server: Server | None  # the process whose CPU is the hop's (None: the client's own child)
    share: float = 1.0  # fraction of the call count (fresh FastMCP is tens of times slower)
    client: Client | None = None
    samples: list[float] = field(default_factory=list)
    cpu_s: float = 0.0
    error: str | None = None


@dataclass(frozen=True)
class Plan:
    warmup: int
    rounds: int
    per_round: int

    @classmethod
    def of(cls, quick: bool) -> Plan:
        return cls(warmup=5, rounds=6, per_round=10) if quick else cls(warmup=20, rounds=60, per_round=10)


async def run(settings: Settings) -> SectionResult:
    _check_prerequisites()
    plan = Plan.of(settings.quick)
    load = [os.getloadavg()[0]]
    with fleet() as servers:
        routes = _start(servers, settings.workdir)
        async with AsyncExitStack() as stack:
            for route in routes:
                await _connect(stack, route)
            live = [r for r in routes if r.error is None]
            for route in live:
                await _calls(route, plan.warmup, timed=False)
            for _ in range(plan.rounds):
                for route in live:
                    await _calls(route, max(1, round(plan.per_round * route.share)), timed=True)
    load.append(os.getloadavg()[0])
    return _report(routes, plan, load)


def _check_prerequisites() -> None:
    missing = [
        str(p) for p in (EVERYTHING, VENVS / "mcp-proxy/bin/mcp-proxy", VENVS / "fastmcp/bin/python") if not p.exists()
    ]
    if missing:
        raise RuntimeError(f"missing {', '.join(missing)}: run scripts/setup (scripts/setup.d/bench.sh)")


def _start(servers: Fleet, workdir: Path) -> list[Route]:
    """Start the upstream, mcp-sim and the peers; return every (via, upstream, era) route."""
    everything = [str(EVERYTHING), "stdio"]
    up = servers.start(
        "upstream-http", [sys.executable, "-m", "benchmarks.upstream_http", "--port", str(p := free_port())], p
    )
    sim_stdio = _mcp_sim(servers, workdir, "everything", {"command": str(EVERYTHING), "args": ["stdio"]})
    sim_http = _mcp_sim(servers, workdir, "python", {"url": up.url})
    sim_memory = _mcp_sim(servers, workdir, "everything", {"command": str(EVERYTHING), "args": ["stdio"]}, "memory://")
    proxy = servers.start(
        "mcp-proxy",
        [
            str(VENVS / "mcp-proxy/bin/mcp-proxy"),
            "--port",
            str(p := free_port()),
            "--host",
            "127.0.0.1",
            "--",
            *everything,
        ],
        p,
    )
    forwarder = servers.start(
        "sdk-forwarder",
        [sys.executable, "-m", "benchmarks.sdk_forwarder", "--port", str(p := free_port()), "--", *everything],
        p,
    )
    fast = {
        (backend, upstream): _fastmcp(servers, backend, target)
        for backend in ("reused", "fresh")
        for upstream, target in ((STDIO_UP, ["--", *everything]), (HTTP_UP, ["--url", up.url]))
    }
    routes: list[Route] = []
    for era in ERAS:
        routes.append(Route(BASELINE, HTTP_UP, era, up.url, up))
        routes.append(
            Route(BASELINE, STDIO_UP, era, StdioServerParameters(command=everything[0], args=everything[1:]), None)
        )
        routes.append(Route("mcp-sim", STDIO_UP, era, sim_stdio.url, sim_stdio))
        routes.append(Route("mcp-sim", HTTP_UP, era, sim_http.url, sim_http))
        routes.append(Route(SIM_MEMORY, STDIO_UP, era, sim_memory.url, sim_memory))
        routes.append(Route(FORWARDER, STDIO_UP, era, forwarder.url, forwarder))
        routes.append(Route("mcp-proxy", STDIO_UP, era, proxy.url, proxy))
        for (backend, upstream), server in fast.items():
            routes.append(
                Route(
                    f"fastmcp ({backend})", upstream, era, server.url, server, share=0.15 if backend == "fresh" else 1.0
                )
            )
    return routes


def _mcp_sim(servers: Fleet, workdir: Path, upstream: str, config: dict[str, Any], state: str | None = None) -> Server:
    """mcp-sim with default settings, or with ``state`` as its store (the default store may be durable)."""
    import yaml

    name = f"{upstream}-{state.split(':')[0]}" if state else upstream
    experiment = workdir / f"proxy-{name}.yaml"
    doc: dict[str, Any] = {"name": f"bench-{name}", "route": "real", "upstreams": {upstream: config}}
    experiment.write_text(yaml.safe_dump({**doc, **({"state": state} if state else {})}))
    port = free_port()
    return servers.start(f"mcp-sim-{name}", mcp_sim_argv(experiment, port), port)


def _fastmcp(servers: Fleet, backend: str, target: list[str]) -> Server:
    port = free_port()
    argv = [
        str(VENVS / "fastmcp/bin/python"),
        str(Path(__file__).parent / "peers" / "fastmcp_proxy.py"),
        "--port",
        str(port),
        "--backend",
        backend,
        *target,
    ]
    return servers.start(f"fastmcp-{backend}-{'url' if '--url' in target else 'stdio'}", argv, port)


async def _connect(stack: AsyncExitStack, route: Route) -> None:
    """Open the route's client and list tools once (the SDK client checks results against listed schemas)."""
    try:
        client = Client(route.target, mode=ERAS[route.era], read_timeout_seconds=30)
        route.client = await stack.enter_async_context(client)
        await route.client.list_tools()
        await _calls(route, 1, timed=False)
    except BaseException as exc:  # a peer that cannot speak this era: reported, not fatal
        if not isinstance(exc, Exception | BaseExceptionGroup):
            raise
        route.error = _first_line(exc)


async def _calls(route: Route, count: int, *, timed: bool) -> None:
    assert route.client is not None
    # a session key names the session in admin URLs: no '/' (the memory:// route's name has two)
    meta: Any = {"mcp-sim/session": re.sub(r"[^A-Za-z0-9_.-]+", "-", f"bench-{route.via}-{route.era}")}
    cpu_before = route.server.cpu_seconds() if route.server and timed else 0.0
    for i in range(count):
        started = time.perf_counter()
        result = await route.client.call_tool("echo", {"message": f"hello {i}"}, meta=meta)
        elapsed = time.perf_counter() - started
        if result.is_error or "hello" not in str(result.content[0]):
            raise RuntimeError(f"{route.via} -> {route.upstream}: unexpected result {result!r}")
        if timed:
            route.samples.append(elapsed)
    if route.server and timed:
        route.cpu_s += route.server.cpu_seconds() - cpu_before


def _report(routes: list[Route], plan: Plan, load: list[float]) -> SectionResult:
    table = Table(
        "Sequential tools/call `echo`, SDK client over HTTP (direct stdio row: the client spawns the server)",
        ["client era", "upstream", "via", "median ms", "p99 ms", "median ratio", "p99 ratio", "hop CPU ms/call"],
    )
    data: dict[str, Any] = {"plan": plan.__dict__, "load_average": load, "routes": []}
    for era in ERAS:
        base = _summary(_find(routes, BASELINE, HTTP_UP, era))
        for route in (r for r in routes if r.era == era):
            row: dict[str, Any] = {"era": era, "upstream": route.upstream, "via": route.via}
            s = _summary(route)
            if s is None or base is None:
                table.add(era, route.upstream, route.via, "unsupported", "—", "—", "—", "—")
                table.notes.append(f"{route.via} -> {route.upstream} on {era}: {route.error}")
                data["routes"].append({**row, "error": route.error})
                continue
            cpu = route.cpu_s / s.n * 1000 if route.server else None
            is_base = (route.via, route.upstream) == (BASELINE, HTTP_UP)
            median_ratio, p99_ratio = ratio(s.median_ms, base.median_ms), ratio(s.p99_ms, base.p99_ms)
            table.add(
                era,
                route.upstream,
                route.via,
                ms(s.median_ms),
                ms(s.p99_ms),
                "baseline" if is_base else times(median_ratio),
                "baseline" if is_base else times(p99_ratio),
                "—" if cpu is None else ms(cpu),
            )
            data["routes"].append(
                {**row, **s.to_json(), "median_ratio": median_ratio, "p99_ratio": p99_ratio, "hop_cpu_ms_per_call": cpu}
            )
    table.notes[:0] = [
        f"{plan.rounds} rounds x {plan.per_round} calls per route (fresh FastMCP: 15 %), interleaved, after "
        f"{plan.warmup} warm-up calls; ratios against `direct` to the Python SDK upstream on the same era.",
        "hop CPU: user+system CPU of the proxy process per call, 10 ms clock ticks (for `direct`: the upstream's).",
        f"1-minute load average {load[0]:.2f} at the start, {load[1]:.2f} at the end (2 cores, shared machine).",
    ]
    return SectionResult(tables=[table, _targets(routes)], data=data)


def _targets(routes: list[Route]) -> Table:
    """The issue's targets: HTTP client, stdio upstream; mcp-sim under the bound and ahead of every peer."""
    table = Table(
        "Targets (HTTP client, stdio upstream): median ratio to direct",
        ["client era", "mcp-sim", "target", "best peer", "SDK forwarder", "met"],
    )
    for era, bound in TARGETS.items():
        ratios = {
            r.via: ratio(s.median_ms, base.median_ms)
            for r in routes
            if r.era == era and r.upstream == STDIO_UP and r.via != BASELINE
            if (s := _summary(r)) and (base := _summary(_find(routes, BASELINE, HTTP_UP, era)))
        }
        sim = ratios.pop("mcp-sim", None)
        forwarder = ratios.pop(FORWARDER, None)
        ratios.pop(SIM_MEMORY, None)
        best = min(((v, k) for k, v in ratios.items()), default=None)
        if sim is None:
            table.add(era, "—", f"<= {bound}x", "—", "—", "not measured")
            continue
        met = sim <= bound and (best is None or sim < best[0])
        table.add(
            era,
            times(sim),
            f"<= {bound}x",
            f"{times(best[0])} {best[1]}" if best else "none ran",
            times(forwarder) if forwarder is not None else "—",
            "yes" if met else "NO",
        )
    table.notes.append(
        "mcp-sim: default settings, its default store; peers: mcp-proxy and FastMCP; "
        "the SDK forwarder (benchmarks/sdk_forwarder.py) is shown for reference."
    )
    return table


def _find(routes: list[Route], via: str, upstream: str, era: str) -> Route:
    return next(r for r in routes if (r.via, r.upstream, r.era) == (via, upstream, era))


def _summary(route: Route) -> Summary | None:
    return Summary.of(route.samples) if route.samples and route.error is None else None


def _first_line(exc: BaseException) -> str:
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    return (f"{type(exc).__name__}: {exc}".splitlines() or [""])[0][:200]
