"""Plain calls take a JSON manager; anything that may need a stream or a back-channel keeps the SSE path."""

from __future__ import annotations

import contextlib
import json
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import anyio
import httpx2
import pytest
import uvicorn
from mcp import Client, MCPError
from mcp.server import Server, ServerRequestContext
from mcp.types import (
    CallToolRequestParams,
    CallToolResult,
    EmptyResult,
    ListToolsResult,
    PaginatedRequestParams,
    SetLevelRequest,
    SetLevelRequestParams,
    TextContent,
    Tool,
)
from starlette.applications import Starlette
from starlette.routing import Route

from mcp_sim.serving import legacy_exchange, response_modes
from mcp_sim.serving.response_modes import ResponseModes, needs_back_channel, needs_stream


def _post(*chunks: bytes, more_at_end: bool = False) -> list[dict[str, Any]]:
    messages: list[dict[str, Any]] = [{"type": "http.request", "body": c, "more_body": True} for c in chunks]
    messages[-1]["more_body"] = more_at_end
    return messages


def test_a_plain_call_needs_no_stream() -> None:
    body = b'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"m":"hi"}}}'
    assert not needs_stream(_post(body[:20], body[20:]))


def test_a_progress_token_anywhere_in_the_body_keeps_the_stream() -> None:
    body = b'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"e","_meta":{"progressToken":7}}}'
    assert needs_stream(_post(body[:70], body[70:]))


def test_unicode_escapes_keep_the_stream_because_they_could_spell_the_key() -> None:
    assert needs_stream(_post(b'{"params":{"_meta":{"progress\\u0054oken":1}}}'))


def test_a_body_not_read_to_its_end_keeps_the_stream() -> None:
    assert needs_stream(_post(b"{", more_at_end=True))
    assert needs_stream([{"type": "http.disconnect"}])


@pytest.mark.parametrize(
    ("capabilities", "expected"),
    [({}, False), ({"experimental": {}}, False), ({"elicitation": {}}, True), ({"sampling": {}}, True),
     ({"roots": {"listChanged": True}}, True), (None, True)],
)  # fmt: skip
def test_only_an_initialize_without_callback_capabilities_may_skip_the_back_channel(
    capabilities: dict[str, Any] | None, expected: bool
) -> None:
    body = {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"capabilities": capabilities}}
    assert needs_back_channel(_post(httpx2.Request("POST", "http://x", json=body).read())) is expected
    assert needs_back_channel(_post(b'{"jsonrpc":"2.0","id":1,"method":"tools/list"}'))
    assert needs_back_channel(_post(b"not json"))


# ---- end to end: a real SDK server behind ResponseModes, real SDK clients of both eras ----

TOOLS = [Tool(name=n, input_schema={"type": "object"}) for n in ("whoami", "with_progress")]


def _server() -> Server[Any]:
    async def list_tools(ctx: ServerRequestContext[Any], params: PaginatedRequestParams | None) -> ListToolsResult:
        return ListToolsResult(tools=TOOLS)

    async def call_tool(ctx: ServerRequestContext[Any], params: CallToolRequestParams) -> CallToolResult:
        if params.name == "with_progress":
            for step in (0, 50, 100):
                await ctx.session.report_progress(step, 100)
        session = ctx.request.headers.get("mcp-session-id") if ctx.request else None
        return CallToolResult(content=[TextContent(type="text", text=str(session))])

    return Server("modes", on_list_tools=list_tools, on_call_tool=call_tool)


@pytest.fixture
def modes(monkeypatch: pytest.MonkeyPatch) -> tuple[ResponseModes, list[str]]:
    server = _server()
    server.streamable_http_app(streamable_http_path="/mcp")
    modes = ResponseModes.of(server)
    answered_by: list[str] = []
    for name in ("sse", "json", "legacy_json"):
        manager = getattr(modes, name)
        original = manager.handle_request

        async def recording(scope: Any, receive: Any, send: Any, _name: str = name, _orig: Any = original) -> None:
            if scope["method"] == "POST":
                answered_by.append(_name)
            await _orig(scope, receive, send)

        monkeypatch.setattr(manager, "handle_request", recording)
    original_answer = legacy_exchange.answer

    async def exchanged(*args: Any) -> bool:
        answered = await original_answer(*args)
        if answered:
            answered_by.append("one_exchange")
        return answered

    monkeypatch.setattr(legacy_exchange, "answer", exchanged)
    return modes, answered_by


@asynccontextmanager
async def served(modes: ResponseModes) -> AsyncIterator[str]:
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(16)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        async with modes.run():
            yield

    app = Starlette(routes=[Route("/mcp", endpoint=modes)], lifespan=lifespan)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
    async with anyio.create_task_group() as tasks:
        tasks.start_soon(server.serve, [sock])  # the socket already listens: clients queue until uvicorn is up
        yield f"http://127.0.0.1:{sock.getsockname()[1]}/mcp"
        server.should_exit = True


async def _progress_seen(client: Client) -> tuple[list[float], str]:
    seen: list[float] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        seen.append(progress)

    result = await client.call_tool("with_progress", {}, progress_callback=on_progress)
    return seen, result.content[0].text  # type: ignore[union-attr]


