"""A kind no tool makes (tags, rooms) is listed as the names the session's changes gave it (implied.py)."""

from __future__ import annotations

from typing import Any

from mcp.types import CallToolResult, TextContent

from mcp_sim.calls import CallPath
from mcp_sim.catalog.specs import catalog_of
from mcp_sim.config import Experiment, ToolSpec
from mcp_sim.ledger.effects import plural, singular
from mcp_sim.perturbations.base import NoPerturbations
from mcp_sim.routing.flags import Routing
from mcp_sim.simulation.builtin.simulator import SchemaWorldModel
from mcp_sim.state.memory import MemoryStore


def tool(name: str, props: dict[str, Any], out: dict[str, Any] | None = None) -> ToolSpec:
    return ToolSpec.model_validate(
        {"name": name, "inputSchema": {"type": "object", "properties": props}, "outputSchema": out}
    )


STRING = {"type": "string"}


def listing(key: str, item: dict[str, Any]) -> dict[str, Any]:
    """An outputSchema of one required list of objects with ``item``'s fields, all required."""
    items = {"type": "object", "properties": item, "required": list(item)}
    return {"type": "object", "properties": {key: {"type": "array", "items": items}}, "required": [key]}


ROOMS_OUT = listing("rooms", {"name": STRING})
AGENTS_OUT = listing("agents", {"name": STRING})
TAGS_OUT = listing("tags", {"tag": STRING, "count": {"type": "integer"}})


def path(specs: list[ToolSpec]) -> CallPath:
    experiment = Experiment.model_validate({"name": "implied", "seed": 2, "state": "memory://"})
    return CallPath(
        experiment, catalog_of(specs, "t"), {}, SchemaWorldModel(), MemoryStore(), NoPerturbations(), Routing("sim")
    )


def body(result: CallToolResult) -> Any:
    assert not result.is_error, result.content
    return result.structured_content


def chat() -> CallPath:
    return path(
        [
            tool("join_room", {"agent_name": STRING, "room": STRING}),
            tool("read_messages", {"agent_name": STRING, "room": STRING}),
            tool("list_rooms", {}, ROOMS_OUT),
            tool("list_agents", {"room": STRING}, AGENTS_OUT),
        ]
    )


async def test_rooms_agents_joined_are_listed_and_a_read_names_none() -> None:
    calls = chat()
    assert body(await calls.call("s", "list_rooms", {})) == {"rooms": []}
    for agent, room in (("qa", "release"), ("docs", "docs"), ("lead", "release")):
        assert not (await calls.call("s", "join_room", {"agent_name": agent, "room": room})).is_error
    await calls.call("s", "read_messages", {"agent_name": "qa", "room": "lobby"})  # a read: no lobby is made
    assert body(await calls.call("s", "list_rooms", {})) == {"rooms": [{"name": "release"}, {"name": "docs"}]}
    # scoped by the room: the agents that joined that room, not every agent
    assert body(await calls.call("s", "list_agents", {"room": "release"})) == {
        "agents": [{"name": "qa"}, {"name": "lead"}]
    }


async def test_tags_entries_carried_are_listed_with_how_many_carried_each() -> None:
    calls = path(
        [
            tool("add_entry", {"text": STRING, "tags": {"type": "array", "items": STRING}}),
            tool("list_tags", {}, TAGS_OUT),
        ]
    )
    await calls.call("s", "add_entry", {"text": "standup", "tags": ["work"]})
    await calls.call("s", "add_entry", {"text": "fixed CI", "tags": ["work", "ci"]})
    assert body(await calls.call("s", "list_tags", {})) == {
        "tags": [{"tag": "work", "count": 2}, {"tag": "ci", "count": 1}]
    }


async def test_prose_listing_names_the_projects_written_into_and_not_every_earlier_call() -> None:
    calls = path(
        [
            tool("memory_bank_write", {"projectName": STRING, "fileName": STRING, "content": STRING}),
            tool("list_projects", {}),
        ]
    )
    await calls.call("s", "memory_bank_write", {"projectName": "website", "fileName": "brief.md", "content": "Hi"})
    listed = await calls.call("s", "list_projects", {})
    text = "\n".join(b.text for b in listed.content if isinstance(b, TextContent))
    assert "website" in text and "brief.md" not in text and "Hi" not in text, text


def test_a_series_is_one_series() -> None:
    assert (singular("series"), plural("series"), singular("tags")) == ("series", "series", "tag")


async def test_a_kind_a_tool_creates_lists_what_was_created_not_names_calls_gave() -> None:
    calls = path(
        [
            tool("create_room", {"name": STRING}),
            tool("join_room", {"agent_name": STRING, "room": STRING}),
            tool("list_rooms", {}, ROOMS_OUT),
        ]
    )
    await calls.call("s", "create_room", {"name": "alpha"})
    await calls.call("s", "join_room", {"agent_name": "qa", "room": "beta"})
    names = [room["name"] for room in body(await calls.call("s", "list_rooms", {}))["rooms"]]
    assert names == ["alpha"]
