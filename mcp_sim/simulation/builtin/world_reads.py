"""A read of a seeded world refuses names the world does not hold: the seed declares the whole world.

A world seed lists every stock, every user of a name-to-id map. A read that names one by key
(``get_stock_info(symbol=ZZZZ)``, ``get_user_id(user=Zed)``) of a table or map its own words name, with a
value shaped like that table's keys (``AAPL``, ``GOOG``: four capitals), finds nothing when the value is none
of them and appears nowhere else in the world: the real server says not found, so the simulator does too.
Values of another shape (a sector name for a stock read), and worlds that hold nothing the tool names, say
nothing.
"""

from __future__ import annotations

import re
from typing import Any

from mcp_sim.errors import EntityNotFound
from mcp_sim.ledger.entities import Ledger
from mcp_sim.ledger.world_state import WORLD, singletons, word_list, words_of

_READS = frozenset({"get", "show", "display", "view", "fetch", "find", "lookup", "look", "check", "read", "describe"})
_FILLER = frozenset({"get", "show", "display", "view", "fetch", "find", "by", "of", "the", "info", "details", "id"})
MIN_KEYS = 2  # a map of one key shows no pattern for its keys


def check(tool: str, arguments: dict[str, Any], ledger: Ledger) -> None:
    """Raise ``EntityNotFound`` when a read names a key its seeded table does not hold (see the module)."""
    words = words_of(tool)
    if not words & _READS:
        return
    nouns = {w for w in words - _FILLER if len(w) >= 3}
    for kind, keys in _keyed(ledger):
        if not nouns & words_of(kind.rsplit(".", 1)[-1]):
            continue
        for value in arguments.values():
            if not isinstance(value, str) or value in keys or not _shaped_like(value, keys):
                continue
            if not _anywhere(value, ledger):
                raise EntityNotFound(f"{_singular(kind)} '{value}' not found")


def _keyed(ledger: Ledger) -> list[tuple[str, set[str]]]:
    """Every seeded table, and every singleton that is a map (its keys name things: ``user_map``), with its keys."""
    found = [(t, set(table)) for t, table in ledger.entities.items() if not t.startswith("$") and table]
    for name, record in singletons(ledger).items():
        values = list(record.values())
        scalar_map = all(isinstance(v, str | int) and not isinstance(v, bool) for v in values)
        record_map = all(isinstance(v, dict) for v in values)
        if values and (scalar_map or record_map):
            found.append((name, set(record)))
    return [(kind, keys) for kind, keys in found if len(keys) >= MIN_KEYS]


def _shape(text: str) -> str:
    """A key's shape: its runs of capitals, small letters, digits and other characters (``AAPL`` -> ``A``,
    ``USR001`` -> ``A9``, ``Alice`` -> ``Aa``, ``card_1234`` -> ``a_9``)."""
    classes = re.sub(r"[A-Z]+", "A", re.sub(r"[a-z]+", "a", re.sub(r"[0-9]+", "9", text)))
    return re.sub(r"[^Aa9]+", "_", classes)


def _shaped_like(value: str, keys: set[str]) -> bool:
    """Whether the value is shaped as every key is: the same runs (a name of two words is shaped as one-word
    names: ``Zed Smith`` as ``Alice``), each part about as long as the keys."""
    shapes = {frozenset(_shape(k).split("_")) for k in keys}
    lengths = [len(k) for k in keys]
    parts = re.split(r"[^A-Za-z0-9]+", value.strip())
    fits = all(min(lengths) - 1 <= len(p) <= max(lengths) + 1 for p in parts if p)
    return len(shapes) == 1 and frozenset(_shape(value).split("_")) in shapes and fits


def _anywhere(value: str, ledger: Ledger) -> bool:
    """Whether the world holds the value anywhere: a record's key, a field's value, in a singleton or scalar
    (the session clock aside)."""
    return any(kind != WORLD and _holds(table, value) for kind, table in ledger.entities.items())


def _holds(value: Any, wanted: str, depth: int = 0) -> bool:
    if depth > 50:
        return False
    if isinstance(value, dict):
        return wanted in value or any(_holds(v, wanted, depth + 1) for v in value.values())
    if isinstance(value, list):
        return any(_holds(v, wanted, depth + 1) for v in value)
    return bool(value == wanted)


def _singular(kind: str) -> str:
    words = word_list(kind.rsplit(".", 1)[-1])
    return " ".join(w for w in words if w not in ("map", "list", "table")) or kind
