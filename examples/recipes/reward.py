"""The reward every recipe computes, from the episode mcp-sim returns (format mcp-sim/episode@1, see README
"Episodes"): 1 when ticket T-100 ends resolved or closed, minus 0.1 per call the agent got an error for."""

from __future__ import annotations

from typing import Any

TASK = (
    "Ticket T-100 is open. Look at it and resolve it: call update_ticket with status 'resolved'. "
    'Answer with one tool call per turn as <tool_call>{"name": ..., "arguments": {...}}</tool_call>, '
    "and with DONE when the ticket is resolved."
)


def reward(episode: dict[str, Any]) -> float:
    tickets = {t["id"]: t["fields"] for t in episode["entities"].get("ticket", [])}
    solved = tickets.get("T-100", {}).get("status") in ("resolved", "closed")
    errors = episode["counts"]["tool_errors"] + episode["counts"]["protocol_errors"]
    return round((1.0 if solved else 0.0) - 0.1 * errors, 4)
