"""truncate, empty, schema_drift and instruct: result rewrites and world-model instructions."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mcp_sim.outcome import Outcome
from mcp_sim.simulation.base import SimulationRequest
from mcp_sim.simulation.builtin.simulator import SchemaWorldModel
from tests.unit.perturb_helpers import call_path, create_tickets, decisions, text


async def test_truncate_cuts_items_with_a_marker(tmp_path: Path) -> None:
    entry = {"type": "truncate", "match": {"tools": ["list_*"]}, "max_items": 2}
    async with call_path(tmp_path, [entry]) as path:
        await create_tickets(path, "s", 5)
        result = await path.call("s", "list_tickets", {})
        body = result.structured_content
        assert body is not None and len(body["tickets"]) == 2 and body["truncated"] is True
        assert json.loads(text(result)) == body, "the JSON text mirrors the structured content"
        assert body["total"] == 5, "totals still tell the truth, as real APIs do"


async def test_truncate_cuts_text_blocks_by_characters(tmp_path: Path) -> None:
    entry = {"type": "truncate", "max_chars": 30}
    async with call_path(tmp_path, [entry]) as path:
        result = await path.call("s", "create_ticket", {"title": "a rather long title " * 5})
        assert text(result).startswith(text(result)[:30]) and "[truncated" in text(result)
        assert result.structured_content is not None and len(result.structured_content["title"]) > 30
        [[decision]] = await decisions(path, "s")
        assert decision["changed"]["chars_dropped"] > 0


async def test_empty_gives_a_valid_empty_listing(tmp_path: Path) -> None:
    entry = {"type": "empty", "match": {"tools": ["list_*"], "every": 2}}
    async with call_path(tmp_path, [entry]) as path:
        await create_tickets(path, "s", 3)
        full = await path.call("s", "list_tickets", {})
        empty = await path.call("s", "list_tickets", {})
        assert full.structured_content is not None and len(full.structured_content["tickets"]) == 3
        assert empty.structured_content == {"tickets": [], "total": 0}


async def test_schema_drift_renames_and_drops_fields_everywhere(tmp_path: Path) -> None:
    entry = {"type": "schema_drift", "rename": {"title": "name"}, "drop": ["priority"]}
    async with call_path(tmp_path, [entry]) as path:
        result = await path.call("s", "create_ticket", {"title": "drifted", "priority": "low"})
        body = result.structured_content
        assert body is not None and body["name"] == "drifted"
        assert "title" not in body and "priority" not in body
        assert json.loads(text(result)) == body
        state = await path.store.load(path.experiment.name, "s")
        assert state.ledger.records("ticket")[0]["title"] == "drifted", "the world keeps its own shape"


class _Recorder(SchemaWorldModel):
    def __init__(self) -> None:
        super().__init__()
        self.instructions: list[list[str]] = []

    async def simulate(self, request: SimulationRequest) -> Outcome:
        self.instructions.append(list(request.instructions))
        return await super().simulate(request)


async def test_instruct_reaches_the_world_model_in_the_current_call_only(tmp_path: Path) -> None:
    entry: dict[str, Any] = {"type": "instruct", "match": {"turns": "2"}, "text": "Answer as if the cache is stale."}
    async with call_path(tmp_path, [entry]) as path:
        recorder = _Recorder()
        path.world_model = recorder
        for _ in range(3):
            await path.call("s", "list_tickets", {})
        assert recorder.instructions == [[], ["Answer as if the cache is stale."], []]


async def test_instruct_never_applies_on_the_real_route(tmp_path: Path) -> None:
    from mcp_sim.perturbations.base import CallInfo

    entry = {"type": "instruct", "text": "x"}
    async with call_path(tmp_path, [entry]) as path:
        info = CallInfo(0, "s", "list_tickets", {}, "real", 0)
        assert path.perturbations.plan(info).steps == []
        assert len(path.perturbations.plan(CallInfo(0, "s", "list_tickets", {}, "sim", 0)).steps) == 1
