"""Two mcp-sim processes share one Redis: one session served alternately and concurrently loses nothing;
its calls are serialized across the processes, while another session's calls go on meanwhile."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import pytest
import redis.asyncio as aioredis
from mcp import Client

SPECS = Path(__file__).resolve().parents[2] / "tool_specs" / "tickets.yaml"
META_KEY = "mcp-sim/session"
pytestmark = pytest.mark.integration  # real mcp-sim subprocesses (and a real redis-server)


async def call(url: str, session: str, tool: str, arguments: dict[str, Any]) -> Any:
    async with Client(url, mode="2026-07-28") as client:  # 2026-07-28: no transport session, any worker
        result = await client.call_tool(tool, arguments, meta={META_KEY: session})
    assert not result.is_error, result
    return result.structured_content


def two_servers(tmp_path: Path, redis_url: str, start: Callable[[Path], Any]) -> list[str]:
    exp = tmp_path / "exp.yaml"
    exp.write_text(f"name: shared\ntools: [{SPECS}]\nstate: {redis_url}\n")
    return [start(exp).url, start(exp).url]


async def ledger_of(redis_url: str, session: str) -> tuple[int, list[str], list[int]]:
    from mcp_sim.state.redis import RedisStore

    store = RedisStore(redis_url)
    try:
        state = await store.load("shared", session)
        turns = await store.turns("shared", session)
    finally:
        await store.aclose()
    return state.call_count, sorted(state.ledger.entities.get("ticket", {})), [t.index for t in turns]


async def test_alternating_processes_continue_one_session(
    tmp_path: Path, redis_url: str, sim_servers: Callable[[Path], Any]
) -> None:
    a, b = two_servers(tmp_path, redis_url, sim_servers)
    created = await call(a, "alt", "create_ticket", {"title": "Printer"})
    assert (await call(b, "alt", "get_ticket", {"ticket_id": created["id"]}))["title"] == "Printer"
    await call(a, "alt", "update_ticket", {"ticket_id": created["id"], "status": "closed"})
    assert (await call(b, "alt", "get_ticket", {"ticket_id": created["id"]}))["status"] == "closed"
    await call(b, "alt", "delete_ticket", {"ticket_id": created["id"]})
    async with Client(a, mode="2026-07-28") as client:
        gone = await client.call_tool("get_ticket", {"ticket_id": created["id"]}, meta={META_KEY: "alt"})
    assert gone.is_error
    assert (await ledger_of(redis_url, "alt"))[2] == [0, 1, 2, 3, 4, 5]


async def test_concurrent_calls_of_one_session_through_both_lose_nothing(
    tmp_path: Path, redis_url: str, sim_servers: Callable[[Path], Any]
) -> None:
    urls = two_servers(tmp_path, redis_url, sim_servers)
    async with anyio.create_task_group() as tasks:
        for i in range(24):
            tasks.start_soon(call, urls[i % 2], "busy", "create_ticket", {"title": f"t{i}"})
    calls, tickets, indices = await ledger_of(redis_url, "busy")
    assert calls == 24 and len(tickets) == 24  # every create kept: no lost update
    assert indices == list(range(24))  # one history, in order, no index twice


async def test_one_session_waits_across_processes_while_others_run(
    tmp_path: Path, redis_url: str, sim_servers: Callable[[Path], Any]
) -> None:
    a, b = two_servers(tmp_path, redis_url, sim_servers)
    client = aioredis.Redis.from_url(redis_url)
    held = client.lock("mcp-sim:lock:shared:blocked", timeout=60)
    assert await held.acquire()  # as if another process were serving a call of "blocked"
    finished: list[str] = []

    async def blocked_call() -> None:
        await call(a, "blocked", "create_ticket", {"title": "waits"})
        finished.append("blocked")

    with anyio.fail_after(60):  # hang guard
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(blocked_call)
            await call(b, "free", "create_ticket", {"title": "runs"})  # another session is not held up
            await call(a, "free", "create_ticket", {"title": "runs"})
            assert finished == []  # the held session has not been served meanwhile
            await held.release()
    assert finished == ["blocked"]
    await client.aclose()
