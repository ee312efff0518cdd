"""Real upstreams behind mcp-sim: answers pass through unchanged, errors keep their kind, crashes recover."""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest
from mcp import Client, MCPError, StdioServerParameters
from mcp.types import CallToolResult

from tests.integration.harness import (
    TIME_SERVER,
    Restartable,
    everything_http,
    fixture_http,
    fixture_stdio,
    free_port,
    mcp_sim,
    npm_bin,
    require,
    write_experiment,
)
from tests.integration.test_serving import MODERN, envelope, modern_headers, raw_result, text

pytestmark = pytest.mark.integration


def upstream_command(kind: str, tmp: Path) -> dict[str, Any]:
    if kind == "everything":
        return {"command": npm_bin("mcp-server-everything"), "args": ["stdio"]}
    if kind == "memory":
        return {"command": npm_bin("mcp-server-memory"), "env": {"MEMORY_FILE_PATH": str(tmp / "memory.jsonl")}}
    if kind == "time":
        return {"command": str(require(TIME_SERVER, "mcp-server-time")), "args": ["--local-timezone", "UTC"]}
    raise AssertionError(kind)


def content_json(result: CallToolResult) -> str:
    """The content as it was on the wire (only fields the sender set)."""
    return json.dumps([block.model_dump(by_alias=True, mode="json", exclude_unset=True) for block in result.content])


CALLS = [
    ("everything", [("echo", {"message": "héllo ✓"}), ("get-sum", {"a": 2, "b": 3}), ("get-tiny-image", {})]),
    ("everything", [("get-structured-content", {"location": "New York"})]),
    ("memory", [
        ("create_entities", {"entities": [{"name": "Ada", "entityType": "person", "observations": ["math"]}]}),
        ("create_relations", {"relations": [{"from": "Ada", "to": "Nobody", "relationType": "knows"}]}),
        ("read_graph", {}),
        ("delete_entities", {"entityNames": ["Ghost"]}),
    ]),
    ("time", [("convert_time", {"source_timezone": "UTC", "time": "12:00", "target_timezone": "Asia/Tokyo"})]),
]  # fmt: skip


@pytest.mark.parametrize(("kind", "calls"), CALLS, ids=[c[0] for c in CALLS])
async def test_proxied_call_answers_exactly_like_a_direct_call(
    tmp_path: Path, kind: str, calls: list[tuple[str, dict[str, Any]]]
) -> None:
    (tmp_path / "direct").mkdir()
    (tmp_path / "proxied").mkdir()
    direct_cfg = upstream_command(kind, tmp_path / "direct")
    params = StdioServerParameters(command=direct_cfg["command"], args=direct_cfg.get("args", []),
                                   env=direct_cfg.get("env"))  # fmt: skip
    experiment = write_experiment(
        tmp_path, {"route": "real", "upstreams": {kind: upstream_command(kind, tmp_path / "proxied")}}
    )
    async with (
        Client(params, cache=None) as direct,
        mcp_sim(experiment) as served,
        Client(served.url, cache=None) as sim,
    ):
        for tool, args in calls:
            want, got = await direct.call_tool(tool, args), await sim.call_tool(tool, args)
            assert content_json(got) == content_json(want), tool
            assert (got.is_error, got.structured_content) == (want.is_error, want.structured_content), tool


async def test_http_upstream_content_is_byte_identical_and_loses_its_server_stamp(tmp_path: Path) -> None:
    call = {"jsonrpc": "2.0", "id": 3, "method": "tools/call",
            "params": {"name": "test_multiple_content_types", "arguments": {}, "_meta": envelope()}}  # fmt: skip
    headers = modern_headers("tools/call", "test_multiple_content_types")
    async with fixture_http() as upstream_url, httpx2.AsyncClient() as http:
        experiment = write_experiment(tmp_path, {"route": "real", "upstreams": {"fixture": {"url": upstream_url}}})
        async with mcp_sim(experiment) as served:
            direct = raw_result(await http.post(upstream_url, json=call, headers=headers))["result"]
            proxied = raw_result(await http.post(served.url, json=call, headers=headers))["result"]
    assert json.dumps(proxied["content"]) == json.dumps(direct["content"])
    assert direct["_meta"]["io.modelcontextprotocol/serverInfo"]["name"] == "fixture-upstream"
    assert proxied.get("_meta", {}).get("io.modelcontextprotocol/serverInfo", {}).get("name") != "fixture-upstream"


