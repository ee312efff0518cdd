"""An editing tool given only the id of what it edits refuses, as real servers do (empty_updates.py)."""

from __future__ import annotations

from typing import Any

import pytest

from mcp_sim.config import ToolSpec
from mcp_sim.errors import InvalidArguments
from mcp_sim.ledger.effects import effect_of
from mcp_sim.simulation.builtin.empty_updates import check


def _tool(name: str, required: list[str], *optional: str, **types: str) -> ToolSpec:
    names = [*required, *optional]
    properties = {n: {"type": types.get(n, "string")} for n in names}
    return ToolSpec(name=name, input_schema={"type": "object", "properties": properties, "required": required})


def _check(spec: ToolSpec, arguments: dict[str, Any]) -> None:
    check(spec, effect_of(spec), arguments)


@pytest.mark.parametrize("name", ["update_bug", "edit_card", "note_update", "modifyTask"])
def test_an_edit_naming_only_its_record_says_which_fields_it_could_change(name: str) -> None:
    spec = _tool(name, ["id"], "title", "severity", "dry_run", dry_run="boolean")
    with pytest.raises(InvalidArguments, match="nothing to update: pass at least one of severity, title"):
        _check(spec, {"id": "rec_00001"})
    with pytest.raises(InvalidArguments, match="nothing to update"):
        _check(spec, {"id": "rec_00001", "title": None, "dry_run": True})  # None is no value; a preview no field
    _check(spec, {"id": "rec_00001", "severity": "low"})
    _check(spec, {"id": "rec_00001", "title": ""})  # a value, even an empty one, is something to write


def test_a_parent_id_is_no_change_either() -> None:
    spec = _tool("update_task", ["project_id", "task_id"], "status")
    with pytest.raises(InvalidArguments, match="pass at least one of status"):
        _check(spec, {"project_id": "p1", "task_id": "t1"})


def test_tools_that_change_by_being_called_or_take_their_change_as_required_pass() -> None:
    _check(_tool("archive_task", ["task_id"], "reason"), {"task_id": "t1"})  # archiving is the change
    _check(_tool("complete_todo", ["id"], "note"), {"id": "1"})
    _check(_tool("update_status", ["task_id", "status"]), {"task_id": "t1", "status": "done"})
    _check(_tool("update_task", ["task_id"]), {"task_id": "t1"})  # nothing it could change: not refused here
    _check(_tool("get_task", ["task_id"], "fields"), {"task_id": "t1"})
