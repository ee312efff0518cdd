"""Calls per second through the call path, and bytes per idle session, for each state store.

    python benchmarks/state_stores.py [--sessions 20] [--calls 20]

Runs the ticket API (tool_specs/tickets.yaml) on the schema simulator: every call loads, checks, simulates
and commits. Speed is printed as a ratio against the memory store of the same run. Needs redis-server.
"""

from __future__ import annotations

import argparse
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import anyio

from mcp_sim import logs, router
from mcp_sim.calls import CallPath
from mcp_sim.config import Experiment, LoadedExperiment
from mcp_sim.perturbations.base import NoPerturbations
from mcp_sim.specs import build_catalog, load_spec_file
from mcp_sim.state.base import StateStore
from mcp_sim.state.memory import MemoryStore
from mcp_sim.state.redis import RedisStore
from mcp_sim.state.sqlite import SQLiteStore
from mcp_sim.worldmodel.schema_sim import SchemaWorldModel

SPECS = Path(__file__).resolve().parents[1] / "tool_specs" / "tickets.yaml"


def call_path(store: StateStore) -> CallPath:
    experiment = Experiment(name="bench", state="memory://")
    loaded = LoadedExperiment(SPECS.parent / "x.yaml", experiment, [(SPECS, load_spec_file(SPECS))])
    routing = router.Routing.of("sim", {})
    return CallPath(experiment, build_catalog(loaded, {}), {}, SchemaWorldModel(), store, NoPerturbations(), routing)


async def episode(path: CallPath, key: str, calls: int) -> None:
    created = await path.call(key, "create_ticket", {"title": "first"})
    ticket = (created.structured_content or {})["id"]
    for i in range(calls - 1):
        if i % 3 == 0:
            await path.call(key, "update_ticket", {"ticket_id": ticket, "status": "in_progress"})
        elif i % 3 == 1:
            await path.call(key, "get_ticket", {"ticket_id": ticket})
        else:
            await path.call(key, "create_ticket", {"title": f"t{i}"})


async def run(store: StateStore, sessions: int, calls: int) -> float:
    path = call_path(store)
    started = time.perf_counter()
    async with anyio.create_task_group() as tasks:
        for s in range(sessions):
            tasks.start_soon(episode, path, f"s{s}", calls)
    return sessions * calls / (time.perf_counter() - started)


async def redis_bytes(url: str, sessions: int) -> float:
    import redis.asyncio as aioredis

    client = aioredis.Redis.from_url(url)
    total = 0
    for s in range(sessions):
        for kind in ("s", "t"):
            total += await client.memory_usage(f"mcp-sim:{kind}:bench:s{s}") or 0
    await client.aclose()
    return total / sessions


async def main(sessions: int, calls: int) -> None:
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        memory = await run(MemoryStore(), sessions, calls)
        rows.append(("memory", memory, "-"))
        db = Path(tmp) / "bench.db"
        sqlite = SQLiteStore(db)
        rate = await run(sqlite, sessions, calls)
        sqlite._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        await sqlite.aclose()
        rows.append(("sqlite", rate, f"{db.stat().st_size / sessions:,.0f}"))
        with redis_server(Path(tmp)) as url:
            store = RedisStore(url)
            rate = await run(store, sessions, calls)
            await store.aclose()
            rows.append(("redis", rate, f"{await redis_bytes(url, sessions):,.0f}"))
    print(f"{sessions} sessions x {calls} calls, schema simulator, one process")
    print(f"{'store':<8} {'calls/s':>9} {'vs memory':>10} {'bytes/idle session':>20}")
    for name, rate, size in rows:
        print(f"{name:<8} {rate:>9,.0f} {rate / memory:>10.2f} {size:>20}")


class redis_server:
    def __init__(self, workdir: Path) -> None:
        self.workdir = workdir

    def __enter__(self) -> str:
        binary = shutil.which("redis-server")
        if binary is None:
            raise SystemExit("redis-server is not installed (scripts/setup installs it)")
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
        args = [binary, "--bind", "127.0.0.1", "--port", str(port), "--dir", str(self.workdir), "--save", ""]
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL)
        for _ in range(200):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
                break
            except OSError:
                time.sleep(0.02)
        return f"redis://127.0.0.1:{port}/0"

    def __exit__(self, *exc: object) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=10)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--calls", type=int, default=20)
    args = parser.parse_args()
    logs.configure("warning")  # one log line per call would dominate the measurement
    anyio.run(main, args.sessions, args.calls)
