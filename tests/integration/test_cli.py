"""The commands of the README, run as a user runs them: snapshot, sim without the upstream, start-up errors."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import httpx2
import pytest
import yaml
from mcp import Client

from tests.integration.harness import (
    REPO,
    fixture_stdio,
    mcp_sim,
    npm_bin,
    sim_env,
    start_failure,
    write_experiment,
)
from tests.integration.test_serving import MODERN, text

pytestmark = pytest.mark.integration

TICKETS = str(REPO / "tool_specs/tickets.yaml")


def mcp_sim_cli(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "mcp_sim", *args]
    return subprocess.run(command, cwd=REPO, env=sim_env(), capture_output=True, text=True, timeout=120, check=False)


async def test_snapshot_then_simulate_with_the_upstream_down(tmp_path: Path) -> None:
    memory = {"command": npm_bin("mcp-server-memory"), "env": {"MEMORY_FILE_PATH": str(tmp_path / "m.jsonl")}}
    live = write_experiment(tmp_path, {"upstreams": {"memory": memory}}, "live.yaml")
    snapshot = tmp_path / "specs/memory.yaml"
    done = mcp_sim_cli("snapshot", str(live), "-o", str(snapshot))
    assert done.returncode == 0, done.stderr
    specs = yaml.safe_load(snapshot.read_text())
    assert specs["upstream"] == "memory" and len(specs["tools"]) == 9

    gone = {"command": str(tmp_path / "no-such-server")}
    offline = write_experiment(tmp_path, {"upstreams": {"memory": gone}, "tools": ["specs/memory.yaml"]}, "off.yaml")
    async with mcp_sim(offline) as served, Client(served.url, cache=None) as client:
        listed = (await client.list_tools()).tools
        # Names, descriptions and schemas exactly as snapshotted (the SDK drops ``execution``: no tasks support).
        assert [t.model_dump(by_alias=True, exclude_none=True) for t in listed] == [
            {k: v for k, v in spec.items() if k != "execution"} for spec in specs["tools"]
        ]
        # The SDK client checks structuredContent against the listed outputSchema: a bad answer raises here.
        created = await client.call_tool("create_entities", {"entities": [{"name": "Ada", "entityType": "person",
                                                                          "observations": []}]})  # fmt: skip
        assert not created.is_error and created.structured_content is not None


async def test_unavailable_upstream_without_snapshot_or_routed_real_stops_start_up(tmp_path: Path) -> None:
    gone = {"command": str(tmp_path / "no-such-server")}
    bare = write_experiment(tmp_path, {"upstreams": {"memory": gone}}, "bare.yaml")
    code, stderr = await start_failure(bare)
    assert code == 1 and "upstream 'memory' is unavailable" in stderr and "mcp-sim snapshot" in stderr


async def test_route_real_without_a_backend_is_a_start_up_error(tmp_path: Path) -> None:
    experiment = write_experiment(tmp_path, {"route": "sim", "routes": {"get_*": "real"}, "tools": [TICKETS]})
    code, stderr = await start_failure(experiment)
    assert code == 1
    assert "tool 'get_ticket' is routed real but has no real backend" in stderr
    assert "create_ticket" not in stderr
    done = mcp_sim_cli("validate", str(experiment))
    assert done.returncode == 1 and "get_ticket" in done.stderr


async def test_route_flag_flips_every_tool_to_real(tmp_path: Path) -> None:
    experiment = write_experiment(tmp_path, {"route": "sim", "upstreams": {"fixture": fixture_stdio()}})
    for flag, route in (((), "sim"), (("--route", "real"), "real")):
        async with mcp_sim(experiment, *flag) as served, Client(served.url, cache=None) as client:
            await client.call_tool("add", {"a": 20, "b": 22})
            await client.call_tool("test_simple_text", {})
        assert {e["route"] for e in served.logs() if e.get("event") == "tool call"} == {route}


async def test_arguments_are_checked_before_routing_and_name_the_field(tmp_path: Path) -> None:
    experiment = write_experiment(tmp_path, {"route": "real", "upstreams": {"fixture": fixture_stdio()}})
    async with mcp_sim(experiment) as served, Client(served.url, mode=MODERN, cache=None) as client:
        bad = await client.call_tool("add", {"a": 1, "b": "two"})
        assert bad.is_error and "'b'" in text(bad) and "integer" in text(bad)
        unknown = await client.call_tool("no_such_tool", {})
        assert unknown.is_error and "Unknown tool" in text(unknown)
    assert not [e for e in served.logs() if e.get("event") == "tool call"], "nothing reached a backend"


def test_binding_beyond_loopback_needs_allow_remote(tmp_path: Path) -> None:
    experiment = write_experiment(tmp_path, {"tools": [TICKETS]})
    done = mcp_sim_cli("serve", str(experiment), "--host", "0.0.0.0", "--port", "0")
    assert done.returncode == 1 and "--allow-remote" in done.stderr


async def test_foreign_host_header_gets_421(tmp_path: Path) -> None:
    experiment = write_experiment(tmp_path, {"tools": [TICKETS]})
    ping = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}  # fmt: skip
    accept = {"accept": "application/json, text/event-stream"}
    async with mcp_sim(experiment, "--allowed-host", "sim.example:*") as served, httpx2.AsyncClient() as http:
        port = served.url.rsplit(":", 1)[1].split("/")[0]
        rebound = await http.post(served.url, json=ping, headers={**accept, "host": f"evil.example:{port}"})
        assert rebound.status_code == 421
        allowed = await http.post(served.url, json=ping, headers={**accept, "host": f"sim.example:{port}"})
        assert allowed.status_code == 200
        assert (await http.post(served.url, json=ping, headers=accept)).status_code == 200
