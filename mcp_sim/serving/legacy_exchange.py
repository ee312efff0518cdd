"""A plain 2025-11-25 request of a known session, answered in one exchange, as the SDK's stateless JSON manager would.

``response_modes.py`` sends a 2025-era request that needs no stream (no progress token, no back channel) to a
stateless, JSON-answering session manager. For every such request the SDK builds a whole session: a transport with
its memory streams and message-router task, a ``JSONRPCDispatcher`` running in a task of its own that spawns one more
task for the handler, and a ``Connection``; then it tears them down. Profiled (``benchmarks.profile_cpu --case
stdio-2025 --profile``), that machinery made a 2025-era forwarded call cost about a fifth more server CPU than the
same call on 2026-07-28, whose single-exchange entry runs the handler straight from the HTTP request.

``answer`` serves such a request the way that entry does, with the SDK's public pieces the stateless manager itself
is built of: the same checks (``TransportSecurityMiddleware``, the Accept and Content-Type rules, the body limit,
``jsonrpc_message_adapter``; the headers read once and the passing verdicts kept, header_checks.py), a born-ready
``Connection.from_envelope`` for the header's protocol version,
``serve_one`` (the SDK's single-exchange driver: a ``ServerRunner`` and the connection's teardown, skipped when it has
nothing to tear down: single.py), and the reply
the stateless transport writes: ``200 application/json``, the ``JSONRPCResponse`` or ``JSONRPCError`` serialized as
it serializes it, a handler's exception mapped as its dispatcher maps it (``handler_exception_to_error_data``, else
code 0 with the exception's text). Notifications a handler sends during the call are dropped, as the JSON manager
drops them (a JSON body carries only the response), and nothing can be asked of the client (``can_send_request``
is false, as there).

Anything else (a refusal of any check, a notification or response, ``initialize``, a body that is not one valid
JSON-RPC request) answers False without sending anything, and the caller hands the request to the SDK's manager
unchanged, so every error answer is still the SDK's own.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import anyio
import pydantic_core
from mcp.server import Server
from mcp.server.connection import Connection
from mcp.server.streamable_http import CONTENT_TYPE_JSON
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp.shared.dispatcher import CallOptions
from mcp.shared.exceptions import NoBackChannelError
from mcp.shared.inbound import MCP_PROTOCOL_VERSION_HEADER
from mcp.shared.jsonrpc_dispatcher import handler_exception_to_error_data
from mcp.shared.message import MessageMetadata, ServerMessageMetadata
from mcp.shared.transport_context import TransportContext
from mcp_types import (
    DEFAULT_NEGOTIATED_VERSION,
    ErrorData,
    JSONRPCError,
    JSONRPCRequest,
    JSONRPCResponse,
    RequestId,
    jsonrpc_message_adapter,
)
from pydantic import ValidationError
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import Receive, Scope, Send

from mcp_sim.serving import header_checks
from mcp_sim.serving.single import serve_one  # the SDK's, its teardown skipped when empty (single.py)

# the dispatcher's logger: a handler's unexpected exception is logged where the SDK's path logged it
logger = logging.getLogger("mcp.shared.jsonrpc_dispatcher")


@dataclass
class Exchange:
    """The ``DispatchContext`` of one request (``mcp.shared.dispatcher.DispatchContext``, structurally): the
    stateless JSON manager's, without its streams. No back channel; notifications have no wire in a JSON answer."""

    transport: TransportContext
    request_id: RequestId
    message_metadata: MessageMetadata
    cancel_requested: anyio.Event = field(default_factory=anyio.Event)
    can_send_request: bool = field(default=False, init=False)

    async def send_raw_request(
        self, method: str, params: Mapping[str, Any] | None, opts: CallOptions | None = None
    ) -> dict[str, Any]:
        raise NoBackChannelError(method)

    async def notify(self, method: str, params: Mapping[str, Any] | None, opts: CallOptions | None = None) -> None:
        return None

    async def progress(self, progress: float, total: float | None = None, message: str | None = None) -> None:
        return None


async def answer(
    server: Server[Any],
    lifespan_state: Any,
    manager: StreamableHTTPSessionManager,
    scope: Scope,
    body: bytes,
    receive: Receive,
    send: Send,
) -> bool:
    """Answer the 2025-era POST whose whole body is ``body`` as ``manager`` (stateless, JSON) would; False, with
    nothing sent, when it is not a plain request that passes every check (the caller then asks ``manager``)."""
    request = Request(scope, receive)
    read = header_checks.folded(request.headers.items())  # values as ``request.headers.get`` finds them
    if not await header_checks.passes_security(manager, request, read):
        return False
    if not header_checks.accepts_json(manager, request, read) or not _is_json(read.get("content-type", "")):
        return False
    if len(body) > manager.max_request_body_size or header_checks.declared_size(read) > manager.max_request_body_size:
        return False
    try:
        message = jsonrpc_message_adapter.validate_python(pydantic_core.from_json(body), by_name=False)
    except (ValueError, ValidationError):
        return False
    if not isinstance(message, JSONRPCRequest) or message.method == "initialize":
        return False
    version = read.get(MCP_PROTOCOL_VERSION_HEADER)
    connection = Connection.from_envelope(version if version is not None else DEFAULT_NEGOTIATED_VERSION, None, None)
    exchange = Exchange(
        transport=TransportContext(kind="streamable-http", can_send_request=False),
        request_id=message.id,
        message_metadata=ServerMessageMetadata(request_context=request, can_send_request=False),
    )
    reply: JSONRPCResponse | JSONRPCError
    try:
        result = await serve_one(
            server, exchange, message.method, message.params, connection=connection, lifespan_state=lifespan_state
        )
        reply = JSONRPCResponse(jsonrpc="2.0", id=message.id, result=result)
    except Exception as exc:
        error = handler_exception_to_error_data(exc)
        if error is None:
            logger.exception("handler for %r raised", message.method)
            error = ErrorData(code=0, message=str(exc))
        reply = JSONRPCError(jsonrpc="2.0", id=message.id, error=error)
    response = Response(
        reply.model_dump_json(by_alias=True, exclude_unset=True), headers={"Content-Type": CONTENT_TYPE_JSON}
    )
    await response(scope, receive, send)
    return True


def _is_json(content_type: str) -> bool:
    """The stateless transport's Content-Type rule."""
    return any(part.strip() == CONTENT_TYPE_JSON for part in content_type.split(";")[0].split(","))
