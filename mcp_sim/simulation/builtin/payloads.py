"""A record given as one object argument: ``create_record(table, data={...})`` makes a row whose columns are
``data``'s keys.

Generic stores (a SQL table helper, a JSON-file CRM, a document database) take a record's fields in one object
argument: ``data``, ``fields``, ``item``, ``record``, ``values``, ``document``, ``properties``, ``item_json``,
or the type's name before one (``character_data``, ``userFields``), also as JSON text (encoded.py). The
simulator kept that object nested under its argument's name, so the ledger held ``{"table": "loans", "data":
{...}}``: a read showed no column of the row, and a list filtered by column (``read_records(table="loans",
conditions={"member_id": 3})``) matched nothing it could see. The rule: the object's fields are the record's own,
beside the call's other arguments (the table it is in), and criteria given as one object (``conditions``,
``where``, ``filter``, ``filters``, ``match``, ``criteria``) select the records whose fields equal them, as the
criteria given one per argument do.
"""

from __future__ import annotations

import re
from typing import Any

from mcp_sim.simulation.builtin.encoded import decoded

PAYLOAD = re.compile(
    r"^(?i:data|fields|item|record|values|document|doc|properties|attributes|row|entry|payload)(?:_json)?$"
    # the type's own name before it: ``manage_character(character_data={...})``, ``createUser(userFields)``
    r"|^(?!meta)[a-z]+_(?:data|fields|attributes|payload)$|^(?!meta)[a-z]+(?:Data|Fields|Attributes|Payload)$"
)  # "metadata" is data about the record, not its fields
CRITERIA = re.compile(r"^(?:conditions|where|filter|filters|match|criteria)$", re.IGNORECASE)


def flattened(arguments: dict[str, Any]) -> dict[str, Any]:
    """The arguments with each record object's fields in place of the object (``arguments`` itself when the call
    gives none). A field the call also gives as its own argument keeps the argument's value."""
    payloads = {k: obj for k, v in arguments.items() if PAYLOAD.match(k) and isinstance(obj := decoded(v), dict)}
    if not payloads:
        return arguments
    fields = {name: value for obj in payloads.values() for name, value in obj.items()}
    return {**fields, **{k: v for k, v in arguments.items() if k not in payloads}}


def criteria(arguments: dict[str, Any]) -> dict[str, Any]:
    """The field values the call's criteria objects ask for ({} when it gives none)."""
    found: dict[str, Any] = {}
    for key, value in arguments.items():
        obj = decoded(value)
        if CRITERIA.match(key) and isinstance(obj, dict):
            found.update({k: v for k, v in obj.items() if not isinstance(v, dict | list)})
    return found
