"""A call that only previews (``dry_run=true``) changes nothing.

Tools that change many things at once, or cost something, take a flag that previews the change instead:
``create_order(..., dry_run=true)`` quotes the order, ``context_batch_delete(keys, dryRun=true)`` lists what it
would delete. Some make the preview the default (``dry_run: {default: true}``). The ledger took such a call
for the change it describes, so a previewed delete removed its records and a quoted order minted an order
that no later call could find on the real server. A call is a dry run when one of its tool's arguments is
such a flag (``dry_run``, ``dryRun``, ``preview``, ``preview_only``, ``what_if``, ``validate_only``) and the call
sets it true, or leaves it to a default of true. Its answer is learned from for nothing, real or simulated.
"""

from __future__ import annotations

import re
from typing import Any

from mcp_sim.config import ToolSpec

_FLAG = re.compile(r"^(?:dry_?run|preview(?:_?only)?|what_?if|validate_?only)$", re.IGNORECASE)


def is_dry_run(spec: ToolSpec, arguments: dict[str, Any]) -> bool:
    """Whether this call of ``spec`` only previews its change."""
    return preview_flag(spec, arguments) is not None


def is_flag(argument: str) -> bool:
    """Whether an argument's name is a preview flag's (it asks for a preview, it is no value to write)."""
    return _FLAG.match(argument) is not None


def preview_flag(spec: ToolSpec, arguments: dict[str, Any]) -> str | None:
    """The argument that makes this call of ``spec`` a preview (set, or defaulted, true); None when it is none."""
    properties = spec.input_schema.get("properties") or {}
    for name, schema in properties.items():
        if not _FLAG.match(name):
            continue
        value = arguments.get(name, schema.get("default") if isinstance(schema, dict) else None)
        if value is True or (isinstance(value, str) and value.strip().lower() == "true"):
            return str(name)
    return None
