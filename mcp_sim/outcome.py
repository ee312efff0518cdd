"""What one call produced, on any route: the agent-visible result and the effects on the session's world.
Also how a backend or world model reports progress back to the agent's client (``ProgressFn``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mcp.shared.dispatcher import ProgressFnT
from mcp.types import CallToolResult

from mcp_sim.ledger.entities import Effect

ProgressFn = ProgressFnT  # async (progress, total, message) -> None


@dataclass
class Outcome:
    """The result the agent will see, the ledger effects that go with it, and trace details."""

    result: CallToolResult
    effects: list[Effect] = field(default_factory=list)
    trace: dict[str, Any] = field(default_factory=dict)
