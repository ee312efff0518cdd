"""A date argument given in words: ``start_time: "next tuesday"`` where the schema says ``format: date-time``.

JSON Schema validators only annotate ``format``, so the SDK lets such a value through; the server then parses it
(``datetime.fromisoformat``, ``new Date``) and fails. A value with no digit at all cannot be any written form of
a date or time, so the rule refuses only those: "2026-01-21 10:00" or "21/01/2026" may be a form the server
accepts, and is let through.
"""

from __future__ import annotations

from typing import Any

from mcp_sim.errors import InvalidArguments

_DATED = frozenset({"date", "date-time", "time"})


def check(tool: str, input_schema: dict[str, Any], arguments: dict[str, Any]) -> None:
    """Raises the server's parse error for the first date-formatted argument written without a digit."""
    properties = input_schema.get("properties") or {}
    for name, value in arguments.items():
        prop = properties.get(name)
        if not isinstance(prop, dict) or prop.get("format") not in _DATED or not isinstance(value, str):
            continue
        if value.strip() and not any(c.isdigit() for c in value):
            raise InvalidArguments(f"Error executing tool {tool}: Invalid isoformat string: {value!r} for {name}")
