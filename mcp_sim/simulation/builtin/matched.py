"""A write that names its records by criteria changes each record they select.

Generic stores take a write's target as criteria, not an id: ``update_records(table="loans", data={"returned":
1}, conditions={"id": 1})``, ``delete_records(table, conditions={"member_id": 3})``, ``update_many(filter, ...)``.
The simulator answered such a call and changed nothing: the loan stayed unreturned for every later read, and a
deleted row was still listed. The rule: the records of the tool's type that hold every plain argument the call
scopes them by (the table) and every criterion are the ones it writes. An update sets the payload's fields on each
(``data``, ``values``, ``fields``: payloads.py), a delete removes each, and the answer says how many.

A criterion the record has no field for selects nothing: a write is not applied to records the session cannot
tell it was meant for (unlike a list, which shows them). Values compare as the ledger keeps ids: ``1`` and ``"1"``
are one value.
"""

from __future__ import annotations

from typing import Any

from mcp_sim.simulation.builtin import payloads
from mcp_sim.simulation.builtin.encoded import decoded


def selects(arguments: dict[str, Any]) -> bool:
    """Whether the call names its records by criteria (a ``conditions`` / ``where`` / ``filter`` object)."""
    return bool(payloads.criteria(arguments))


def selected(records: dict[str, dict[str, Any]], arguments: dict[str, Any], id_field: str) -> list[str]:
    """The ids of the ``records`` (id -> record) the call's scope and criteria select."""
    wanted = {k: v for k, v in arguments.items() if _scalar(v)}  # the table (or collection) it writes in
    wanted.update(payloads.criteria(arguments))
    return [id_ for id_, record in records.items() if _all_hold({id_field: id_, **record}, wanted)]


def _all_hold(record: dict[str, Any], wanted: dict[str, Any]) -> bool:
    return all(_holds(record, key, value) for key, value in wanted.items())


def changes(arguments: dict[str, Any]) -> dict[str, Any]:
    """The fields an update sets: those of its payload objects (``data``, ``values``), or of an ``update`` / ``set``
    object, a document store's ``{"$set": {...}}`` read through."""
    found: dict[str, Any] = {}
    for key, value in arguments.items():
        obj = decoded(value)
        if (payloads.PAYLOAD.match(key) or key.lower() in _SETTING) and isinstance(obj, dict):
            inner = obj.get("$set")
            found.update(inner if isinstance(inner, dict) else obj)
    return found


_SETTING = frozenset({"update", "updates", "set", "changes"})


def _holds(record: dict[str, Any], key: str, wanted: Any) -> bool:
    if key not in record:
        return False
    have = record[key]
    if isinstance(have, bool) or isinstance(wanted, bool):
        return have is wanted
    return have == wanted or (_scalar(have) and _scalar(wanted) and str(have) == str(wanted))


def _scalar(value: Any) -> bool:
    return isinstance(value, str | int | float) and not isinstance(value, bool)
