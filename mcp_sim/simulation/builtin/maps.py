"""A list answered as a map: the session's records by name.

Some list tools answer an object whose keys are the things listed (``{"budget.xlsx": 5499}``: "path to size in
bytes"); their outputSchema is an object with no ``properties`` whose ``additionalProperties`` is a schema.
The keys are the names of the session's records of the listed type, each record named by its first naming
field (``path``, ``name``...), else its id; each value is made from the map's value schema. Nothing is
invented: no records, an empty map.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

_NAMING_FIELDS = ("path", "file_path", "filename", "name", "title", "key", "id")


def value_schema(schema: dict[str, Any]) -> dict[str, Any] | None:
    """The schema of a map's values when ``schema`` is a map (keys are data, not fields), else None."""
    extra = schema.get("additionalProperties")
    if schema.get("type") != "object" or schema.get("properties") or not isinstance(extra, dict) or not extra:
        return None
    return extra


def keyed(
    schema: dict[str, Any], records: list[dict[str, Any]], make: Callable[[dict[str, Any], str], Any]
) -> dict[str, Any] | None:
    """The map answer listing ``records`` by name, values made by ``make(value_schema, name)``; None if no map."""
    values = value_schema(schema)
    if values is None:
        return None
    out: dict[str, Any] = {}
    for record in records:
        name = next((record[f] for f in _NAMING_FIELDS if _names(record.get(f))), None)
        if name is not None:
            out[str(name)] = make(values, str(name))
    return out


def _names(value: Any) -> bool:
    return isinstance(value, str | int) and not isinstance(value, bool) and value != ""
