"""Less mcp-sim work per simulated call (issue 15, stop 42), counted, not timed: a request's connection with nothing
to tear down is not torn down under the SDK's shielded, bounded scope (serving/single.py), the ``serverInfo`` stamp
is copied as JSON instead of by ``copy.deepcopy`` (serving/mcp_server.py ``StampedServer``)."""

from __future__ import annotations

import copy
import sys
from typing import Any

import httpx2
import mcp.server.runner
import pytest
from mcp import types
from mcp.server import Server
from mcp.server.connection import Connection
from mcp.shared.message import ServerMessageMetadata
from mcp.shared.transport_context import TransportContext

from mcp_sim.serving import single
from mcp_sim.serving.legacy_exchange import Exchange
from mcp_sim.serving.mcp_server import StampedServer
from tests.unit.test_legacy_exchange import VERSION as LEGACY_VERSION
from tests.unit.test_legacy_exchange import _open_session, served
from tests.unit.test_modern_exchange import ENVELOPE, VERSION
from tests.unit.test_modern_exchange import _server as modern_server


@pytest.fixture
def teardowns(monkeypatch: pytest.MonkeyPatch) -> list[Connection]:
    """Every connection a single-exchange driver (the SDK's ``serve_one`` or single.py's) tore down with
    ``aclose_shielded``; the SDK's session loops (``serve_connection``) tear theirs down too, and are left out."""
    seen: list[Connection] = []
    original = mcp.server.runner.aclose_shielded

    async def counted(connection: Connection) -> None:
        if sys._getframe(1).f_code.co_name == "serve_one":
            seen.append(connection)
        await original(connection)

    monkeypatch.setattr(mcp.server.runner, "aclose_shielded", counted)
    monkeypatch.setattr(single, "aclose_shielded", counted)
    return seen


async def test_a_plain_call_tears_down_no_empty_connection(teardowns: list[Connection]) -> None:
    answered_by: list[str] = []
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "whoami", "_meta": ENVELOPE}}
    headers = {"mcp-protocol-version": VERSION, "accept": "application/json", "mcp-method": "tools/call"}
    async with served(True, answered_by, modern_server(), "json") as (url, _), httpx2.AsyncClient() as http:
        answer = (await http.post(url, json=body, headers={**headers, "mcp-name": "whoami"})).json()
    assert answered_by == []  # answered in one exchange (modern_exchange.py), not by the SDK's manager
    assert answer["result"]["content"][0]["text"].endswith(f"{VERSION} True")
    assert teardowns == []  # the SDK's serve_one would have torn the empty connection down under its scope


async def test_a_plain_2025_call_tears_down_no_empty_connection(teardowns: list[Connection]) -> None:
    answered_by: list[str] = []
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "whoami", "arguments": {}}}
    async with served(True, answered_by) as (url, modes), httpx2.AsyncClient() as http:
        session = await _open_session(http, url)
        assert session in modes.fast_sessions
        answered_by.clear()
        teardowns.clear()  # the session's opening went through the SDK's own session
        headers = {"mcp-session-id": session, "mcp-protocol-version": LEGACY_VERSION, "accept": "application/json"}
        answer = (await http.post(url, json=body, headers=headers)).json()
        assert teardowns == []
    assert answered_by == []  # answered in one exchange (legacy_exchange.py), not by the SDK's manager
    assert answer["result"]["content"][0]["text"] == f"True {LEGACY_VERSION}"


def _exchange() -> Exchange:
    return Exchange(
        transport=TransportContext(kind="streamable-http", can_send_request=False),
        request_id=1,
        message_metadata=ServerMessageMetadata(request_context=None),
    )


@pytest.mark.parametrize("fails", [False, True])
async def test_a_connection_holding_a_callback_is_torn_down_as_the_sdk_does(
    teardowns: list[Connection], fails: bool
) -> None:
    async def call_tool(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        if fails:
            raise RuntimeError("the handler fails")
        return types.CallToolResult(content=[types.TextContent(type="text", text="done")])

    server: Server[Any] = Server("t", on_call_tool=call_tool)
    ran: list[str] = []
    connection = Connection.from_envelope(VERSION, None, None)
    connection.exit_stack.callback(ran.append, "cleaned up")
    params = {"name": "x", "arguments": {}, "_meta": ENVELOPE}
    if fails:
        with pytest.raises(RuntimeError):
            await single.serve_one(server, _exchange(), "tools/call", params, connection=connection, lifespan_state={})
    else:
        result = await single.serve_one(
            server, _exchange(), "tools/call", params, connection=connection, lifespan_state={}
        )
        assert result["content"] == [{"type": "text", "text": "done"}]
    assert teardowns == [connection] and ran == ["cleaned up"]


def test_the_server_info_stamp_is_the_sdks_without_a_deep_copy(monkeypatch: pytest.MonkeyPatch) -> None:
    icons = [types.Icon(src="https://example.org/i.png", sizes=["48x48"])]
    ours = StampedServer("mcp-sim", version="1.2", title="T", icons=icons)
    expected = Server("mcp-sim", version="1.2", title="T", icons=icons).server_info_stamp
    copies: list[Any] = []
    deepcopy = copy.deepcopy

    def counted(value: Any, memo: Any = None) -> Any:
        copies.append(value)
        return deepcopy(value, memo)

    monkeypatch.setattr(copy, "deepcopy", counted)  # the SDK calls it as ``copy.deepcopy``
    first, second = ours.server_info_stamp, ours.server_info_stamp
    assert first == second == expected
    assert copies == []
    # each stamp is the caller's own: changing one, nested values included, changes no later stamp
    first["icons"][0]["sizes"].append("96x96")
    first["name"] = "changed"
    assert ours.server_info_stamp == expected and second == expected
