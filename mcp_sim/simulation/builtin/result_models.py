"""A tool whose answer model carries a success flag and an error field reports its failures in that model.

A pydantic result model such as ``{success: bool, jobs: [...], error_message: str | None}`` or ``{success: bool,
id, ..., error: str | None, message: str | None}`` exists to say a failure in-band: the function returns it with
``success=False`` and the error filled, and FastMCP sends it as an ordinary answer, without isError. The job
tracker of the recordings answered all 13 of its refusals so (an invalid status, a missing id, an unknown job)
and raised only once. So a failure of such a tool is that model: the flag down, the error and message fields
saying what went wrong, every other field at its default (null) or, if required, made as usual. A union
outputSchema (``oneOf`` success / failure branches) is ``unions.py``'s; a tool with no flag or no error field
fails as before. A read's model may say it with ``found`` alone (``{found: false, record: null}``): then only a
record not found is said so.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

from mcp.types import CallToolResult, TextContent

from mcp_sim.config import ToolSpec
from mcp_sim.simulation.builtin import outcome_fields, unions
from mcp_sim.simulation.builtin.values import ValueMaker

_MESSAGES = frozenset({"message", "msg", "detail", "details", "reason"})


def reports_failures(schema: dict[str, Any] | None) -> bool:
    """Whether an object outputSchema (no union) has a boolean status flag and an error field at its top."""
    if not isinstance(schema, dict) or unions.branches(schema):
        return False
    properties: dict[str, Any] = schema.get("properties") or {}
    maker = ValueMaker(schema, random.Random(0), seed=0)
    flags = [k for k, v in properties.items() if outcome_fields.is_flag(k) and "boolean" in maker.kinds(v)]
    return bool(flags) and (any(outcome_fields.is_error_field(k) for k in properties) or _says_found(properties))


def _says_found(properties: dict[str, Any]) -> bool:
    """A read's model without an error field (``{found: bool, record: Record | None}``): ``found`` says it."""
    return "found" in properties and not any(outcome_fields.is_error_field(k) for k in properties)


def failure_result(spec: ToolSpec, message: str, kind: str = "ToolError") -> CallToolResult | None:
    """The failure said in the tool's result model (no isError), or None when its schema reports none so."""
    schema = spec.output_schema
    if not reports_failures(schema) or schema is None:
        return None
    not_found = "not found" in message.lower() or kind == "EntityNotFound"
    if _says_found(schema.get("properties") or {}) and not not_found:
        return None  # ``found: false`` says only that nothing has the id
    maker = ValueMaker(schema, random.Random(0), seed=0, succeeded=False)
    body = maker.make(schema)
    if not isinstance(body, dict):
        return None
    code = "not_found" if not_found else _snake(kind)
    for key, sub in (schema.get("properties") or {}).items():
        if "string" not in maker.kinds(sub):
            continue
        words = outcome_fields.is_error_field(key)
        if words and key.lower().endswith("code"):
            body[key] = code
        elif words or key.lower() in _MESSAGES:
            body[key] = message
    return CallToolResult(content=[TextContent(type="text", text=json.dumps(body, indent=2))], structured_content=body)


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()
