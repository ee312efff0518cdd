"""A destructive tool called with its confirmation flag set to false refuses, as it asks to be confirmed.

``clear_all_tasks(confirm: boolean, required)``: servers guard irreversible actions with a flag the caller must
set to true, and answer ``confirm must be true to proceed`` when it is false. A required boolean whose name
says it is a confirmation (``confirm``, ``confirmed``, ``confirmation``, ``i_am_sure``, ``acknowledge``) given
as false is refused; left out, the schema's own ``required`` check already refuses it.
"""

from __future__ import annotations

import re
from typing import Any

from mcp_sim.errors import InvalidArguments

_CONFIRMING = re.compile(r"^(?:confirm|confirmed|confirmation|confirmdelete|iamsure|imsure|sure|acknowledged?)$")


def check(tool: str, input_schema: dict[str, Any], arguments: dict[str, Any]) -> None:
    """Raise ``InvalidArguments`` when a required confirmation flag is false."""
    properties = input_schema.get("properties") or {}
    for key in input_schema.get("required") or []:
        prop = properties.get(key)
        value = arguments.get(key)
        if not isinstance(prop, dict) or prop.get("type") != "boolean":
            continue
        if (value is False or value == "false") and _CONFIRMING.match(re.sub(r"[^a-z]", "", str(key).lower())):
            raise InvalidArguments(
                f"Error executing tool {tool}: the operation must be confirmed explicitly: set {key} to true"
            )
