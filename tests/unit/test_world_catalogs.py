"""A learned listing of a kind no tool creates shows the items its own answers showed: the world's, not a session's."""

from __future__ import annotations

import json
from typing import Any

from mcp_sim.calls import CallPath
from mcp_sim.catalog.specs import catalog_of
from mcp_sim.config import Example, Experiment, ToolSpec
from mcp_sim.perturbations.base import NoPerturbations
from mcp_sim.routing.flags import Routing
from mcp_sim.simulation.builtin.simulator import SchemaWorldModel
from mcp_sim.state.memory import MemoryStore

TEMPLATES = [{"name": "banking", "description": "Retail banking"}, {"name": "retail", "description": "Shops"}]
RUNS = [{"label": "nightly", "seed": 7}]  # no id field: only the created kind keeps it out


def answered(body: dict[str, Any]) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": json.dumps(body)}], "isError": False}


def path(specs: list[ToolSpec]) -> CallPath:
    experiment = Experiment.model_validate({"name": "catalogs", "seed": 0, "state": "memory://"})
    catalog = catalog_of(specs, "test")
    return CallPath(experiment, catalog, {}, SchemaWorldModel(), MemoryStore(), NoPerturbations(), Routing("sim"))


def specs() -> list[ToolSpec]:
    none: dict[str, Any] = {"type": "object", "properties": {}}
    seeded = {"type": "object", "properties": {"template": {"type": "string"}, "seed": {"type": "integer"}}}
    return [
        ToolSpec(
            name="list_templates_shipped",
            input_schema=none,
            examples=[Example(arguments={}, result=answered({"templates": TEMPLATES}))],
        ),
        ToolSpec(
            name="create_trial_run",
            input_schema=seeded,
            examples=[Example(arguments={"template": "banking", "seed": 7}, result=answered(RUNS[0]))],
        ),
        ToolSpec(
            name="search_shipped_templates",
            input_schema={"type": "object", "properties": {"query": {"type": "string"}}},
            examples=[Example(arguments={"query": "ban"}, result=answered({"templates": TEMPLATES[:1]}))],
        ),
        ToolSpec(
            name="list_trial_runs", input_schema=none, examples=[Example(arguments={}, result=answered({"runs": RUNS}))]
        ),
    ]


async def test_a_listing_of_a_kind_no_tool_creates_shows_the_items_it_was_seen_showing() -> None:
    result = await path(specs()).call("s", "list_templates_shipped", {})
    assert json.loads(result.content[0].text) == {"templates": TEMPLATES}  # type: ignore[union-attr]


async def test_a_listing_of_a_kind_a_tool_creates_shows_only_the_sessions_records() -> None:
    calls = path(specs())
    before = json.loads((await calls.call("s", "list_trial_runs", {})).content[0].text)  # type: ignore[union-attr]
    assert before == {"runs": []}  # the example's run is another session's: never this one's
    await calls.call("s", "create_trial_run", {"template": "retail", "seed": 3})
    after = json.loads((await calls.call("s", "list_trial_runs", {})).content[0].text)  # type: ignore[union-attr]
    assert [r["seed"] for r in after["runs"]] == [3]


async def test_a_search_shows_the_items_only_for_the_question_it_was_seen_answering() -> None:
    calls = path(specs())
    other = json.loads((await calls.call("s", "search_shipped_templates", {"query": "ret"})).content[0].text)  # type: ignore[union-attr]
    assert other == {"templates": []}  # what another question found is not this one's answer
    same = json.loads((await calls.call("s", "search_shipped_templates", {"query": "ban"})).content[0].text)  # type: ignore[union-attr]
    assert same == {"templates": TEMPLATES[:1]}


async def test_a_read_asked_again_shows_the_list_it_was_seen_showing() -> None:
    totals = [{"label": "unread", "count": 4}, {"label": "starred", "count": 1}]
    stats = ToolSpec(
        name="get_shelf_totals",
        input_schema={"type": "object", "properties": {"shelf_id": {"type": "integer"}}},
        examples=[Example(arguments={"shelf_id": 1}, result=answered({"shelf_id": 1, "totals": totals}))],
    )
    calls = path([*specs(), stats])
    again = json.loads((await calls.call("s", "get_shelf_totals", {"shelf_id": 1})).content[0].text)  # type: ignore[union-attr]
    assert again["totals"] == totals
