"""examples/quickstart.yaml as the README runs it: a real npm upstream next to simulated tools."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from mcp import Client

from tests.integration.harness import REPO, mcp_sim, require, sim_env

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


def test_snapshot_of_the_quickstart_upstream_finishes(tmp_path: Path) -> None:
    """Regression: ``mcp-sim snapshot examples/quickstart.yaml`` (the README's command, npx upstream) was seen
    to hang against server-memory before an upstream-supervisor fix. The timeout guards the hang; it measures
    nothing."""
    require(Path(shutil.which("npx") or "/nonexistent/npx"), "npx (Node.js)")
    out = tmp_path / "memory.yaml"
    command = [sys.executable, "-m", "mcp_sim", "snapshot", "examples/quickstart.yaml", "-o", str(out)]
    done = subprocess.run(command, cwd=REPO, env=sim_env(), capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert "9 tools of upstream 'memory'" in done.stdout
    written = yaml.safe_load(out.read_text())
    shipped = yaml.safe_load((REPO / "tool_specs/memory.yaml").read_text())
    assert written["upstream"] == "memory"
    assert sorted(t["name"] for t in written["tools"]) == sorted(t["name"] for t in shipped["tools"])
