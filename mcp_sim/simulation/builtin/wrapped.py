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


def answer(key: str, text: str) -> CallToolResult:
    """The string as the text block and under ``key`` in structuredContent, as FastMCP answers it."""
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content={key: text})
