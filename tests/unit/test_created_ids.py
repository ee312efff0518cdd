"""Where a create's answer holds the id it made (created_ids.py): made-up tools whose answers wrap the id."""

from __future__ import annotations

import json
from typing import Any

from mcp_sim.config import Example, ToolSpec
from mcp_sim.ledger.created_ids import id_path, successful_bodies
from mcp_sim.ledger.effects import EntityTypes, effect_of


def _answer(body: dict[str, Any], error: bool = False) -> Example:
    return Example(arguments={}, result={"content": [{"type": "text", "text": json.dumps(body)}], "isError": error})


def test_the_schema_says_where_the_id_is_one_envelope_down() -> None:
    schema = {"type": "object", "properties": {"ok": {"type": "boolean"},
              "data": {"type": "object", "properties": {"recipe_id": {"type": "string"}}}}}  # fmt: skip
    assert id_path("recipe", schema, []) == "data.recipe_id"
    assert id_path("recipe", {"type": "object", "properties": {"status": {"type": "string"}}}, []) is None


def test_recorded_answers_say_where_the_minted_id_is_when_no_schema_does() -> None:
    bodies = successful_bodies([_answer({"error": "x"}, error=True), _answer({"message": "ok", "insertedId": 2})])
    assert bodies == [{"message": "ok", "insertedId": 2}]
    assert id_path("row", None, bodies) == "insertedId"
    assert id_path("row", None, [{"message": "ok", "count": 2}]) is None  # no name for an id: nothing guessed


def test_a_create_learns_its_id_field_and_integer_ids_from_its_answers() -> None:
    props = {"shelf": {"type": "string"}, "fields": {"type": "object"}}
    spec = ToolSpec(
        name="create_entry",
        input_schema={"type": "object", "properties": props},
        examples=[_answer({"message": "Entry created", "insertedId": 7})],
    )
    assert effect_of(spec).id == "insertedId"
    types = EntityTypes([spec, ToolSpec(name="list_entries")])
    assert types.id_fields["entry"] == "insertedId" and "entry" in types.integer_ids
    bare = ToolSpec(name="create_entry", input_schema={"type": "object", "properties": props})
    assert effect_of(bare).id == "id"  # nothing recorded: the default
