"""Actions a description refuses on a finished item (refused_states.py), on made-up tools."""

from typing import Any

from mcp_sim.config import ToolSpec
from mcp_sim.simulation.builtin.refused_states import refuses_finished
from tests.unit.test_recall import path_of, text

STRING = {"type": "string"}


def _spec(name: str, description: str, *keys: str) -> ToolSpec:
    schema = {"type": "object", "properties": {k: STRING for k in keys}, "required": list(keys)}
    return ToolSpec(name=name, description=description, input_schema=schema)


CHORES = [
    _spec("add_chore", "Add a chore.", "houseId", "title"),
    _spec("finish_chore", "Mark a chore as finished.", "houseId", "choreId"),
    _spec("reopen_chore", "Reopen a chore.", "houseId", "choreId"),
    _spec("drop_chore", "Remove a chore. Only unfinished chores can be removed.", "houseId", "choreId"),
    _spec("rename_chore", "Rename a chore.", "houseId", "choreId", "title"),
]


def test_refusals_read_from_descriptions() -> None:
    assert refuses_finished("Delete incomplete chores, but does not allow deleting completed chores.")
    assert refuses_finished("Closed tickets cannot be edited.")
    assert refuses_finished("Only uncompleted chores can be updated.")
    assert not refuses_finished("Delete a chore. The deletion cannot be undone.")
    assert not refuses_finished("Only completed chores are listed.")


async def _ok(path: Any, tool: str, arguments: dict[str, Any]) -> None:
    result = await path.call("s", tool, arguments)
    assert not result.is_error, text(result)


async def test_a_finished_item_is_refused_where_the_description_says_so() -> None:
    path = path_of(*CHORES)
    await _ok(path, "finish_chore", {"houseId": "h1", "choreId": "c1"})
    refused = await path.call("s", "drop_chore", {"houseId": "h1", "choreId": "c1"})
    assert refused.is_error and "completed" in text(refused)
    await _ok(path, "rename_chore", {"houseId": "h1", "choreId": "c1", "title": "Dishes"})  # no refusal stated
    await _ok(path, "drop_chore", {"houseId": "h1", "choreId": "c2"})  # another chore, never finished
    await _ok(path, "reopen_chore", {"houseId": "h1", "choreId": "c1"})
    await _ok(path, "drop_chore", {"houseId": "h1", "choreId": "c1"})  # open again
