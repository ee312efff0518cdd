"""Section 6: memory. RSS of one mcp-sim process holding many idle sessions in the memory store.

Sessions are made the way agents make them: one ``create_ticket`` call each over streamable HTTP on
2026-07-28, with a distinct ``_meta`` ``mcp-sim/session`` key, on the sim route (built-in simulator), so
each session holds its state, a one-entity ledger and one recorded turn. 2026-07-28 requests open no SDK
session, so what grows is mcp-sim's own store. Baseline: the same process after the same kind of calls
made without a session key (one-request sessions, never stored), i.e. holding 0 sessions.
"""

from __future__ import annotations

import json
from typing import Any

import anyio
import yaml
from mcp import Client

from benchmarks.harness import SectionResult, Settings
from benchmarks.procs import ROOT, Server, fleet, free_port, mcp_sim_argv
from benchmarks.stats import Table

TARGET_BYTES = 1024**3
WORKERS = 8


async def run(settings: Settings) -> SectionResult:
    count = 1_000 if settings.quick else 10_000
    experiment = settings.workdir / "memory.yaml"
    tools = str(ROOT / "tool_specs" / "tickets.yaml")
    experiment.write_text(
        yaml.safe_dump({"name": "bench-memory", "route": "sim", "tools": [tools], "state": "memory://"})
    )
    with fleet() as servers:
        sim = servers.start("mcp-sim-memory", mcp_sim_argv(experiment, port := free_port()), port)
        async with Client(sim.url, mode="2026-07-28") as client:
            await client.list_tools()
            for i in range(20):  # warm every code path without storing a session
                await _create(client, None, i)
            baseline = sim.rss_bytes()
            started = anyio.current_time()
            ids = await _make_sessions(client, count)
            seconds = anyio.current_time() - started
            held = sim.rss_bytes()
            await _check_sessions_kept_state(client, ids)
    return _report(count, baseline, held, seconds, sim)


async def _create(client: Client, session: str | None, i: int) -> str:
    meta: Any = {"mcp-sim/session": session} if session else None
    result = await client.call_tool("create_ticket", {"title": f"printer {i} is on fire"}, meta=meta)
    if result.is_error:
        raise RuntimeError(f"create_ticket failed: {result.content}")
    ticket: dict[str, Any] = result.structured_content or json.loads(result.content[0].text)  # type: ignore[union-attr]
    return str(ticket["id"])


async def _make_sessions(client: Client, count: int) -> dict[str, str]:
    ids: dict[str, str] = {}
    next_index = iter(range(count))

    async def worker() -> None:
        for i in next_index:
            key = f"mem-{i:05d}"
            ids[key] = await _create(client, key, i)

    async with anyio.create_task_group() as workers:
        for _ in range(WORKERS):
            workers.start_soon(worker)
    return ids


async def _check_sessions_kept_state(client: Client, ids: dict[str, str]) -> None:
    """Each session still knows its ticket, and only its own: the RSS held real sessions, not nothing. A fresh
    session may answer the same id (a world it has not seen is open: the ticket may predate it), but never with
    the other session's ticket."""
    for key in list(ids)[:: max(1, len(ids) // 5)]:
        title = f"printer {int(key.removeprefix('mem-'))} is on fire"
        own = await client.call_tool("get_ticket", {"ticket_id": ids[key]}, meta={"mcp-sim/session": key})  # type: ignore[arg-type]
        other = await client.call_tool("get_ticket", {"ticket_id": ids[key]}, meta={"mcp-sim/session": "mem-fresh"})  # type: ignore[arg-type]
        if own.is_error or title not in _said(own) or title in _said(other):
            raise RuntimeError(f"session {key} did not keep its ticket {ids[key]} apart: {own} / {other}")


def _said(result: Any) -> str:
    return json.dumps([getattr(block, "text", "") for block in result.content]) + json.dumps(result.structured_content)


def _report(count: int, baseline: int, held: int, seconds: float, sim: Server) -> SectionResult:
    mb = 1024**2
    table = Table(
        "RSS of one mcp-sim process (memory store, sim route)",
        ["sessions", "RSS MB", "vs 0 sessions", "per session", "target", "met"],
    )
    table.add(0, f"{baseline / mb:.1f}", "baseline", "—", "", "")
    per = (held - baseline) / count
    met = "yes" if held <= TARGET_BYTES else "NO"
    table.add(
        f"{count:,}", f"{held / mb:.1f}", f"+{(held - baseline) / mb:.1f} MB", f"{per / 1024:.1f} KiB", "<= 1 GB", met
    )
    table.notes.append(
        f"sessions made by {count:,} create_ticket calls over HTTP (2026-07-28, distinct `_meta` keys, "
        f"{WORKERS} concurrent) in {seconds:.1f} s; each session holds state, a one-entity ledger and one turn; "
        "samples of them were read back (each sees its own ticket, a fresh session never sees it)."
    )
    data = {"sessions": count, "baseline_rss": baseline, "rss": held, "bytes_per_session": per, "seconds": seconds}
    return SectionResult(tables=[table], data=data)
