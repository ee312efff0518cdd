"""Arguments a Python server's own validation turns into the declared type instead of refusing them.

The Python SDK's FastMCP checks a call's arguments with pydantic in its default, lax mode: ``"yes"`` given for a
boolean is ``True``, ``"3"`` for an integer is ``3``, ``"2.5"`` for a number is ``2.5``; ``"maybe"`` and ``"ten"``
are refused. The simulator validated every tool as JSON Schema reads strictly, so ``list_issues(include_epics=
"yes")`` failed in simulation where the real server listed the epics. A tool whose schema pydantic wrote (each
property titled after its name, ``"title": "Include Epics"``, or the schema titled ``<tool>Arguments``) is held to
pydantic's rules for these three types: whatever pydantic accepts passes. Other servers (zod's, hand-written
schemas) keep the strict check. pydantic itself decides (``1`` is a boolean too, ``2.5`` no integer), so the rule
is its own, not a copy of it.
"""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter, ValidationError

from mcp_sim.config import ToolSpec

_LAX: dict[str, TypeAdapter[Any]] = {
    "boolean": TypeAdapter(bool),
    "integer": TypeAdapter(int),
    "number": TypeAdapter(float),
}


def python_tool(spec: ToolSpec) -> bool:
    """Whether a tool is a Python function served by FastMCP: its schema is pydantic's, or its ``_meta`` is the
    ``fastmcp`` package's (which strips the titles)."""
    return written_by_pydantic(spec.input_schema) or "fastmcp" in (spec.meta or {})


def written_by_pydantic(schema: dict[str, Any]) -> bool:
    """Whether a tool's input schema is pydantic's: titled ``<tool>Arguments``, or every property titled."""
    properties = schema.get("properties")
    if str(schema.get("title") or "").endswith("Arguments"):
        return True
    return (
        isinstance(properties, dict)
        and bool(properties)
        and all(isinstance(p, dict) and "title" in p for p in properties.values())
    )


def accepts(value: Any, expected: Any) -> bool:
    """Whether pydantic's lax mode takes ``value`` as one of the JSON Schema ``type``s in ``expected``."""
    kinds = expected if isinstance(expected, list) else [expected]
    for kind in kinds:
        adapter = _LAX.get(str(kind))
        if adapter is None:
            continue
        try:
            adapter.validate_python(value)
        except ValidationError:
            continue
        return True
    return False
