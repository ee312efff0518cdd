"""mcp-sim served as users run it (a subprocess), reached by SDK clients on both protocol eras."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import httpx2
import pytest
from mcp import Client, StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from mcp.types import CallToolResult

from tests.integration.harness import REPO, fixture_stdio, mcp_sim, sim_env, sim_stdio_args, write_experiment

pytestmark = pytest.mark.integration

TICKETS = str(REPO / "tool_specs/tickets.yaml")
MODERN = "2026-07-28"


@pytest.fixture
def experiment(tmp_path: Path) -> Path:
    """Simulated tickets plus the fixture server as a real upstream; two tools per tools/list page."""
    return write_experiment(
        tmp_path,
        {"route": "sim", "routes": {"add": "real"}, "tools": [TICKETS], "list_page_size": 2,
         "upstreams": {"fixture": fixture_stdio()}},
    )  # fmt: skip


def text(result: CallToolResult) -> str:
    return "".join(getattr(block, "text", "") for block in result.content)


async def all_tools(client: Client) -> list[str]:
    names, cursor, pages = [], None, 0
    while True:
        page = await client.list_tools(cursor=cursor)
        names += [t.name for t in page.tools]
        pages += 1
        if not (cursor := page.next_cursor):
            return names if pages > 1 else pytest.fail("expected several tools/list pages")


async def ticket_round_trip(client: Client, meta: dict[str, Any] | None = None) -> None:
    created = await client.call_tool("create_ticket", {"title": "printer on fire"}, meta=meta)
    assert not created.is_error, text(created)
    ticket_id = created.structured_content["id"]  # type: ignore[index]
    fetched = await client.call_tool("get_ticket", {"ticket_id": ticket_id}, meta=meta)
    assert not fetched.is_error and fetched.structured_content["title"] == "printer on fire"  # type: ignore[index]
    added = await client.call_tool("add", {"a": 2, "b": 40}, meta=meta)
    assert added.structured_content == {"sum": 42}


@pytest.mark.parametrize("mode", ["legacy", MODERN, "auto"])
async def test_http_serves_both_eras(experiment: Path, mode: str) -> None:
    async with mcp_sim(experiment) as served, Client(served.url, mode=mode, cache=None) as client:
        names = await all_tools(client)
        assert names[:5] == ["create_ticket", "get_ticket", "list_tickets", "update_ticket", "delete_ticket"]
        assert {"add", "test_simple_text", "json_schema_2020_12_tool"} <= set(names)
        # Modern clients have no session: their calls share one only through the _meta key.
        await ticket_round_trip(client, None if mode == "legacy" else {"mcp-sim/session": f"http-{mode}"})
    routes = {(e["tool"], e["route"]) for e in served.logs() if e.get("event") == "tool call"}
    assert routes == {("create_ticket", "sim"), ("get_ticket", "sim"), ("add", "real")}


@pytest.mark.parametrize("mode", ["legacy", MODERN])
async def test_stdio_serves_both_eras(experiment: Path, mode: str) -> None:
    args = sim_stdio_args(experiment)
    params = StdioServerParameters(command=sys.executable, args=args, cwd=str(REPO), env=sim_env())
    async with Client(params, mode=mode, cache=None) as client:
        assert len(await all_tools(client)) == 6 + 16  # tickets.yaml, the fixture server
        await ticket_round_trip(client)  # the stdio process is the session, whatever the era


async def test_legacy_http_hands_out_session_ids_and_modern_answers_discover(experiment: Path) -> None:
    init = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}  # fmt: skip
    discover = {"jsonrpc": "2.0", "id": 2, "method": "server/discover", "params": {"_meta": envelope()}}
    async with mcp_sim(experiment) as served, httpx2.AsyncClient() as http:
        legacy = await http.post(served.url, json=init, headers={"accept": "application/json, text/event-stream"})
        assert legacy.status_code == 200 and legacy.headers["mcp-session-id"]
        modern = await http.post(served.url, json=discover, headers=modern_headers("server/discover"))
        assert modern.status_code == 200, modern.text
        assert MODERN in modern.json()["result"]["supportedVersions"]
        assert "mcp-session-id" not in modern.headers


async def test_legacy_sessions_never_see_each_other(experiment: Path) -> None:
    async with (
        mcp_sim(experiment) as served,
        Client(served.url, mode="legacy", cache=None) as alice,
        Client(served.url, mode="legacy", cache=None) as bob,
    ):
        created = await alice.call_tool("create_ticket", {"title": "alice's"})
        ticket_id = created.structured_content["id"]  # type: ignore[index]
        assert not (await alice.call_tool("get_ticket", {"ticket_id": ticket_id})).is_error
        foreign = await bob.call_tool("get_ticket", {"ticket_id": ticket_id})
        assert foreign.is_error and "not found" in text(foreign)
        listed = await bob.call_tool("list_tickets", {})
        assert listed.structured_content["tickets"] == []  # type: ignore[index]


async def test_modern_session_key_from_meta_or_header(experiment: Path) -> None:
    async with mcp_sim(experiment) as served:
        async with Client(served.url, mode=MODERN, cache=None) as one:
            created = await one.call_tool("create_ticket", {"title": "kept"}, meta={"mcp-sim/session": "ep-1"})
            ticket_id = created.structured_content["id"]  # type: ignore[index]
            args = {"ticket_id": ticket_id}
            # A second connection with the same key is the same episode ...
            async with Client(served.url, mode=MODERN, cache=None) as two:
                assert not (await two.call_tool("get_ticket", args, meta={"mcp-sim/session": "ep-1"})).is_error
                # ... another key, or none at all (each request is its own session), is not.
                assert (await two.call_tool("get_ticket", args, meta={"mcp-sim/session": "ep-2"})).is_error
                assert (await two.call_tool("get_ticket", args)).is_error
        async with (
            httpx2.AsyncClient(headers={"X-MCP-Sim-Session": "ep-1"}) as http,
            Client(streamable_http_client(served.url, http_client=http), mode=MODERN, cache=None) as by_header,
        ):
            assert not (await by_header.call_tool("get_ticket", args)).is_error


def envelope() -> dict[str, Any]:
    return {
        "io.modelcontextprotocol/protocolVersion": MODERN,
        "io.modelcontextprotocol/clientCapabilities": {},
        "io.modelcontextprotocol/clientInfo": {"name": "raw", "version": "1"},
    }


def modern_headers(method: str, name: str | None = None) -> dict[str, str]:
    headers = {"mcp-protocol-version": MODERN, "mcp-method": method, "accept": "application/json, text/event-stream"}
    if name:
        headers["mcp-name"] = name
    return headers


def raw_result(response: httpx2.Response) -> dict[str, Any]:
    """The JSON-RPC message of a response, whether sent as JSON or as one SSE event."""
    if response.headers.get("content-type", "").startswith("text/event-stream"):
        data = [line[5:].strip() for line in response.text.splitlines() if line.startswith("data:")]
        return json.loads(next(d for d in data if d))  # type: ignore[no-any-return]
    return response.json()  # type: ignore[no-any-return]
