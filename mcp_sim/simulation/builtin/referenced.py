"""What earlier reads named and the server accepted: those things exist, and a later listing shows them.

``recall.py`` shows the arguments of earlier changes: reads establish nothing new. But a read that succeeded
confirms what it named: ``git_show(revision=8c60d68...)`` answered, so that commit exists and ``git_log``
lists it; ``git_diff(target=feature/login)`` answered, so ``git_branch`` lists that branch. The general rule:
the one-word values (no spaces: an id, a hash, a branch, a name) of the arguments of earlier successful reads,
other than the values this call gives itself, are shown once each, under the argument that named them.
A search text or a query (words with spaces) confirms nothing and is left out.
"""

from __future__ import annotations

from typing import Any

from mcp_sim.simulation.builtin import recall
from mcp_sim.state.base import Turn

MAX_REFERENCES = 8  # values shown at most: the latest reads first
_MIN_CHARS = 3


def confirmed(arguments: dict[str, Any], earlier: list[Turn]) -> list[dict[str, Any]]:
    """``{argument: value}`` for each value an earlier successful read named, oldest first."""
    own = {str(v) for v in arguments.values() if isinstance(v, str | int) and not isinstance(v, bool)}
    found: dict[str, dict[str, Any]] = {}
    for turn in reversed(earlier):
        if not recall.observes(turn.tool) or not recall.succeeded(turn):
            continue
        for key, value in turn.arguments.items():
            if _reference(value) and value not in own and value not in found:
                found[value] = {key: value}
        if len(found) >= MAX_REFERENCES:
            break
    return list(reversed(list(found.values())[:MAX_REFERENCES]))


def _reference(value: Any) -> bool:
    return isinstance(value, str) and len(value) >= _MIN_CHARS and not any(c.isspace() for c in value)
