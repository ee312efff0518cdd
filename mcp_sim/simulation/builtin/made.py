"""An action that makes a thing other tools look up by id: ``place_order(cart_id)`` places an order.

``place_order``, ``book_room``, ``submit_report``, ``upload_document``, ``track_event``: the verb is no entity verb
(``create``, ``add``), so the tool was an action that changes nothing the session keeps, and its answer named no new
order. The agent then read the order by the id the real server gave (``get_order_details(order_id)``) and the
simulator knew nothing of it. The rule: a tool whose name is a making verb and a noun makes a thing of that type
when other tools name that type by an id (they read, change or delete it) and no tool creates it, and the tool
itself takes no such id (``execute_task(taskId)`` acts on a task that exists). The new thing gets an id in the
argument readers use (``order_id``), the call's arguments, and the lists of the records its arguments name (an order
placed from a cart holds the cart's items: it is made from them).

A storing verb is the other way a thing comes about: ``context_save(key, value, category)`` then
``context_get(key)``. The save was an action, so the read found nothing and answered an empty list. A tool whose
name is a storing verb and a type others read or list (no tool creating it) stores a record of that type under
the call's key (its ``key`` or ``name`` argument), all its arguments with it; saving a key again replaces it. A
storing verb given no key, whose name goes on with such a type (``save_job_analysis``, beside ``get_job(id)``
and no tool creating jobs), makes a thing of that type, as a making verb does.
"""

from __future__ import annotations

import json
from typing import Any

from mcp_sim.config import ToolSpec
from mcp_sim.ledger import created_ids
from mcp_sim.ledger.effects import EntityTypes, camel, name_words, singular
from mcp_sim.ledger.entities import Ledger
from mcp_sim.simulation.builtin import named_records

# verbs that bring a new thing about (an order placed, a room booked, a document uploaded)
MAKING = frozenset({
    "place", "book", "submit", "upload", "purchase", "buy", "reserve", "schedule", "open", "start", "generate",
    "issue", "file", "request", "import", "log", "record", "track", "enqueue", "queue", "spawn", "launch", "dispatch",
})  # fmt: skip


# verbs that keep a value under a key the caller chooses (a path is files.py's, a document appended.py's)
STORING = frozenset({"save", "store", "put", "set", "remember", "upsert"})
KEYS = ("key", "name")  # the arguments a stored value is kept under, in order of preference


def made_type(spec: ToolSpec, types: EntityTypes) -> tuple[str, str] | None:
    """(the type this action makes, the field its id is in), or None when it makes none."""
    words = name_words(spec)
    properties = set(spec.input_schema.get("properties") or {})
    if len(words) == 1 and words[0] in MAKING:  # ``enqueue(command)``: the one thing the server's tools name
        return _only_made(properties, types)
    if len(words) < 2:
        return None
    if words[0] in MAKING:
        noun = singular("_".join(words[1:]))
        placed = _placed(noun, properties, types)
        if placed is None and noun not in types.id_fields:  # book_seats: seats are no type; a booking is made
            placed = _answered(spec, properties, types)
        return placed
    verb, rest = (words[0], words[1:]) if words[0] in STORING else (words[-1], words[:-1])
    if verb not in STORING:
        return None
    stored = _stored(singular("_".join(rest)), properties, types)
    if stored is None and words[0] in STORING and len(rest) > 1:
        # ``save_job_analysis(url, title, ...)`` under no key: it saves a job, the type ``get_job(id)`` reads; an
        # optional ``id`` is the job saved again (an upsert), so only a required one says the job must exist
        required = set(spec.input_schema.get("required") or [])
        stored = _placed(singular(rest[0]), required, types)
    return stored


def _placed(noun: str, properties: set[str], types: EntityTypes) -> tuple[str, str] | None:
    """``place_order``: an order, when others name orders by id, none creates them and this tool takes none."""
    if noun not in types.named_by_id or noun in types.created:
        return None
    own_ids = {types.id_arguments.get(noun), f"{noun}_id", f"{camel(noun)}Id"}
    return None if own_ids & properties else (noun, types.id_arguments.get(noun) or types.id_fields.get(noun, "id"))


def _only_made(properties: set[str], types: EntityTypes) -> tuple[str, str] | None:
    """A making verb alone (``enqueue``, ``submit``) names no type: it makes the server's one type that other tools
    name by id and none creates (``get_job(job_id)``, ``cancel_job(job_id)``); with two or more such types, or
    none, it is no telling which."""
    candidates = sorted(types.named_by_id - types.created)
    return _placed(candidates[0], properties, types) if len(candidates) == 1 else None


def _answered(spec: ToolSpec, properties: set[str], types: EntityTypes) -> tuple[str, str] | None:
    """``book_seats(showtime_id, seats)``: the name's noun is no type, so what it makes is the one type other tools
    name by id and none creates whose id its answers carry (``booking_id`` in its outputSchema or its observed
    answers, also inside a ``{"result": "<JSON>"}`` wrapper); None when no such type, or several, are there."""
    keys = set((spec.output_schema or {}).get("properties") or {})
    for body in created_ids.successful_bodies(spec.examples):
        [inner] = body.values() if len(body) == 1 else [None]
        unwrapped = _json_object(inner) if isinstance(inner, str) else None
        keys |= set(unwrapped if unwrapped is not None else body)
    candidates = []
    for entity in sorted(types.named_by_id - types.created):
        id_key = types.id_arguments.get(entity) or f"{entity}_id"
        if id_key in keys and id_key not in properties:
            candidates.append(entity)
    return _placed(candidates[0], properties, types) if len(candidates) == 1 else None


def _json_object(text: str) -> dict[str, Any] | None:
    try:
        found = json.loads(text)
    except ValueError:
        return None
    return found if isinstance(found, dict) else None


def _stored(noun: str, properties: set[str], types: EntityTypes) -> tuple[str, str] | None:
    """``context_save(key, ...)``: a context record under its key, when others read or list contexts and none
    creates them."""
    key = next((k for k in KEYS if k in properties), None)
    if key is None or noun not in types.id_fields or noun in types.created:
        return None
    return noun, key


def made_from(arguments: dict[str, Any], ledger: Ledger) -> dict[str, Any]:
    """The lists of the records the arguments name (a cart's ``items``), which the thing made carries."""
    named = named_records.fields(arguments, ledger)
    return {key: value for key, value in named.items() if isinstance(value, list) and key not in arguments}
