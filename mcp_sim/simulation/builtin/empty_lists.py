"""A required list given empty names nothing to act on.

``delete(key=[])``, ``apply_patches(patches=[])``, ``add_tags(tags=[])``: the real tool refuses (Redis answers
"wrong number of arguments", a patch tool "no patches to apply"); a simulator that answers "deleted" teaches
an agent that an empty call did something. A required argument exists so the call acts on something.

The trigger is the schema alone: an argument the schema requires, given as ``[]``, whose schema does not
allow an empty list (``minItems: 0``, a ``[]`` default) and whose description does not say an empty list
means something ("empty for all", "or none").
"""

from __future__ import annotations

import re
from typing import Any

from mcp_sim.errors import InvalidArguments

_EMPTY_MEANS = re.compile(r"\b(empty|none|nothing|no\s+\w+\s+(?:means|for)|all\s+if|omit)\b", re.IGNORECASE)


def check(tool: str, input_schema: dict[str, Any], arguments: dict[str, Any]) -> None:
    """Raise ``InvalidArguments`` for the first required argument given as an empty list."""
    properties = input_schema.get("properties") or {}
    for name in input_schema.get("required") or []:
        if arguments.get(name) != []:
            continue
        prop = properties.get(name)
        if isinstance(prop, dict) and _may_be_empty(prop):
            continue
        raise InvalidArguments(
            f"Error executing tool {tool}: {name} must name at least one item; an empty list gives nothing to act on"
        )


def _may_be_empty(prop: dict[str, Any]) -> bool:
    if prop.get("minItems") == 0 or prop.get("default") == []:
        return True
    return _EMPTY_MEANS.search(str(prop.get("description") or "")) is not None
