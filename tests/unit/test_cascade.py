"""Deleting a record deletes the records of its own type below it (the simulator's ``_descendants``)."""

from __future__ import annotations

from typing import Any

from mcp_sim.config import ToolSpec
from tests.unit.test_recall import path_of

ANY = {"type": "object", "additionalProperties": True}
TEXT: dict[str, Any] = {"type": "string"}


def _spec(tool: str, /, **arguments: dict[str, Any]) -> ToolSpec:
    return ToolSpec(name=tool, input_schema={"type": "object", "properties": arguments}, output_schema=ANY)


TASKS = (
    _spec("create_task", name=TEXT, parent_id=TEXT, project_id=TEXT),
    _spec("get_task", task_id=TEXT),
    _spec("delete_task", task_id=TEXT),
    _spec("create_project", name=TEXT),
)


async def test_a_deleted_task_takes_its_subtasks_and_theirs_but_not_its_siblings() -> None:
    path = path_of(*TASKS)

    async def made(**arguments: Any) -> str:
        answer = (await path.call("s", "create_task", arguments)).structured_content or {}
        return str(answer["task_id"] if "task_id" in answer else answer["id"])

    epic = await made(name="Billing v2")
    story = await made(name="Meter API calls", parent_id=epic)
    leaf = await made(name="Add a counter table", parent_id=story)
    other = await made(name="Invoices")
    assert not (await path.call("s", "delete_task", {"task_id": epic})).is_error
    for gone in (epic, story, leaf):
        assert (await path.call("s", "get_task", {"task_id": gone})).is_error  # not found, with the epic
    assert not (await path.call("s", "get_task", {"task_id": other})).is_error


async def test_a_record_naming_another_types_record_stays() -> None:
    path = path_of(*TASKS)
    project = (await path.call("s", "create_project", {"name": "Shop"})).structured_content or {}
    project_id = str(project.get("project_id") or project.get("id"))
    task = (await path.call("s", "create_task", {"name": "Cart", "project_id": project_id})).structured_content or {}
    task_id = str(task.get("task_id") or task.get("id"))
    other = (await path.call("s", "create_task", {"name": "Checkout"})).structured_content or {}
    assert not (await path.call("s", "delete_task", {"task_id": str(other.get("task_id") or other.get("id"))})).is_error
    assert not (await path.call("s", "get_task", {"task_id": task_id})).is_error  # a sibling, under a project
