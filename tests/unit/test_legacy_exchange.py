"""A plain 2025-11-25 request answered in one exchange gets the answer the SDK's stateless JSON manager gives.

Each request is posted, on a fast session, to two servers that differ only in ``ResponseModes.one_exchange``: status,
headers (but the date) and body must be the same, and which path answered is recorded.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx2
from mcp import MCPError, types
from mcp.server import Server, ServerRequestContext

from mcp_sim.serving import legacy_exchange
from mcp_sim.serving.response_modes import ResponseModes
from tests.unit.test_response_modes import served as served_modes

TOOLS = [types.Tool(name=n, input_schema={"type": "object"}) for n in ("whoami", "refuse", "crash", "log", "ask")]
VERSION = "2025-11-25"


def _server() -> Server[Any]:
    async def list_tools(ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None) -> Any:
        return types.ListToolsResult(tools=TOOLS)

    async def call_tool(ctx: ServerRequestContext[Any], params: types.CallToolRequestParams) -> Any:
        if params.name == "refuse":
            raise MCPError(-32602, "refused here", {"why": "a test"})
        if params.name == "crash":
            raise RuntimeError("a bug in the handler")
        if params.name == "log":  # a notification during the call: a JSON answer has no place for it
            await ctx.session.send_progress_notification("t", 1, related_request_id=str(ctx.request_id))
            await ctx.session.send_resource_list_changed()  # not request-scoped: no channel either
        if params.name == "ask":  # no back channel on a stateless JSON answer
            await ctx.session.elicit_form("name?", {"type": "object", "properties": {}})
        seen = ctx.request is not None and "mcp-session-id" in ctx.request.headers
        text = f"{seen} {ctx.protocol_version}"
        structured = {"args": params.arguments}
        return types.CallToolResult(content=[types.TextContent(type="text", text=text)], structured_content=structured)

    return Server("exchange", on_list_tools=list_tools, on_call_tool=call_tool)


@asynccontextmanager
async def served(
    one_exchange: bool, answered_by: list[str], server: Server[Any] | None = None, manager: str = "legacy_json"
) -> AsyncIterator[tuple[str, ResponseModes]]:
    """``server`` (this file's by default) behind ``ResponseModes``; each request that reaches the session manager
    named ``manager`` is noted in ``answered_by``."""
    server = server or _server()
    server.streamable_http_app(streamable_http_path="/mcp")
    modes = ResponseModes.of(server)
    modes.one_exchange = one_exchange
    original = getattr(modes, manager).handle_request

    async def recording(scope: Any, receive: Any, send: Any) -> None:
        answered_by.append(manager)
        await original(scope, receive, send)

    getattr(modes, manager).handle_request = recording
    async with served_modes(modes) as url:
        yield url, modes


async def _open_session(http: httpx2.AsyncClient, url: str) -> str:
    hello = {
        "jsonrpc": "2.0",
        "id": 0,
        "method": "initialize",
        "params": {"protocolVersion": VERSION, "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}},
    }
    opened = await http.post(url, json=hello, headers={"accept": "application/json, text/event-stream"})
    session = opened.headers["mcp-session-id"]
    headers = {"mcp-session-id": session, "mcp-protocol-version": VERSION, "accept": "application/json"}
    await http.post(url, json={"jsonrpc": "2.0", "method": "notifications/initialized"}, headers=headers)
    return session


def _call(name: str, arguments: Any = None, id_: Any = 1) -> dict[str, Any]:
    params: dict[str, Any] = {"name": name}
    if arguments is not None:
        params["arguments"] = arguments
    return {"jsonrpc": "2.0", "id": id_, "method": "tools/call", "params": params}


# (body, extra headers, answered in one exchange)
CASES: list[tuple[Any, dict[str, str], bool]] = [
    (_call("whoami", {"a": [1, "x", None]}), {}, True),
    (_call("whoami", {}, id_="a string id"), {}, True),
    (_call("whoami", None, id_=0), {}, True),
    (_call("refuse", {}), {}, True),  # an MCPError: its own code, message and data
    (_call("crash", {}), {}, True),  # anything else: code 0 and the exception's text, as the SDK's dispatcher says
    (_call("log", {}), {}, True),
    (_call("ask", {}), {}, True),
    (_call("no_such_tool", {}), {}, True),
    ({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"arguments": {}}}, {}, True),  # no name
    ({"jsonrpc": "2.0", "id": 3, "method": "tools/list"}, {}, True),
    ({"jsonrpc": "2.0", "id": 4, "method": "ping"}, {}, True),
    ({"jsonrpc": "2.0", "id": 5, "method": "no/such/method", "params": {}}, {}, True),
    (_call("whoami", {}), {"mcp-protocol-version": "2025-06-18"}, True),  # an older handshake-era version
    # the SDK's own answers, reached unchanged
    ({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 1}}, {}, False),
    ({"jsonrpc": "2.0", "id": 6, "result": {}}, {}, False),  # a response posted by the client
    ({"jsonrpc": "1.0", "id": 7, "method": "ping"}, {}, False),
    ({"jsonrpc": "2.0", "id": 8, "method": "initialize", "params": {}}, {}, False),
    (_call("whoami", {}), {"accept": "text/event-stream"}, False),
    (_call("whoami", {}), {"host": "evil.example"}, False),
]


async def _answers(one_exchange: bool) -> tuple[list[tuple[int, list[tuple[str, str]], Any]], list[str]]:
    answered_by: list[str] = []
    answers = []
    async with served(one_exchange, answered_by) as (url, modes), httpx2.AsyncClient() as http:
        session = await _open_session(http, url)
        assert session in modes.fast_sessions
        answered_by.clear()
        for body, extra, _ in CASES:
            headers = {"mcp-session-id": session, "mcp-protocol-version": VERSION, "accept": "application/json"}
            answers.append(kept(await http.post(url, json=body, headers={**headers, **extra})))
    return answers, answered_by


def kept(response: httpx2.Response) -> tuple[int, list[tuple[str, str]], Any]:
    """An answer as compared: its status, its headers but the date and server, its body (parsed when JSON)."""
    headers = [(k, v) for k, v in response.headers.items() if k not in ("date", "server")]
    return response.status_code, headers, _parsed(response.text)


def _parsed(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text  # the SDK's plain-text refusals ("Invalid Host header")


async def test_one_exchange_answers_as_the_stateless_json_manager() -> None:
    exchanged, by_exchange = await _answers(True)
    managed, by_manager = await _answers(False)
    for (body, _, _), one, other in zip(CASES, exchanged, managed, strict=True):
        assert one == other, json.dumps(body)
    assert by_manager == ["legacy_json"] * len(CASES)
    # a request the one exchange answered never reached the manager; the others reached it, unchanged
    assert by_exchange == ["legacy_json" for _, _, fast in CASES if not fast]
    whoami = exchanged[0]
    assert whoami[0] == 200 and whoami[2]["result"]["content"][0]["text"] == f"True {VERSION}"
    assert exchanged[4][2]["error"] == {"code": 0, "message": "a bug in the handler"}
    assert exchanged[3][2]["error"] == {"code": -32602, "message": "refused here", "data": {"why": "a test"}}


async def test_a_request_that_fails_a_check_is_left_to_the_manager_with_nothing_sent() -> None:
    sent: list[Any] = []

    async def send(message: Any) -> None:
        sent.append(message)

    async def receive() -> Any:
        return {"type": "http.disconnect"}

    server = _server()
    server.streamable_http_app(streamable_http_path="/mcp")
    modes = ResponseModes.of(server)
    scope = {
        "type": "http",
        "method": "POST",
        "path": "/mcp",
        "headers": [(b"content-type", b"text/plain"), (b"accept", b"application/json")],
    }
    body = json.dumps(_call("whoami", {})).encode()
    assert not await legacy_exchange.answer(server, {}, modes.legacy_json, scope, body, receive, send)
    assert not sent


async def test_a_body_over_the_limit_is_the_managers_to_refuse() -> None:
    server = _server()
    server.streamable_http_app(streamable_http_path="/mcp")
    modes = ResponseModes.of(server)
    body = json.dumps(_call("whoami", {})).encode()
    headers = [(b"content-type", b"application/json"), (b"accept", b"application/json")]
    scope = {"type": "http", "method": "POST", "path": "/mcp", "headers": headers}

    async def nothing(*_: Any) -> Any:
        raise AssertionError("nothing is sent or read")

    modes.legacy_json.max_request_body_size = len(body) - 1
    assert not await legacy_exchange.answer(server, {}, modes.legacy_json, scope, body, nothing, nothing)
    modes.legacy_json.max_request_body_size = len(body)
    headers.append((b"content-length", str(len(body) + 1).encode()))  # what the client said it sends counts too
    assert not await legacy_exchange.answer(server, {}, modes.legacy_json, scope, body, nothing, nothing)
    for not_one_request in (b"{", b"[]", b'{"jsonrpc": "2.0", "method": "ping"}'):
        assert not await legacy_exchange.answer(server, {}, modes.legacy_json, scope, not_one_request, nothing, nothing)
