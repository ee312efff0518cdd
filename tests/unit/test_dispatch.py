"""A tool routing its calls by an operation argument is each tool it can be (ledger/dispatch.py); ids the simulator
makes pass the schemas its tools take them in (id_forms.fitting)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

from mcp_sim.config import ToolSpec
from mcp_sim.ledger.dispatch import routed, variants
from mcp_sim.ledger.effects import EntityTypes, infer_effect
from mcp_sim.ledger.id_forms import fitting
from tests.unit.helpers import tools_path

HEX32 = {"type": "string", "pattern": "^[0-9a-f]{32}$"}
MANAGE = {
    "name": "manage_container",
    "description": "Create, update or delete a project or task.",
    "inputSchema": {
        "type": "object",
        "properties": {
            "operation": {"type": "string", "enum": ["create", "update", "delete"]},
            "containerType": {"type": "string", "enum": ["project", "task"]},
            "id": HEX32,
            "projectId": HEX32,
            "title": {"type": "string"},
        },
        "required": ["operation", "containerType"],
    },
}
QUERY = {
    "name": "query_container",
    "description": "Get a project or task.",
    "inputSchema": {
        "type": "object",
        "properties": {
            "operation": {"type": "string", "enum": ["get", "search", "overview"]},
            "containerType": {"type": "string", "enum": ["project", "task"]},
            "id": HEX32,
        },
        "required": ["operation", "containerType"],
    },
}
SECTIONS = {
    "name": "manage_sections",
    "inputSchema": {
        "type": "object",
        "properties": {
            "operation": {"type": "string", "enum": ["add", "delete"]},
            "entityType": {"type": "string", "enum": ["TASK", "PROJECT"]},
            "entityId": {"type": "string"},
        },
    },
}


def test_a_call_is_the_tool_its_operation_and_type_name() -> None:
    spec = ToolSpec.model_validate(MANAGE)
    found = routed(spec, {"operation": "delete", "containerType": "task", "id": "ab" * 16})
    assert found is not None
    variant, arguments = found
    assert variant.name == "delete_task" and arguments == {"id": "ab" * 16}  # the routing is no record field
    effect = infer_effect(variant)
    assert (effect.kind, effect.entity, effect.id) == ("delete", "task", "id")
    assert routed(spec, {"operation": "overview", "containerType": "task"}) is None  # no entity verb: an act
    assert {v.name for v in variants(spec)} == {f"{verb}_{noun}" for verb in ("create", "update", "delete")
                                                 for noun in ("project", "task")}  # fmt: skip
    # a tool that names its own type keeps it: sections belong to the entity its entityType names
    sections = routed(ToolSpec.model_validate(SECTIONS), {"operation": "add", "entityType": "TASK", "entityId": "x"})
    assert sections is not None and sections[0].name == "add_sections"


def test_an_id_made_for_a_type_fits_the_pattern_its_tools_take_it_in() -> None:
    rng = random.Random(0)
    assert fitting("project-1", 1, rng, []) == "project-1"
    made = fitting("project-1", 1, rng, [HEX32])
    assert isinstance(made, str) and re.fullmatch(r"[0-9a-f]{32}", made)
    assert fitting("project-1", 1, rng, [{"type": "string", "format": "uuid"}]) != "project-1"
    types = EntityTypes([ToolSpec.model_validate(MANAGE), ToolSpec.model_validate(QUERY)])
    assert HEX32 in types.id_schemas["task"]


async def test_a_task_created_through_the_routing_tool_is_found_updated_and_deleted(tmp_path: Path) -> None:
    path = tools_path(tmp_path, [MANAGE, QUERY])

    def text(result: Any) -> str:
        assert not result.is_error, result.content
        return str(result.content[0].text)

    made = text(await path.call("s", "manage_container", {"operation": "create", "containerType": "task",
                                                          "title": "Page on 5xx"}))  # fmt: skip
    (task_id,) = re.findall(r"\b[0-9a-f]{32}\b", made)  # its id passes the tools' own pattern
    got = text(await path.call("s", "query_container", {"operation": "get", "containerType": "task", "id": task_id}))
    assert "Page on 5xx" in got and "operation" not in got
    await path.call("s", "manage_container", {"operation": "delete", "containerType": "task", "id": task_id})
    gone = await path.call("s", "query_container", {"operation": "get", "containerType": "task", "id": task_id})
    assert gone.is_error
    assert json.dumps(task_id)  # a string id
