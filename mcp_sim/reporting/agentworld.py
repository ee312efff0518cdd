"""Recorded real sessions as AgentWorldBench-style JSONL: data to train or evaluate a world model.

One record per real call: ``prompt`` holds the user turns 1..k (``### Turn k`` / ``**Action:**`` / a fenced
json block with the call), ``response`` the real observations 1..k (each ``**Environment Observation:**``
then the observation text), ``turn_idx`` k (1-based, the turn to predict), ``total_turns`` the session's
length, ``task`` the domain (``mcp``), ``system_str`` the tool-world-model instruction with the tool
definitions. Earlier turns are the history and turn k is the one to predict, as AgentWorldBench's
evaluation reads them; later turns are left out so no record shows its own future.

The texts are rendered by ``simulation/llm/prompts.py``, the same code that prompts the LLM world model, so the
exported data has exactly the shape the simulator is later asked to continue. Only real observations are
exported; simulated calls of a mixed session are left out.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from mcp_sim.config import ToolSpec
from mcp_sim.reporting.sources import ObservedCall
from mcp_sim.simulation.llm import prompts
from mcp_sim.state.base import Turn

TASK = "mcp"
OBSERVATION = "**Environment Observation:**"


def records(session: str, calls: list[ObservedCall], system: str | None = None) -> Iterator[dict[str, Any]]:
    """The session's records, turn 1 first. ``system``: the system text; built from the calls' tools if None."""
    real = [c for c in calls if c.real is not None]
    server = next((c.server for c in real if c.server), session)
    system = system if system is not None else prompts.system_text(tools_seen(real))
    user_turns = [prompts.action_text(i, c.tool, c.arguments) for i, c in enumerate(real)]
    responses = [f"{OBSERVATION}\n{observation_text(i, c)}" for i, c in enumerate(real)]
    for k in range(1, len(real) + 1):
        yield {
            "id": f"{session}#{k}",
            "task": TASK,
            "system_str": system,
            "prompt": user_turns[:k],
            "response": responses[:k],
            "turn_idx": k,
            "total_turns": len(real),
            "server": server,
        }


def observation_text(index: int, call: ObservedCall) -> str:
    turn = Turn(index=index, tool=call.tool, arguments=call.arguments, route="real", result=call.real)
    return prompts.observation_text(turn)


def system_text(tools: Sequence[ToolSpec], template: str | None = None, demonstrations: str = "") -> str:
    return prompts.system_text(tools, template, demonstrations)


def tools_seen(calls: list[ObservedCall]) -> list[ToolSpec]:
    """Minimal definitions when no tool specs are at hand: each tool with the argument names it was given."""
    seen: dict[str, set[str]] = {}
    for call in calls:
        seen.setdefault(call.tool, set()).update(call.arguments)
    schemas = {name: {"type": "object", "properties": {a: {} for a in sorted(args)}} for name, args in seen.items()}
    return [ToolSpec.model_validate({"name": name, "inputSchema": schema}) for name, schema in schemas.items()]
