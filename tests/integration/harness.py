"""Starting real processes for the integration tests: mcp-sim itself, real upstreams, the fixture server.

Prerequisites are installed by scripts/setup (scripts/setup.d/upstreams.sh) under .cache/. When one is
missing a test skips with the reason, except in CI (``CI=true``), where it fails: CI must test everything.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
import anyio.abc
import pytest
import yaml
from anyio.streams.text import TextReceiveStream

from tests.prerequisites import missing

REPO = Path(__file__).resolve().parents[2]
NPM_BIN = REPO / ".cache/npm/node_modules/.bin"
TIME_SERVER = REPO / ".cache/venvs/time/bin/mcp-server-time"
NODE22 = REPO / ".cache/node22/node_modules/node/bin/node"
CONFORMANCE = REPO / ".cache/npm/node_modules/@modelcontextprotocol/conformance/dist/index.js"
FIXTURE_SERVER = REPO / "tests/fixtures/fixture_server.py"
START_LIMIT_S = 60  # a safety net against hangs, not a speed requirement


def require(path: Path, what: str) -> Path:
    """``path`` if installed; otherwise skip (locally) or fail (in CI) naming the missing piece."""
    if path.exists():
        return path
    missing(f"{what} is not installed at {path}: run scripts/setup")


def npm_bin(name: str) -> str:
    return str(require(NPM_BIN / name, f"npm package binary {name}"))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def write_experiment(directory: Path, doc: dict[str, Any], name: str = "exp.yaml") -> Path:
    path = directory / name
    path.write_text(yaml.safe_dump({"name": "test", **doc}, sort_keys=False), encoding="utf-8")
    return path


def fixture_stdio(**extra: Any) -> dict[str, Any]:
    """An upstream entry for the fixture SDK server over stdio."""
    return {"command": sys.executable, "args": [str(FIXTURE_SERVER)], **extra}


def sim_env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(REPO)}


def sim_stdio_args(experiment: Path, *args: str) -> list[str]:
    """Arguments for ``StdioServerParameters(command=sys.executable, args=...)`` running mcp-sim on stdio."""
    return ["-m", "mcp_sim", "serve", str(experiment), "--transport", "stdio", *args]


@dataclass
class Process:
    """A running child process whose stderr is collected line by line."""

    process: anyio.abc.Process
    lines: list[str] = field(default_factory=list)
    ready: bool = False

    def logs(self) -> list[dict[str, Any]]:
        """stderr lines that are JSON objects (mcp-sim's structured log)."""
        out = []
        for line in self.lines:
            try:
                parsed = json.loads(line)
            except ValueError:
                continue
            if isinstance(parsed, dict):
                out.append(parsed)
        return out

    @property
    def stderr(self) -> str:
        return "\n".join(self.lines)


@dataclass
class Served(Process):
    url: str = ""


@asynccontextmanager
async def running(command: Sequence[str], ready: str, env: dict[str, str] | None = None) -> AsyncIterator[Process]:
    """Start ``command`` and wait until a stderr line contains ``ready``; stop it on exit."""
    process = await anyio.open_process(
        list(command), cwd=REPO, env=env or sim_env(), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL
    )
    child = Process(process)
    seen = anyio.Event()
    async with process, anyio.create_task_group() as tasks:
        tasks.start_soon(_collect, child, ready, seen)
        try:
            with anyio.fail_after(START_LIMIT_S):
                await seen.wait()
            if child.ready:
                yield child
        finally:
            await stop(process)
            tasks.cancel_scope.cancel()
    if not child.ready:  # failing outside the task group keeps the message readable
        pytest.fail(f"{list(command)[:5]} exited with {process.returncode} before it was ready:\n{child.stderr}")


async def stop(process: anyio.abc.Process) -> None:
    if process.returncode is None:
        process.terminate()
        with anyio.move_on_after(10) as scope:
            await process.wait()
        if scope.cancelled_caught:
            process.kill()
            await process.wait()


async def _collect(child: Process, ready: str, seen: anyio.Event) -> None:
    assert child.process.stderr is not None
    buffer = ""
    async for chunk in TextReceiveStream(child.process.stderr):
        buffer += chunk
        *complete, buffer = buffer.split("\n")
        for line in complete:
            child.lines.append(line)
            if ready in line:
                child.ready = True
                seen.set()
    seen.set()  # stderr closed: the process is gone; the waiter reports it


@asynccontextmanager
async def mcp_sim(experiment: Path, *args: str) -> AsyncIterator[Served]:
    """``mcp-sim serve`` over streamable HTTP on a free loopback port, as a user would start it."""
    command = [sys.executable, "-m", "mcp_sim", "serve", str(experiment), "--port", "0", *args]
    async with running(command, '"event": "serving"') as child:
        served = Served(child.process, child.lines)
        served.url = next(entry["url"] for entry in served.logs() if entry.get("event") == "serving")
        yield served


async def start_failure(experiment: Path, *args: str) -> tuple[int, str]:
    """Run ``mcp-sim serve`` expecting it to refuse to start: its exit code and stderr."""
    command = [sys.executable, "-m", "mcp_sim", "serve", str(experiment), "--port", "0", *args]
    with anyio.fail_after(START_LIMIT_S):
        done = await anyio.run_process(command, cwd=REPO, env=sim_env(), check=False, stdin=subprocess.DEVNULL)
    return done.returncode, done.stderr.decode()


@asynccontextmanager
async def fixture_http(port: int | None = None, pid_file: Path | None = None) -> AsyncIterator[str]:
    """The fixture SDK server over streamable HTTP; yields its URL."""
    port = port or free_port()
    env = sim_env()
    if pid_file is not None:
        env["FIXTURE_PID_FILE"] = str(pid_file)
    command = [sys.executable, str(FIXTURE_SERVER), "--port", str(port)]
    async with running(command, "listening", env=env):
        yield f"http://127.0.0.1:{port}/mcp"


@asynccontextmanager
async def everything_http(port: int) -> AsyncIterator[str]:
    """server-everything (a Node, 2025-era server with Mcp-Session-Id) over streamable HTTP."""
    command = [npm_bin("mcp-server-everything"), "streamableHttp"]
    async with running(command, "listening on port", env={**os.environ, "PORT": str(port)}):
        yield f"http://127.0.0.1:{port}/mcp"


class Restartable:
    """A server started and stopped at will while other servers keep running (each in its own task, as
    anyio wants cancel scopes left in the order they were entered)."""

    def __init__(self, tasks: anyio.abc.TaskGroup, start: Callable[[], AbstractAsyncContextManager[Any]]) -> None:
        self.tasks = tasks
        self.start_server = start
        self._stop: anyio.Event | None = None
        self._stopped = anyio.Event()

    async def start(self) -> None:
        self._stop, self._stopped = anyio.Event(), anyio.Event()
        await self.tasks.start(self._hold, self._stop, self._stopped)

    async def stop(self) -> None:
        if self._stop is not None:
            self._stop.set()
            await self._stopped.wait()
            self._stop = None

    async def _hold(self, stop: anyio.Event, stopped: anyio.Event, *, task_status: anyio.abc.TaskStatus[None]) -> None:
        try:
            async with self.start_server():
                task_status.started()
                await stop.wait()
        finally:
            stopped.set()
