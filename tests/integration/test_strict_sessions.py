"""Keyless calls: refused with ``sessions: {require_key: true}``, else warned about once per client and counted."""

from __future__ import annotations

from pathlib import Path

import httpx2
import pytest
from mcp import Client, MCPError

from tests.integration.harness import REPO, mcp_sim, write_experiment

pytestmark = pytest.mark.integration

TICKETS = str(REPO / "tool_specs/tickets.yaml")
MODERN = "2026-07-28"  # the protocol era without sessions: a request carries its key or has none


async def test_require_key_refuses_a_keyless_call_and_says_how_to_send_one(tmp_path: Path) -> None:
    experiment = write_experiment(tmp_path, {"tools": [TICKETS], "sessions": {"require_key": True}})
    async with mcp_sim(experiment) as served, Client(served.url, mode=MODERN, cache=None) as client:
        with pytest.raises(MCPError) as refused:
            await client.call_tool("create_ticket", {"title": "lost"})
        assert refused.value.error.code == -32602
        assert "requires a session key" in refused.value.error.message
        assert '"mcp-sim/session"' in refused.value.error.message and "X-MCP-Sim-Session" in refused.value.error.message
        kept = await client.call_tool("create_ticket", {"title": "kept"}, meta={"mcp-sim/session": "ep"})
        assert not kept.is_error
    async with mcp_sim(experiment) as served, Client(served.url, mode="legacy", cache=None) as legacy:
        assert not (await legacy.call_tool("list_tickets", {})).is_error  # Mcp-Session-Id is a key


async def test_by_default_a_keyless_call_warns_once_per_client_and_counts(tmp_path: Path) -> None:
    experiment = write_experiment(tmp_path, {"tools": [TICKETS]})
    async with mcp_sim(experiment) as served:
        async with Client(served.url, mode=MODERN, cache=None) as client:
            for _ in range(3):
                assert not (await client.call_tool("list_tickets", {})).is_error
        async with httpx2.AsyncClient() as http:
            metrics = (await http.get(served.url.split("/experiments/")[0].removesuffix("/mcp") + "/metrics")).text
    warnings = [e for e in served.logs() if "without a session key" in str(e.get("event"))]
    assert len(warnings) == 1 and "X-MCP-Sim-Session" in warnings[0]["event"]
    assert 'mcp_sim_keyless_calls_total{experiment="test"} 3.0' in metrics
