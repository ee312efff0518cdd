"""A read of a record shows the session's records that point at it.

``get_contact("C-1018")`` after ``add_note(contact_id="C-1018", text=...)`` and ``create_task(contact_id=...)``:
the real server shows the contact with its notes and tasks, because it joins on ``contact_id``. The simulator
showed the contact's own fields only, so everything the session added to it was missing (fidelity-metrics.md's
persistence). The rule needs no knowledge of the tool: a record of another type whose field named after the
read type's id (``contact_id``, ``contactId``) holds the read id is one of its children, listed under its type's
plural (``notes``, ``tasks``), as the ledger holds it now (a deleted task is gone). Nothing is invented: every
record shown was made by the session.
"""

from __future__ import annotations

from typing import Any

from mcp_sim.ledger.effects import EntityTypes, plural
from mcp_sim.ledger.entities import Ledger

MAX_CHILDREN = 50  # per type: a read shows a parent's items, not a whole table


def of(entity: str, id_: str, ledger: Ledger, types: EntityTypes) -> dict[str, list[dict[str, Any]]]:
    """The session's records that point at ``entity`` ``id_``, by type plural (empty when none do). A child of a
    type no tool names by id shows no id: its key is the ledger's own (``note-1``), never told to the agent."""
    links = {f"{entity}_id", f"{_camel(entity)}Id"}
    shown: dict[str, list[dict[str, Any]]] = {}
    for child_type, table in ledger.entities.items():
        if child_type == entity:
            continue
        hidden = "" if child_type in types.named_by_id else types.id_fields.get(child_type, "id")
        found = [
            {k: v for k, v in record.items() if not k.startswith("$") and k != hidden}  # "$...": the ledger's own
            for record in table.values()
            if any(str(record.get(link)) == id_ for link in links if link in record)
        ]
        if found:
            shown[plural(child_type)] = found[:MAX_CHILDREN]
    return shown


def _camel(snake: str) -> str:
    head, *rest = snake.split("_")
    return head + "".join(word.capitalize() for word in rest)


def linked(entity: str, id_: str, ledger: Ledger) -> list[dict[str, Any]]:
    """The records of the same type linked to ``id_`` either way: those its fields name by id (``deps: {"1":
    "why"}``, ``blocked_by: ["2"]``) and those whose fields name it. A dependency graph's read shows a task with
    its neighbours, as ``show(3)`` does on such servers. Ids of four or fewer digits only count as whole values or
    keys, never inside text."""
    table = ledger.entities.get(entity, {})
    record = table.get(id_) or {}
    named = {i for value in record.values() for i in _ids_in(value) if i in table and i != id_}
    naming = {other for other, fields in table.items() if other != id_ and id_ in _ids_of(fields)}
    return [{k: v for k, v in table[i].items() if not k.startswith("$")} for i in sorted(named | naming)][:MAX_CHILDREN]


def _ids_of(record: dict[str, Any]) -> set[str]:
    return {i for value in record.values() for i in _ids_in(value)}


def _ids_in(value: Any) -> list[str]:
    """Whole values that may be ids: a dict's keys, a list's scalar items."""
    if isinstance(value, dict):
        return [str(k) for k in value]
    if isinstance(value, list):
        return [str(v) for v in value if isinstance(v, str | int) and not isinstance(v, bool)]
    return []
