"""One real mcp-sim process hosting two experiments: MCP paths, token, admin API, /metrics and logs agree."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path

import httpx
import httpx2
import pytest
from mcp import Client, MCPError
from mcp.client.streamable_http import streamable_http_client
from mcp.types import TextContent

from tests.hosting import ServerProcess, experiment_file, serve

TOKEN = "integration-token"
AUTH = {"authorization": f"Bearer {TOKEN}"}


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    with serve(experiment_file(tmp_path, "desk"), experiment_file(tmp_path, "crm", seed=99), token=TOKEN) as running:
        yield running


@asynccontextmanager
async def mcp_client(url: str, session: str | None, token: str = TOKEN) -> AsyncIterator[Client]:
    """An SDK client (the caller owns the httpx2 client it is given, so it is closed here)."""
    headers = {"authorization": f"Bearer {token}"} | ({"x-mcp-sim-session": session} if session else {})
    async with httpx2.AsyncClient(headers=headers) as http, Client(streamable_http_client(url, http_client=http)) as c:
        yield c


async def test_each_experiment_answers_on_its_own_path(server: ServerProcess) -> None:
    base = server.base_url
    async with mcp_client(f"{base}/mcp", "agent-1") as desk:
        created = await desk.call_tool("create_ticket", {"title": "printer on fire"})
        assert not created.is_error
    async with mcp_client(f"{base}/experiments/crm/mcp", "agent-2") as crm:
        listed = await crm.call_tool("list_tickets", {})
        assert not listed.is_error and isinstance(listed.content[0], TextContent)
    async with mcp_client(f"{base}/experiments/desk/mcp", "agent-1") as desk_again:  # same experiment, same session
        await desk_again.call_tool("list_tickets", {})

    async with httpx.AsyncClient(base_url=base, headers=AUTH) as admin:
        sessions = {(s["experiment"], s["key"]): s["calls"] for s in (await admin.get("/admin/sessions")).json()}
        assert sessions == {("desk", "agent-1"): 2, ("crm", "agent-2"): 1}
        metrics = (await admin.get("/metrics")).text
    assert 'mcp_sim_calls_total{experiment="crm",outcome="ok",route="sim",tool="list_tickets"} 1.0' in metrics
    assert 'mcp_sim_calls_total{experiment="desk",outcome="ok",route="sim",tool="create_ticket"} 1.0' in metrics

    events = [json.loads(line) for line in server.log_lines if '"tool call"' in line]
    assert [(e["experiment"], e["session"], e["tool"]) for e in events] == [
        ("desk", "agent-1", "create_ticket"),
        ("crm", "agent-2", "list_tickets"),
        ("desk", "agent-1", "list_tickets"),
    ]
    assert all({"route", "latency_ms", "decisions", "outcome", "timestamp"} <= set(e) for e in events)


async def test_mcp_and_admin_refuse_requests_without_the_token(server: ServerProcess) -> None:
    request = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}
    async with httpx.AsyncClient(base_url=server.base_url) as anonymous:
        for path in ["/mcp", "/experiments/crm/mcp"]:
            assert (await anonymous.post(path, json=request)).status_code == 401
        assert (await anonymous.get("/admin/sessions")).status_code == 401
        assert (await anonymous.get("/admin/")).status_code == 200  # the page itself holds no data
    with pytest.raises(BaseExceptionGroup) as refused:  # the SDK reports the 401 as an error response
        async with mcp_client(f"{server.base_url}/mcp", None, token="wrong") as client:
            await client.list_tools()
    assert refused.group_contains(MCPError, match="error response")


async def test_responses_announce_how_long_an_idle_connection_stays_open(server: ServerProcess) -> None:
    """Longer than the 60 s a proxy in front keeps idle connections (deploy/nginx.conf, cloud balancers)."""
    async with httpx.AsyncClient(base_url=server.base_url, headers=AUTH) as client:
        answer = await client.get("/metrics")
    assert answer.headers["keep-alive"] == "timeout=75"
