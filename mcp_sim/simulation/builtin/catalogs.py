"""What a server's world holds that no tool makes: the items its own listing showed.

A server ships things no tool creates: ``list_templates`` lists the templates bundled with it, a workflow
server its pipeline's steps, a warehouse its seeded stock. The ledger holds no record of such a kind, so a learned
listing of one answered an empty list, though every observed answer of it showed the same items: the world's,
not a session's. Here such a listing shows the items its own successful answers showed (each once, first seen
first). Only answers to the very question the call asks count: examples whose arguments are the call's (none for
``list_templates()``; ``get_stats(feed_id=1)`` again), answering one list (a search for other words finds other
things, and a graph's relations beside its entities are things sessions made under names the simulator does not
connect). And only items without an id field: an item carrying an id may be another session's record, which this
session never made, and the agent must not be handed its id.
"""

from __future__ import annotations

import json
from typing import Any

from mcp_sim.catalog.families import is_lent
from mcp_sim.catalog.laxity import failed
from mcp_sim.config import ToolSpec
from mcp_sim.simulation.learned import unwrapped_body
from mcp_sim.simulation.render import ID_KEY


def shown(spec: ToolSpec, keys: set[str], arguments: dict[str, Any]) -> list[dict[str, Any]]:
    """The items with exactly these keys that the one list of the tool's own successful answers to calls with these
    arguments showed; none for items with an id field."""
    if not keys or any(ID_KEY.match(k) for k in keys):
        return []
    items: dict[str, dict[str, Any]] = {}
    for example in spec.examples:
        if example.arguments != arguments or is_lent(example) or failed(example):
            continue
        lists = _lists_in(unwrapped_body(example.result))
        for listed in lists if len(lists) == 1 else []:
            for item in listed:
                if isinstance(item, dict) and set(item) == keys:
                    items.setdefault(json.dumps(item, sort_keys=True), item)
    return list(items.values())


def _lists_in(body: Any) -> list[list[Any]]:
    """The lists of records an answer holds: itself, or its fields' (one level down, as an envelope nests them)."""
    if isinstance(body, list):
        return [body]
    if isinstance(body, dict):
        return [v for v in body.values() if isinstance(v, list)]
    return []
