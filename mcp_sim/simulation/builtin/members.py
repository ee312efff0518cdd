"""Lists kept inside an entity: ``add_observations`` appends to an entity's ``observations``.

Many tools change a list held by a record rather than a record: observations of a knowledge-graph node,
labels of an issue, members of a team. The tool's name says which list (``add_observations``,
``remove_labels``, ``delete_members``), and each item of its batch argument names the record (a field
that refers to another entity, ``entityName``) and carries the values (the item's one list of strings).
Adding appends the values not already there; removing takes them out; later reads of the record show
the list as it now is.
"""

from __future__ import annotations

import re
from typing import Any

from mcp_sim.config import ToolSpec
from mcp_sim.ledger.effects import singular
from mcp_sim.ledger.entities import Effect, Ledger

_ADDS = frozenset({"add", "append", "attach", "assign"})
_REMOVES = frozenset({"delete", "remove", "detach", "unassign"})


def changes(spec: ToolSpec, arguments: dict[str, Any], ledger: Ledger) -> list[Effect]:
    """The updates to the records whose lists this call changes (none when the call is no such change)."""
    words = [w for w in re.split(r"[^a-z0-9]+", re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", spec.name).lower()) if w]
    if len(words) != 2 or not ({words[0]} & (_ADDS | _REMOVES)):
        return []
    field, adding = words[1], words[0] in _ADDS
    refs = _item_refs(spec.input_schema)
    updates: dict[tuple[str, str], list[Any]] = {}
    for path, entity in refs.items():
        batch, _, ref_field = path.partition("[].")
        items = arguments.get(batch)
        for item in items if isinstance(items, list) else []:
            if not isinstance(item, dict) or not isinstance(item.get(ref_field), str | int):
                continue
            values = next((v for k, v in item.items() if k != ref_field and _strings(v)), None)
            record = ledger.get(entity, str(item[ref_field]))
            if values is None or record is None:
                continue
            key = (entity, str(item[ref_field]))
            current = updates.get(key, list(record.get(field) or []))
            updates[key] = (
                [*current, *(v for v in values if v not in current)]
                if adding
                else [v for v in current if v not in values]
            )
    return [Effect("update", entity, id_, {field: values}) for (entity, id_), values in updates.items()]


def _item_refs(schema: dict[str, Any]) -> dict[str, str]:
    """``batch[].field`` -> entity type, for batch items that name another entity (``entityName``)."""
    refs = {}
    for name, prop in (schema.get("properties") or {}).items():
        items = prop.get("items") if isinstance(prop, dict) else None
        for field in (items.get("properties") or {}) if isinstance(items, dict) else {}:
            match = re.fullmatch(r"([a-z][a-zA-Z0-9_]*?)(_id|Id|_name|Name)", str(field))
            if match:
                refs[f"{name}[].{field}"] = singular(re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", match.group(1)).lower())
    return refs


def _strings(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)