@pytest.mark.parametrize("transport", ["stdio", "http"])
async def test_is_error_stays_is_error_and_json_rpc_errors_keep_their_code(tmp_path: Path, transport: str) -> None:
    async with fixture_http() as upstream_url:
        upstream = fixture_stdio() if transport == "stdio" else {"url": upstream_url}
        experiment = write_experiment(tmp_path, {"route": "real", "upstreams": {"fixture": upstream}})
        async with mcp_sim(experiment) as served:
            for mode in ("legacy", MODERN):
                async with Client(served.url, mode=mode, cache=None) as client:
                    failed = await client.call_tool("tool_error", {})
                    assert failed.is_error and text(failed) == "the fixture tool failed on purpose"
                    with pytest.raises(MCPError) as raised:
                        await client.call_tool("fail_with_code", {"code": -32042})
                    assert (raised.value.code, raised.value.message) == (-32042, "fixture error -32042")


async def test_killed_stdio_upstream_gives_is_error_then_the_next_call_reconnects(tmp_path: Path) -> None:
    pid_file = tmp_path / "fixture.pid"
    upstream = fixture_stdio(env={"FIXTURE_PID_FILE": str(pid_file)})
    experiment = write_experiment(tmp_path, {"route": "real", "upstreams": {"fixture": upstream}})
    async with mcp_sim(experiment) as served, Client(served.url, mode="legacy", cache=None) as client:
        assert (await client.call_tool("add", {"a": 1, "b": 1})).structured_content == {"sum": 2}
        first_pid = int(pid_file.read_text())
        os.kill(first_pid, signal.SIGKILL)
        await dead(first_pid)
        crashed = await client.call_tool("add", {"a": 1, "b": 2})
        assert crashed.is_error and "upstream 'fixture'" in text(crashed) and "reconnects" in text(crashed)
        assert (await client.call_tool("add", {"a": 1, "b": 3})).structured_content == {"sum": 4}
        assert int(pid_file.read_text()) != first_pid


@pytest.mark.parametrize("kind", ["everything", "fixture"])
async def test_http_upstream_down_then_restarted(tmp_path: Path, kind: str) -> None:
    """everything is 2025-era (its Mcp-Session-Id dies with it); the fixture server is 2026-07-28."""
    port = free_port()
    start = everything_http if kind == "everything" else fixture_http
    tool, args = ("echo", {"message": "hi"}) if kind == "everything" else ("add", {"a": 1, "b": 2})
    url = f"http://127.0.0.1:{port}/mcp"
    experiment = write_experiment(tmp_path, {"route": "real", "upstreams": {kind: {"url": url}}})
    async with anyio.create_task_group() as tasks:
        upstream = Restartable(tasks, lambda: start(port))
        await upstream.start()
        async with mcp_sim(experiment) as served, Client(served.url, cache=None) as client:
            assert not (await client.call_tool(tool, args)).is_error
            await upstream.stop()  # the upstream goes away
            down = await client.call_tool(tool, args)
            assert down.is_error and f"upstream '{kind}'" in text(down), text(down)
            await upstream.start()  # and comes back on the same address
            assert not (await client.call_tool(tool, args)).is_error, "the call after a failure reconnects"
            await upstream.stop()  # a restart between two calls: at most the first call fails
            await upstream.start()
            first, second = [await client.call_tool(tool, args) for _ in range(2)]
            assert not second.is_error
            assert not first.is_error or f"upstream '{kind}'" in text(first)
        await upstream.stop()


async def dead(pid: int) -> None:
    """Wait until the killed process is gone or a zombie (it can no longer answer)."""
    with anyio.fail_after(10):
        while True:
            try:
                state = (await anyio.Path(f"/proc/{pid}/stat").read_text()).split(")")[-1].split()[0]
            except (FileNotFoundError, ProcessLookupError):  # reaped between open() and read()
                return
            if state in ("Z", "X"):
                return
            await anyio.sleep(0.01)
