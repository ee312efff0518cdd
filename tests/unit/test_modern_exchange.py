"""A plain 2026-07-28 request answered in one exchange gets the answer the SDK's JSON-answering modern entry gives.

Each request is posted to two servers that differ only in ``ResponseModes.one_exchange``: status, headers (but the
date) and body must be the same, and which path answered is recorded.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import httpx2
from mcp import MCPError, types
from mcp.server import Server, ServerRequestContext

from mcp_sim.serving import modern_exchange
from mcp_sim.serving.response_modes import ResponseModes
from tests.unit.test_legacy_exchange import kept, served

VERSION = "2026-07-28"
HEADED = {  # a tool whose ``region`` argument is routed in an Mcp-Param-Region header
    "type": "object",
    "properties": {"region": {"type": "string", "x-mcp-header": "Region"}},
}
SCHEMAS: dict[str, Mapping[str, Any]] = {n: {"type": "object"} for n in ("whoami", "refuse", "crash", "log", "ask")}
SCHEMAS["headed"] = HEADED
TOOLS = [types.Tool(name=n, input_schema=dict(s)) for n, s in SCHEMAS.items()]
ENVELOPE = {
    "io.modelcontextprotocol/protocolVersion": VERSION,
    "io.modelcontextprotocol/clientCapabilities": {},
    "io.modelcontextprotocol/clientInfo": {"name": "t", "version": "1"},
}


def _lookup(name: str) -> Mapping[str, Any] | None:
    if name == "explode":
        raise RuntimeError("the lookup fails")
    return SCHEMAS.get(name)


def _server(lookup: bool = True) -> Server[Any]:
    async def list_tools(ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None) -> Any:
        return types.ListToolsResult(tools=TOOLS)

    async def call_tool(ctx: ServerRequestContext[Any], params: types.CallToolRequestParams) -> Any:
        if params.name == "refuse":
            raise MCPError(-32602, "refused here", {"why": "a test"})
        if params.name == "crash":
            raise RuntimeError("a bug in the handler")
        if params.name == "log":  # a notification during the call: a JSON answer has no place for it
            await ctx.session.send_progress_notification("t", 1, related_request_id=str(ctx.request_id))
        if params.name == "ask":  # no back channel on a single exchange
            await ctx.session.elicit_form("name?", {"type": "object", "properties": {}})
        seen = ctx.request is not None and ctx.request.headers.get("x-seen", "")
        text = f"{seen} {ctx.protocol_version} {ctx.session.client_params is not None}"
        structured = {"args": params.arguments, "none": None}
        return types.CallToolResult(content=[types.TextContent(type="text", text=text)], structured_content=structured)

    schemas = {"get_tool_input_schema": _lookup} if lookup else {}
    return Server("exchange", on_list_tools=list_tools, on_call_tool=call_tool, **schemas)


def _request(method: str, params: dict[str, Any] | None = None, id_: Any = 1) -> dict[str, Any]:
    body: dict[str, Any] = {"jsonrpc": "2.0", "id": id_, "method": method}
    body["params"] = {**(params or {}), "_meta": ENVELOPE}
    return body


def _call(name: str, arguments: Any = None, id_: Any = 1) -> dict[str, Any]:
    params: dict[str, Any] = {"name": name}
    if arguments is not None:
        params["arguments"] = arguments
    return _request("tools/call", params, id_)


# (body, extra headers, answered in one exchange)
CASES: list[tuple[Any, dict[str, str], bool]] = [
    (_call("whoami", {"a": [1, "x", None], "é": "ü"}), {"x-seen": "yes"}, True),
    (_call("whoami", {}, id_="a string id"), {}, True),
    (_call("whoami", None, id_=0), {}, True),
    (_call("refuse", {}), {}, True),  # an MCPError: its own code, message and data, and its HTTP status
    (_call("crash", {}), {}, True),  # anything else: the SDK's generic internal error
    (_call("log", {}), {}, True),
    (_call("ask", {}), {}, True),
    (_call("no_such_tool", {"a": 1}), {}, True),  # the lookup says None: nothing to check
    (_request("tools/call", {"arguments": {}}, 2), {}, True),  # no name
    (_call("headed", {"region": "eu"}), {"mcp-param-region": "eu"}, True),  # the header matches
    (_call("headed", {}), {}, True),
    (_request("tools/list", None, 3), {}, True),
    (_request("ping", None, 4), {}, True),
    (_request("no/such/method", {}, 5), {}, True),
    (_call("whoami", {}), {"accept": "application/json"}, True),
    # the SDK's own answers, reached unchanged
    (_call("headed", {"region": "eu"}), {"mcp-param-region": "us"}, False),  # the header does not match
    (_call("headed", {"region": "eu"}), {}, False),  # the header is missing
    (_call("explode", {"a": 1}), {}, False),  # the lookup raises: the SDK logs it and goes on
    ({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 1}}, {}, False),
    ({"jsonrpc": "2.0", "id": 6, "result": {}}, {}, False),  # a response posted by the client
    ({"jsonrpc": "1.0", "id": 7, "method": "ping"}, {}, False),
    ({"jsonrpc": "2.0", "id": 8, "method": "ping", "params": {}}, {}, False),  # no envelope
    (_request("subscriptions/listen", {}, 9), {"accept": "application/json"}, False),
    (_call("whoami", {}), {"accept": "text/event-stream"}, False),
    (_call("whoami", {}), {"host": "evil.example"}, False),
    (_call("whoami", {}), {"mcp-method": "tools/list"}, False),  # the routing header names another method
]


async def _answers(one_exchange: bool, lookup: bool = True) -> tuple[list[tuple[int, Any, Any]], list[str]]:
    answered_by: list[str] = []
    answers = []
    async with served(one_exchange, answered_by, _server(lookup), "json") as (url, _), httpx2.AsyncClient() as http:
        for body, extra, _ in CASES:
            headers = {"mcp-protocol-version": VERSION, "accept": "application/json, text/event-stream"}
            if isinstance(body.get("params"), dict) and "method" in body:
                headers["mcp-method"] = body["method"]
                if isinstance(body["params"].get("name"), str):
                    headers["mcp-name"] = body["params"]["name"]
            answers.append(kept(await http.post(url, json=body, headers={**headers, **extra})))
    return answers, answered_by


async def test_one_exchange_answers_as_the_modern_json_entry() -> None:
    exchanged, by_exchange = await _answers(True)
    managed, by_manager = await _answers(False)
    for (body, extra, _), one, other in zip(CASES, exchanged, managed, strict=True):
        assert one == other, (json.dumps(body), extra)
    assert by_manager == ["json"] * len(CASES)
    # a request the one exchange answered never reached the manager; the others reached it, unchanged
    assert by_exchange == ["json" for _, _, fast in CASES if not fast]
    whoami = exchanged[0]
    assert whoami[0] == 200 and whoami[2]["result"]["content"][0]["text"] == f"yes {VERSION} True"
    assert whoami[2]["result"]["structuredContent"] == {"args": {"a": [1, "x", None], "é": "ü"}, "none": None}
    assert exchanged[3][2]["error"] == {"code": -32602, "message": "refused here", "data": {"why": "a test"}}
    assert exchanged[3][0] == 400  # an error code keeps the HTTP status the SDK maps it to
    assert exchanged[4][2]["error"]["code"] == -32603 and "a bug" not in json.dumps(exchanged[4][2])
    assert {status for status, _, _ in exchanged[15:18]} == {400, 200}  # header mismatches: 400; the raise: 200


async def test_a_server_without_a_schema_lookup_is_left_to_the_manager() -> None:
    exchanged, by_exchange = await _answers(True, lookup=False)
    managed, _ = await _answers(False, lookup=False)
    assert exchanged == managed
    calls = [fast for body, _, fast in CASES if body.get("method") == "tools/call" and fast]
    assert by_exchange.count("json") >= len(calls)  # every tools/call with arguments or headers: the SDK lists


async def test_a_request_that_fails_a_check_is_left_to_the_manager_with_nothing_sent() -> None:
    server = _server()
    server.streamable_http_app(streamable_http_path="/mcp")
    modes = ResponseModes.of(server)
    body = json.dumps(_call("whoami", {})).encode()
    base = [(b"accept", b"application/json"), (b"mcp-protocol-version", VERSION.encode())]

    async def nothing(*_: Any) -> Any:
        raise AssertionError("nothing is sent or read")

    for headers in (
        [(b"content-type", b"text/plain"), *base],
        [(b"content-type", b"application/json"), (b"content-length", str(len(body) + 1).encode()), *base],
    ):
        scope = {"type": "http", "method": "POST", "path": "/mcp", "headers": headers}
        modes.json.max_request_body_size = len(body)
        assert not await modern_exchange.answer(server, {}, modes.json, scope, body, nothing, nothing)
    headers = [(b"content-type", b"application/json"), *base]
    scope = {"type": "http", "method": "POST", "path": "/mcp", "headers": headers}
    modes.json.max_request_body_size = len(body) - 1
    assert not await modern_exchange.answer(server, {}, modes.json, scope, body, nothing, nothing)
    modes.json.max_request_body_size = len(body)
    for not_one_request in (b"{", b"[]", b'{"jsonrpc": "2.0", "method": "ping"}', b"1"):
        assert not await modern_exchange.answer(server, {}, modes.json, scope, not_one_request, nothing, nothing)
