"""``mcp-sim serve --workers 2``: real worker processes on one port, a real SQLite file between them.

A 2025-11-25 session keeps its state across a rolling restart (SIGHUP replaces every worker, so the
workers that answer after it never held the session), no call of a client calling throughout is lost,
/metrics counts every worker's calls, and an admin switch reaches every worker.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
from mcp import Client

from mcp_sim.state.sqlite import SQLiteStore

ROOT = Path(__file__).resolve().parents[2]
TICKETS = ROOT / "tool_specs" / "tickets.yaml"
pytestmark = pytest.mark.integration


@contextmanager
def workers(experiment: Path, count: int = 2) -> Iterator[tuple[subprocess.Popen[str], str]]:
    command = [sys.executable, "-m", "mcp_sim", "serve", str(experiment), "--port", "0", "--workers", str(count)]
    command += ["--graceful-timeout", "20"]
    env = {k: v for k, v in os.environ.items() if k != "MCP_SIM_TOKEN"}
    process = subprocess.Popen(command, cwd=ROOT, env=env, stderr=subprocess.PIPE, text=True)
    assert process.stderr is not None
    lines: list[str] = []
    url = None
    for line in process.stderr:
        lines.append(line)
        if '"workers"' in line:
            url = json.loads(line)["url"].removesuffix("/mcp")
            break
    drain = threading.Thread(target=lambda: lines.extend(process.stderr or []), daemon=True)
    drain.start()
    try:
        assert url is not None, "mcp-sim serve --workers did not start:\n" + "".join(lines)
        yield process, url
    finally:
        process.terminate()
        process.wait(timeout=60)
        drain.join()
        process.stderr.close()


def worker_pids(supervisor: int) -> set[int]:
    """The supervisor's children but multiprocessing's resource tracker."""
    children = Path(f"/proc/{supervisor}/task/{supervisor}/children").read_text().split()
    return {int(pid) for pid in children if b"resource_tracker" not in Path(f"/proc/{pid}/cmdline").read_bytes()}


async def until_serving(url: str, timeout_s: float = 60) -> None:
    """The port is bound before the workers start: wait until one answers."""
    deadline = time.monotonic() + timeout_s
    async with httpx.AsyncClient() as client:
        while time.monotonic() < deadline:
            try:
                if (await client.get(url + "/admin/experiments")).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            await anyio.sleep(0.2)
    raise AssertionError(f"no worker answered at {url} within {timeout_s} s")


def exp_file(tmp_path: Path) -> Path:
    path = tmp_path / "desk.yaml"
    path.write_text(f"name: desk\ntools: [{TICKETS}]\nstate: sqlite:///{tmp_path / 'sessions.db'}\n")
    return path


async def test_sessions_survive_a_rolling_restart_and_no_call_is_lost(tmp_path: Path) -> None:
    with workers(exp_file(tmp_path)) as (supervisor, url):
        await until_serving(url)
        before = worker_pids(supervisor.pid)
        results: list[Any] = []
        restarted = anyio.Event()

        async def modern_client() -> None:  # calls before, during and after the restart
            async with Client(url + "/mcp", mode="2026-07-28") as client:
                while not restarted.is_set() or len(results) < 40:
                    done = await client.call_tool("create_ticket", {"title": "t"}, meta={"mcp-sim/session": "m"})
                    results.append(done)

        async with Client(url + "/mcp", mode="legacy") as legacy:
            created = await legacy.call_tool("create_ticket", {"title": "kept"})
            ticket = created.structured_content
            assert ticket is not None
            async with anyio.create_task_group() as tasks:
                tasks.start_soon(modern_client)
                supervisor.send_signal(signal.SIGHUP)
                deadline = time.monotonic() + 120
                while worker_pids(supervisor.pid) & before or len(worker_pids(supervisor.pid)) < 2:
                    assert time.monotonic() < deadline, "the workers were not replaced"
                    await anyio.sleep(0.2)
                restarted.set()
            after = worker_pids(supervisor.pid)
            # new processes that never held the session: its state comes from the store
            read = await legacy.call_tool("get_ticket", {"ticket_id": ticket["id"]})
            assert not read.is_error and read.structured_content == ticket

        assert not before & after
        assert results and not any(r.is_error for r in results)
        store = SQLiteStore(tmp_path / "sessions.db")
        try:
            assert (await store.load("desk", "m")).call_count == len(results)
        finally:
            await store.aclose()

        async with httpx.AsyncClient() as client:  # any worker's /metrics counts every worker's calls
            answer = await client.get(url + "/metrics")
        text = answer.text
        assert answer.headers["keep-alive"] == "timeout=75"  # workers keep idle connections as one process does
        counted = sum(
            float(line.rsplit(" ", 1)[1])
            for line in text.splitlines()
            if line.startswith("mcp_sim_calls_total{") and 'tool="create_ticket"' in line
        )
        assert counted >= len(results) + 1  # the workers that stopped are still counted


async def test_an_admin_switch_reaches_every_worker(tmp_path: Path) -> None:
    with workers(exp_file(tmp_path)) as (_, url):
        await until_serving(url)
        async with httpx.AsyncClient(headers={"connection": "close"}) as client:  # each request: any worker
            switched = await client.patch(url + "/admin/experiments/desk/routing", json={"tools": {"get_*": "replay"}})
            assert switched.status_code == 200, switched.text
            deadline = time.monotonic() + 30
            while True:
                seen = [(await client.get(url + "/admin/experiments")).json()[0] for _ in range(8)]
                if all("get_*" in json.dumps(view) for view in seen):
                    break
                assert time.monotonic() < deadline, f"not every worker took the switch: {seen}"
                await anyio.sleep(0.2)


def test_workers_refuse_a_store_only_one_process_sees(tmp_path: Path) -> None:
    path = tmp_path / "mem.yaml"
    path.write_text(f"name: mem\ntools: [{TICKETS}]\nstate: memory://\n")
    done = subprocess.run(
        [sys.executable, "-m", "mcp_sim", "serve", str(path), "--port", "0", "--workers", "2"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert "--workers > 1 needs a store every worker reaches: memory://" in done.stderr
