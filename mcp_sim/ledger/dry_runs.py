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


# spec -> the names of its arguments that are preview flags, by identity (as effects.py keeps a spec's effects):
# every answer the ledger learns from asks, and each argument's name was matched against ``_FLAG`` again. Specs are
# frozen models made at start-up; what is kept holds its spec, so the id is never reused while kept. Bounded.
_FLAGS: dict[int, tuple[ToolSpec, tuple[str, ...]]] = {}
_MAX_KEPT = 4096


def preview_flag(spec: ToolSpec, arguments: dict[str, Any]) -> str | None:
    """The argument that makes this call of ``spec`` a preview (set, or defaulted, true); None when it is none."""
    kept = _FLAGS.get(id(spec))
    if kept is None or kept[0] is not spec:
        if len(_FLAGS) >= _MAX_KEPT:
            _FLAGS.clear()
        properties = spec.input_schema.get("properties") or {}
        kept = _FLAGS[id(spec)] = (spec, tuple(name for name in properties if _FLAG.match(name)))
    if not kept[1]:
        return None  # most tools take no such flag
    properties = spec.input_schema.get("properties") or {}
    for name in kept[1]:
        schema = properties.get(name)
        value = arguments.get(name, schema.get("default") if isinstance(schema, dict) else None)
        if value is True or (isinstance(value, str) and value.strip().lower() == "true"):
            return str(name)
    return None
