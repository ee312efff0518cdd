"""Lists answered in a learned shape show the records the call selects, and count them as shown."""

from __future__ import annotations

import json
from typing import Any

from mcp.types import CallToolResult

from mcp_sim.calls import CallPath
from mcp_sim.catalog.specs import catalog_of
from mcp_sim.config import Example, Experiment, ToolSpec
from mcp_sim.perturbations.base import NoPerturbations
from mcp_sim.routing.flags import Routing
from mcp_sim.simulation.builtin.selection import by_name, criterion
from mcp_sim.simulation.builtin.simulator import SchemaWorldModel
from mcp_sim.state.memory import MemoryStore


def answered(body: dict[str, Any]) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": json.dumps(body, indent=2)}], "isError": False}


def schema(*names: str) -> dict[str, Any]:
    return {"type": "object", "properties": {n: {"type": "string"} for n in names}}


TODO = {"id": "0", "text": "Call the landlord +home", "completed": False}
SPECS = [
    ToolSpec(
        name="add_todo",
        input_schema=schema("text"),
        examples=[Example(arguments={"text": "Call the landlord +home"}, result=answered({"todo": TODO}))],
    ),
    ToolSpec(
        name="filter_by_project",
        input_schema=schema("project"),
        examples=[
            Example(arguments={"project": "home"}, result=answered({"todos": [TODO], "count": 1, "project": "home"}))
        ],
    ),
    ToolSpec(
        name="search_todos",
        input_schema=schema("query"),
        examples=[Example(arguments={"query": "landlord"}, result=answered({"todos": [TODO], "count": 1}))],
    ),
]


def path() -> CallPath:
    experiment = Experiment.model_validate({"name": "lists", "seed": 0, "state": "memory://"})
    catalog = catalog_of(SPECS, "test")
    return CallPath(experiment, catalog, {}, SchemaWorldModel(), MemoryStore(), NoPerturbations(), Routing("sim"))


def body(result: CallToolResult) -> Any:
    return json.loads(result.content[0].text)  # type: ignore[union-attr]


async def test_a_learned_list_shows_only_what_the_call_selects_and_counts_it() -> None:
    calls = path()
    await calls.call("s", "add_todo", {"text": "Write API docs +apidocs"})
    await calls.call("s", "add_todo", {"text": "Book the venue +offsite"})
    nothing = body(await calls.call("s", "filter_by_project", {"project": "nope"}))
    assert nothing == {"todos": [], "count": 0, "project": "nope"}  # neither the example's todo nor the session's
    offsite = body(await calls.call("s", "filter_by_project", {"project": "offsite"}))
    assert [t["text"] for t in offsite["todos"]] == ["Book the venue +offsite"] and offsite["count"] == 1
    found = body(await calls.call("s", "search_todos", {"query": "API"}))
    assert [t["text"] for t in found["todos"]] == ["Write API docs +apidocs"] and found["count"] == 1


def test_the_criterion_a_tool_is_named_after() -> None:
    assert criterion("filter_by_project", {"project": "x", "include_completed": True}) == ("project", "x")
    assert criterion("listTasksByStatus", {"status": "open"}) == ("status", "open")
    assert criterion("list_todos", {"project": "x"}) is None  # not named after a criterion: nothing selected
    records = [{"id": 1, "project": "a"}, {"id": 2, "text": "x +b"}, {"id": 3, "text": "x +c"}]
    assert by_name("filter_by_project", {"project": "b"}, records) == records[:2]  # a field is judged elsewhere


async def test_a_listed_entity_the_session_only_updated_shows_its_id() -> None:
    update = ToolSpec(
        name="update_todo",
        input_schema=schema("todo_id", "text"),
        examples=[Example(arguments={"todo_id": "0", "text": "x"}, result=answered({"success": True}))],
    )
    listing = ToolSpec(
        name="list_todos",
        input_schema=schema(),
        examples=[Example(arguments={}, result=answered({"todos": [TODO], "count": 1}))],
    )
    experiment = Experiment.model_validate({"name": "lists", "seed": 0, "state": "memory://"})
    catalog = catalog_of([SPECS[0], update, listing], "test")
    calls = CallPath(experiment, catalog, {}, SchemaWorldModel(), MemoryStore(), NoPerturbations(), Routing("sim"))
    await calls.call("s", "update_todo", {"todo_id": "9", "text": "Fix the boiler"})  # an open world: assumed
    listed = body(await calls.call("s", "list_todos", {}))
    assert [(t["id"], t["text"]) for t in listed["todos"]] == [("9", "Fix the boiler")]


async def test_a_list_shows_the_records_of_the_type_most_like_its_items_and_none_of_an_unlike_one() -> None:
    from mcp_sim.ledger.entities import Effect

    stamp = {"type": "entity", "createdAt": "2026-01-01", "version": 1}
    graph = ToolSpec(
        name="read_graph",
        input_schema=schema(),
        examples=[
            Example(
                arguments={},
                result=answered(
                    {
                        "entities": [{"name": "Old", "entityType": "x", **stamp}],
                        "relations": [{"from": "Old", "to": "Older", "relationType": "r", **stamp, "type": "relation"}],
                        "decisions": [{"id": 9, "choice": "Old choice"}],
                    }
                ),
            )
        ],
    )
    world = [
        Effect("create", "entity", "Ada", {"name": "Ada", "entityType": "person", **stamp}),
        Effect("create", "relation", "r-1", {"from": "Ada", "to": "Bob", "relationType": "knows"}),
    ]
    experiment = Experiment.model_validate({"name": "lists", "seed": 0, "state": "memory://"})
    calls = CallPath(
        experiment,
        catalog_of([graph], "test"),
        {},
        SchemaWorldModel(),
        MemoryStore(),
        NoPerturbations(),
        Routing("sim"),
        world=world,
    )
    shown = body(await calls.call("s", "read_graph", {}))
    assert [e["name"] for e in shown["entities"]] == ["Ada"]
    assert [(r["from"], r["to"]) for r in shown["relations"]] == [("Ada", "Bob")]  # not the entities again
    assert shown["decisions"] == []  # no type is like it (an id alone says nothing): nothing invented
