"""Recorded real sessions as AgentWorldBench-style JSONL: data to train or evaluate a world model.

One record per real call: ``prompt`` holds the user turns 1..k (``### Turn k`` / ``**Action:**`` / a fenced
json block with the call), ``response`` the real observations 1..k (each ``**Environment Observation:**``
then the observation text), ``turn_idx`` k (1-based, the turn to predict), ``total_turns`` the session's
length, ``task`` the domain (``mcp``), ``system_str`` the tool-world-model instruction with the tool
definitions. Earlier turns are the history and turn k is the one to predict, as AgentWorldBench's
evaluation reads them; later turns are left out so no record shows its own future.

Only real observations are exported; simulated calls of a mixed session are left out. The observation text
is what the agent read: the text blocks, other blocks as JSON, the structured content when there is no text.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from mcp_sim.reporting.sources import ObservedCall

TASK = "mcp"
OBSERVATION = "**Environment Observation:**"

_SYSTEM = """You are a tool world model for the MCP environment "{server}". An agent calls the tools listed \
below; no real server exists. Given the earlier calls with their observations and the current call, reply with \
exactly the response the real tool would return.

## Environment state
Treat the conversation as one session of a live system. Resources created, changed or deleted by earlier \
calls stay that way: reuse their ids and values, return errors for resources that were never created or were \
deleted, and keep counts, pagination offsets and ordering consistent with earlier observations.

## Execution rules
- Read and list calls return the current state without changing it.
- Create calls return the new resource with a fresh id in the style of earlier ids.
- Update and delete calls change only the resources they name.
- Stateless utilities compute their answer from the arguments alone.

## Response format
Follow the tool's output schema when it has one, else the shape of earlier observations of the same tool, \
else what its name and description imply. Return the raw output, not wrapped in extra JSON.

## Errors
Invalid arguments, unknown resources, missing permissions and unavailable services fail the way this \
technology really fails: its own error texts, not a generic message.

## Tools
{tools}

## Demonstrations
{demonstrations}"""


def records(
    session: str, calls: list[ObservedCall], tools: list[dict[str, Any]] | None = None
) -> Iterator[dict[str, Any]]:
    """The session's records, turn 1 first. ``tools``: tool definitions; inferred from the calls if None."""
    real = [c for c in calls if c.real is not None]
    server = next((c.server for c in real if c.server), session)
    system = system_str(server, tools if tools is not None else tools_seen(real))
    prompts = [user_turn(k, c) for k, c in enumerate(real, 1)]
    responses = [f"{OBSERVATION}\n{observation_text(c.real or {})}" for c in real]
    for k in range(1, len(real) + 1):
        yield {
            "id": f"{session}#{k}",
            "task": TASK,
            "system_str": system,
            "prompt": prompts[:k],
            "response": responses[:k],
            "turn_idx": k,
            "total_turns": len(real),
            "server": server,
        }


def user_turn(k: int, call: ObservedCall) -> str:
    action = json.dumps({"name": call.tool, "arguments": call.arguments}, indent=2, ensure_ascii=False)
    return f"### Turn {k}\n\n**Action:**\n```json\n{action}\n```"


def observation_text(result: dict[str, Any]) -> str:
    blocks = result.get("content") or []
    parts = [b["text"] if b.get("type") == "text" else json.dumps(b, ensure_ascii=False) for b in blocks]
    if not any(b.get("type") == "text" for b in blocks) and result.get("structuredContent") is not None:
        parts.append(json.dumps(result["structuredContent"], ensure_ascii=False))
    return "\n".join(parts)


def system_str(server: str, tools: list[dict[str, Any]], demonstrations: str = "(none)") -> str:
    listed = json.dumps(tools, indent=2, ensure_ascii=False)
    return _SYSTEM.format(server=server, tools=listed, demonstrations=demonstrations)


def tools_seen(calls: list[ObservedCall]) -> list[dict[str, Any]]:
    """Minimal definitions when no tool specs are at hand: each tool with the argument names it was given."""
    seen: dict[str, set[str]] = {}
    for call in calls:
        seen.setdefault(call.tool, set()).update(call.arguments)
    return [
        {"name": name, "inputSchema": {"type": "object", "properties": {a: {} for a in sorted(args)}}}
        for name, args in seen.items()
    ]
