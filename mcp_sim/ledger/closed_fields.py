"""Fields whose every value the server's answers can show is listed: a closed string ``enum`` in the outputSchemas.

A job tracker answers ``status`` from ``{"enum": ["not_applied", "applied", ..., "ghosted"]}`` in every tool's
outputSchema, while its ``set_application_status(status: str)`` and ``list_jobs(status: str)`` take any string:
the server checks the value in its code ("Invalid status: 'hired' (use one of: not_applied, applied, ...)"). A
value its answers could never hold is one it cannot have stored, so a call giving it is refused. A field is closed
when an answer lists its values (all the lists of its name together). A free-text field of the same name does not
open it: in the recordings it is another record's (a work authorization's ``status`` beside a job's) or an echo
of the argument (``set_application_status`` answering ``status: str``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from mcp_sim.config import ToolSpec

_MAX_DEPTH = 12  # schemas nest records in records; a bound keeps a self-referencing ``$ref`` finite


def closed_fields(specs: list[ToolSpec]) -> dict[str, tuple[str, ...]]:
    """Field name -> the values the answers may hold for it, for the names that are closed in every answer."""
    values: dict[str, list[str]] = {}
    for spec in specs:
        root = spec.output_schema
        if not isinstance(root, dict):
            continue
        for name, schema in _fields(root, root, 0):
            listed = schema.get("enum")
            if isinstance(listed, list) and len(listed) >= 2 and all(isinstance(v, str) for v in listed):
                known = values.setdefault(name, [])
                known.extend(v for v in listed if v not in known)
    return {name: tuple(found) for name, found in values.items()}


def _fields(schema: Any, root: dict[str, Any], depth: int) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every (property name, its resolved schema) in ``schema``, through items, unions and ``$ref``s."""
    schema = resolved_ref(schema, root)
    if depth > _MAX_DEPTH or not isinstance(schema, dict):
        return
    for name, sub in (schema.get("properties") or {}).items():
        resolved = resolved_ref(sub, root)
        if isinstance(resolved, dict):
            for option in _options(resolved, root):
                yield name, option
            yield from _fields(resolved, root, depth + 1)
    items = schema.get("items")
    if isinstance(items, dict):
        yield from _fields(items, root, depth + 1)
    for key in ("anyOf", "oneOf", "allOf"):
        for option in schema.get(key) or []:
            yield from _fields(option, root, depth + 1)


def _options(schema: dict[str, Any], root: dict[str, Any]) -> list[dict[str, Any]]:
    """A field's schema, or its non-null union branches (``Status | None``)."""
    branches = schema.get("anyOf") or schema.get("oneOf")
    if not isinstance(branches, list):
        return [schema]
    resolved = [resolved_ref(b, root) for b in branches]
    return [b for b in resolved if isinstance(b, dict) and b.get("type") != "null"]


def resolved_ref(schema: Any, root: dict[str, Any]) -> Any:
    """``schema`` with its local ``$ref``s followed into ``root`` (a bounded chain)."""
    seen = 0
    while isinstance(schema, dict) and isinstance(schema.get("$ref"), str) and seen < 20:
        target: Any = root
        for part in schema["$ref"].lstrip("#/").split("/"):
            target = target.get(part, {}) if part and isinstance(target, dict) else target
        schema, seen = target, seen + 1
    return schema
