"""A call that plans titled items (a sprint's stories) makes each one, as a child of its parent (planning.py)."""

import json
from typing import Any

from mcp.types import CallToolResult, TextContent

from mcp_sim.config import ToolSpec
from tests.unit.test_recall import path_of

STORY = {"type": "object", "properties": {"title": {"type": "string"}, "points": {"type": "string"}}}
SPECS = [
    ToolSpec(
        name="plan_sprint",
        input_schema={
            "type": "object",
            "properties": {
                "goal": {"type": "string"},
                "startDate": {"type": "string"},
                "stories": {"type": "array", "items": STORY},
            },
        },
    ),
    ToolSpec(
        name="add_stories",
        input_schema={
            "type": "object",
            "properties": {"sprintId": {"type": "string"}, "stories": {"type": "array", "items": STORY}},
        },
    ),
    ToolSpec(name="show_board", input_schema={"type": "object", "properties": {"sprintId": {"type": "string"}}}),
    ToolSpec(
        name="update_story",
        input_schema={"type": "object", "properties": {"storyId": {"type": "string"}, "points": {"type": "string"}}},
    ),
    ToolSpec(name="remove_story", input_schema={"type": "object", "properties": {"storyId": {"type": "string"}}}),
    ToolSpec(name="get_sprint", input_schema={"type": "object", "properties": {"sprintId": {"type": "string"}}}),
]
STORIES = [{"title": "Login", "points": "3"}, {"title": "Search"}]


def text(result: CallToolResult) -> str:
    assert isinstance(result.content[0], TextContent)
    return result.content[0].text


async def test_a_plan_makes_its_parent_and_each_item_with_ids_the_answer_shows() -> None:
    path = path_of(*SPECS)
    answer: dict[str, Any] = json.loads(
        text(await path.call("s", "plan_sprint", {"goal": "Beta", "startDate": "May 2", "stories": STORIES}))
    )
    assert answer["sprintId"] == "sprint-1" and answer["goal"] == "Beta"
    assert [(s["id"], s["title"], s["sprintId"]) for s in answer["stories"]] == [
        ("story-1", "Login", "sprint-1"),
        ("story-2", "Search", "sprint-1"),
    ]
    state = await path.store.load(path.experiment.name, "s")
    assert state.ledger.get("story", "story-1") == {
        "id": "story-1",
        "title": "Login",
        "points": "3",
        "sprintId": "sprint-1",
    }
    assert state.ledger.exists("sprint", "sprint-1")


async def test_later_calls_find_the_planned_items_and_an_id_never_minted_is_not_found() -> None:
    path = path_of(*SPECS)
    await path.call("s", "plan_sprint", {"goal": "Beta", "startDate": "May 2", "stories": STORIES})
    updated = await path.call("s", "update_story", {"storyId": "story-2", "points": "5"})
    assert not updated.is_error and "Search" in text(updated)  # the item's own fields, not only the call's
    assert not (await path.call("s", "remove_story", {"storyId": "story-1"})).is_error
    assert (await path.call("s", "remove_story", {"storyId": "story-9"})).is_error  # every story id was minted here
    shown = text(await path.call("s", "show_board", {"sprintId": "sprint-1"}))
    assert (
        "id: story-2, title: Search, sprintId: sprint-1, points: 5" in shown and "id: story-1" not in shown
    )  # its items as they are now


async def test_items_added_to_an_existing_parent_join_it_and_the_answer_shows_all_of_them() -> None:
    path = path_of(*SPECS)
    await path.call("s", "plan_sprint", {"goal": "Beta", "startDate": "May 2", "stories": STORIES})
    answer = json.loads(
        text(await path.call("s", "add_stories", {"sprintId": "sprint-1", "stories": [{"title": "Export"}]}))
    )
    assert [s["id"] for s in answer["stories"]] == ["story-1", "story-2", "story-3"]
    state = await path.store.load(path.experiment.name, "s")
    assert not state.ledger.exists("sprint", "sprint-2")  # no second parent


async def test_lists_of_values_or_of_items_naming_existing_things_plan_nothing() -> None:
    path = path_of(*SPECS)
    answer = text(
        await path.call(
            "s", "plan_sprint", {"goal": "Beta", "startDate": "May 2", "stories": [{"storyId": "x", "title": "A"}]}
        )
    )
    assert not answer.startswith("{")  # items with ids refer to stories; the general answer words the call
    state = await path.store.load(path.experiment.name, "s")
    assert not state.ledger.knows("story")
