"""examples/quickstart.yaml as the README runs it: a real npm upstream next to simulated tools."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from mcp import Client

from tests.integration.harness import REPO, mcp_sim, require

pytestmark = pytest.mark.integration


async def test_quickstart_serves_both_routes() -> None:
    require(Path(shutil.which("npx") or "/nonexistent/npx"), "npx (Node.js)")
    (REPO / "examples/data").mkdir(exist_ok=True)
    async with mcp_sim(REPO / "examples/quickstart.yaml") as served, Client(served.url, cache=None) as client:
        names = [t.name for t in (await client.list_tools()).tools]
        assert names[:2] == ["create_ticket", "get_ticket"] and "read_graph" in names and len(names) == 6 + 9
        ticket = await client.call_tool("create_ticket", {"title": "hello"})
        assert not ticket.is_error
        graph = await client.call_tool("read_graph", {})
        assert not graph.is_error and graph.structured_content is not None
        created = await client.call_tool("create_entities", {"entities": [{"name": "Ada", "entityType": "person",
                                                                          "observations": []}]})  # fmt: skip
        assert not created.is_error
    routes = {(e["tool"], e["route"]) for e in served.logs() if e.get("event") == "tool call"}
    assert routes == {("create_ticket", "sim"), ("read_graph", "real"), ("create_entities", "sim")}
