"""outputSchemas that are a union of outcomes (unions.py): successes in the success branch, failures in the
failure branch, every success valid for the whole union. The tools are made up (a recipe box)."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest

from mcp_sim.config import ToolSpec
from mcp_sim.errors import EntityNotFound
from mcp_sim.outcome import Outcome
from mcp_sim.simulation.base import SimulationRequest
from mcp_sim.simulation.builtin.unions import answered, failure_schema, is_failure, success_schema
from mcp_sim.state.base import SessionState
from tests.unit.test_recall import path_of, text

ERROR = {
    "type": "object",
    "properties": {
        "ok": {"type": "boolean", "const": False},
        "error": {
            "type": "object",
            "properties": {
                "code": {"type": "string", "enum": ["RECIPE_NOT_FOUND", "ALREADY_EXISTS", "INVALID"]},
                "message": {"type": "string"},
            },
            "required": ["code", "message"],
        },
    },
    "required": ["ok", "error"],
}


def _envelope(data: dict[str, Any]) -> dict[str, Any]:
    success = {
        "type": "object",
        "properties": {"ok": {"type": "boolean", "const": True}, "data": {"$ref": "#/$defs/Data"}},
        "required": ["ok", "data"],
    }
    return {"type": "object", "$defs": {"Data": data}, "oneOf": [success, ERROR]}


RECIPE = {
    "type": "object",
    "properties": {
        "id": {"type": "string"},
        "title": {"type": "string"},
        "etag": {"type": "string", "pattern": "^[a-f0-9]{16}$"},
    },
    "required": ["id", "title", "etag"],
}
STRING = {"type": "string"}
SPECS = [
    ToolSpec(
        name="create_recipe",
        input_schema={"type": "object", "properties": {"title": STRING}, "required": ["title"]},
        output_schema=_envelope(RECIPE),
    ),
    ToolSpec(
        name="get_recipe",
        input_schema={"type": "object", "properties": {"recipe_id": STRING}, "required": ["recipe_id"]},
        output_schema=_envelope(RECIPE),
    ),
    ToolSpec(
        name="delete_recipe",
        input_schema={"type": "object", "properties": {"recipe_id": STRING}, "required": ["recipe_id"]},
        output_schema=_envelope({"type": "object", "properties": {"recipe_id": STRING}, "required": ["recipe_id"]}),
    ),
]


def test_the_failure_branch_is_told_by_a_required_error_or_a_status_that_can_only_fail() -> None:
    assert is_failure(ERROR)
    assert is_failure({"properties": {"status": {"enum": ["error", "failed"]}, "detail": STRING}})
    assert not is_failure({"properties": {"ok": {"const": True}, "data": {"type": "object"}}})
    assert not is_failure({"properties": {"status": {"enum": ["done", "failed"]}}, "required": ["status"]})


def test_a_union_narrows_to_its_success_branch_and_keeps_its_definitions() -> None:
    schema = _envelope(RECIPE)
    success = success_schema(schema)
    assert success is not None and set(success["properties"]) == {"ok", "data"}
    assert success["$defs"] == {"Data": RECIPE} and "oneOf" not in success
    failure = failure_schema(schema)
    assert failure is not None and set(failure["properties"]) == {"ok", "error"}
    plain = {"type": "object", "properties": {"id": STRING}}
    assert success_schema(plain) is plain and failure_schema(plain) is None


def test_a_union_of_two_successes_narrows_to_the_first_and_has_no_failure_branch() -> None:
    first = {"type": "object", "properties": {"rows": {"type": "array"}}, "required": ["rows"]}
    second = {"type": "object", "properties": {"count": {"type": "integer"}}, "required": ["count"]}
    schema = {"anyOf": [first, second]}
    narrowed = success_schema(schema)
    assert narrowed is not None and set(narrowed["properties"]) == {"rows"}
    assert failure_schema(schema) is None


async def test_successes_are_valid_for_the_union_and_failures_answer_in_the_failure_branch() -> None:
    path = path_of(*SPECS)
    validator = jsonschema.Draft202012Validator(SPECS[0].output_schema or {})
    made = await path.call("s", "create_recipe", {"title": "Lemon tart"})
    assert not made.is_error, text(made)
    body = made.structured_content or {}
    assert validator.is_valid(body), list(validator.iter_errors(body))
    assert body["ok"] is True and body["data"]["title"] == "Lemon tart"  # the argument, not a drawn value
    recipe_id = body["data"]["id"]
    read = await path.call("s", "get_recipe", {"recipe_id": recipe_id})
    assert not read.is_error and (read.structured_content or {})["data"]["id"] == recipe_id
    assert not (await path.call("s", "delete_recipe", {"recipe_id": recipe_id})).is_error
    gone = await path.call("s", "get_recipe", {"recipe_id": recipe_id})
    assert gone.is_error
    error = gone.structured_content or {}
    assert error == {"ok": False, "error": {"code": "RECIPE_NOT_FOUND", "message": text(gone)}}  # required only
    assert recipe_id in text(gone)


async def test_a_failure_the_world_model_raises_is_answered_in_the_failure_branch() -> None:
    async def refuse(request: SimulationRequest) -> Outcome:
        assert "oneOf" not in (request.spec.output_schema or {})  # the rules see the success branch only
        raise EntityNotFound("recipe 'r-9' not found")

    async def no_history(start: int) -> list[Any]:
        return []

    session = SessionState("unions", "s", ephemeral=True)
    request = SimulationRequest(SPECS[1], {"recipe_id": "r-9"}, session, 0, 5, no_history)
    outcome = await answered(request, refuse)
    assert outcome.result.is_error
    assert outcome.result.structured_content == {
        "ok": False,
        "error": {"code": "RECIPE_NOT_FOUND", "message": "recipe 'r-9' not found"},
    }
    plain = ToolSpec(name="get_note", input_schema={"type": "object"}, output_schema=RECIPE)
    with pytest.raises(EntityNotFound):  # no failure branch: the failure goes on as raised
        await answered(SimulationRequest(plain, {}, session, 0, 5, no_history), refuse)
