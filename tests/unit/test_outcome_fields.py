"""Fields that say how the call went agree with how it went (simulation/builtin/outcome_fields.py): a success's
``success`` flag is true and its error fields are empty; a failure's flag is false."""

from __future__ import annotations

import random
from typing import Any

import jsonschema

from mcp_sim.config import ToolSpec
from mcp_sim.simulation.builtin.outcome_fields import is_error_field
from mcp_sim.simulation.builtin.unions import failure_body
from mcp_sim.simulation.builtin.values import ValueMaker
from tests.unit.test_recall import path_of

NULLABLE_TEXT = {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None}
JOB = {"type": "object", "properties": {"id": {"type": "string"}, "title": {"type": "string"}}, "required": ["id"]}
# a pydantic result model: ``success: bool``, the data, ``error_message: str | None = None``
LIST_RESULT: dict[str, Any] = {
    "type": "object",
    "properties": {
        "success": {"type": "boolean"},
        "jobs": {"type": "array", "items": JOB, "default": []},
        "count": {"type": "integer", "default": 0},
        "error_message": NULLABLE_TEXT,
        "errors": {"type": "array", "items": {"type": "string"}, "minItems": 1},  # optional, cannot be empty
        "error_rate": {"type": "number"},  # a measurement, not an error
    },
    "required": ["success"],
}


def test_error_fields_are_named_by_a_failure_word_and_what_of_it() -> None:
    for name in ("error", "errors", "error_message", "errorMessage", "error_code", "failure_reason", "err"):
        assert is_error_field(name), name
    for name in ("error_rate", "errors_seen_total", "last_error_at", "terror", "message", "success"):
        assert not is_error_field(name), name


def test_a_success_says_so_whatever_the_seed() -> None:
    for seed in range(40):  # the flag was a coin toss, the message a random sentence
        body = ValueMaker(LIST_RESULT, random.Random(seed), seed=seed).make(LIST_RESULT)
        assert body["success"] is True and body["error_message"] is None, body
        assert "errors" not in body  # optional and never empty: left out
        assert isinstance(body["error_rate"], float)  # a measurement is drawn as before
        jsonschema.validate(body, LIST_RESULT)


def test_a_required_error_list_of_a_success_is_empty_and_a_required_text_is_still_made() -> None:
    schema = {
        "type": "object",
        "properties": {"ok": {"type": "boolean"}, "errors": {"type": "array", "items": {"type": "string"}}},
        "required": ["ok", "errors"],
    }
    assert ValueMaker(schema, random.Random(1), seed=1).make(schema) == {"ok": True, "errors": []}
    forced = {"type": "object", "properties": {"error": {"type": "string", "minLength": 1}}, "required": ["error"]}
    assert ValueMaker(forced, random.Random(1), seed=1).make(forced)["error"]  # no room for empty: made


def test_the_schema_own_word_stands() -> None:
    fixed = {"type": "object", "properties": {"success": {"type": "boolean", "const": False}}, "required": ["success"]}
    assert ValueMaker(fixed, random.Random(0), seed=0).make(fixed) == {"success": False}


def test_a_failure_body_says_it_failed() -> None:
    schema = {
        "type": "object",
        "properties": {"success": {"type": "boolean"}, "error": {"type": "string"}},
        "required": ["success", "error"],
    }
    for seed in range(10):
        body = failure_body(schema, "No job exists with id 'x'.", "EntityNotFound", seed)
        assert body == {"success": False, "error": "No job exists with id 'x'."}


async def test_a_simulated_list_reports_success_and_no_error() -> None:
    save = ToolSpec(
        name="create_job",
        input_schema={"type": "object", "properties": {"title": {"type": "string"}}, "required": ["title"]},
    )
    listing = ToolSpec(name="list_jobs", input_schema={"type": "object", "properties": {}}, output_schema=LIST_RESULT)
    path = path_of(save, listing)
    await path.call("s", "create_job", {"title": "Platform Engineer"})
    for _ in range(5):
        answer = await path.call("s", "list_jobs", {})
        body = answer.structured_content
        assert not answer.is_error and body is not None
        assert body["success"] is True and body.get("error_message") is None, body


def test_a_ref_to_a_boolean_schema_or_a_broken_ref_still_makes_a_value() -> None:
    # JSON Schema allows ``true`` / ``false`` as a schema; a ``$ref`` may point at one, or at nothing
    for target in (True, False):
        schema = {"$ref": "#/$defs/A", "$defs": {"A": target}}
        assert ValueMaker(schema, random.Random(0), seed=0).make(schema) is not None
    broken = {"type": "object", "properties": {"ok": {"$ref": 5}, "e": {"$ref": "#/$defs/A/x"}}, "$defs": {"A": False}}
    body = ValueMaker(broken, random.Random(0), seed=0).make(broken)
    assert set(body) == {"ok", "e"}
