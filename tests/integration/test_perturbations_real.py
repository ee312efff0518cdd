"""Perturbations on the real route, against a real MCP server (the SDK's low-level Server, spoken to
through the SDK Client in-process): results are transformed, and answers that need no backend (injected
errors, later pages, failed batch items) never reach it."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import yaml
from mcp import Client
from mcp.types import CallToolResult, Tool

from mcp_sim.calls import CallPath
from mcp_sim.catalog.specs import build_catalog
from mcp_sim.config import load_experiment
from mcp_sim.outcome import ProgressFn
from mcp_sim.perturbations.pipeline import ProfilePipeline
from mcp_sim.routing import flags as router
from mcp_sim.simulation.builtin.simulator import SchemaWorldModel
from mcp_sim.state.memory import MemoryStore
from tests.fixtures import perturb_upstream


class InProcessBackend:
    """A Backend over an SDK Client connected to an in-process server."""

    def __init__(self, name: str, client: Client) -> None:
        self.name = name
        self.client = client

    async def end_session(self, session: str) -> None:
        pass

    async def list_tools(self) -> list[Tool]:
        return list((await self.client.list_tools()).tools)

    async def call(
        self, tool: str, arguments: dict[str, Any], progress: ProgressFn | None, session: str | None = None
    ) -> CallToolResult:
        return await self.client.call_tool(tool, arguments)


@asynccontextmanager
async def real_path(tmp_path: Path, perturbations: list[dict[str, Any]]) -> AsyncIterator[CallPath]:
    perturb_upstream.ran.update({"list_items": 0, "deleted": []})
    doc = {"name": "perturb-real", "seed": 21, "route": "real", "perturbations": perturbations}
    doc["upstreams"] = {"up": {"command": "unused-served-in-process"}}
    (tmp_path / "exp.yaml").write_text(yaml.safe_dump(doc))
    loaded = load_experiment(tmp_path / "exp.yaml")
    async with Client(perturb_upstream.build()) as client:
        backend = InProcessBackend("up", client)
        pipeline = ProfilePipeline.of(loaded.profile)
        catalog = pipeline.expose(build_catalog(loaded, {"up": await backend.list_tools()}))
        routing = router.Routing.of("real", {})
        exp = loaded.experiment
        yield CallPath(exp, catalog, {"up": backend}, SchemaWorldModel(), MemoryStore(), pipeline, routing)


def _text(result: CallToolResult) -> str:
    return "\n".join(getattr(c, "text", "") for c in result.content)


async def test_partial_failure_sends_only_surviving_items_and_merges_errors(tmp_path: Path) -> None:
    entry = {"type": "partial_failure", "match": {"tools": ["delete_items"]}, "ratio": 0.5}
    async with real_path(tmp_path, [entry]) as path:
        ids = [f"item-{i}" for i in range(6)]
        result = await path.call("s", "delete_items", {"ids": ids})
        body = json.loads(_text(result))
        failed = [e["index"] for e in body["errors"]]
        assert len(failed) == 3 and all(e["item"] == ids[e["index"]] for e in body["errors"])
        assert body["deleted"] == [i for n, i in enumerate(ids) if n not in failed]
        assert perturb_upstream.ran["deleted"] == body["deleted"], "failed items never reached the backend"


async def test_later_pages_never_call_the_backend_again(tmp_path: Path) -> None:
    entry = {"type": "paginate", "match": {"tools": ["list_items", "grep_log"]}, "page_size": 3}
    async with real_path(tmp_path, [entry]) as path:
        listed = path.catalog.get("list_items")
        assert listed is not None and "cursor" in listed.tool.input_schema["properties"]
        first = await path.call("s", "list_items", {})
        assert first.structured_content is not None and len(first.structured_content["items"]) == 3
        second = await path.call("s", "list_items", {"cursor": first.structured_content["next_cursor"]})
        assert second.structured_content is not None
        third = await path.call("s", "list_items", {"cursor": second.structured_content["next_cursor"]})
        assert third.structured_content is not None
        assert [i["id"] for i in third.structured_content["items"]] == ["item-6"]
        assert "next_cursor" not in third.structured_content
        assert perturb_upstream.ran["list_items"] == 1
        lines = await path.call("s", "grep_log", {})
        assert "call again with cursor=" in _text(lines)


async def test_injected_errors_never_reach_the_backend(tmp_path: Path) -> None:
    entry = {"type": "error", "match": {"tools": ["list_items"]}, "kind": "internal"}
    async with real_path(tmp_path, [entry]) as path:
        result = await path.call("s", "list_items", {})
        assert result.is_error and "500 Internal Server Error" in _text(result)
        assert perturb_upstream.ran["list_items"] == 0


async def test_schema_drift_and_truncate_rewrite_real_answers(tmp_path: Path) -> None:
    entries = [
        {"type": "schema_drift", "match": {"tools": ["list_items"]}, "rename": {"name": "label"}},
        {"type": "truncate", "match": {"tools": ["list_items"]}, "max_items": 2},
    ]
    async with real_path(tmp_path, entries) as path:
        result = await path.call("s", "list_items", {})
        body = result.structured_content
        assert body is not None and body["items"] == [
            {"id": "item-0", "label": "Item 0"},
            {"id": "item-1", "label": "Item 1"},
        ]
        assert body["truncated"] is True and body["total"] == 7
