"""A path its description says must be absolute (or relative), given in the other form, is refused.

``file_path: Path to the text file. File path must be absolute.``: the real tool answers "File path must be
absolute: NOTES.md". Such words sit on the argument's own description, also inside the items of a list
argument (``files[].file_path``), so the schema is walked along the arguments. Only "must be absolute",
"must be an absolute path", "must be relative" and "relative paths only" count, not examples.
"""

from __future__ import annotations

import re
from typing import Any

from mcp_sim.errors import InvalidArguments

_MUST = re.compile(
    r"\bmust\s+be\s+(?:an?\s+)?(absolute|relative)\b|\b(absolute|relative)\s+paths?\s+only\b", re.IGNORECASE
)


def required_form(description: str) -> str | None:
    """``absolute`` or ``relative`` when the description demands that form of path."""
    match = _MUST.search(description)
    return None if match is None else (match.group(1) or match.group(2)).lower()


def check(tool: str, input_schema: dict[str, Any], arguments: dict[str, Any]) -> None:
    """Raise ``InvalidArguments`` for the first path in the form its description forbids."""
    _walk(tool, input_schema, arguments)


def _walk(tool: str, schema: dict[str, Any], value: Any) -> None:
    if isinstance(value, list) and isinstance(schema.get("items"), dict):
        for item in value:
            _walk(tool, schema["items"], item)
        return
    if not isinstance(value, dict):
        return
    for name, prop in (schema.get("properties") or {}).items():
        given = value.get(name)
        if not isinstance(prop, dict) or given is None:
            continue
        if isinstance(given, str) and given:
            form = required_form(str(prop.get("description") or ""))
            if form is not None and _absolute(given) != (form == "absolute"):
                raise InvalidArguments(f"Error executing tool {tool}: {name} must be {form}: {given}")
        else:
            _walk(tool, prop, given)


def _absolute(path: str) -> bool:
    return path.startswith(("/", "\\", "~")) or re.match(r"^[A-Za-z]:[\\/]", path) is not None
