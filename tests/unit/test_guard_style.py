"""A refusal of the integrity guard is said the way the tool's server says a failure (guard.py)."""

from __future__ import annotations

import json
from pathlib import Path

from mcp.types import CallToolResult, TextContent

from mcp_sim.catalog.specs import load_spec_file
from mcp_sim.config import Example, ToolSpec
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


def _tool(name: str, props: dict[str, object], out: dict[str, object] | None = None) -> ToolSpec:
    return ToolSpec.model_validate(
        {"name": name, "inputSchema": {"type": "object", "properties": props}, "outputSchema": out}
    )


NOTIFY = _tool(
    "notify",
    {"text": {"type": "string"}},
    {"type": "object", "properties": {"message_id": {"type": "integer"}}, "required": ["message_id"]},
)
READ = _tool("get_message", {"message_id": {"type": "integer"}})


async def test_a_dangling_id_the_schema_requires_points_at_a_live_record_rather_than_null() -> None:
    types = EntityTypes([NOTIFY, READ])
    session = SessionState(experiment="guard", key="s")
    session.ledger.apply(Effect("create", "message", "4", {"message_id": 4}))

    async def history(_start: int) -> list[object]:
        return []

    async def dangling(_request: SimulationRequest) -> Outcome:
        """A world model that answers a message id the session never made."""
        body = {"message_id": 77}
        return Outcome(CallToolResult(content=[TextContent(type="text", text="{}")], structured_content=body))

    request = SimulationRequest(NOTIFY, {"text": "hi"}, session, 0, 0, history, types=types)  # type: ignore[arg-type]
    outcome = await guarded(request, dangling, types)
    # null would break the schema's required integer; refusing would fail a call the real tool answers
    assert outcome.result.structured_content == {"message_id": 4}
    assert not outcome.result.is_error
