"""What an update changed from: ``previous_status`` shows the status the record had before this call.

Servers that change a field often say what it was (``{"status": "interviewing", "previous_status": "applied"}``,
``old_location``, ``prevPriority``). The example's answer showed its own record's old value, a constant to the
learned form; the ledger knows this record's. So a field the answer shows named ``previous_``/``prev_``/``old_``
and a field the session's record holds shows that field as it was before this call. A field the record does not
hold keeps the answer's own value: nothing is invented.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from mcp_sim.config import ToolSpec
from mcp_sim.simulation.learned import AnswerShapes

_BEFORE = re.compile(r"^(?:previous|prev|old)(?:_([a-z][a-z0-9_]*)|([A-Z][A-Za-z0-9]*))$")
_CAMEL = re.compile(r"(?<=[a-z0-9])([A-Z])")


def shown_keys(spec: ToolSpec, shapes: AnswerShapes | None) -> list[str]:
    """The top-level fields a tool's answer shows: its learned form's, else its outputSchema's."""
    body = shapes.success.body if shapes is not None and shapes.success is not None else None
    if isinstance(body, dict):
        return [str(k) for k in body]
    properties = (spec.output_schema or {}).get("properties")
    return [str(k) for k in properties] if isinstance(properties, dict) else []


def before(keys: Iterable[str], existing: dict[str, Any]) -> dict[str, Any]:
    """``{previous_status: <the record's status>}`` for each such key whose field the record held."""
    found: dict[str, Any] = {}
    for key in keys:
        match = _BEFORE.match(key)
        if match is None:
            continue
        field = match.group(1) or _CAMEL.sub(r"_\1", match.group(2)).lower()
        candidates = (field, _camel(field))
        held = next((existing[name] for name in candidates if name in existing), None)
        if held is not None and not isinstance(held, dict | list):
            found[key] = held
    return found


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(word.capitalize() for word in rest)
