"""The parts of a session's world that are not tables of records: scalars, singletons and the session clock.

They live in the ledger under reserved types (``$``-names no tool's entity type can have), so every store
keeps them with the rest of the session and forks copy them. A world seed puts them there; the built-in
simulator reads them: a field named like a scalar (``balance``) or a singleton's field (``current_user``)
answers its seeded value, and a tool whose name or description names a scalar or singleton (``get_balance``,
"the current working directory" for a ``cwd`` scalar) shows it.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta
from typing import Any

from mcp_sim.ledger.entities import Effect, Ledger

SCALARS = "$scalar"  # id: the scalar's name; record: {"value": ...}
SINGLETONS = "$singleton"  # id: the singleton's name; record: the record itself
WORLD = "$world"  # id "clock": {"value": ISO date-time}
DEFAULT_CLOCK = datetime(2026, 1, 1, 9, 0, tzinfo=UTC)
CALL_MINUTES = 1  # the session clock moves on this much per call, so later answers are later


def scalar_effect(name: str, value: Any) -> Effect:
    return Effect("observe", SCALARS, name, {"value": value})


def singleton_effect(name: str, record: dict[str, Any]) -> Effect:
    return Effect("observe", SINGLETONS, name, record)


def clock_effect(clock: datetime) -> Effect:
    moment = clock if clock.tzinfo is not None else clock.replace(tzinfo=UTC)
    return Effect("observe", WORLD, "clock", {"value": moment.isoformat()})


def scalars(ledger: Ledger) -> dict[str, Any]:
    return {name: record.get("value") for name, record in ledger.entities.get(SCALARS, {}).items()}


def singletons(ledger: Ledger) -> dict[str, dict[str, Any]]:
    return dict(ledger.entities.get(SINGLETONS, {}))


def session_clock(ledger: Ledger, call_index: int = 0) -> datetime:
    """The session's "now" at a call: the seeded clock (else 2026-01-01 09:00 UTC) plus a minute a call."""
    record = ledger.get(WORLD, "clock")
    start = datetime.fromisoformat(record["value"]) if record else DEFAULT_CLOCK
    return start + timedelta(minutes=CALL_MINUTES * call_index)


def known_values(ledger: Ledger) -> dict[str, Any]:
    """Field name -> the world's value: singletons' fields, singletons whole, and scalars (the most specific
    last, so a scalar wins over a singleton's field of the same name)."""
    known: dict[str, Any] = {}
    for record in singletons(ledger).values():
        known.update({k: v for k, v in record.items() if not _generic(k)})
    known.update(singletons(ledger))
    known.update(scalars(ledger))
    return known


def _generic(field: str) -> bool:
    """Fields too common to mean the singleton's value wherever they appear (every ``name`` is not the user's)."""
    lowered = field.lower()
    return lowered in _GENERIC or lowered.endswith(("_id", "id", "ids"))


_GENERIC = frozenset({"name", "type", "status", "title", "description", "value", "key", "content", "contents"})


def shown_by(
    ledger: Ledger, tool: str, description: str | None, arguments: dict[str, Any] | None = None
) -> dict[str, Any]:
    """What a read-like tool with no record of its own shows of the world:
    - scalars and singletons its name names (every word: ``get_watchlist`` -> ``watch_list``), or its description
      names as a phrase ("the current working directory" -> ``current_working_directory``; a phrase, because
      descriptions share boilerplate: "manage their account ... stock info" is no ``account_info``);
    - scalars an argument names by one of its words (``option: fuel`` -> ``fuelLevel``);
    - what an argument names by key or id: a part of a nested record (``file_name: log.txt`` in a file tree),
      a table's record (``symbol: QUAS`` when the stocks are keyed by symbol)."""
    said = words_of(tool)
    nouns = set(word_list(tool)) - _READ_VERBS
    phrase = " " + " ".join(word_list(description or "")) + " "
    world = {**singletons(ledger), **scalars(ledger)}
    found: dict[str, Any] = {}
    for name, value in world.items():
        words = word_list(name)
        joined = "".join(words)
        by_name = set(words) <= said or joined in said or (len(words) > 1 and f" {' '.join(words)} " in phrase)
        every = len(nouns) >= 2 and nouns <= set(words)  # check_tire_pressure: every tire's pressure
        if words and (by_name or every):
            found[name] = value
    for value in (arguments or {}).values():
        if not isinstance(value, str) or len(value) < 3 or value.lower() in _GENERIC:
            continue
        named = words_of(value)
        if len(named) <= 2 and value.isalpha():  # one word: a scalar it names (fuel -> fuelLevel)
            found.update({n: v for n, v in scalars(ledger).items() if named & words_of(n)})
        for record in singletons(ledger).values():
            part = _part_named(record, value)
            if part is not None:
                found[value] = part
        for entity, table in ledger.entities.items():
            # a record known only by its id (``eval_run_id`` every call passes) has nothing to show: ``{}`` is noise
            if not entity.startswith("$") and value in table and _visible(table[value]):
                found[entity] = table[value]
    return {name: plain_numbers(value) for name, value in found.items()}


def _visible(record: Any) -> bool:
    """Whether a record holds a field a reader sees (keys starting with ``$`` are the ledger's own)."""
    return not isinstance(record, dict) or any(not str(k).startswith("$") for k in record)


_READ_VERBS = frozenset({"get", "check", "show", "display", "view", "read", "fetch", "list", "find", "the", "of"})


def plain_numbers(value: Any) -> Any:
    """Whole floats as integers, at any depth: an answer shows a seeded 50.0 as 50, as JSON has one number type
    (a fuel level seeded ``50.0`` and one computed ``10 + 40`` are the same value)."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
        return int(value)
    if isinstance(value, dict):
        return {k: plain_numbers(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain_numbers(v) for v in value]
    return value


def excerpts(
    ledger: Ledger, call_index: int, tool: str, description: str | None, arguments: dict[str, Any]
) -> list[str]:
    """The world facts an LLM world model is told for this call (``world_excerpts`` in its prompt): the seeded
    clock, then what ``shown_by`` finds, one line each, each cut to ``MAX_EXCERPT_CHARS``."""
    lines = [f"The time is now {session_clock(ledger, call_index).isoformat()}"] if ledger.get(WORLD, "clock") else []
    for name, value in shown_by(ledger, tool, description, arguments).items():
        text = json.dumps(value, ensure_ascii=False)
        cut = text if len(text) <= MAX_EXCERPT_CHARS else text[:MAX_EXCERPT_CHARS] + "..."
        lines.append(f"{name} = {cut}")
    return lines


MAX_EXCERPT_CHARS = 600


def _part_named(record: Any, key: str, depth: int = 0) -> Any:
    """The value under ``key`` anywhere inside a nested record (depth-first), or None."""
    if not isinstance(record, dict) or depth > 50:
        return None
    if key in record:
        return record[key]
    for value in record.values():
        part = _part_named(value, key, depth + 1)
        if part is not None:
            return part
    return None


def word_list(text: str) -> list[str]:
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", text)
    return [w for w in re.split(r"[^a-z0-9]+", spaced.lower()) if w]


def words_of(text: str) -> set[str]:
    words = set(word_list(text))
    return words | {w[:-1] for w in words if w.endswith("s") and len(w) > 3}
