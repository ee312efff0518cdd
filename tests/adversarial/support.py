"""Shared by the adversarial tests: the real HTTP host on a loopback port, raw JSON-RPC posts, bounded fuzzing."""

from __future__ import annotations

import socket
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import httpx
import uvicorn
from hypothesis import HealthCheck, settings

from mcp_sim.calls import CallPath
from mcp_sim.config import load_experiment
from mcp_sim.serving import keepalive
from mcp_sim.serving.host import host_app, running_experiments

# Fuzzing stays bounded and deterministic: a fixed number of examples, no per-example deadline (CI machines
# are shared), derandomized (the seed is fixed, so a CI failure is the same failure on a laptop), no database.
BOUNDED = settings(
    max_examples=200,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


def modern_headers(method: str, name: str | None = None) -> dict[str, str]:
    """The headers a 2026-07-28 client sends with a request."""
    headers = {
        "content-type": "application/json",
        "accept": "application/json, text/event-stream",
        "mcp-protocol-version": "2026-07-28",
        "mcp-method": method,
    }
    return headers | ({"mcp-name": name} if name else {})


LEGACY_INIT = {
    "jsonrpc": "2.0",
    "id": 0,
    "method": "initialize",
    "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}},
}


def envelope(method: str, params: dict[str, Any] | None = None, request_id: Any = 1) -> dict[str, Any]:
    """A 2026-07-28 request: the protocol version and client info ride in ``_meta`` of every request."""
    meta = {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": {"name": "adversary", "version": "1"},
        "io.modelcontextprotocol/clientCapabilities": {},
    }
    merged = dict(params or {})
    merged["_meta"] = {**meta, **merged.get("_meta", {})}
    return {"jsonrpc": "2.0", "id": request_id, "method": method, "params": merged}


@asynccontextmanager
async def served(
    paths: Sequence[CallPath],
    *,
    token: str | None = None,
    allowed_hosts: list[str] | None = None,
    max_sessions: int | None = None,
    own_protocol: bool = False,
) -> AsyncIterator[str]:
    """The host app (lifespan and all) under uvicorn on a free port of 127.0.0.1; yields its base URL.
    ``own_protocol``: with mcp-sim's HTTP protocol, as ``mcp-sim serve`` runs (serving/keepalive.py)."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(128)
    app = host_app(paths, host="127.0.0.1", allowed_hosts=allowed_hosts, token=token, max_sessions=max_sessions)
    options = keepalive.uvicorn_options() if own_protocol else {}
    config = uvicorn.Config(app, log_level="warning", lifespan="on", timeout_graceful_shutdown=1, **options)
    server = uvicorn.Server(config)
    try:
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(server.serve, [sock])
            try:
                yield f"http://127.0.0.1:{sock.getsockname()[1]}"
            finally:
                server.should_exit = True
    finally:
        sock.close()


@asynccontextmanager
async def hosted_http(*files: Path, **kw: Any) -> AsyncIterator[tuple[list[CallPath], httpx.AsyncClient]]:
    """Running experiments served over real HTTP, and a client for them."""
    async with (
        running_experiments([load_experiment(f) for f in files]) as paths,
        served(paths, **kw) as url,
        httpx.AsyncClient(base_url=url, timeout=30) as client,
    ):
        yield paths, client
