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


CHARACTERS = {
    "name": "manage_character",
    "description": (
        'Manage NPCs.\n\nArgs:\n    session_id: The game session ID\n    action: Operation to perform - "create", '
        '"read", "update", "delete", or "list"\n    character_id: Required for read/update/delete.\n'
        "    character_data: Required for create/update.\n\nUse this to update a character's memories."
    ),
    "inputSchema": {
        "type": "object",
        "properties": {
            "session_id": {"type": "string"},
            "action": {"type": "string"},
            "character_id": {"type": "string", "default": None},
            "character_data": {"type": "object", "additionalProperties": True, "default": None},
        },
        "required": ["session_id", "action"],
    },
    "outputSchema": {"type": "object", "additionalProperties": True},
}
INVENTORY = {
    "name": "manage_inventory",
    "description": "Inventory.\n\nActions:\n- add/remove/update/check/list/use: supply item_name where required.",
    "inputSchema": {"type": "object", "properties": {"action": {"type": "string"}, "item_name": {"type": "string"}}},
}
TALK = {
    "name": "take_action",
    "description": "Take an action. Use it to create drama or to update the story.",
    "inputSchema": {"type": "object", "properties": {"action": {"type": "string"}}},
}


def test_the_operations_a_docstring_quotes_or_joins_with_slashes_route_a_tool_without_an_enum() -> None:
    spec = ToolSpec.model_validate(CHARACTERS)
    assert [v.name for v in variants(spec)] == [f"{verb}_character" for verb in
                                                ("create", "read", "update", "delete", "list")]  # fmt: skip
    found = routed(spec, {"session_id": "s1", "action": "read", "character_id": "c1"})
    assert found is not None and found[0].name == "read_character" and found[1] == {"session_id": "s1",
                                                                                     "character_id": "c1"}  # fmt: skip
    inventory = ToolSpec.model_validate(INVENTORY)
    assert [v.name for v in variants(inventory)] == ["add_inventory", "remove_inventory", "update_inventory",
                                                     "list_inventory"]  # fmt: skip
    # verbs used in a sentence are no options: the action is free text, and the call an act
    assert variants(ToolSpec.model_validate(TALK)) == []
    assert routed(ToolSpec.model_validate(TALK), {"action": "update"}) is None


async def test_a_create_through_a_docstring_routed_tool_names_its_id_as_the_reads_take_it(tmp_path: Path) -> None:
    path = tools_path(tmp_path, [CHARACTERS])
    tobin = {"name": "Old Tobin", "role": "keeper"}
    made = await path.call("s", "manage_character", {"session_id": "g1", "action": "create", "character_data": tobin})
    body = made.structured_content
    assert not made.is_error and isinstance(body, dict)
    assert "id" not in body and isinstance(body.get("character_id"), str)  # the envelope's key, as reads take it
    got = await path.call("s", "manage_character", {"session_id": "g1", "action": "read",
                                                    "character_id": body["character_id"]})  # fmt: skip
    shown = got.structured_content
    assert not got.is_error and isinstance(shown, dict)
    assert (shown.get("name"), shown.get("role")) == ("Old Tobin", "keeper")  # character_data's fields: its record
    missing = await path.call("s", "manage_character", {"session_id": "g1", "action": "delete",
                                                        "character_id": body["character_id"]})  # fmt: skip
    assert not missing.is_error
    gone = await path.call("s", "manage_character", {"session_id": "g1", "action": "read",
                                                     "character_id": body["character_id"]})  # fmt: skip
    assert gone.is_error