@pytest.mark.parametrize("mode", ["2026-07-28", "legacy"])
async def test_progress_still_reaches_the_client_on_both_eras(
    modes: tuple[ResponseModes, list[str]], mode: str
) -> None:
    app, answered_by = modes
    async with served(app) as url, Client(url, mode=mode) as client:  # type: ignore[arg-type]
        await client.list_tools()  # the client lists unseen tools before calling them
        answered_by.clear()
        seen, _ = await _progress_seen(client)
    assert seen == [0, 50, 100]
    assert answered_by == ["sse"]


async def test_plain_modern_calls_are_answered_by_the_json_manager(modes: tuple[ResponseModes, list[str]]) -> None:
    app, answered_by = modes
    async with served(app) as url, Client(url, mode="2026-07-28") as client:
        await client.list_tools()  # the client lists unseen tools before calling them
        answered_by.clear()
        result = await client.call_tool("whoami", {})
    assert result.content[0].text == "None"  # type: ignore[union-attr]
    assert answered_by == ["json"]


@pytest.mark.parametrize("one_exchange", [True, False])
async def test_a_plain_2025_call_skips_the_stream_but_keeps_its_session(
    modes: tuple[ResponseModes, list[str]], one_exchange: bool
) -> None:
    app, answered_by = modes
    app.one_exchange = one_exchange
    async with served(app) as url, Client(url, mode="legacy") as client:
        await client.list_tools()  # the client lists unseen tools before calling them
        answered_by.clear()
        plain = await client.call_tool("whoami", {})
        _, streamed = await _progress_seen(client)
        assert list(app.fast_sessions) == [streamed]
    assert plain.content[0].text == streamed != "None"  # type: ignore[union-attr]
    assert answered_by == ["one_exchange" if one_exchange else "legacy_json", "sse"]
    assert not app.fast_sessions  # the client's DELETE ended it


async def test_a_2025_client_that_can_be_called_back_keeps_the_sse_session(
    modes: tuple[ResponseModes, list[str]],
) -> None:
    app, answered_by = modes

    async def elicit(context: Any, params: Any) -> Any:
        raise AssertionError("never asked")

    async with served(app) as url, Client(url, mode="legacy", elicitation_callback=elicit) as client:
        await client.list_tools()  # the client lists unseen tools before calling them
        answered_by.clear()
        await client.call_tool("whoami", {})
        assert not app.fast_sessions
    assert answered_by == ["sse"]


async def test_a_fast_session_goes_through_its_real_session_once_in_a_while(
    modes: tuple[ResponseModes, list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    app, answered_by = modes
    monkeypatch.setattr(response_modes, "REFRESH_S", 0.0)
    async with served(app) as url, Client(url, mode="legacy") as client:
        await client.list_tools()  # the client lists unseen tools before calling them
        answered_by.clear()
        await client.call_tool("whoami", {})
    assert answered_by == ["sse"]


async def test_an_unknown_2025_session_is_still_not_found(modes: tuple[ResponseModes, list[str]]) -> None:
    app, _ = modes
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "whoami", "arguments": {}}}
    headers = {
        "mcp-session-id": "f" * 32,
        "mcp-protocol-version": "2025-11-25",
        "accept": "application/json, text/event-stream",
    }
    async with served(app) as url, httpx2.AsyncClient() as http:
        response = await http.post(url, json=body, headers=headers)
    assert response.status_code == 404


@pytest.mark.parametrize("params", [[1], "x", 7])
async def test_an_initialize_whose_params_are_not_an_object_gets_the_sdks_error_not_a_500(
    modes: tuple[ResponseModes, list[str]], params: Any
) -> None:
    """``needs_back_channel`` called ``.get`` on the params: a list or string crashed the route with a 500."""
    app, answered_by = modes
    body = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": params}
    headers = {"accept": "application/json, text/event-stream"}
    async with served(app) as url, httpx2.AsyncClient() as http:
        response = await http.post(url, json=body, headers=headers)
    assert response.status_code != 500, response.text
    assert "error" in response.json()
    assert answered_by == ["sse"]


@pytest.mark.parametrize("method", ["resources/subscribe", "resources/unsubscribe", "logging/setLevel"])
def test_a_request_for_later_notifications_keeps_the_stream(method: str) -> None:
    assert needs_stream(_post(json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": {}}).encode()))


async def test_a_2025_session_that_asks_for_log_messages_leaves_the_fast_set(
    modes: tuple[ResponseModes, list[str]],
) -> None:
    """Log messages ride the streams of its later calls, which the stateless twin does not have."""
    app, answered_by = modes
    async with served(app) as url, Client(url, mode="legacy") as client:
        await client.list_tools()  # the client lists unseen tools before calling them
        assert app.fast_sessions
        answered_by.clear()
        with contextlib.suppress(MCPError):  # this test server has no logging: the routing is what counts
            await client.session.send_request(SetLevelRequest(params=SetLevelRequestParams(level="info")), EmptyResult)
        await client.call_tool("whoami", {})
        assert not app.fast_sessions
    assert answered_by == ["sse", "sse"]
