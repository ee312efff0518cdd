"""A plain 2026-07-28 request answered in one exchange, as the SDK's JSON-answering modern entry would.

``response_modes.py`` sends a 2026-07-28 request that needs no stream (no progress token, no listen) to a
``json_response=True`` session manager. The manager's ASGI app buffers the body again behind its body-limit
middleware, finds the era in the headers again, and its modern entry reads and parses the body a second time
before it checks the request and runs ``serve_one``. ``answer`` runs the same checks with the SDK's public pieces
that entry is made of, on the body ``response_modes`` already holds, and answers as it answers:

- the body limit (declared ``Content-Length`` and the body's size against ``max_request_body_size``);
- ``TransportSecurityMiddleware.validate_request`` (Content-Type, Host, Origin), ``check_accept_headers`` (JSON
  must be accepted: the manager answers JSON), their passing verdicts kept by the header values they read and
  the headers decoded once (header_checks.py);
- the body parsed with ``json.loads`` and validated as one ``JSONRPCRequest`` (not notification-shaped, not
  ``subscriptions/listen``), ``find_duplicated_routing_header``, ``classify_inbound_request``;
- a ``tools/call``'s ``Mcp-Param-*`` headers checked with ``validate_mcp_param_headers`` against the schema the
  server's ``get_tool_input_schema`` gives, exactly when the SDK would check them;
- ``Connection.from_envelope`` from the verdict, ``serve_one`` (single.py: the SDK's, with the connection's teardown
  skipped when it has nothing to tear down), an exception mapped by ``modern_error_data``;
- the reply serialized as the entry serializes it (``model_dump(mode="json", by_alias=True, exclude_none=True)``,
  compact ``json.dumps``), with the status ``ERROR_CODE_HTTP_STATUS`` maps its error code to (else 200), as
  Starlette's ``Response`` with ``media_type="application/json"``. A result the SDK's runner shaped itself (a spec
  method's core result, no server middleware: ``_plain_result``) is already that dump's JSON, so its reply is the
  envelope's three keys around it, as the model's dump would give them (``JSONRPCResponse`` built and dumped again
  was about 3 us a call).

Anything the entry would refuse, or treat otherwise (a refused check of any kind, a notification, a body that is not
one valid request, a server without ``get_tool_input_schema``, a lookup that raises) answers False with nothing sent,
and the caller hands the request to the manager unchanged: every refusal is still the SDK's own, with its logs.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from mcp.server import Server
from mcp.server.connection import Connection
from mcp.server.runner import modern_error_data
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp.shared.inbound import (
    ERROR_CODE_HTTP_STATUS,
    MCP_PARAM_HEADER_PREFIX,
    InboundLadderRejection,
    classify_inbound_request,
    find_duplicated_routing_header,
    validate_mcp_param_headers,
)
from mcp.shared.message import ServerMessageMetadata
from mcp.shared.transport_context import TransportContext
from mcp_types import CORE_RESULT_TYPES, JSONRPCError, JSONRPCRequest, JSONRPCResponse
from mcp_types.methods import SPEC_CLIENT_METHODS
from pydantic import ValidationError
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import Receive, Scope, Send

from mcp_sim.serving import header_checks
from mcp_sim.serving.legacy_exchange import Exchange
from mcp_sim.serving.single import serve_one  # the SDK's, its teardown skipped when empty (single.py)

_PARAM_PREFIX = MCP_PARAM_HEADER_PREFIX.lower()  # ASGI header names are lowercase
_COMPACT = json.JSONEncoder(separators=(",", ":")).encode  # json.dumps(..., separators=...) without an encoder a call
_UNPARSED: Any = object()  # ``answer`` was given no parsed body: it parses the body itself


async def answer(
    server: Server[Any],
    lifespan_state: Any,
    manager: StreamableHTTPSessionManager,
    scope: Scope,
    body: bytes,
    receive: Receive,
    send: Send,
    parsed: Any = _UNPARSED,
) -> bool:
    """Answer the 2026-07-28 POST whose whole body is ``body`` as ``manager`` (``json_response=True``) would; False,
    with nothing sent, when anything would make the manager answer otherwise than by serving one plain request.
    ``parsed``: ``json.loads(body)`` when the caller has it already (``envelope.check_body``), not parsed again."""
    request = Request(scope, receive)
    headers = request.headers
    pairs = headers.items()
    read = header_checks.folded(pairs)  # the headers' values as ``headers.get`` finds them (header_checks.py)
    if len(body) > manager.max_request_body_size or header_checks.declared_size(read) > manager.max_request_body_size:
        return False
    if not await header_checks.passes_security(manager, request, read):
        return False
    if not header_checks.accepts_json(manager, request, read):
        return False
    decoded = parsed
    if decoded is _UNPARSED:
        try:
            decoded = json.loads(body)
        except (ValueError, RecursionError):
            return False
    if not isinstance(decoded, dict) or "id" not in decoded:
        return False  # a notification (or not an object): the manager acknowledges or refuses it
    try:
        req = JSONRPCRequest.model_validate(decoded)
    except ValidationError:
        return False
    if req.method == "subscriptions/listen":
        return False
    if find_duplicated_routing_header(pairs) is not None:
        return False
    verdict = classify_inbound_request(decoded, headers=header_checks.as_dict(read, request))
    if isinstance(verdict, InboundLadderRejection):
        return False
    if not _params_pass(server, req, request, read):
        return False
    connection = Connection.from_envelope(verdict.protocol_version, verdict.client_info, verdict.client_capabilities)
    exchange = Exchange(
        transport=TransportContext(kind="streamable-http", can_send_request=False, headers=headers),
        request_id=req.id,
        message_metadata=ServerMessageMetadata(request_context=request),
    )
    reply: JSONRPCResponse | JSONRPCError | dict[str, Any]
    try:
        result = await serve_one(
            server, exchange, req.method, req.params, connection=connection, lifespan_state=lifespan_state
        )
        if _plain_result(server, req.method, result):
            reply = {"jsonrpc": "2.0", "id": req.id, "result": result}  # the dump's own keys, in its order
        else:
            reply = JSONRPCResponse(jsonrpc="2.0", id=req.id, result=result)
        status = 200
    except Exception as exc:
        reply = JSONRPCError(jsonrpc="2.0", id=req.id, error=modern_error_data(exc))
        status = ERROR_CODE_HTTP_STATUS.get(reply.error.code, 200)
    dumped = reply if isinstance(reply, dict) else reply.model_dump(mode="json", by_alias=True, exclude_none=True)
    content = _COMPACT(dumped)
    await Response(content, status_code=status, media_type="application/json")(scope, receive, send)
    return True


def _plain_result(server: Server[Any], method: str, result: dict[str, Any]) -> bool:
    """Whether ``result`` is the JSON the SDK's runner made of a handler's answer, which the reply's model would
    dump unchanged: a spec method's result is validated and dumped by the runner (``serialize_server_result``,
    ``mode="json"``) when its ``resultType`` is a core one, then stamped with the ``serverInfo`` dump, and without
    server middleware nothing else returns it (mcp-sim's server has none unless spans are wanted: spans.py).
    ``exclude_none`` does not reach into the result (a ``dict[str, Any]`` field), and a JSON value dumps as itself.
    Anything else (a server with middleware, an extension's shape) goes through the model, as before."""
    if server.middleware or method not in SPEC_CLIENT_METHODS:
        return False
    result_type = result.get("resultType")
    return isinstance(result_type, str) and result_type in CORE_RESULT_TYPES


def _params_pass(server: Server[Any], req: JSONRPCRequest, request: Request, read: Mapping[str, str]) -> bool:
    """Whether the SDK's ``Mcp-Param-*`` check of this request passes without a word: it is no ``tools/call``, or
    the check has nothing to look at, or the tool's schema (from ``get_tool_input_schema``) declares none or the
    headers match it. False (the manager decides, and logs) when the server has no lookup or the lookup raises."""
    if req.method != "tools/call":
        return True
    lookup = server.get_tool_input_schema
    if lookup is None:
        return False  # the SDK would list the tools through the server's own handler: its path, not this one
    params = req.params or {}
    name = params.get("name")
    if not isinstance(name, str):
        return True
    arguments = params.get("arguments")
    if arguments is not None and not isinstance(arguments, Mapping):
        return True
    arguments = arguments if arguments is not None else {}
    if not arguments and not any(header.startswith(_PARAM_PREFIX) for header in read):  # every name, once
        return True
    try:
        schema = lookup(name)
    except Exception:
        return False
    return schema is None or validate_mcp_param_headers(schema, arguments, request.headers) is None
