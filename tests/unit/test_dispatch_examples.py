"""A dispatching tool's operations answer in the forms their own calls showed (dispatch._own_examples), echoing the
operation this call gave (simulator routing)."""

from __future__ import annotations

import json
from typing import Any

from mcp_sim.config import Example, ToolSpec
from tests.unit.test_recall import path_of, text

SCHEMA = {
    "type": "object",
    "properties": {
        "session_id": {"type": "string"},
        "action": {"type": "string", "description": 'One of "create", "read", "update", "delete".'},
        "character_id": {"type": "string"},
        "character_data": {"type": "object"},
    },
    "required": ["session_id", "action"],
}


def example(arguments: dict[str, Any], answer: dict[str, Any]) -> Example:
    return Example(arguments=arguments, result={"content": [{"type": "text", "text": json.dumps(answer)}]})


MANAGE = ToolSpec(
    name="manage_character",
    input_schema=SCHEMA,
    examples=[
        example(
            {"session_id": "s1", "action": "create", "character_data": {"name": "Tobin"}},
            {"success": True, "action": "create", "character_id": "char_ebdbeaba"},
        ),
        example(
            {"session_id": "s1", "action": "read", "character_id": "char_ebdbeaba"},
            {"success": True, "action": "read", "data": {"id": "char_ebdbeaba", "name": "Tobin"}},
        ),
    ],
)


async def test_each_operation_answers_in_its_own_form_and_names_the_operation_given() -> None:
    path = path_of(MANAGE)
    made = json.loads(text(await path.call("s", "manage_character", {"session_id": "s2", "action": "create",
                                                                      "character_data": {"name": "Lou"}})))  # fmt: skip
    assert set(made) == {"success", "action", "character_id"} and made["action"] == "create"
    read = {"session_id": "s2", "action": "read", "character_id": made["character_id"]}
    shown = json.loads(text(await path.call("s", "manage_character", read)))
    assert shown == {"success": True, "action": "read", "data": {"id": made["character_id"], "name": "Lou"}}
    update = {"session_id": "s2", "action": "update", "character_id": made["character_id"], "character_data": {}}
    changed = json.loads(text(await path.call("s", "manage_character", update)))
    assert changed["action"] == "update"  # no update was observed: a form of the tool, this call's operation
