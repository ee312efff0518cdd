"""A real upstream MCP server over stdio or streamable HTTP, kept connected by a supervisor task.

The SDK's client must be entered and exited in one task (python-sdk #922/#1156), so one long-lived task
owns each connection. A call that finds the connection broken marks it so; the supervisor closes it and
the next call reconnects (the SDK client does not re-initialize by itself, python-sdk #1676).
"""

from __future__ import annotations

import math
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import anyio
import httpx2
import structlog
from anyio.abc import TaskStatus
from mcp import Client, MCPError, StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from mcp.types import CallToolResult, PaginatedRequestParams, Tool

from mcp_sim.config import HttpUpstream, StdioUpstream
from mcp_sim.errors import BackendUnavailable, ProtocolError
from mcp_sim.worldmodel.base import ProgressFn

log = structlog.get_logger("mcp_sim.upstream")

# Upstream JSON-RPC errors that mean "this connection is gone", not "your call was wrong".
_SESSION_LOST = ("session not found", "connection closed")


class UpstreamMCP:
    """One configured upstream; ``run`` is its supervisor task."""

    def __init__(self, name: str, config: StdioUpstream | HttpUpstream, base_dir: str | None = None) -> None:
        self.name = name
        self.config = config
        self.base_dir = base_dir
        self.error: BaseException | None = None
        self._client: Client | None = None
        self._settled = anyio.Event()  # set once a connection attempt has succeeded or failed
        self._broken = anyio.Event()
        self._wanted = anyio.Event()

    # ---- supervisor ----

    async def run(self, *, task_status: TaskStatus[None] = anyio.TASK_STATUS_IGNORED) -> None:
        # Started once the first attempt settles: a live connection stays inside _connect_once until it breaks.
        async with anyio.create_task_group() as supervisor:
            supervisor.start_soon(self._supervise)
            await self._settled.wait()
            task_status.started()

    async def _supervise(self) -> None:
        while True:
            await self._connect_once()
            await self._wanted.wait()
            self._wanted = anyio.Event()

    async def _connect_once(self) -> None:
        try:
            with anyio.CancelScope() as scope:
                scope.deadline = anyio.current_time() + self.config.connect_timeout_s
                async with self._open() as client:
                    scope.deadline = math.inf
                    self._client, self.error = client, None
                    self._settled.set()
                    log.info("upstream connected", upstream=self.name)
                    await self._broken.wait()
            if scope.cancelled_caught and self._client is None:
                self.error = TimeoutError(f"no answer within {self.config.connect_timeout_s:g} s")
        except Exception as exc:  # the upstream died or never spoke MCP: report it, reconnect later
            self.error = exc
            log.warning("upstream connection failed", upstream=self.name, error=repr(exc))
        finally:
            self._client = None
            self._broken = anyio.Event()
            self._settled.set()

    @asynccontextmanager
    async def _open(self) -> AsyncIterator[Client]:
        async with Client(self._transport(), mode="auto", cache=None) as client:
            yield client

    def _transport(self) -> Any:
        config = self.config
        if isinstance(config, StdioUpstream):
            return StdioServerParameters(
                command=config.command, args=config.args, env=config.env or None, cwd=config.cwd or self.base_dir
            )
        http = httpx2.AsyncClient(headers=config.headers, timeout=httpx2.Timeout(30.0, read=config.call_timeout_s))
        return streamable_http_client(config.url, http_client=http)

    async def _connected(self) -> Client:
        if self._client is None:
            self._settled = anyio.Event()
            self._wanted.set()
            with anyio.move_on_after(self.config.connect_timeout_s + 1):
                await self._settled.wait()
        if self._client is None:
            raise BackendUnavailable(f"upstream '{self.name}' is unavailable: {_describe(self.error)}")
        return self._client

    def _mark_broken(self) -> None:
        self._broken.set()

    # ---- Backend ----

    async def list_tools(self) -> list[Tool]:
        client = await self._connected()
        tools: list[Tool] = []
        cursor: str | None = None
        while True:
            page = await client.session.list_tools(params=PaginatedRequestParams(cursor=cursor))
            tools.extend(page.tools)
            if not (cursor := page.next_cursor):
                return tools

    async def call(self, tool: str, arguments: dict[str, Any], progress: ProgressFn | None) -> CallToolResult:
        client = await self._connected()
        try:
            result = await client.session.call_tool(
                tool, arguments, read_timeout_seconds=self.config.call_timeout_s, progress_callback=progress
            )
        except MCPError as exc:
            if any(s in exc.message.lower() for s in _SESSION_LOST):
                self._mark_broken()
                raise BackendUnavailable(
                    f"upstream '{self.name}' lost its session ({exc.message}); the next call reconnects"
                ) from None
            if exc.code == -32001 and "timed out" in exc.message:
                raise BackendUnavailable(f"upstream '{self.name}' did not answer '{tool}': {exc.message}") from None
            raise ProtocolError(exc.code, exc.message, exc.data) from None
        except Exception as exc:  # transport died mid-call
            self._mark_broken()
            log.warning("upstream call failed", upstream=self.name, tool=tool, error=repr(exc))
            raise BackendUnavailable(
                f"upstream '{self.name}' failed during '{tool}': {_describe(exc)}; the next call reconnects"
            ) from None
        if result.meta:
            # The upstream's own serverInfo stamp would otherwise replace mcp-sim's identity.
            kept = {k: v for k, v in result.meta.items() if not k.startswith("io.modelcontextprotocol/")}
            result.meta = kept or None
        return result


def _describe(exc: BaseException | None) -> str:
    if exc is None:
        return "not connected"
    if isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        return _describe(exc.exceptions[0])
    text = str(exc) or type(exc).__name__
    return f"{type(exc).__name__}: {text}" if text != type(exc).__name__ else text
