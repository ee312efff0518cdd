"""The required fields a call gives, at the top and inside the records it sends (``entities[0].observations``).

A schema's ``required`` binds at every level: ``create_entities(entities=[{name, entityType, observations}])``
requires each entity's ``observations`` as it requires ``entities``. Rules that judge a required value (given
as blanks, given empty) look at all of them through this walk.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

MAX_DEPTH = 4  # records inside records: deeper nesting is rare, and the walk stays cheap


def required_fields(
    schema: dict[str, Any], value: Any, path: str = "", depth: int = 0
) -> Iterator[tuple[str, Any, Any]]:
    """(path, property schema, value) for each required field the value gives, records in lists included."""
    if depth > MAX_DEPTH or not isinstance(value, dict):
        return
    properties = schema.get("properties") or {}
    if not isinstance(properties, dict):
        return
    required = set(schema.get("required") or [])
    for name, given in value.items():
        prop = properties.get(name)
        if not isinstance(prop, dict):
            continue
        where = f"{path}.{name}" if path else str(name)
        if name in required:
            yield where, prop, given
        items = prop.get("items")
        if isinstance(given, list) and isinstance(items, dict):
            for index, item in enumerate(given):
                yield from required_fields(items, item, f"{where}[{index}]", depth + 1)
        elif isinstance(given, dict):
            yield from required_fields(prop, given, where, depth + 1)
