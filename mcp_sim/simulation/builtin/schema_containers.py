"""What a JSON Schema lets an object or an array hold beyond its named fields: a record's own keys, a tuple.

``dict[str, int]`` (pydantic) and ``z.record(...)`` (zod) are objects with ``additionalProperties`` and no
fields; ``minProperties: 1`` asks for one entry at least, under a key ``propertyNames`` or
``patternProperties`` allows. A tuple is ``prefixItems`` (2020-12) or ``items: [...]`` (draft-07, what
zod-to-json-schema writes), with ``items: false`` / ``additionalItems: false`` closing it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from mcp_sim.simulation.builtin import patterns

_KEYS = ["alpha", "beacon", "cobalt", "delta", "ember", "falcon", "granite", "harbor"]


def open_entries(schema: dict[str, Any], wanted: int, rng: random.Random, taken: set[str]) -> Iterator[tuple[str, Any]]:
    """``wanted`` (key, value schema) pairs the object may hold besides its named fields."""
    if wanted <= 0:
        return
    pattern_properties = schema.get("patternProperties") or {}
    extra = schema.get("additionalProperties", True)
    names: dict[str, Any] = schema["propertyNames"] if isinstance(schema.get("propertyNames"), dict) else {}
    made = 0
    for n in range(wanted * 4):
        if made >= wanted:
            return
        hint = f"{_KEYS[n % len(_KEYS)]}{n // len(_KEYS) or ''}"
        if pattern_properties:
            pattern, sub = list(pattern_properties.items())[n % len(pattern_properties)]
            key = patterns.matching(pattern, rng, hint)
        elif extra is not False:
            sub = extra if isinstance(extra, dict) else {}
            key = patterns.matching(names["pattern"], rng, hint) if isinstance(names.get("pattern"), str) else hint
        else:
            return
        if key is not None and key not in taken:
            taken.add(key)
            made += 1
            yield key, sub


def tuple_items(schema: dict[str, Any]) -> tuple[list[Any], Any]:
    """(the schema of each leading position, the schema of every item after them, or False when there are none)."""
    items = schema.get("items", {})
    if isinstance(schema.get("prefixItems"), list):
        return list(schema["prefixItems"]), items
    if isinstance(items, list):  # draft-07 tuple
        return list(items), schema.get("additionalItems", {})
    return [], items
