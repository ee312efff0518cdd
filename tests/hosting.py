"""Shared by the admin tests: experiment files, and the HTTP host over ASGITransport."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx

from mcp_sim.calls import CallPath
from mcp_sim.config import load_experiment
from mcp_sim.serving.host import host_app, running_experiments

ROOT = Path(__file__).resolve().parent.parent
TICKETS = ROOT / "tool_specs" / "tickets.yaml"
ECHO_SERVER = ROOT / "tests" / "servers" / "echo_upstream.py"


def experiment_file(directory: Path, name: str, *, echo: bool = False, seed: int = 7) -> Path:
    """A simulated ticket desk; with ``echo``, also a real upstream offering ``echo``."""
    lines = [f"name: {name}", f"description: {name} for tests", f"seed: {seed}", f"tools: [{TICKETS}]"]
    if echo:
        lines += ["upstreams:", "  echo:", f"    command: {sys.executable}", f"    args: [{ECHO_SERVER}]"]
    path = directory / f"{name}.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@asynccontextmanager
async def hosted(*files: Path, token: str | None = None) -> AsyncIterator[tuple[list[CallPath], httpx.AsyncClient]]:
    """Running experiments and an HTTP client on their host app (no lifespan: admin API and /metrics only)."""
    async with running_experiments([load_experiment(f) for f in files]) as paths:
        app = host_app(paths, host="127.0.0.1", token=token)
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
            yield paths, client


@dataclass
class ServerProcess:
    """``mcp-sim serve`` in a subprocess on a free port of 127.0.0.1; its log lines are collected as they come."""

    process: subprocess.Popen[str]
    base_url: str
    log_lines: list[str]


@contextmanager
def serve(*files: Path, token: str | None = None) -> Iterator[ServerProcess]:
    command = [sys.executable, "-m", "mcp_sim", "serve", *map(str, files), "--port", "0"]
    if token:
        command += ["--token", token]
    env = {k: v for k, v in os.environ.items() if k != "MCP_SIM_TOKEN"}
    process = subprocess.Popen(command, cwd=ROOT, env=env, stderr=subprocess.PIPE, text=True)
    assert process.stderr is not None
    lines: list[str] = []
    base_url = None
    for line in process.stderr:  # ends at EOF if the server dies: then the assertion below says why
        lines.append(line)
        if '"admin"' in line:
            base_url = json.loads(line)["url"].removesuffix("/mcp")
            break
    drain = threading.Thread(target=lambda: lines.extend(process.stderr or []), daemon=True)
    drain.start()
    try:
        assert base_url is not None, "mcp-sim serve did not start:\n" + "".join(lines)
        yield ServerProcess(process, base_url, lines)
    finally:
        process.terminate()
        process.wait()
        drain.join()
        process.stderr.close()
