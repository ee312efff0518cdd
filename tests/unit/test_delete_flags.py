"""An edit told to delete (``update_task(id, delete=true)``) deletes, simulated or real (ledger/delete_flags.py)."""

from __future__ import annotations

from mcp.types import CallToolResult, TextContent

from mcp_sim.config import ToolSpec
from mcp_sim.ledger.delete_flags import deletes
from mcp_sim.ledger.effects import EntityTypes, observed_effects
from tests.unit.test_recall import path_of, text

TASK = {"type": "object", "properties": {"id": {"type": "string"}, "name": {"type": "string"},
        "delete": {"type": "boolean"}}}  # fmt: skip
SPECS = [
    ToolSpec(name="create_task", input_schema=TASK),
    ToolSpec(name="update_task", input_schema=TASK),
    ToolSpec(name="get_task", input_schema=TASK),
]


def test_the_flag_is_a_delete_remove_or_destroy_argument_set_true() -> None:
    assert deletes({"id": "t1", "delete": True}) and deletes({"remove": "true"}) and deletes({"Destroy": True})
    assert not deletes({"id": "t1", "delete": False}) and not deletes({"deleted_at": True, "name": "x"})


async def test_a_simulated_edit_with_its_delete_flag_set_leaves_nothing_to_read() -> None:
    path = path_of(*SPECS)
    made = await path.call("s", "create_task", {"name": "Try a dark logo"})
    task_id = next(w for w in text(made).replace(",", " ").split() if w.startswith("task-"))
    await path.call("s", "update_task", {"id": task_id, "name": "Try a light logo"})
    assert not (await path.call("s", "get_task", {"id": task_id})).is_error
    await path.call("s", "update_task", {"id": task_id, "delete": True})
    gone = await path.call("s", "get_task", {"id": task_id})
    assert gone.is_error and "not found" in text(gone)


def test_a_real_edit_with_its_delete_flag_set_is_learned_as_a_delete() -> None:
    answer = CallToolResult(content=[TextContent(type="text", text='{"deleted": true, "id": "af714epn"}')])
    effects = observed_effects(SPECS[1], {"id": "af714epn", "delete": True}, answer, EntityTypes(SPECS))
    assert ("delete", "task", "af714epn") in [(e.op, e.entity, e.id) for e in effects]
