"""A one-way ending done twice: the second cancel of the same booking fails, as the real service answers.

Cancelling, refunding, voiding and revoking end a thing for good: an exchange answers ``Order ord_1 is cancelled
and cannot be cancelled``, a clinic ``booking BK-1 was already cancelled``, a payment service
``charge_already_refunded``. A simulator that cancels the same booking twice teaches an agent that repeating
such a call is harmless. So a call of such a tool naming the same items as an earlier successful call of the
same tool fails, unless a call since then named them again and succeeded (a reinstate, a new booking under the
id), or the earlier call ended only part of it (a refund of an amount). Completing, closing and archiving are
not one-way in this sense: recorded servers answer a repeat of them as done.
"""

from __future__ import annotations

import re
from typing import Any

from mcp_sim.errors import InvalidArguments
from mcp_sim.simulation.builtin.recall import observes, succeeded
from mcp_sim.simulation.builtin.refused_states import ids_of
from mcp_sim.state.base import Turn

# the verb -> the state it leaves its item in, as the refusal says it
_ENDINGS = {"cancel": "cancelled", "refund": "refunded", "void": "voided", "revoke": "revoked"}
_CAMEL = re.compile(r"(?<=[a-z0-9])([A-Z])")
_FIRST = re.compile(r"[a-z0-9]+")


def ending(tool: str) -> str | None:
    """The state a one-way tool (``cancel_order``, ``refundCharge``) leaves its item in; None for other tools."""
    first = _FIRST.match(_CAMEL.sub(r"_\1", tool).lower())
    return _ENDINGS.get(first.group(0)) if first else None  # the verb leads: ``get_cancel_policy`` reads


def check(tool: str, arguments: dict[str, Any], earlier: list[Turn]) -> None:
    """Raise as the real tool would when the session already ended the items this call names."""
    state = ending(tool)
    named = ids_of(arguments)
    if state is None or not named:
        return
    ended = False
    for turn in earlier:
        if not succeeded(turn) or not named <= ids_of(turn.arguments):
            continue
        if turn.tool == tool:
            ended = not _partial(turn.arguments, named)
        elif not observes(turn.tool):
            ended = False  # another change of the same items since (reinstated, made again): no longer known
    if ended:
        which = ", ".join(f"{k} {v}" for k, v in sorted(named))
        raise InvalidArguments(f"Error executing tool {tool}: already {state} ({which})")


def _partial(arguments: dict[str, Any], named: frozenset[tuple[str, str]]) -> bool:
    """Whether a call ended only part of its item: a number beside the ids (``refund_charge(amount=500)`` refunds
    500 of 1,599, and the full refund after it succeeds)."""
    ids = {k for k, _ in named}
    return any(isinstance(v, int | float) and not isinstance(v, bool) for k, v in arguments.items() if k not in ids)
