import socket
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from mcp import Client, MCPError
from starlette.requests import Request

from mcp_sim.serving.mcp_server import bind_socket, build_server, session_key
from tests.unit.helpers import tickets_path


def ctx(meta: dict[str, Any] | None = None, headers: dict[str, str] | None = None, http: bool = True) -> Any:
    request = None
    if http:
        raw = [(k.lower().encode(), v.encode()) for k, v in (headers or {}).items()]
        request = Request({"type": "http", "method": "POST", "path": "/mcp", "headers": raw})
    return SimpleNamespace(meta=meta, request=request)


def test_session_key_order() -> None:
    both = {"x-mcp-sim-session": "from-header", "mcp-session-id": "abc"}
    assert session_key(ctx({"mcp-sim/session": "from-meta"}, both), None) == "from-meta"
    assert session_key(ctx(None, both), None) == "from-header"
    assert session_key(ctx(None, {"mcp-session-id": "abc"}), None) == "abc"
    assert session_key(ctx(None, {}), None) is None  # 2026-07-28 without a key: a one-request session
    assert session_key(ctx({"mcp-sim/session": ""}, {}), None) is None
    assert session_key(ctx(None, http=False), "stdio-1") == "stdio-1"
    assert session_key(ctx({"mcp-sim/session": "k"}, http=False), "stdio-1") == "k"


async def test_in_process_server_lists_pages_and_reports_tool_errors(tmp_path: Path) -> None:
    server = build_server(tickets_path(tmp_path, list_page_size=4), process_key="p")
    async with Client(server, mode="legacy", cache=None) as client:
        first = await client.list_tools()
        assert len(first.tools) == 4 and first.next_cursor
        second = await client.list_tools(cursor=first.next_cursor)
        assert len(second.tools) == 2 and second.next_cursor is None
        bad = await client.call_tool("create_ticket", {})
        assert bad.is_error and "'title' is a required property" in bad.content[0].text  # type: ignore[union-attr]
        unknown = await client.call_tool("nope", {})
        assert unknown.is_error and "Unknown tool" in unknown.content[0].text  # type: ignore[union-attr]


async def test_a_non_string_session_key_is_a_clear_error_not_a_silent_one_request_session(tmp_path: Path) -> None:
    """``_meta["mcp-sim/session"]: 42`` was ignored: every call became a fresh one-request episode, silently."""
    path = tickets_path(tmp_path)
    async with Client(build_server(path, process_key="p"), mode="legacy", cache=None) as client:
        with pytest.raises(MCPError, match=r"mcp-sim/session.*must be a string") as raised:
            await client.call_tool("create_ticket", {"title": "x"}, meta={"mcp-sim/session": 42})
        assert raised.value.error.code == -32602
    assert await path.store.sessions() == []


def test_keep_alive_responses_do_not_wait_for_delayed_acks() -> None:
    """Regression: a socket made without IPPROTO_TCP got no TCP_NODELAY from asyncio; every 2026-07-28
    request on a kept-alive connection then took ~44 ms instead of ~2 ms."""
    sock = bind_socket("127.0.0.1", 0)
    with sock:
        assert sock.proto == socket.IPPROTO_TCP
        assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
