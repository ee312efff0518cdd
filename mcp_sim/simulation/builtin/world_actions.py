"""What an action does to a seeded world's scalars and singletons (``ledger/world_state.py``), read from words.

A world seed declares values no table holds: a fuel level, an engine state, the doors' locks, a balance, a
watch list, the next order number. An action changes the ones it names, and later reads show the change:
- a **state** (a text value such as ``stopped``, ``locked``, ``off``) moves to the state the action's verb
  leaves it in (``start_engine``: ``engineState`` stopped -> running; ``lock_doors(unlock=false,
  door=[driver])``: ``doorStatus.driver`` -> locked; ``set_headlights(mode=on)``: on);
- a **quantity** grows or shrinks by an amount argument when the verb says so (``fill_fuel_tank(fuelAmount)``
  adds to ``fuelLevel``, ``withdraw_funds(amount)`` takes from the balance: below zero is refused), and a
  value an argument names exactly is set (``set_navigation(destination)``);
- a **list** gets the argument's value added or removed (``add_to_watchlist(stock)``,
  ``remove_from_watchlist``);
- a **record** is made in a seeded table (or a seeded map of records) the action names, numbered by the
  world's counter for it (``tweet_counter``, ``order_counter``), which moves on; fields the seeded records
  have and the call does not give come from the world (the logged-in ``username``).
Parts are found by their names' words, never by a tool's or field's exact name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mcp_sim.errors import ToolError
from mcp_sim.ledger.effects import EntityTypes, singular
from mcp_sim.ledger.entities import Effect, Ledger
from mcp_sim.ledger.world_state import (
    SCALARS,
    SINGLETONS,
    known_values,
    plain_numbers,
    scalar_effect,
    scalars,
    singleton_effect,
    singletons,
    word_list,
    words_of,
)

# A verb, or a word an argument says, -> the states it leaves a thing in.
_TARGETS: dict[str, frozenset[str]] = {
    "start": frozenset({"running", "started", "on", "active"}),
    "stop": frozenset({"stopped", "off", "inactive"}),
    "lock": frozenset({"locked"}),
    "unlock": frozenset({"unlocked"}),
    "activate": frozenset({"engaged", "active", "activated", "enabled", "on"}),
    "engage": frozenset({"engaged", "active", "on"}),
    "deactivate": frozenset({"released", "inactive", "deactivated", "disabled", "off", "disengaged"}),
    "release": frozenset({"released", "disengaged", "inactive", "off"}),
    "disengage": frozenset({"released", "disengaged", "inactive", "off"}),
    "enable": frozenset({"enabled", "active", "on"}),
    "disable": frozenset({"disabled", "inactive", "off"}),
    "open": frozenset({"open", "opened"}),
    "close": frozenset({"closed"}),
    "on": frozenset({"on", "active", "running", "enabled"}),
    "off": frozenset({"off", "inactive", "stopped", "disabled"}),
}
_OPPOSITE_VERBS = {"lock": "unlock", "unlock": "lock", "activate": "deactivate", "deactivate": "activate",
                   "enable": "disable", "disable": "enable", "start": "stop", "stop": "start", "open": "close",
                   "close": "open", "engage": "release", "release": "engage"}  # fmt: skip
# Opposite states: a state value the world holds is one of these, so its thing can be switched.
_PAIRS = [
    ("stopped", "running"),
    ("locked", "unlocked"),
    ("released", "engaged"),
    ("disengaged", "engaged"),
    ("off", "on"),
    ("inactive", "active"),
    ("deactivated", "activated"),
    ("closed", "open"),
    ("disabled", "enabled"),
]
_STATES = frozenset(s for pair in _PAIRS for s in pair)
_ADDS = frozenset({"fill", "refill", "fund", "deposit", "add", "increase", "credit", "refuel", "recharge"})
_TAKES = frozenset({"withdraw", "spend", "pay", "decrease", "reduce", "debit", "deduct", "subtract", "consume"})
_SETS = frozenset({"set", "adjust", "change", "update", "navigate", "configure"})
_LIST_ADDS = frozenset({"add", "append", "insert", "include", "follow", "watch", "save", "star"})
_LIST_REMOVES = frozenset({"remove", "delete", "drop", "unfollow", "unwatch", "exclude", "discard"})
_MAKES = frozenset(
    {"place", "post", "create", "send", "submit", "make", "open", "book", "add", "new", "write", "reserve"}
)
# Words that say how much, not of what: ``fuelAmount`` is an amount of fuel.
_AMOUNT_WORDS = frozenset({"amount", "value", "number", "qty", "quantity", "new", "delta", "by"})
_QUANTITY_WORDS = frozenset({"balance", "level", "total", "credit", "funds", "fund", "points", "quantity"})
_COUNTER_WORDS = frozenset({"counter", "count", "next", "seq", "sequence"})
_FILLER = frozenset({"to", "from", "the", "a", "an", "of", "for", "in", "on", "by", "my", "all", "get", "is"})


@dataclass
class Change:
    """What an action did to the world: the fields its answer shows (new values) and the ledger effects."""

    shown: dict[str, Any] = field(default_factory=dict)
    effects: list[Effect] = field(default_factory=list)


def change(
    tool: str, arguments: dict[str, Any], ledger: Ledger, types: EntityTypes | None = None, kind: str = "none"
) -> Change | None:
    """The world change an action makes, or None when the world holds nothing it names (no seed: always None).
    ``kind``: what the tool was read as (``ledger/effects.py``): reads and lists change nothing; a create may
    only make a record or add to a list."""
    world = {**singletons(ledger), **scalars(ledger)}
    if not (world or (types and types.seeded)) or kind in ("read", "list"):  # a seed of tables alone is a world
        return None
    creates = kind == "create"
    words = words_of(tool)
    out = Change()
    _lists(words, arguments, ledger, out)
    if not out.effects:
        _record(words, arguments, ledger, types, out, numbered_only=creates)
    if not out.effects and not creates:
        _states(words, arguments, ledger, out)
        _quantities(words, arguments, ledger, out)
    out.shown = {k: plain_numbers(v) for k, v in out.shown.items()}
    return out if out.effects else None


# -- lists -----------------------------------------------------------------------------------------------------


def _lists(words: set[str], arguments: dict[str, Any], ledger: Ledger, out: Change) -> None:
    adds, removes = bool(words & _LIST_ADDS), bool(words & _LIST_REMOVES)
    if adds == removes:
        return
    values = [v for v in arguments.values() if isinstance(v, str | int) and not isinstance(v, bool)]
    if len(values) != 1:
        return
    value = values[0]
    for name, current in scalars(ledger).items():
        flat = isinstance(current, list) and all(not isinstance(i, dict | list) for i in current)
        if flat and _names(words - _LIST_ADDS - _LIST_REMOVES - _FILLER, name):
            updated = [i for i in current if i != value]
            if adds:
                updated = [*current, value] if value not in current else list(current)
            out.shown[name] = updated
            out.effects.append(scalar_effect(name, updated))
            return


# -- records numbered by the world's counter -------------------------------------------------------------------


def _record(
    words: set[str],
    arguments: dict[str, Any],
    ledger: Ledger,
    types: EntityTypes | None,
    out: Change,
    numbered_only: bool,
) -> None:
    """A record made in the seeded table the action names. ``numbered_only``: only where the world numbers them
    (a tool read as a create makes its records itself, ``simulator.py``; here it only takes the counter's id)."""
    if not words & _MAKES:
        return
    empty: dict[str, dict[str, Any]] = {
        t: {} for t in (types.seeded if types else set()) if not ledger.entities.get(t)
    }  # seeded, no records
    for entity, table in [*ledger.entities.items(), *empty.items()]:
        if entity.startswith("$") or not _names_type(words, entity):
            continue
        counter = _counter_for(entity, ledger)
        if counter is None and numbered_only:
            continue
        new_id: Any = counter[1] if counter else _minted(entity, table, ledger)
        id_field = (types.id_fields.get(entity) if types else None) or "id"
        if counter is None and id_field == "id":
            id_field = f"{entity.rsplit('.', 1)[-1]}_id"  # book_flight answers booking_id, as such tools do
        record = {id_field: new_id, **_defaults(table.values(), arguments, ledger), **arguments}
        taken_by = _taken_by(entity, types)
        out.shown.update({taken_by: new_id} if taken_by and taken_by not in record else {})
        out.shown.update(record)
        out.effects.append(Effect("create", entity, str(new_id), record))
        if counter is not None:
            out.effects.append(scalar_effect(counter[0], counter[1] + 1))
        return
    for part, container in singletons(ledger).items():
        records = [v for v in container.values() if isinstance(v, dict)]
        counter = _counter_for(part, ledger) if _names_type(words, part) else None  # a map of records, maybe none yet
        if counter is None:
            continue
        name, number = counter
        record = {**_defaults(records, arguments, ledger), **arguments}
        out.shown.update({_taken_by(part, types) or "id": number, **record})
        out.effects += [Effect("observe", SINGLETONS, part, {str(number): record}), scalar_effect(name, number + 1)]
        return
    _counted(words, arguments, ledger, types, out)


def _counted(
    words: set[str], arguments: dict[str, Any], ledger: Ledger, types: EntityTypes | None, out: Change
) -> None:
    """A record of a type only the world's counter names (``ticket_counter`` beside an empty ``ticket_queue``
    list): numbered by it, in the table its words name, as the seeded tables are."""
    for name, number in scalars(ledger).items():
        said = word_list(name)
        type_words = [w for w in said if w not in _COUNTER_WORDS and w != "id"]
        entity = "_".join(type_words)
        counts = set(said) & _COUNTER_WORDS and isinstance(number, int) and not isinstance(number, bool)
        if not counts or not entity or not _names_type(words, entity) or entity in ledger.entities:
            continue  # a type the seed holds was numbered above
        id_field = (types.id_fields.get(entity) if types else None) or "id"
        record = {id_field: number, **_defaults([], arguments, ledger), **arguments}
        out.shown.update(record)
        made = Effect("create", entity, str(number), record)
        out.effects += [made, scalar_effect(name, number + 1)]
        return


def _taken_by(part: str, types: EntityTypes | None) -> str | None:
    """The argument the server's tools take a made record's id by (``order_id`` for ``cancel_order(order_id)``), for
    a seeded table or map of records (``TradingBot.orders`` holds orders): a learned answer shows the new id there
    (``{"order_id": 12446, ...}``), and the world's number is the one it shows, not a count of its own."""
    if types is None:
        return None
    return types.id_arguments.get(part) or types.id_arguments.get(singular(part.rsplit(".", 1)[-1]))


def _minted(entity: str, table: dict[str, Any], ledger: Ledger) -> Any:
    """A new id in the table's style: the next integer when its ids are numbers, else ``<type>-<n>``."""
    if table and all(key.isdigit() for key in table):  # an empty table shows no style: ``<type>-<n>``
        number = max(int(key) for key in table) + 1
        while ledger.exists(entity, str(number)) or ledger.is_deleted(entity, str(number)):
            number += 1
        return number
    number = ledger.created + 1
    stem = entity.rsplit(".", 1)[-1].replace("_", "-")
    while ledger.exists(entity, f"{stem}-{number}") or ledger.is_deleted(entity, f"{stem}-{number}"):
        number += 1
    return f"{stem}-{number}"


def _counter_for(entity: str, ledger: Ledger) -> tuple[str, int] | None:
    """The integer scalar that numbers the type's records: its words are the type's plus a counter word."""
    type_words = words_of(entity.rsplit(".", 1)[-1])
    for name, value in scalars(ledger).items():
        if not isinstance(value, int) or isinstance(value, bool):
            continue
        said = set(word_list(name))
        rest = said - _COUNTER_WORDS - {"id"}
        if said & _COUNTER_WORDS and rest and rest <= type_words:
            return name, value
    return None


def _defaults(records: Any, arguments: dict[str, Any], ledger: Ledger) -> dict[str, Any]:
    """Fields the seeded records have that the world knows a value for (the logged-in ``username``)."""
    fields = {k for r in records if isinstance(r, dict) for k in r} or set(_AUTHORS)  # no records: who made it
    known = known_values(ledger)
    wanted = sorted(fields - set(arguments))
    return {k: known[k] for k in wanted if k in known and not isinstance(known[k], dict | list)}


_AUTHORS = ("username", "user_name", "author", "owner")  # fields a new record of an empty table takes from the world


# -- states ----------------------------------------------------------------------------------------------------


def _states(words: set[str], arguments: dict[str, Any], ledger: Ledger, out: Change) -> None:
    targets = _targets(words, arguments)
    if not targets:
        return
    nouns = words - set(_TARGETS) - _SETS - _FILLER
    for name, value in scalars(ledger).items():
        if isinstance(value, str) and value.lower() in _STATES and _names(nouns, name, every=True):
            new = _switched(value, targets)
            if new is not None:
                out.shown[name] = new
                out.effects.append(scalar_effect(name, new))
    picked = {str(v) for a in arguments.values() if isinstance(a, list) for v in a}
    for name, record in singletons(ledger).items():
        states = {k: v for k, v in record.items() if isinstance(v, str) and v.lower() in _STATES}
        if not states or not _names(nouns, name, every=True):
            continue
        chosen = {k: v for k, v in states.items() if not picked or k in picked}
        switched = {k: s for k, v in chosen.items() if (s := _switched(v, targets)) is not None}
        if switched:
            updated = {**record, **switched}
            out.shown[name] = updated
            out.effects.append(singleton_effect(name, updated))
            for former in {_opposite(v) for v in switched.values()} - {None}:  # "2 doors still unlocked"
                out.shown[f"remaining_{former}"] = sum(1 for v in updated.values() if str(v).lower() == former)


def _opposite(state: str) -> str | None:
    lowered = state.lower()
    return next((a if lowered == b else b for a, b in _PAIRS if lowered in (a, b)), None)


def _targets(words: set[str], arguments: dict[str, Any]) -> frozenset[str]:
    """The states the call asks for: a word an argument says (``mode: engage``), a flag named by a verb
    (``unlock: false`` is a lock), else the tool's own verb."""
    for key, value in arguments.items():
        if isinstance(value, str) and value.lower() in _TARGETS:
            return _TARGETS[value.lower()]
        if isinstance(value, bool):
            verb = next((w for w in word_list(key) if w in _OPPOSITE_VERBS), None)
            if verb is not None:
                return _TARGETS[verb if value else _OPPOSITE_VERBS[verb]]
    verbs = [w for w in words if w in _TARGETS]
    return _TARGETS[verbs[0]] if len(verbs) == 1 else frozenset()


def _switched(current: str, targets: frozenset[str]) -> str | None:
    lowered = current.lower()
    if lowered in targets:
        return current
    for a, b in _PAIRS:
        if lowered == a and b in targets:
            return b
        if lowered == b and a in targets:
            return a
    return None


# -- quantities ------------------------------------------------------------------------------------------------


def _quantities(words: set[str], arguments: dict[str, Any], ledger: Ledger, out: Change) -> None:
    sign = 1 if words & _ADDS else -1 if words & _TAKES else 0
    numbers = _numeric_places(ledger)
    for key, value in arguments.items():
        if isinstance(value, bool) or value is None:
            continue
        exact = _place_named(key, ledger)
        if exact is not None and words & _SETS:  # set_route(destination); a token passed along sets nothing
            _put(exact, value, ledger, out)
            continue
        if not isinstance(value, int | float) or not sign:
            continue
        place = _quantity_for(key, words, numbers)
        if place is None:
            continue
        new = numbers[place] + sign * value
        if new < 0:
            raise ToolError(f"insufficient {place[-1]}: {numbers[place]} is less than {value}")
        _put(place, round(new, 10), ledger, out)


def _numeric_places(ledger: Ledger) -> dict[tuple[str, ...], float]:
    """Every number of the world by where it is: (scalar,) or (singleton, field)."""
    places: dict[tuple[str, ...], float] = {}
    for name, value in scalars(ledger).items():
        if isinstance(value, int | float) and not isinstance(value, bool):
            places[(name,)] = value
    for name, record in singletons(ledger).items():
        for key, value in record.items():
            if isinstance(value, int | float) and not isinstance(value, bool):
                places[(name, key)] = value
    return places


def _quantity_for(argument: str, words: set[str], numbers: dict[tuple[str, ...], float]) -> tuple[str, ...] | None:
    """The number an amount argument changes: one sharing the argument's own words (``fuelAmount`` ->
    ``fuelLevel``), else the one quantity (a balance, a level) the tool names, else the world's only one."""
    own = set(word_list(argument)) - _AMOUNT_WORDS
    if own:  # an argument of its own meaning (``fuelAmount``, ``count``) changes only what it names
        shared = [p for p in numbers if own & set(word_list(p[-1]))]
        return shared[0] if len(shared) == 1 else None
    quantities = [p for p in numbers if set(word_list(p[-1])) & _QUANTITY_WORDS]
    named = [p for p in quantities if any(_names(words - _ADDS - _TAKES - _FILLER, part) for part in p)]
    if len(named) == 1:
        return named[0]
    return quantities[0] if len(quantities) == 1 else None


def _place_named(argument: str, ledger: Ledger) -> tuple[str, ...] | None:
    if argument in scalars(ledger) and not isinstance(scalars(ledger)[argument], dict | list):
        return (argument,)
    return None


def _put(place: tuple[str, ...], value: Any, ledger: Ledger, out: Change) -> None:
    if len(place) == 1:
        out.shown[place[0]] = value
        out.effects.append(scalar_effect(place[0], value))
        return
    name, key = place
    record = {**(ledger.get(SINGLETONS, name) or {}), key: value}
    out.shown[key] = value
    out.effects.append(singleton_effect(name, record))


# -- words -----------------------------------------------------------------------------------------------------


def _names(words: set[str], name: str, every: bool = False) -> bool:
    """Whether the tool's nouns name a world part: a word of its name (``doors`` -> ``doorStatus``) or a run of
    its words (``headlights`` -> ``headLightStatus``, ``watchlist`` -> ``watch_list``). ``every``: all the
    nouns must (``release_brake_pedal`` is no ``parkingBrakeStatus``); else one does."""
    parts = [w for w in word_list(name) if w not in _FILLER]
    runs = set(parts) | {"".join(parts[i:j]) for i in range(len(parts)) for j in range(i + 2, len(parts) + 1)}
    nouns = {w for w in words if len(w) >= 3 and w not in _VAGUE and not (w.endswith("s") and w[:-1] in words)}
    if not nouns:
        return False
    hits = [n for n in nouns if n in runs or (n.endswith("s") and n[:-1] in runs)]
    return len(hits) == len(nouns) if every else bool(hits)


_VAGUE = frozenset({"status", "state", "level", "mode", "list", "info", "data", "control", "system", "settings"})


def _names_type(words: set[str], entity: str) -> bool:
    """Whether the tool names a type (``post_tweet`` -> ``tweet``, ``place_order`` -> ``orders``), also by its
    verb's noun (``book_flight`` -> ``booking``, ``reserve_room`` -> ``reservation``)."""
    type_words = words_of(entity.rsplit(".", 1)[-1])
    nouns = {f"{w}ing" for w in words & _MAKES} | {f"{w[:-1]}ation" for w in words & _MAKES if w.endswith("e")}
    return bool((words | nouns) & type_words - _FILLER)  # book_flight makes a booking


__all__ = ["SCALARS", "Change", "change"]
