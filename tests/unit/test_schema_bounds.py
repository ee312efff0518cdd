"""Generated values keep every bound a real server's outputSchema states (numeric_bounds.py,
schema_containers.py): pydantic's gt/lt/multiple_of, zod's positive(), dict and record entries, tuples, a
draft-07 document's own reading. Each answer is checked by jsonschema itself."""

from __future__ import annotations

import random
import re
from typing import Any

import jsonschema
import pytest
from pydantic import BaseModel, Field, TypeAdapter

from mcp_sim.config import ToolSpec
from mcp_sim.simulation.builtin import numeric_bounds
from mcp_sim.simulation.builtin.values import ValueMaker
from tests.unit.test_recall import path_of

D7 = "http://json-schema.org/draft-07/schema#"


class Reading(BaseModel):
    ratio: float = Field(gt=0, lt=1)
    step: int = Field(multiple_of=5, ge=1, le=50)
    rows: int = Field(gt=2, lt=6)
    weight: float = Field(multiple_of=0.5, ge=1, le=3)
    point: tuple[int, str]
    scores: dict[str, int] = Field(min_length=1)
    kinds: set[str] = Field(min_length=2)


SCHEMAS: dict[str, dict[str, Any]] = {
    "pydantic": TypeAdapter(Reading).json_schema(mode="serialization"),
    "zod draft-07": {
        "$schema": D7,
        "type": "object",
        "properties": {
            "amount": {"type": "number", "exclusiveMinimum": 0},
            "point": {
                "type": "array",
                "items": [{"type": "number"}, {"type": "string"}],
                "minItems": 2,
                "maxItems": 2,
                "additionalItems": False,
            },
            "labels": {
                "type": "object",
                "propertyNames": {"pattern": "^[a-z]+$"},
                "additionalProperties": {"type": "string"},
                "minProperties": 2,
            },
        },
        "required": ["amount", "point", "labels"],
        "additionalProperties": False,
    },
    "zod v4": {  # z.toJSONSchema: negative() and .time() as they come out
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "properties": {
            "loss": {"type": "number", "exclusiveMaximum": 0},
            "offset": {"type": "integer", "exclusiveMaximum": 0},
            "at": {"type": "string", "pattern": "^(?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:\\.\\d+)?)?$"},
        },
        "required": ["loss", "offset", "at"],
    },
    "shapes": {
        "type": "object",
        "properties": {
            "headers": {
                "type": "object",
                "patternProperties": {"^x-": {"type": "integer"}},
                "additionalProperties": False,
                "minProperties": 1,
            },
            "none": {"type": "array", "maxItems": 0},
            "one_of": {
                "type": "object",
                "properties": {"a": {"type": "string"}, "b": {"type": "string"}},
                "anyOf": [{"required": ["a"]}, {"required": ["b"]}],
            },
            "few": {
                "type": "object",
                "maxProperties": 1,
                "properties": {"a": {"type": "string"}, "b": {"type": "string"}},
                "required": ["a"],
            },
        },
        "required": ["headers", "none", "one_of", "few"],
    },
}


@pytest.mark.parametrize("kind", sorted(SCHEMAS))
@pytest.mark.parametrize("tool", ["create_reading", "get_reading", "run_report"])
async def test_every_answer_keeps_the_bounds_its_schema_states(kind: str, tool: str) -> None:
    schema = SCHEMAS[kind]
    spec = ToolSpec(name=tool, input_schema={"type": "object", "properties": {"reading_id": {"type": "string"}}},
                    output_schema=schema)  # fmt: skip
    path = path_of(spec)
    for session in ("s1", "s2", "s3"):
        answer = await path.call(session, tool, {})
        assert not answer.is_error
        validator = jsonschema.validators.validator_for(schema, jsonschema.Draft202012Validator)
        errors = [e.message for e in validator(schema).iter_errors(answer.structured_content)]
        assert errors == []


def test_exclusive_bounds_and_steps_narrow_the_range() -> None:
    assert numeric_bounds.integer_range({"exclusiveMinimum": 0, "exclusiveMaximum": 3}, -100, 100) == (1, 2)
    assert numeric_bounds.integer_range({"minimum": 0, "exclusiveMinimum": 2}, -100, 100) == (3, 100)
    low, high = numeric_bounds.number_range({"exclusiveMinimum": 0, "exclusiveMaximum": 1}, 0, 1000)
    assert 0 < low <= high < 1
    assert numeric_bounds.stepped(73, {"multipleOf": 6}, 1, 100) == 72
    assert numeric_bounds.stepped(1.3, {"multipleOf": 0.5}, 1, 3) == 1.5
    assert numeric_bounds.stepped(9, {"multipleOf": 5}, 1, 4) == 5  # no multiple inside: the nearest one above
    assert numeric_bounds.lowest_integer({}, 1) == 1 and numeric_bounds.lowest_integer({"minimum": -5}, 1) == -5


def test_a_record_of_its_own_keys_gets_the_entries_it_must_have() -> None:
    schema = {"type": "object", "additionalProperties": {"type": "integer"}, "minProperties": 3}
    made = ValueMaker(schema, random.Random(0)).make(schema)
    assert isinstance(made, dict) and len(made) == 3 and all(isinstance(v, int) for v in made.values())


def test_a_tool_list_in_draft_07_is_read_as_draft_07() -> None:
    """zod-to-json-schema writes a tuple as ``items: [...]``: valid draft-07, refused by 2020-12. The document
    says which draft it is, and a spec holding it loads."""
    spec = ToolSpec(name="get_point", input_schema={"type": "object"}, output_schema=SCHEMAS["zod draft-07"])
    assert spec.output_schema is not None
    with pytest.raises(ValueError, match="not a valid JSON Schema"):
        ToolSpec(name="get_point", input_schema={"type": "object"},
                 output_schema={"type": "object", "properties": {"p": {"type": "array", "items": [{}]}}})  # fmt: skip


def test_a_regex_with_groups_and_alternation_is_matched_and_a_simple_one_stays_readable() -> None:
    from mcp_sim.simulation.builtin.patterns import matching

    rng = random.Random(7)
    time = r"^(?:[01]\d|2[0-3]):[0-5]\d$"
    assert all(re.fullmatch(time, matching(time, rng) or "") for _ in range(20))
    code = matching(r"^[A-Z]{3}-\d{4}$", rng)
    assert code is not None and re.fullmatch(r"[A-Z]{3}-\d{4}", code)
    assert matching(r"^(?=a)b$", rng) is None  # nothing matches: the drawn value stays
