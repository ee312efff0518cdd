"""Answers of tools whose outputSchema only wraps one value (a string, a boolean, a number).

A Python function that returns ``str`` gets the outputSchema ``{"result": {"type": "string"}}`` from FastMCP
(the most common Python MCP framework), and its answer is that string twice: as the text block and as
``structuredContent.result``. What the string says is what the function would have said without a schema,
so such a tool answers the prose any tool without an outputSchema answers (``prose.py``), not a made-up
value for the slot ("Alpha granite" for a notebook's "Successfully created ...").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mcp.types import CallToolResult, TextContent

from mcp_sim.simulation.learned import failure_kind


def flag_slot(
    schema: dict[str, Any] | None, resolve: Callable[[dict[str, Any]], dict[str, Any]] | None = None
) -> str | None:
    """The one property of ``schema`` when it is an object holding a single boolean (a function returning
    ``bool``): a call that succeeded answers ``true`` in it, as such functions say they did what was asked."""
    key, sub = _single(schema, resolve)
    return key if sub.get("type") == "boolean" else None


def number_slot(
    schema: dict[str, Any] | None, resolve: Callable[[dict[str, Any]], dict[str, Any]] | None = None
) -> str | None:
    """The one property of ``schema`` when it is an object holding a single integer (a function returning
    ``int``): what a create answers there is the number of the row it made, as ``cursor.lastrowid`` is."""
    key, sub = _single(schema, resolve)
    return key if sub.get("type") == "integer" else None


def text_slot(
    schema: dict[str, Any] | None, resolve: Callable[[dict[str, Any]], dict[str, Any]] | None = None
) -> str | None:
    """The one property of ``schema`` when it is an object holding a single string and nothing else."""
    key, sub = _single(schema, resolve)
    return key if sub.get("type") == "string" and "enum" not in sub else None


def object_slot(
    schema: dict[str, Any] | None, resolve: Callable[[dict[str, Any]], dict[str, Any]] | None = None
) -> str | None:
    """The one property of ``schema`` when it holds any object (FastMCP wraps a function returning ``dict`` as
    ``{"result": {...}}``): what it holds is what a tool whose whole outputSchema is "an object" answers."""
    key, sub = _single(schema, resolve)
    return key if is_open_object(_value_schema(sub, resolve)) else None


def records_slot(
    schema: dict[str, Any] | None, resolve: Callable[[dict[str, Any]], dict[str, Any]] | None = None
) -> str | None:
    """The one property of ``schema`` when it holds a list of any objects (a function returning
    ``list[dict]``): the records a list answers, bare."""
    key, sub = _single(schema, resolve)
    sub = _value_schema(sub, resolve)
    items = sub.get("items") if sub.get("type") == "array" else None
    if isinstance(items, dict) and resolve is not None:
        items = resolve(items)
    return key if isinstance(items, dict) and is_open_object(items) else None


def _value_schema(
    schema: dict[str, Any], resolve: Callable[[dict[str, Any]], dict[str, Any]] | None = None
) -> dict[str, Any]:
    """The schema of the value when there is one (``dict | None`` is ``anyOf: [{object}, {null}]``)."""
    branches = schema.get("anyOf") or schema.get("oneOf")
    if not isinstance(branches, list):
        return schema
    kept = [b for b in branches if isinstance(b, dict) and b.get("type") != "null"]
    if len(kept) != 1:
        return schema
    return resolve(kept[0]) if resolve is not None else kept[0]


def is_open_object(schema: dict[str, Any]) -> bool:
    """A schema that says only "an object": no properties to shape the answer by."""
    return (
        schema.get("type") == "object"
        and not schema.get("properties")
        and not schema.get("patternProperties")
        and schema.get("additionalProperties", True) in (True, {})  # {"x.xlsx": 5499}: a map, not any object
    )


def _single(
    schema: dict[str, Any] | None, resolve: Callable[[dict[str, Any]], dict[str, Any]] | None
) -> tuple[str | None, dict[str, Any]]:
    """The key and schema of an object schema's only property (``None, {}`` when it has another number)."""
    if schema and resolve is not None:
        schema = resolve(schema)
    if not schema or schema.get("type") != "object":
        return None, {}
    properties = schema.get("properties")
    if not isinstance(properties, dict) or len(properties) != 1:
        return None, {}
    [(key, sub)] = properties.items()
    if resolve is not None and isinstance(sub, dict):
        sub = resolve(sub)
    return (key, sub) if isinstance(sub, dict) else (None, {})


def absent_result(spec_schema: dict[str, Any] | None) -> CallToolResult | None:
    """How a tool whose one value may be null says it has nothing under that id: ``{"result": null}``, no
    isError. A Python function returning ``dict | None`` answers a lookup of an unknown id so; None when the
    outputSchema's value cannot be null (such tools fail some other way)."""
    key, sub = _single(spec_schema, None)
    if key is None or not _nullable(sub):
        return None
    return CallToolResult(content=[TextContent(type="text", text="null")], structured_content={key: None})


def _nullable(schema: dict[str, Any]) -> bool:
    kinds = schema.get("type")
    if kinds == "null" or (isinstance(kinds, list) and "null" in kinds):
        return True
    branches = schema.get("anyOf") or schema.get("oneOf")
    return isinstance(branches, list) and any(isinstance(b, dict) and b.get("type") == "null" for b in branches)


def answer(key: str, text: str) -> CallToolResult:
    """The string as the text block and under ``key`` in structuredContent, as FastMCP answers it."""
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content={key: text})


def said_result(spec_schema: dict[str, Any] | None, message: str) -> CallToolResult | None:
    """How a Python function returning ``str`` says it has no such record (or already has it): in its own
    words, ``{"result": "Error: ..."}``, no isError. Such functions return their misses as text far more often
    than they raise (11 of the 17 recorded servers that showed one); a raised error, and bad arguments (the
    framework refuses those before the function runs), keep isError. None for other outputSchemas."""
    key, sub = _single(spec_schema, None)
    if key != "result" or sub.get("type") != "string" or failure_kind(message) not in ("not_found", "already_exists"):
        return None
    return answer(key, message if message.lower().startswith("error") else f"Error: {message}")
