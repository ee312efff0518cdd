"""A call that plans items makes each one: ``plan_trip(stops: [{name}, ...])`` answers a trip and its stops.

A tool whose arguments carry a list of objects, each with a title or name and no id of its own, of a type the
experiment's other tools take ids of (``stops`` -> ``stop``: ``remove_stop(stopId)``), creates every item as an
entity of that type with a minted id, as the child of a parent: the record an argument already references
(``add_stops(tripId, stops)``), else a new one of the type the tool creates or its name names (``plan_trip``).
Without this only the tool's first effect happened, so a later ``remove_stop(stop-2)`` met an unknown id.

The answer is the parent's id, the call's scalar fields and the parent's children, ids included, as JSON: ids in
a structure are what later calls are seen to reuse. It applies where nothing else says how the tool answers (no
outputSchema, no learned shape).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from mcp_sim.config import EntityEffect
from mcp_sim.ledger import namespaces
from mcp_sim.ledger.effects import EntityTypes, plural, singular
from mcp_sim.ledger.entities import Effect, Ledger

PLANNED = "$planned"  # ledger table: child type -> the field that links its items to their parent
_LABELS = ("title", "name")  # what makes a list item a thing of its own rather than a value (``{key, value}``)
_REFERENCE = re.compile(r"([a-z][a-zA-Z0-9_]*?)(_id|Id)")


@dataclass(frozen=True)
class Plan:
    """What a planning call did: the ledger effects and the answer body that shows them."""

    effects: list[Effect]
    body: dict[str, Any]


def plan(name: str, effect: EntityEffect, arguments: dict[str, Any], ledger: Ledger, types: EntityTypes) -> Plan | None:
    """The plan a create (or an action) with a list of titled items makes; None when the call plans nothing."""
    if effect.kind not in ("create", "none"):
        return None
    found = _items(arguments, types)
    if found is None:
        return None
    argument, item_type, items = found
    parent = _referenced(arguments, ledger, item_type) or _new_parent(name, effect, ledger, types, item_type, arguments)
    effects: list[Effect] = []
    body: dict[str, Any] = {k: v for k, v in arguments.items() if not isinstance(v, dict | list)}
    link: dict[str, Any] = {}
    if parent is not None:
        parent_type, parent_id, reference, fresh = parent
        link = {reference: parent_id}
        body = {reference: parent_id, **body}
        if fresh:
            record = {
                types.id_fields.get(parent_type, "id"): parent_id,
                **{k: v for k, v in body.items() if k not in link},
            }
            effects.append(Effect("create", parent_type, parent_id, record))
    id_field = types.id_fields.get(item_type, "id")
    number = _count(ledger, item_type)
    for item in items:
        number = _free(ledger, item_type, number + 1)
        new_id = f"{item_type.replace('_', '-')}-{number}"
        effects.append(Effect("create", item_type, new_id, {id_field: new_id, **item, **link}))
    if link:  # which types plans gave parents, and by which field, so reads of a parent show its children
        effects.append(Effect("create", PLANNED, item_type, {"link": next(iter(link))}))
    made = [e.record or {} for e in effects if e.entity == item_type]
    earlier = [r for r in ledger.records(item_type) if link and all(r.get(k) == v for k, v in link.items())]
    body[argument] = [*earlier, *made]  # the parent's children: those it had and the new ones
    return Plan(effects, body)


def children(arguments: dict[str, Any], ledger: Ledger) -> dict[str, Any]:
    """The children plans gave the parent an argument names (``get_trip(tripId)`` -> its ``stops``), as the
    ledger holds them now (renamed, deleted ones gone)."""
    shown: dict[str, Any] = {}
    for child_type, kept in ledger.entities.get(PLANNED, {}).items():
        link = kept.get("link")
        if not isinstance(link, str):
            continue
        value = arguments.get(link)
        if isinstance(value, str | int) and not isinstance(value, bool):
            found = [r for r in ledger.records(child_type) if r.get(link) == value]
            if found:
                shown[plural(child_type)] = found
    return shown


def _items(arguments: dict[str, Any], types: EntityTypes) -> tuple[str, str, list[dict[str, Any]]] | None:
    for argument, value in arguments.items():
        item_type = singular(_snake(argument))
        if item_type == argument or item_type not in types.id_fields or not isinstance(value, list) or not value:
            continue  # a singular name is one value, not a list of things; a type no tool names has no ids
        if all(_titled(item, types.id_fields[item_type]) for item in value):
            return argument, item_type, value
    return None


def _titled(item: Any, id_field: str) -> bool:
    if not isinstance(item, dict) or any(_REFERENCE.fullmatch(k) or k.lower() == "id" or k == id_field for k in item):
        return False  # an item with an id (or named by the client, ``entities[].name``) is no new one to mint
    return any(isinstance(item.get(label), str) and item[label] for label in _LABELS)


def _referenced(arguments: dict[str, Any], ledger: Ledger, item_type: str) -> tuple[str, str, str, bool] | None:
    """The existing record an argument references (``tripId``): the new items join it."""
    for argument, value in arguments.items():
        match = _REFERENCE.fullmatch(argument)
        if match and isinstance(value, str | int) and not isinstance(value, bool):
            parent_type = singular(_snake(match.group(1)))
            if parent_type != item_type and ledger.exists(parent_type, str(value)):
                return parent_type, str(value), argument, False
    return None


def _new_parent(
    name: str, effect: EntityEffect, ledger: Ledger, types: EntityTypes, item_type: str, arguments: dict[str, Any]
) -> tuple[str, str, str, bool] | None:
    """A new parent of the type the tool creates, else of the first type its name names (``plan_trip``)."""
    words = [singular(w) for w in re.split(r"[^a-z0-9]+", _snake(namespaces.without_namespace(name))) if w]
    named = [w for w in words if w in types.id_fields and w != item_type]
    parent_type = effect.entity if effect.kind == "create" and effect.entity in types.id_fields else None
    parent_type = parent_type or (named[0] if named else None)
    if parent_type is None or parent_type == item_type:
        return None
    camel = any(re.search(r"[a-z][A-Z]", k) for k in arguments)  # the call's own style names the reference
    reference = f"{_camel(parent_type)}Id" if camel else f"{parent_type}_id"
    number = _free(ledger, parent_type, _count(ledger, parent_type) + 1)
    return parent_type, f"{parent_type.replace('_', '-')}-{number}", reference, True


def _count(ledger: Ledger, entity: str) -> int:
    return len(ledger.entities.get(entity, {})) + len(ledger.deleted.get(entity, []))


def _free(ledger: Ledger, entity: str, number: int) -> int:
    """The first number from ``number`` whose id no record of the type holds (a seeded ``stop-1``)."""
    while ledger.exists(entity, f"{entity.replace('_', '-')}-{number}") or ledger.is_deleted(
        entity, f"{entity.replace('_', '-')}-{number}"
    ):
        number += 1
    return number


def _snake(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()


def _camel(snake: str) -> str:
    first, *rest = snake.split("_")
    return first + "".join(w.title() for w in rest)
