"""An update's answer shows the whole record it changed, not only the fields the call gave.

A tool that updates several client-named records at once (``entities[].name``: each item names its record)
answers with the records as they now are: the fields the call changed and the ones it left alone (a new type
beside the observations it had). Each item of the batch is laid over the record the ledger holds for its
name; an item naming nothing the session holds is shown as given. Nothing is invented: every value is the
call's or an earlier call's.
"""

from __future__ import annotations

from typing import Any

from mcp_sim.config import EntityEffect
from mcp_sim.ledger.entities import Ledger


def with_records(effect: EntityEffect, entity: str, arguments: dict[str, Any], ledger: Ledger) -> dict[str, Any]:
    """The arguments with each item of an update's batch shown over the record it names."""
    batch, separator, leaf = (effect.id or "").partition("[].")
    items = arguments.get(batch) if effect.kind == "update" and separator and leaf else None
    if not isinstance(items, list):
        return arguments
    return {**arguments, batch: [_over_record(item, leaf, entity, ledger) for item in items]}


def _over_record(item: Any, leaf: str, entity: str, ledger: Ledger) -> Any:
    key = item.get(leaf) if isinstance(item, dict) else None
    if not isinstance(key, str | int) or isinstance(key, bool):
        return item
    held = ledger.get(entity, str(key)) or {}
    return {**{k: v for k, v in held.items() if not k.startswith("$")}, **item}  # the call's values win
