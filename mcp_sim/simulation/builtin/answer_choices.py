"""An argument the answers can only show from a closed list takes a value from that list.

``set_application_status(status="hired")`` on a server whose every answer says ``status`` from
``not_applied, applied, interviewing, offer, rejected, withdrawn, ghosted`` (ledger/closed_fields.py): the value
could never be stored or shown back, so the real server refuses it in its code, its inputSchema being a plain
string. Both such calls in the recordings failed ("Invalid status: 'hired' (use one of: ...)"); the values
inside the list were accepted. Only an argument whose own schema lists nothing is checked (an ``enum`` in the
inputSchema is validation's), and case does not matter (servers that compare values often fold it).
"""

from __future__ import annotations

from typing import Any

from mcp_sim.config import ToolSpec
from mcp_sim.errors import InvalidArguments
from mcp_sim.ledger.effects import EntityTypes


def check(spec: ToolSpec, arguments: dict[str, Any], types: EntityTypes | None) -> None:
    """Raise ``InvalidArguments`` for a string argument outside the values its field takes in the answers."""
    if types is None or not types.closed_fields:
        return
    properties = spec.input_schema.get("properties") or {}
    for key, given in arguments.items():
        allowed = types.closed_fields.get(key)
        prop = properties.get(key)
        if allowed is None or (isinstance(prop, dict) and _lists_own(prop)):
            continue
        folded = {value.lower() for value in allowed}
        for value in given if isinstance(given, list) else [given]:
            if isinstance(value, str) and value.lower() not in folded:
                raise InvalidArguments(f"Invalid {key}: {value!r} (use one of: {', '.join(allowed)})")


def _lists_own(schema: dict[str, Any]) -> bool:
    """Whether the argument's schema (or a branch of it, or its items) lists its own values."""
    if "enum" in schema or "const" in schema:
        return True
    parts = [*(schema.get("anyOf") or []), *(schema.get("oneOf") or []), schema.get("items")]
    return any(isinstance(part, dict) and _lists_own(part) for part in parts)
