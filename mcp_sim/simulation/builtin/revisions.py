"""A change that names the revision it expects fails when its record has moved on (optimistic concurrency).

Trackers and document stores guard their writes: ``transition_issue(issue, status, expected_revision=3)`` succeeds
only while the issue is at revision 3, and answers ``revision conflict: expected 1`` otherwise, so two agents do
not overwrite each other. A simulator that accepts any number teaches an agent that the guard is decoration. The
session's own calls say where the record is: it was made at revision 1, and each earlier successful change of it
that gave the guard moved it one on. A record the session never named was there before it: its revision is
unknown and any expectation is let through; so is a negative one (``-1``: "do not check", as servers default it).
"""

from __future__ import annotations

import re
from typing import Any

from mcp_sim.errors import InvalidArguments
from mcp_sim.simulation.builtin.recall import succeeded
from mcp_sim.state.base import Turn

_GUARD = re.compile(r"^expected_?(revision|version)$", re.IGNORECASE)


def guard_of(input_schema: dict[str, Any]) -> str | None:
    """The integer argument a change takes the revision it expects in (``expected_revision``, ``expectedVersion``)."""
    for name, prop in (input_schema.get("properties") or {}).items():
        if _GUARD.match(str(name)) and isinstance(prop, dict) and prop.get("type") == "integer":
            return str(name)
    return None


def is_guard(name: str) -> bool:
    """Whether an argument is a change's precondition, not a field it sets."""
    return _GUARD.match(name) is not None


def checked(tool: str, guard: str, key: str, arguments: dict[str, Any], earlier: list[Turn]) -> dict[str, int]:
    """The revision the change leaves the record at, as its answer shows it (``{"revision": 4}``); raises
    ``InvalidArguments`` when the record is at another revision than the call expects. ``key``: the argument that
    names the record (``issue``); {} when nothing can be known."""
    expected, named = arguments.get(guard), arguments.get(key)
    if not isinstance(expected, int) or isinstance(expected, bool) or expected < 0 or named is None:
        return {}
    naming = [turn for turn in earlier if turn.arguments.get(key) == named and succeeded(turn)]
    if not naming:
        return {}  # made before the session: its revision is the server's
    current = 1 + sum(1 for turn in naming if guard in turn.arguments)
    if expected != current:
        raise InvalidArguments(f"Error executing tool {tool}: revision conflict: expected {expected}, at {current}")
    return {_GUARD.match(guard).group(1).lower(): current + 1}  # type: ignore[union-attr]
