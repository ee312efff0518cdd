"""Answer each 2026-07-28 POST as plain JSON unless it asked for progress: the SDK's SSE path costs CPU.

The SDK fixes "JSON or SSE" per session manager. On its SSE path every 2026-07-28 request runs a task group
(handler + disconnect watcher) and a memory stream, even though a call that emits no notification is finally
answered with ``application/json`` anyway; that machinery is about a fifth of the forwarding hop's CPU.
A request can only receive notifications when it carries ``_meta.progressToken``, so a request without one
goes to a second manager built with ``json_response=True``: the same bytes on the wire, less work.
2025-era requests (sessions live in one manager) and anything unusual stay on the SSE manager, unchanged.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from typing import Any

from mcp.server import Server
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp.server.transport_security import DEFAULT_MAX_REQUEST_BODY_SIZE
from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS
from starlette.types import Message, Receive, Scope, Send

_VERSION_HEADER = b"mcp-protocol-version"
# A progress token may only ride under this key; "\u" escapes could spell it too, so they count as asking.
_ASKS_FOR_STREAM = (b'"progressToken"', b"\\u")


class ResponseModes:
    """ASGI app in front of two session managers of one ``Server``: SSE (everything) and JSON (plain calls)."""

    def __init__(self, sse: StreamableHTTPSessionManager, json: StreamableHTTPSessionManager) -> None:
        self.sse = sse
        self.json = json

    @classmethod
    def of(cls, server: Server[Any]) -> ResponseModes:
        """After ``server.streamable_http_app(...)``: its manager answers SSE, a twin with its settings JSON."""
        sse = server.session_manager
        json = StreamableHTTPSessionManager(
            app=server,
            json_response=True,
            security_settings=sse.security_settings,
            max_request_body_size=sse.max_request_body_size,
        )
        return cls(sse, json)

    @asynccontextmanager
    async def run(self) -> AsyncIterator[None]:
        async with AsyncExitStack() as stack:
            await stack.enter_async_context(self.sse.run())
            await stack.enter_async_context(self.json.run())
            yield

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "POST" or not _is_modern(scope):
            await self.sse.handle_request(scope, receive, send)
            return
        received = await _read_body(receive)
        target = self.sse if needs_stream(received) else self.json
        await target.handle_request(scope, _replay(received, receive), send)


def needs_stream(received: list[Message]) -> bool:
    """Whether a 2026-07-28 POST (its ASGI messages) must keep the SSE path: it may ask for progress, or its
    body was not read whole (client gone, or past the body limit: the SSE manager deals with it as before)."""
    last = received[-1]
    if last["type"] != "http.request" or last.get("more_body", False):
        return True
    body = b"".join(m.get("body", b"") for m in received)
    return any(marker in body for marker in _ASKS_FOR_STREAM)


def _is_modern(scope: Scope) -> bool:
    """The SDK's own era test: a protocol-version header that names no handshake-era version."""
    for key, value in scope["headers"]:
        if key == _VERSION_HEADER:
            return value.decode("latin-1") not in HANDSHAKE_PROTOCOL_VERSIONS
    return False


async def _read_body(receive: Receive) -> list[Message]:
    """The request's messages up to the end of its body, or until the SDK's body limit says stop peeking."""
    messages: list[Message] = []
    size = 0
    while True:
        message = await receive()
        messages.append(message)
        size += len(message.get("body", b""))
        if message["type"] != "http.request" or not message.get("more_body", False):
            return messages
        if size > DEFAULT_MAX_REQUEST_BODY_SIZE:  # the SSE manager's limit rejects it; don't buffer more
            return messages


def _replay(messages: list[Message], receive: Receive) -> Receive:
    pending = list(messages)

    async def replayed() -> Message:
        if pending:
            return pending.pop(0)
        message: Any = await receive()
        return message  # type: ignore[no-any-return]

    return replayed
