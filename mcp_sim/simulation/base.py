"""The WorldModel Protocol: simulates one tool call of a session.

To add a world model: copy ``builtin/simulator.py`` (or ``llm/model.py``), implement ``simulate``, and build it
in ``mcp_sim/runtime.py`` (``make_world_model``) from a new ``world_model.kind`` in ``mcp_sim/config/models.py``."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from mcp_sim.config import ToolSpec
from mcp_sim.ledger.effects import EntityTypes
from mcp_sim.outcome import Outcome, ProgressFn
from mcp_sim.state.base import SessionState, Turn


@dataclass
class SimulationRequest:
    """Everything a world model may use to answer one call. Per-call material lives here, not in history."""

    spec: ToolSpec
    arguments: dict[str, Any]
    session: SessionState
    call_index: int
    seed: int  # derived from (experiment seed, session, call index): sent to LLMs as ``seed``
    history: Callable[[int], Awaitable[list[Turn]]]  # earlier turns from index n on, fetched only when needed
    instructions: list[str] = field(default_factory=list)  # from perturbations (e.g. "fail items 2 and 5")
    progress: ProgressFn | None = None
    feedback: list[str] = field(default_factory=list)  # why an earlier answer to this call was rejected
    types: EntityTypes | None = None  # the experiment's entity types (what sibling tools say about ids)


class WorldModel(Protocol):
    """Answers tool calls without the real tool: the built-in schema simulator or an LLM."""

    async def simulate(self, request: SimulationRequest) -> Outcome:
        """Answer the call; raise ``ToolError`` subclasses for answers that are failures."""
        ...

    async def aclose(self) -> None: ...
