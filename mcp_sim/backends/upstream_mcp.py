"""A real upstream MCP server over stdio or streamable HTTP, kept connected by a supervisor task.

The SDK's client must be entered and exited in one task (python-sdk #922/#1156), so one long-lived task
owns each connection. A call that finds the connection broken marks it so; the supervisor closes it and
the next call reconnects (the SDK client does not re-initialize by itself, python-sdk #1676).
"""

from __future__ import annotations

import math
import warnings
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any, TypeVar

import anyio
import httpx2
import structlog
from anyio.abc import TaskStatus
from mcp import Client, MCPError, StdioServerParameters
from mcp.client.session import ClientRequestContext, IncomingMessage
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPDeprecationWarning
from mcp.types import (
    CallToolResult,
    ClientRequest,
    CreateMessageRequest,
    CreateMessageRequestParams,
    CreateMessageResult,
    ElicitRequest,
    ElicitRequestParams,
    ElicitResult,
    ErrorData,
    PaginatedRequestParams,
    Result,
    ServerCapabilities,
    Tool,
)

from mcp_sim.backends.stdio_pipe import stdio_transport
from mcp_sim.config import HttpUpstream, StdioUpstream
from mcp_sim.errors import BackendUnavailable, ProtocolError, SimError
from mcp_sim.http11 import LeanAsyncClient, http11_transport
from mcp_sim.outcome import ProgressFn

log = structlog.get_logger("mcp_sim.upstream")

R = TypeVar("R", bound=Result)
# Where an upstream's notifications go (log messages, resource updates, list changes): (upstream name, notification).
NoticeFn = Callable[[str, Any], Awaitable[None]]
# Where an upstream's requests to the client go (sampling, elicitation): (upstream name, request, result type).
AskFn = Callable[[str, Any, type[Any]], Awaitable[Any]]

# Errors that mean "this connection is gone", not "your call was wrong". Besides what servers answer for an
# unknown Mcp-Session-Id, these are the texts the SDK client itself puts on a non-2xx HTTP status ("Session
# terminated" for 404, "Server returned an error response" for other statuses) and on a closed stream.
_CONNECTION_LOST = (
    "session not found",
    "session terminated",
    "no valid session",
    "invalid or missing session",
    "server returned an error response",
    "connection closed",
)


