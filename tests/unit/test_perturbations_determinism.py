"""Same seed and same calls: byte-identical results and decisions. A different seed changes them.

Runs through the real call path (CallPath + schema simulator + memory store) and, for the listing, through
an in-process MCP client, so nothing is mocked between the profile and what the agent receives.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mcp import Client, MCPError

from mcp_sim.calls import CallPath
from mcp_sim.serving.mcp_server import build_server
from tests.unit.perturb_helpers import REPO, call_path, dumped

HOSTILE = str(REPO / "perturbations" / "hostile.yaml")
FAST = [  # the hostile mix minus its delays, so the test is quick
    {"type": "error", "name": "rl", "probability": 0.2, "kind": "rate_limited"},
    {"type": "error", "name": "rpc", "probability": 0.1, "kind": "unavailable", "layer": "jsonrpc"},
    {"type": "paginate", "match": {"tools": ["list_*"]}, "page_size": 2},
    {"type": "truncate", "match": {"tools": ["get_*"]}, "probability": 0.3, "max_chars": 40},
    {"type": "schema_drift", "match": {"tools": ["get_*"]}, "probability": 0.3, "rename": {"title": "name"}},
    {"type": "partial_failure", "probability": 0.7, "ratio": 0.4},
    {"type": "latency", "distribution": "lognormal", "median_ms": 0.01, "sigma": 1.0},
]


async def _episode(path: CallPath, session: str) -> list[str]:
    """A scripted agent: creates, batches, lists (following cursors), reads, deletes."""
    seen: list[str] = []

    async def call(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        try:
            result = await path.call(session, name, arguments)
        except Exception as exc:  # JSON-RPC errors are part of the trajectory too
            seen.append(f"{type(exc).__name__}: {exc}")
            return {}
        seen.append(dumped(result))
        return result.structured_content or {}

    for i in range(4):
        await call("create_ticket", {"title": f"t{i}", "priority": "high"})
    await call("create_tickets", {"tickets": [{"title": f"b{i}"} for i in range(6)]})
    body = await call("list_tickets", {})
    while "next_cursor" in body:
        body = await call("list_tickets", {"cursor": body["next_cursor"]})
    for i in range(1, 5):
        await call("get_ticket", {"ticket_id": f"ticket-{i}"})
    await call("delete_tickets", {"ticket_ids": [f"ticket-{i}" for i in range(1, 8)]})
    return seen


async def _run(tmp_path: Path, seed: int, perturbations: Any) -> tuple[list[str], str]:
    async with call_path(tmp_path, perturbations, seed=seed) as path:
        results = await _episode(path, "episode-1")
        turns = await path.store.turns(path.experiment.name, "episode-1")
        state = await path.store.load(path.experiment.name, "episode-1")
        record = [[t.decisions, [e.to_json() for e in t.effects]] for t in turns]
        return results, json.dumps([record, state.ledger.to_json(), state.cursors], sort_keys=True)


async def test_same_seed_gives_byte_identical_results_and_decisions(tmp_path: Path) -> None:
    first = await _run(tmp_path, 11, FAST)
    second = await _run(tmp_path, 11, FAST)
    assert first == second
    decisions = json.loads(first[1])[0]
    kinds = {d["type"] for turn, _ in decisions for d in turn}
    assert {"error", "paginate", "partial_failure", "latency"} <= kinds, "the script exercises the profile"


async def test_a_different_seed_changes_results_and_decisions(tmp_path: Path) -> None:
    first = await _run(tmp_path, 11, FAST)
    other = await _run(tmp_path, 12, FAST)
    assert first[0] != other[0]
    assert first[1] != other[1]


async def test_ready_hostile_profile_is_deterministic_through_an_mcp_client(tmp_path: Path) -> None:
    async def listing(seed: int) -> list[str]:
        async with call_path(tmp_path, HOSTILE, seed=seed) as path, Client(build_server(path)) as client:
            listed = await client.list_tools()
            out = [json.dumps(t.model_dump(by_alias=True, exclude_none=True), sort_keys=True) for t in listed.tools]
            for i in range(3):
                try:
                    result = await client.call_tool("create_ticket", {"title": f"t{i}"}, meta={"mcp-sim/session": "k"})
                except MCPError as exc:  # hostile.yaml injects some JSON-RPC errors
                    out.append(f"{exc.code} {exc.message}")
                    continue
                out.append(dumped(result))
            return out

    assert await listing(3) == await listing(3)
