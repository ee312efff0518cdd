"""A committed turn survives a server restart and a kill -9 (real subprocesses, the default SQLite store)."""

from __future__ import annotations

import contextlib
import signal
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client

from mcp_sim.sessions import open_sessions

SPECS = Path(__file__).resolve().parents[2] / "tool_specs" / "tickets.yaml"
META_KEY = "mcp-sim/session"
pytestmark = pytest.mark.integration  # real mcp-sim subprocesses (and a real redis-server)


def experiment(tmp_path: Path) -> Path:
    path = tmp_path / "exp.yaml"
    path.write_text(f"name: durable\ntools: [{SPECS}]\n")  # no state: -> <dir>/.mcp-sim/durable.db
    return path


async def call(url: str, session: str, tool: str, arguments: dict[str, Any]) -> Any:
    async with Client(url, mode="2026-07-28") as client:
        result = await client.call_tool(tool, arguments, meta={META_KEY: session})
    assert not result.is_error, result
    return result.structured_content


async def two_tickets(url: str) -> str:
    first = await call(url, "ep", "create_ticket", {"title": "Printer on fire"})
    await call(url, "ep", "create_ticket", {"title": "Fax jammed"})
    return str(first["id"])


async def survives(exp: Path, url: str, ticket: str) -> None:
    """The session continues: its ledger knows the ticket and its history has the earlier turns."""
    got = await call(url, "ep", "get_ticket", {"ticket_id": ticket})
    assert got["title"] == "Printer on fire"
    async with open_sessions(exp) as sessions:
        summary = await sessions.summary("ep")
        history = (await sessions.export("ep"))["turns"]
    assert (summary.calls, summary.entities) == (3, 2)
    assert [t["tool"] for t in history] == ["create_ticket", "create_ticket", "get_ticket"]


async def test_a_restart_keeps_the_session(tmp_path: Path, sim_servers: Callable[[Path], Any]) -> None:
    exp = experiment(tmp_path)
    server = sim_servers(exp)
    ticket = await two_tickets(server.url)
    server.kill(signal.SIGTERM)
    assert (tmp_path / ".mcp-sim" / "durable.db").exists()
    await survives(exp, sim_servers(exp).url, ticket)


async def test_a_kill_9_mid_run_keeps_committed_turns(tmp_path: Path, sim_servers: Callable[[Path], Any]) -> None:
    exp = experiment(tmp_path)
    server = sim_servers(exp)
    ticket = await two_tickets(server.url)

    async def busy(i: int) -> None:  # other sessions keep the server writing while it dies
        for n in range(50):
            await call(server.url, f"other-{i}", "create_ticket", {"title": f"t{n}"})

    with anyio.move_on_after(60):  # bound, not an assertion: the kill below ends the calls early
        async with anyio.create_task_group() as tasks:
            for i in range(3):
                tasks.start_soon(_ignore_disconnect, busy, i)
            await anyio.sleep(0.5)
            server.kill(signal.SIGKILL)
    db = sqlite3.connect(tmp_path / ".mcp-sim" / "durable.db")
    assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    db.close()
    await survives(exp, sim_servers(exp).url, ticket)


async def _ignore_disconnect(fn: Callable[[int], Any], i: int) -> None:
    with contextlib.suppress(Exception):  # the server was killed under this client: expected
        await fn(i)
