"""Things a session names into being: the tags, rooms and projects that no tool makes.

Many servers keep a kind of thing that no tool creates: a tag exists once an entry carries it, a chat room once
an agent joins or posts to it, a project once a file is written into it. Their listings (``list_tags``,
``list_rooms``, ``list_projects``) show the names the session gave under that kind's argument (``tags``,
``room``, ``projectName``). The ledger holds no record of a kind no tool creates, so such a listing showed
nothing (or, in words, every earlier call's arguments). Here it shows those names, in the order first given,
each with how many calls gave it: only calls that changed something and succeeded (a read's filter names what
it looks for, not what exists). A listing scoped by another argument (``list_agents(room)``) shows the names
given together with that argument's value (the agents that joined that room).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from mcp_sim.config import EntityEffect
from mcp_sim.ledger.effects import EntityTypes, camel, plural
from mcp_sim.ledger.entities import Ledger
from mcp_sim.simulation.builtin.recall import observes, succeeded
from mcp_sim.state.base import Turn

# a name's key in a listed item, after the kind's own (``tag``, ``room_name``): how records are named
_NAME_KEYS = ("name", "title", "label")


@dataclass(frozen=True)
class Named:
    """One name the session gave a kind, and how many calls gave it."""

    value: str
    count: int


def applies(effect: EntityEffect, types: EntityTypes | None, ledger: Ledger) -> bool:
    """Whether a call lists a kind that no tool of the server creates and the session holds no record of."""
    entity = effect.entity
    return (
        effect.kind == "list"
        and entity is not None
        and types is not None
        and entity not in types.created
        and not ledger.entities.get(entity)
    )


def keys_of(entity: str) -> frozenset[str]:
    """The arguments that name a thing of the kind: ``room``, ``room_name``, ``roomName``, ``rooms``."""
    return frozenset(
        {entity, f"{entity}_name", camel(f"{entity}_name"), plural(entity), f"{entity}_names", camel(f"{entity}_names")}
    )


def named(entity: str, arguments: dict[str, Any], earlier: Iterable[Turn]) -> list[Named]:
    """The names calls that changed something gave the kind, first given first, within the listing's scope: the
    listing's other plain arguments that the giving call also had must hold the same value there."""
    own = keys_of(entity)
    scope = {
        k: v for k, v in arguments.items() if k not in own and isinstance(v, str | int) and not isinstance(v, bool)
    }
    counts: dict[str, int] = {}
    for turn in earlier:
        if observes(turn.tool) or not succeeded(turn):
            continue
        if any(k in turn.arguments and turn.arguments[k] != v for k, v in scope.items()):
            continue
        if scope and not any(k in turn.arguments for k in scope):
            continue  # a call outside any scope (``send_message`` without a room) is not in this one
        for key in own & set(turn.arguments):
            for value in _names(turn.arguments[key]):
                counts[value] = counts.get(value, 0) + 1
    return [Named(value, count) for value, count in counts.items()]


def records(names: list[Named], entity: str, item_keys: set[str]) -> list[dict[str, Any]]:
    """The names as records of a listed item with ``item_keys``: under the kind's own key (``tag``) or a name
    key the item has, with ``count`` when the item shows one."""
    candidates = [entity, f"{entity}_name", camel(f"{entity}_name"), *_NAME_KEYS]
    key = next((k for k in candidates if k in item_keys), "name")
    counted = "count" in item_keys
    return [{key: n.value, **({"count": n.count} if counted else {})} for n in names]


def _names(value: Any) -> list[str]:
    """The names an argument gives: a string, or each string of a list (``tags=["work", "ci"]``)."""
    values = value if isinstance(value, list) else [value]
    return [v.strip() for v in values if isinstance(v, str) and v.strip()]
