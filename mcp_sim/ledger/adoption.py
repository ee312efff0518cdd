"""A seeded world's records made in the session answer to the caller's own name for them.

A world seed declares a table whole, so an id it does not hold is not found. A record the session makes in that
table is the exception: the simulator numbers it (``booking-3``, the world's next order number), but the
caller may know it by another name: the id its own world gave the same record (a replayed session, an agent
told the id elsewhere). An id the table does not hold, asked of a table the session has made records in, is
taken as the latest of them (``adopted``): it reads that record, and stays unknown in tables the session made
nothing in. Deleted ids stay deleted.

``made_effect`` is what a world action says when it makes a record, under the reserved type ``$made`` (its id:
the record's type; its record: ``{"ids": [...]}`` in order), which stores keep with the rest of the ledger.
"""

from __future__ import annotations

from typing import Any

from mcp_sim.ledger.entities import Effect, Ledger

MADE = "$made"  # id: an entity type; record: {"ids": the ids the session made in it, oldest first}


def made_ids(ledger: Ledger, entity: str) -> list[str]:
    """The ids of the records the session made in a seeded table that still exist, oldest first."""
    record = ledger.get(MADE, entity) or {}
    ids = record.get("ids")
    return [str(i) for i in ids if ledger.exists(entity, str(i))] if isinstance(ids, list) else []


def made_effect(ledger: Ledger, entity: str, id_: Any) -> Effect:
    """The effect that notes a record the session made in a seeded table."""
    record = ledger.get(MADE, entity) or {}
    earlier = record.get("ids") if isinstance(record.get("ids"), list) else []
    return Effect("observe", MADE, entity, {"ids": [*(earlier or []), str(id_)]})


def adopted(ledger: Ledger, entity: str, id_: str) -> str | None:
    """The id of the made record an unknown id names (the latest one made), or None: the id is known, deleted,
    or the session made nothing in the table."""
    if ledger.exists(entity, id_) or ledger.is_deleted(entity, id_):
        return None
    made = made_ids(ledger, entity)
    return made[-1] if made else None


def adopted_record(ledger: Ledger, entity: str, id_: str, id_field: str) -> dict[str, Any] | None:
    """The made record an unknown id names, shown under that id (the caller's name for it) in ``id_field`` and
    wherever the record held its made id, or None."""
    own = adopted(ledger, entity, id_)
    record = ledger.get(entity, own) if own is not None else None
    if record is None:
        return None
    renamed = {k: id_ if str(v) == own and not isinstance(v, bool) else v for k, v in record.items()}
    return {**renamed, id_field: id_}  # the caller's name wherever the made id was
