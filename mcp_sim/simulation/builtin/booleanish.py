"""A flag typed ``boolean or string`` takes only a boolean spelled as text: ``"true"``/``"false"``, not ``"maybe"``.

TypeScript servers often widen a boolean to ``["boolean", "string"]`` so that clients sending ``"true"`` are
accepted (a coercing validator); the string is a boolean written as text, and the real tool answers
``Expected boolean or "true"/"false" string, received "maybe"``. Schema validation lets any string through
such a union, so the spelling is checked here. Only a union of exactly boolean and string counts: a string
alongside other types (numbers, objects) is a value of its own.
"""

from __future__ import annotations

from typing import Any

from mcp_sim.errors import InvalidArguments

_SPELLINGS = frozenset({"true", "false"})


def check(tool: str, input_schema: dict[str, Any], arguments: dict[str, Any]) -> None:
    """Raise ``InvalidArguments`` for a text boolean that is neither true nor false."""
    properties = input_schema.get("properties") or {}
    for key, value in arguments.items():
        prop = properties.get(key)
        kinds = prop.get("type") if isinstance(prop, dict) else None
        textual = isinstance(kinds, list) and sorted(kinds) == ["boolean", "string"] and isinstance(value, str)
        if textual and str(value).strip().lower() not in _SPELLINGS:
            raise InvalidArguments(
                f'Error executing tool {tool}: Invalid {key}: expected boolean or "true"/"false" string, '
                f"received {value!r}"
            )
