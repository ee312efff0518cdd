"""What a call puts into a container or takes out of it: the container's ``items`` as the session filled them.

``add_to_cart(cart_id, product_id, qty)`` adds a line to a cart, ``remove_from_playlist(playlist_id, song_id)``
takes one out. The effect is an update of the container (``ledger/effects.py``), and an update sets the fields
it is given, so each add overwrote the last (``product_id`` and ``qty`` of the latest product) and a cart that
held two products showed one. The rule keeps the container's lines instead, as such servers do: each line is
what the call gave beside the container's id (a default the inputSchema declares for a quantity included); a
line for a thing already in the container (the same referenced ids, ``product_id``) is that line, its quantity
added to and its other fields replaced; a remove takes the line out. Reads of the container show ``items``.
"""

from __future__ import annotations

import re
from typing import Any

from mcp_sim.config import EntityEffect, ToolSpec
from mcp_sim.ledger.effects import into_container

ITEMS = "items"  # the container's field that holds its lines
_QUANTITY = re.compile(r"^(?:qty|quantity|count|units|amount)$", re.IGNORECASE)


def items_after(
    spec: ToolSpec, effect: EntityEffect, arguments: dict[str, Any], record: dict[str, Any]
) -> list[dict[str, Any]] | None:
    """The container's lines after this call, or None when the tool puts nothing in a container."""
    kind = into_container(spec)
    if kind is None or effect.id is None:
        return None
    line = {**_defaults(spec, arguments), **{k: v for k, v in arguments.items() if k != effect.id}}
    key = {k: v for k, v in line.items() if k in effect.refs} or {
        k: v for k, v in line.items() if not _QUANTITY.match(k)
    }
    lines = [dict(item) for item in record.get(ITEMS) or [] if isinstance(item, dict)]
    same = next((item for item in lines if all(item.get(k) == v for k, v in key.items())), None)
    if kind == "delete":
        return [item for item in lines if item is not same] if key else lines
    if same is None:
        return [*lines, line]
    for field, value in line.items():
        before = same.get(field)
        if _QUANTITY.match(field) and _number(value) and _number(before):
            same[field] = before + value
        else:
            same[field] = value
    return lines


def _defaults(spec: ToolSpec, arguments: dict[str, Any]) -> dict[str, Any]:
    """The quantities the call left to their declared default (``qty: {default: 1}``)."""
    props = spec.input_schema.get("properties") or {}
    return {
        name: schema["default"]
        for name, schema in props.items()
        if name not in arguments
        and _QUANTITY.match(name)
        and isinstance(schema, dict)
        and _number(schema.get("default"))
    }


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)
