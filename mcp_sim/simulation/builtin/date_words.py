"""A date argument given in words: ``start_time: "next tuesday"`` where the schema says ``format: date-time``.

JSON Schema validators only annotate ``format``, so the SDK lets such a value through; the server then parses it
(``datetime.fromisoformat``, ``new Date``) and fails. A value with no digit at all cannot be any written form of
a date or time, so the rule refuses only those: "2026-01-21 10:00" or "21/01/2026" may be a form the server
accepts, and is let through. An argument named as a date (``target_date``, ``due_before``, ``start``,
``startTime``) is a date without the schema saying so: "next monday" there was refused by every recorded server
that was given one. "today", "yesterday", "tomorrow" and "now" are let through there: servers that parse words at
all take those (``log_completion(date="yesterday")``).
"""

from __future__ import annotations

import re
from typing import Any

from mcp_sim.errors import InvalidArguments

_DATED = frozenset({"date", "date-time", "time"})
_DATE_NAME = re.compile(
    r"(?:^|_)(?:date|due|deadline)$|(?:^|_)(?:start|end)(?:_(?:date|time))?$|_(?:before|after|until)$"
    r"|[a-z](?:Date|Time)$|^(?:start|end)[A-Z]"
)
_RELATIVE = frozenset({"today", "yesterday", "tomorrow", "now"})


def check(tool: str, input_schema: dict[str, Any], arguments: dict[str, Any]) -> None:
    """Raises the server's parse error for the first date-formatted argument written without a digit."""
    properties = input_schema.get("properties") or {}
    for name, value in arguments.items():
        prop = properties.get(name)
        if not isinstance(prop, dict) or not isinstance(value, str):
            continue
        named = _DATE_NAME.search(name) is not None and prop.get("type", "string") == "string"
        if prop.get("format") not in _DATED and not (named and value.strip().lower() not in _RELATIVE):
            continue
        if value.strip() and not any(c.isdigit() for c in value):
            raise InvalidArguments(f"Error executing tool {tool}: Invalid isoformat string: {value!r} for {name}")
