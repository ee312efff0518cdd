"""A minimal HTTP/1.1 client for load: 2026-07-28 ``tools/call`` POSTs on kept-alive asyncio connections.

An SDK client per session costs milliseconds of CPU per call; a thousand of them on two cores would measure
the client. This writes the request bytes itself and reads one response, nothing else: what the SDK's
modern streamable HTTP server requires is the JSON-RPC envelope with ``params._meta`` carrying the protocol
version and client capabilities, and the routing headers ``MCP-Protocol-Version``, ``Mcp-Method`` and
``Mcp-Name`` matching the body (mcp/server/_streamable_http_modern.py, mcp/shared/inbound.py), plus an
``Accept`` naming JSON and SSE and a loopback ``Host`` (DNS-rebinding protection).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

VERSION = "2026-07-28"
ENVELOPE = {
    "io.modelcontextprotocol/protocolVersion": VERSION,
    "io.modelcontextprotocol/clientCapabilities": {},
    "io.modelcontextprotocol/clientInfo": {"name": "mcp-sim-bench", "version": "0"},
}


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


DEFAULT_KEEP_ALIVE_S = 5.0  # uvicorn's, assumed when a server does not say (``Keep-Alive: timeout=N``)
REUSE_SHARE = 0.8  # reuse an idle connection for at most this share of the server's keep-alive


class ServerClosed(ConnectionError):
    """The server ended the connection where an answer was due."""


def keep_alive_s(headers: dict[str, str]) -> float | None:
    """The ``timeout`` a ``Keep-Alive`` response header announces, if any."""
    for part in headers.get("keep-alive", "").split(","):
        name, _, value = part.strip().partition("=")
        if name.strip().lower() == "timeout":
            with contextlib.suppress(ValueError):
                return float(value)
    return None


class Connection:
    """One kept-alive connection; one request at a time.

    Like any HTTP/1.1 client it must not send on a connection the server may be closing: the server closes
    an idle connection after its keep-alive timeout, and a request sent in that instant is lost unanswered.
    So a connection idle for more than ``REUSE_SHARE`` of the announced timeout (or closed with
    ``Connection: close``) is replaced before the next request.
    """

    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        self.host = parts.hostname or "127.0.0.1"
        self.port = parts.port or 80
        self.path = parts.path or "/"
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.idle_since: float | None = None  # monotonic time of the last answer; None: never used
        self.keep_alive_s = DEFAULT_KEEP_ALIVE_S
        self.closing = False  # the server said ``Connection: close``
        self.reconnects = 0  # connections replaced because they were (about to be) closed

    async def open(self) -> None:
        self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        self.idle_since, self.closing = None, False

    def reusable(self) -> bool:
        assert self.reader is not None
        if self.closing or self.reader.at_eof():
            return False
        return self.idle_since is None or time.monotonic() - self.idle_since < self.keep_alive_s * REUSE_SHARE

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            with contextlib.suppress(OSError):  # the server may have closed first
                await self.writer.wait_closed()
            self.writer = None

    async def post(self, body: bytes, headers: dict[str, str]) -> Reply:
        assert self.reader is not None and self.writer is not None, "open() first"
        if not self.reusable():
            self.reconnects += 1
            await self.close()
            await self.open()
            assert self.reader is not None and self.writer is not None
        idle = 0.0 if self.idle_since is None else time.monotonic() - self.idle_since
        lines = [f"POST {self.path} HTTP/1.1", f"Host: {self.host}:{self.port}", f"Content-Length: {len(body)}"]
        lines += [f"{k}: {v}" for k, v in headers.items()]
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        try:
            head = await self.reader.readuntil(b"\r\n\r\n")
        except asyncio.IncompleteReadError as exc:
            # how long the connection had been idle tells a keep-alive race from a server that fails
            raise ServerClosed(f"closed before answering, after {_bucket(idle)} s idle") from exc
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        got = {k.strip().lower(): v.strip() for k, _, v in (h.partition(":") for h in header_lines if h)}
        if "content-length" in got:
            reply = Reply(int(status_line.split()[1]), got, await self.reader.readexactly(int(got["content-length"])))
        elif got.get("transfer-encoding") == "chunked":
            reply = Reply(int(status_line.split()[1]), got, await self._chunks())
        else:
            raise RuntimeError(f"response without a length: {status_line} {got}")
        self.idle_since = time.monotonic()
        self.keep_alive_s = keep_alive_s(got) or DEFAULT_KEEP_ALIVE_S
        self.closing = got.get("connection", "").lower() == "close"
        return reply

    async def _chunks(self) -> bytes:
        assert self.reader is not None
        parts = []
        while True:
            size = int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16)
            parts.append(await self.reader.readexactly(size + 2))
            if size == 0:
                return b"".join(p[:-2] for p in parts)


def _bucket(seconds: float) -> str:
    """Idle time in coarse bins, so that error kinds stay few."""
    for bound in (1, 5, 10, 30, 60, 75, 120):
        if seconds < bound:
            return f"<{bound}"
    return ">=120"


def tools_call(request_id: int, tool: str, arguments: dict[str, Any], session: str) -> tuple[bytes, dict[str, str]]:
    """Body and headers of one 2026-07-28 ``tools/call`` of session ``session`` (mcp-sim's ``_meta`` key)."""
    meta = {**ENVELOPE, "mcp-sim/session": session}
    params = {"name": tool, "arguments": arguments, "_meta": meta}
    body = json.dumps({"jsonrpc": "2.0", "id": request_id, "method": "tools/call", "params": params})
    headers = {
        "Content-Type": "application/json",
        "Accept": "application/json, text/event-stream",
        "MCP-Protocol-Version": VERSION,
        "Mcp-Method": "tools/call",
        "Mcp-Name": tool,
    }
    return body.encode(), headers


def check_result(reply: Reply) -> dict[str, Any]:
    """The call's result; raises on an HTTP error, a JSON-RPC error or an isError result."""
    if reply.status != 200:
        raise RuntimeError(f"HTTP {reply.status}: {reply.body[:300]!r}")
    message = reply.json()
    if "error" in message:
        raise RuntimeError(f"JSON-RPC error: {message['error']}")
    result: dict[str, Any] = message["result"]
    if result.get("isError"):
        raise RuntimeError(f"tool error: {result.get('content')}")
    return result
