"""An answer is checked against its tool's outputSchema as jsonschema's own walk checks it, with the validator made once
per schema and flat schemas that an answer plainly fits answered without the walk (``parsing.interpret``)."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest

from mcp_sim.config import ToolSpec
from mcp_sim.simulation.llm import parsing

FLAT = {
    "type": "object",
    "properties": {"item_id": {"type": "string"}, "count": {"type": "integer"}, "any": {}},
    "required": ["item_id"],
}
CLOSED = {**FLAT, "additionalProperties": False}
NESTED = {"type": "object", "properties": {"tags": {"type": "array", "items": {"type": "string", "minLength": 2}}}}
VALUES: list[Any] = [
    {"item_id": "i-1", "count": 3, "any": [1]},
    {"item_id": "i-1", "extra": True},
    {"count": 3},
    {"item_id": 5},
    {"item_id": "i-1", "count": 1.0},
    {"item_id": "i-1", "count": True},
    {"tags": ["ab", "c"]},
    {"tags": ["ab"]},
    [1, 2],
    "text",
]


def _expected(schema: dict[str, Any], value: Any) -> str | None:
    error = jsonschema.exceptions.best_match(jsonschema.Draft202012Validator(schema).iter_errors(value))
    if error is None:
        return None
    where = "/".join(str(p) for p in error.absolute_path) or "(root)"
    return f"the response does not match the output schema at {where}: {error.message}"


@pytest.mark.parametrize("schema", [FLAT, CLOSED, NESTED])
@pytest.mark.parametrize("value", VALUES)
def test_the_verdict_is_jsonschemas(schema: dict[str, Any], value: Any) -> None:
    spec = ToolSpec.model_validate({"name": "t", "inputSchema": {"type": "object"}, "outputSchema": schema})
    for _ in range(2):  # the second time with the kept validator
        verdict = parsing.interpret(spec, json.dumps(value))
        assert verdict.problem == _expected(schema, value)
        assert (verdict.result is None) == (verdict.problem is not None)


def test_a_validator_is_made_once_per_schema_and_the_kept_ones_are_bounded() -> None:
    schema = {"type": "object"}
    assert parsing._validator(schema) is parsing._validator(schema)
    assert parsing._validator(dict(schema)) is not parsing._validator(schema)  # an equal schema is another schema
    kept = [{"type": "object", "title": str(i)} for i in range(parsing.VALIDATORS_KEPT + 5)]
    for each in kept:
        assert parsing._validator(each).schema is each
    assert len(parsing._VALIDATORS) <= parsing.VALIDATORS_KEPT
