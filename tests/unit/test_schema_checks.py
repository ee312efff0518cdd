"""The simulator's cached schema checks (simulation/builtin/validators.py) answer as jsonschema does."""

from __future__ import annotations

import random
from typing import Any

import jsonschema

from mcp_sim.simulation.builtin.validators import check_for

_TYPES = ["string", "integer", "number", "boolean", "object", "array", "null"]
_VALUES: list[Any] = ["", "x", 0, 1, -3, 1.0, 2.5, True, False, None, [], [1], ["a", 2], {}, {"a": 1}, {"b": "x"}]


def _schema(rng: random.Random, depth: int = 0) -> Any:
    """A random schema of the plain keywords, now and then one jsonschema alone handles (minLength, enum, $ref)."""
    if rng.random() < 0.08:
        return rng.choice([True, False])
    schema: dict[str, Any] = {"description": "a field"} if rng.random() < 0.3 else {}
    if rng.random() < 0.7:
        schema["type"] = rng.choice(_TYPES) if rng.random() < 0.8 else rng.sample(_TYPES, 2)
    if depth < 2 and rng.random() < 0.5:
        schema["properties"] = {k: _schema(rng, depth + 1) for k in rng.sample(["a", "b", "c"], rng.randint(0, 3))}
    if rng.random() < 0.3:
        schema["required"] = rng.sample(["a", "b", "c"], rng.randint(0, 2))
    if depth < 2 and rng.random() < 0.3:
        schema["items"] = _schema(rng, depth + 1)
    if rng.random() < 0.2:
        schema["additionalProperties"] = rng.choice([False, True, {"type": "integer"}])
    if rng.random() < 0.1:
        keyword, argument = rng.choice([("minLength", 1), ("enum", ["x", 1]), ("minimum", 1), ("format", "email")])
        schema[keyword] = argument
    return schema


def _value(rng: random.Random, depth: int = 0) -> Any:
    if depth < 2 and rng.random() < 0.3:
        return {k: _value(rng, depth + 1) for k in rng.sample(["a", "b", "c", "d"], rng.randint(0, 3))}
    if depth < 2 and rng.random() < 0.2:
        return [_value(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    return rng.choice(_VALUES)


def _jsonschema_says(schema: Any, value: Any) -> bool | str:
    try:
        return bool(jsonschema.Draft202012Validator(schema).is_valid(value))
    except jsonschema.exceptions.SchemaError:
        return "schema error"


def _check_says(part: dict[str, Any], root: dict[str, Any], value: Any) -> bool | str:
    try:
        return check_for(part, root)(value)
    except jsonschema.exceptions.SchemaError:
        return "schema error"


def test_checks_agree_with_jsonschema_on_random_schemas_and_values() -> None:
    rng = random.Random(15)
    compared = 0
    for _ in range(400):
        part = {"type": "object", "properties": {"x": _schema(rng)}}
        root: dict[str, Any] = {}
        for _ in range(10):
            value = {"x": _value(rng)}
            assert _check_says(part, root, value) == _jsonschema_says(part, value), (part, value)
            compared += 1
    assert compared == 4000


def test_a_reference_resolves_against_the_documents_definitions() -> None:
    root = {"$defs": {"Cell": {"type": "object", "required": ["ref"]}}, "properties": {}}
    part = {"type": "array", "items": {"$ref": "#/$defs/Cell"}}
    assert check_for(part, root)([{"ref": "A1"}]) is True
    assert check_for(part, root)([{"value": 3}]) is False


def test_integral_floats_are_integers_and_booleans_are_not_numbers_as_in_jsonschema() -> None:
    part: dict[str, Any] = {"properties": {"n": {"type": "integer"}, "f": {"type": "number"}}}
    assert check_for(part, {})({"n": 2.0}) is True
    assert check_for(part, {})({"n": True}) is False
    assert check_for(part, {})({"f": False}) is False


def test_one_check_per_schema_part_while_it_lives() -> None:
    part = {"type": "string"}
    root: dict[str, Any] = {}
    assert check_for(part, root) is check_for(part, root)
    assert check_for(dict(part), root) is not check_for(part, root)
