"""A created record holds the text defaults its create declares (builtin/simulator.py ``_told_defaults``): the server
applies them, and later reads and lists show them."""

from __future__ import annotations

from typing import Any

from mcp_sim.config import ToolSpec
from tests.unit.test_recall import path_of

ANY: dict[str, Any] = {"type": "object", "additionalProperties": True}
CREATE: dict[str, Any] = {
    "type": "object",
    "properties": {
        "title": {"type": "string"},
        "type": {"type": "string", "default": "architecture"},
        "deciders": {"type": "string", "default": ""},
        "limit": {"type": "integer", "default": 10},
        "dry_run": {"type": "boolean", "default": False},
    },
    "required": ["title"],
}


async def test_a_created_record_holds_the_text_defaults_the_call_left_out() -> None:
    path = path_of(
        ToolSpec(name="create_adr", input_schema=CREATE, output_schema=ANY),
        ToolSpec(name="list_adrs", input_schema={"type": "object", "properties": {}}, output_schema=ANY),
    )
    made = (await path.call("s", "create_adr", {"title": "Split the monolith"})).structured_content or {}
    assert made.get("type") == "architecture"
    # an empty text, a number or a flag is no field the server fills: mostly an option of the call
    assert "deciders" not in made and "limit" not in made and "dry_run" not in made
    given = (await path.call("s", "create_adr", {"title": "Use Kafka", "type": "integration"})).structured_content
    assert (given or {}).get("type") == "integration"  # what the call gave wins
    listed = (await path.call("s", "list_adrs", {})).structured_content or {}
    assert sorted(r.get("type") for r in listed["adrs"]) == ["architecture", "integration"], listed
