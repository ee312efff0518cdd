"""Constraints between two arguments that their descriptions state: required in a mode, mutually exclusive.

``confirm_path: Required for permanent deletion`` next to ``mode: enum [trash, permanent]``: the real tool
refuses ``mode="permanent"`` without ``confirm_path``. The schema cannot say it (no ``if``/``then``), the
words do. The rule needs both: a property described as "required for / when / if ..." whose condition names
exactly one enum value of another property, and a call that sets that value and leaves the property out.
Likewise ``before: Line number before which to insert (mutually exclusive with 'after')``: a call giving both
fails.
"""

from __future__ import annotations

import re
from typing import Any

from mcp_sim.errors import InvalidArguments

_REQUIRED = re.compile(
    r"^\s*required\s+(?:only\s+)?(?:for|when|if|with|in)\s+(.{1,80}?)(?:[.;,]|\s+and\s|\s+but\s|$)", re.I
)


_EXCLUSIVE = re.compile(
    r"\b(?:mutually\s+exclusive\s+with|cannot\s+be\s+(?:used|combined|given|specified)\s+(?:together\s+)?with)"
    r"\s+[`'\"]?([A-Za-z_][A-Za-z0-9_]*)",
    re.I,
)


def check(tool: str, input_schema: dict[str, Any], arguments: dict[str, Any]) -> None:
    """Raise ``InvalidArguments`` naming the property a mode requires and the call left out, or the two
    properties the call gave that exclude each other."""
    properties = input_schema.get("properties") or {}
    for name, prop in properties.items():
        if isinstance(prop, dict) and _given(arguments.get(name)):
            for other in _EXCLUSIVE.findall(str(prop.get("description") or "")):
                if other != name and other in properties and _given(arguments.get(other)):
                    raise InvalidArguments(
                        f"Error executing tool {tool}: {name} and {other} are mutually exclusive: give only one"
                    )
    for name, prop in properties.items():
        if not isinstance(prop, dict) or _given(arguments.get(name)):
            continue
        said = _REQUIRED.match(str(prop.get("description") or ""))
        if said is None:
            continue
        condition = said.group(1).lower()
        for other, other_prop in properties.items():
            values = other_prop.get("enum") if isinstance(other_prop, dict) and other != name else None
            named = [
                v for v in values or [] if isinstance(v, str) and re.search(rf"\b{re.escape(v.lower())}\b", condition)
            ]
            if len(named) == 1 and arguments.get(other) == named[0]:
                raise InvalidArguments(
                    f"Input validation error: Invalid arguments for tool {tool}: {name}: {name} is required when "
                    f"{other} is '{named[0]}'"
                )


def _mentions(condition: str, value: str) -> bool:
    return re.search(rf"\b{re.escape(value.lower())}\b", condition) is not None


def _given(value: Any) -> bool:
    return value is not None and value != "" and value != []
