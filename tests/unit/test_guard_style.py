"""A refusal of the integrity guard is said the way the tool's server says a failure (guard.py)."""

from __future__ import annotations

import json
from pathlib import Path

from mcp.types import CallToolResult, TextContent

from mcp_sim.catalog.specs import load_spec_file
from mcp_sim.config import Example
from mcp_sim.ledger.effects import EntityTypes
from mcp_sim.ledger.entities import Effect
from mcp_sim.outcome import Outcome
from mcp_sim.simulation.base import SimulationRequest
from mcp_sim.simulation.guard import guarded
from mcp_sim.state.base import SessionState

SPECS = {s.name: s for s in load_spec_file(Path(__file__).parents[2] / "tool_specs" / "tickets.yaml").tools}
TYPES = EntityTypes(list(SPECS.values()))


def request_for(examples: list[Example]) -> SimulationRequest:
    spec = SPECS["create_ticket"].model_copy(update={"examples": examples})
    session = SessionState(experiment="guard", key="s")
    session.ledger.apply(Effect("create", "ticket", "t-2", {"id": "t-2", "title": "Fax"}))

    async def history(_start: int) -> list[object]:
        return []

    return SimulationRequest(spec, {"title": "New"}, session, 0, 0, history, types=TYPES)  # type: ignore[arg-type]


async def colliding(_request: SimulationRequest) -> Outcome:
    """A world model (an LLM's answer) that mints an id the session already has: not repairable."""
    body = {"id": "t-2", "title": "New", "priority": "low", "status": "open", "created_at": "x"}
    return Outcome(CallToolResult(content=[TextContent(type="text", text=json.dumps(body))], structured_content=body))


async def test_a_refusal_is_said_in_the_style_it_is_given_else_the_tools_own_else_mcp_sims() -> None:
    plain = await guarded(request_for([]), colliding, TYPES)
    assert plain.result.is_error and plain.result.content[0].text.startswith("Simulation refused")  # type: ignore[union-attr]

    own = Example(arguments={"title": "x"}, result={"content": [{"type": "text", "text": "Error: cannot create"}]})
    said = await guarded(request_for([own]), colliding, TYPES)
    assert said.result.content[0].text == "Error: cannot create"  # type: ignore[union-attr]

    def server(message: str) -> CallToolResult:
        return CallToolResult(content=[TextContent(type="text", text=json.dumps({"error": message}))])

    styled = await guarded(request_for([]), colliding, TYPES, server)
    body = json.loads(styled.result.content[0].text)  # type: ignore[union-attr]
    assert "t-2" in body["error"] and styled.effects == []  # the reasons, in the server's envelope; nothing done