class UpstreamMCP:
    """One configured upstream; ``run`` is its supervisor task.

    Connection attempts happen only in ``run``. A call that needs a connection waits on ``_settled``, the
    event of the attempt that will serve it; a call that finds the connection broken drops the client and
    swaps in a fresh ``_settled`` at once, so no later call is handed the dead client or the old event.
    """

    def __init__(self, name: str, config: StdioUpstream | HttpUpstream, base_dir: str | None = None) -> None:
        self.name = name
        self.config = config
        self.base_dir = base_dir
        self.error: BaseException | None = None
        self._client: Client | None = None
        self._settled = anyio.Event()  # set when the pending connection attempt has succeeded or failed
        self._broken = anyio.Event()  # set by a call that found the connection dead
        self._wanted = anyio.Event()  # set by a call that needs a new connection attempt
        self.notices: NoticeFn | None = None  # set by the serving layer to relay notifications to agents
        self.asks: AskFn | None = None  # set by the serving layer to relay sampling and elicitation to agents

    # ---- supervisor ----

    async def run(self, *, task_status: TaskStatus[None] = anyio.TASK_STATUS_IGNORED) -> None:
        """Supervise the connection; ``task_status.started()`` fires once the first attempt has settled."""
        first_attempt = self._settled
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(self._supervise)
            await first_attempt.wait()
            task_status.started()

    async def _supervise(self) -> None:
        """Connect, hold the connection until it breaks, then reconnect when a call asks for it."""
        while True:
            attempt = self._settled
            await self._hold_connection(attempt)
            if self._settled is attempt:  # failed before a call could swap it: the next call waits anew
                self._settled = anyio.Event()
            await self._wanted.wait()
            self._wanted = anyio.Event()

    async def _hold_connection(self, attempt: anyio.Event) -> None:
        self._broken = anyio.Event()
        try:
            with anyio.CancelScope(deadline=anyio.current_time() + self.config.connect_timeout_s) as scope:
                async with self._open() as client:
                    scope.deadline = math.inf
                    self._client, self.error = client, None
                    attempt.set()
                    log.info("upstream connected", upstream=self.name)
                    await self._broken.wait()
            if scope.cancelled_caught and not attempt.is_set():
                self.error = TimeoutError(f"no answer within {self.config.connect_timeout_s:g} s")
        except Exception as exc:  # the upstream died or never spoke MCP: report it, reconnect later
            self.error = exc
            log.warning("upstream connection failed", upstream=self.name, error=_describe(exc))
        finally:
            self._client = None
            attempt.set()

    @asynccontextmanager
    async def _open(self) -> AsyncIterator[Client]:
        config = self.config
        if isinstance(config, StdioUpstream):
            # stdio_pipe.py: the SDK's stdio transport without its writer task (the same bytes, the same shutdown)
            pipes = stdio_transport(self._stdio_parameters(config))
            with _no_deprecation_warnings():
                opened = Client(pipes, **self._client_options())
            async with opened as client:
                yield client
            return
        timeout = httpx2.Timeout(30.0, read=config.call_timeout_s)
        # http:// on asyncio: the lean HTTP/1.1 transport (http11.py); else (https, a proxy) httpx2's own. The client
        # parses the endpoint once, not at every forwarded call (http11.LeanAsyncClient)
        transport = http11_transport(config.url)
        async with LeanAsyncClient(headers=config.headers, timeout=timeout, transport=transport) as http:
            with _no_deprecation_warnings():
                opened = Client(streamable_http_client(config.url, http_client=http), **self._client_options())
            async with opened as client:
                yield client

    def _client_options(self) -> dict[str, Any]:
        # log_level "debug": a 2026-07-28 upstream sends log messages only to requests that opt in; mcp-sim takes
        # them all and each agent's own level filters what it is sent (serving/relay.py).
        # The callbacks declare sampling and elicitation to the upstream; each request is relayed to the agent whose
        # call is running on this upstream (serving/relay.py), or refused with a reason.
        return {
            "mode": self.config.mode,
            "cache": None,
            "log_level": "debug",
            "message_handler": self._on_message,
            "sampling_callback": self._on_sampling,
            "elicitation_callback": self._on_elicitation,
        }

    async def _on_sampling(
        self, context: ClientRequestContext, params: CreateMessageRequestParams
    ) -> CreateMessageResult | ErrorData:
        return await self._ask(CreateMessageRequest(params=params), CreateMessageResult)  # type: ignore[no-any-return]

    async def _on_elicitation(
        self, context: ClientRequestContext, params: ElicitRequestParams
    ) -> ElicitResult | ErrorData:
        return await self._ask(ElicitRequest(params=params), ElicitResult)  # type: ignore[no-any-return]

    async def _ask(self, request: Any, result_type: type[Any]) -> Any:
        if self.asks is None:
            return ErrorData(code=-32601, message=f"{request.method} is not relayed here (mcp-sim)")
        return await self.asks(self.name, request, result_type)

    async def _on_message(self, message: IncomingMessage) -> None:
        if self.notices is not None and not isinstance(message, Exception):
            await self.notices(self.name, message)

    def _stdio_parameters(self, config: StdioUpstream) -> StdioServerParameters:
        """Relative paths resolve against the experiment file's folder, the upstream's default cwd."""
        base = Path(self.base_dir or ".")
        cwd = base / config.cwd if config.cwd else base
        command = str(base / config.command) if "/" in config.command and not config.command.startswith("/") else None
        return StdioServerParameters(
            command=command or config.command, args=config.args, env=config.env or None, cwd=str(cwd)
        )

    async def _connected(self) -> Client:
        if self._client is None:
            attempt = self._settled
            self._wanted.set()
            with anyio.move_on_after(self.config.connect_timeout_s + 1):
                await attempt.wait()
        if self._client is None:
            raise BackendUnavailable(f"upstream '{self.name}' is unavailable: {_describe(self.error)}")
        return self._client

    def _mark_broken(self, client: Client) -> None:
        if self._client is client:  # else another call already reported it, or it was replaced
            self._client = None
            self._settled = anyio.Event()
            self._broken.set()

    # ---- Backend ----

    async def list_tools(self) -> list[Tool]:
        client = await self._connected()
        tools: list[Tool] = []
        cursor: str | None = None
        try:
            while True:
                page = await client.session.list_tools(params=PaginatedRequestParams(cursor=cursor))
                tools.extend(page.tools)
                if not (cursor := page.next_cursor):
                    return tools
        except Exception as exc:
            raise self._translate(exc, client, "tools/list") from None

    async def call(
        self, tool: str, arguments: dict[str, Any], progress: ProgressFn | None, session: str | None = None
    ) -> CallToolResult:
        client = await self._connected()  # one process for every session (per_session: backends/per_session.py)
        try:
            result = await client.session.call_tool(
                tool, arguments, read_timeout_seconds=self.config.call_timeout_s, progress_callback=progress
            )
        except Exception as exc:
            raise self._translate(exc, client, f"'{tool}'") from None
        if result.meta:
            # The upstream's own serverInfo stamp would otherwise replace mcp-sim's identity.
            kept = {k: v for k, v in result.meta.items() if not k.startswith("io.modelcontextprotocol/")}
            result.meta = kept or None
        return result

    async def end_session(self, session: str) -> None:
        """Shared by all sessions: nothing of one session to release."""

    # ---- the rest of the protocol (resources, prompts, completion, logging), relayed as sent ----

    def capabilities(self) -> ServerCapabilities | None:
        """What the upstream declared, when connected."""
        client = self._client
        return client.server_capabilities if client is not None else None

    def handshake_era(self) -> bool:
        """Whether the connection is 2025-era: logging/setLevel and resources/subscribe exist there only."""
        client = self._client
        return client is not None and not client.protocol_version.startswith("2026")

    async def request(self, request: ClientRequest, result_type: type[R], what: str) -> R:
        """Send one request as the agent sent it (params unchanged); errors translated like a tool call's."""
        client = await self._connected()
        try:
            result = await client.session.send_request(
                request, result_type, request_read_timeout_seconds=self.config.call_timeout_s
            )
        except Exception as exc:
            raise self._translate(exc, client, what) from None
        if result.meta:  # the upstream's serverInfo stamp would otherwise replace mcp-sim's identity
            result.meta = {k: v for k, v in result.meta.items() if not k.startswith("io.modelcontextprotocol/")} or None
        return result

    def _translate(self, exc: Exception, client: Client, what: str) -> SimError:
        """The boundary: upstream JSON-RPC errors keep their code; a dead connection is a tool failure."""
        if isinstance(exc, MCPError):
            if any(s in exc.message.lower() for s in _CONNECTION_LOST):
                self._mark_broken(client)
                return BackendUnavailable(
                    f"upstream '{self.name}' lost its connection during {what} ({exc.message}); "
                    "the next call reconnects"
                )
            if exc.code == -32001 and "timed out" in exc.message:
                return BackendUnavailable(f"upstream '{self.name}' did not answer {what}: {exc.message}")
            return ProtocolError(exc.code, exc.message, exc.data)
        self._mark_broken(client)  # the transport died under us
        log.warning("upstream call failed", upstream=self.name, call=what, error=_describe(exc))
        return BackendUnavailable(
            f"upstream '{self.name}' failed during {what}: {_describe(exc)}; the next call reconnects"
        )


@contextmanager
def _no_deprecation_warnings() -> Iterator[None]:
    """Sampling is deprecated on 2026-07-28 and still what 2025-era upstreams ask for."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", MCPDeprecationWarning)
        yield


def _describe(exc: BaseException | None) -> str:
    if exc is None:
        return "not connected"
    if isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        return _describe(exc.exceptions[0])
    text = str(exc) or type(exc).__name__
    return f"{type(exc).__name__}: {text}" if text != type(exc).__name__ else text
