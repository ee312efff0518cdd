"""The integrity guard on the call path: regenerate with feedback, patch, fail closed; seeds; real answers."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mcp.types import CallToolResult, TextContent

from mcp_sim.calls import CallPath
from mcp_sim.catalog.specs import build_catalog, load_spec_file
from mcp_sim.config import Experiment, LoadedExperiment
from mcp_sim.ledger.entities import Effect
from mcp_sim.outcome import Outcome
from mcp_sim.perturbations.base import NoPerturbations
from mcp_sim.routing import flags as router
from mcp_sim.simulation.base import SimulationRequest
from mcp_sim.state.memory import MemoryStore

SPECS = Path(__file__).parents[2] / "tool_specs" / "tickets.yaml"
SEED = [Effect("create", "ticket", "t-1", {"id": "t-1", "title": "Printer", "status": "open", "priority": "low"})]


class Scripted:
    """A world model that answers from a script and remembers the feedback it was given."""

    def __init__(self, *bodies: dict[str, Any]) -> None:
        self.bodies = list(bodies)
        self.feedback: list[list[str]] = []

    async def simulate(self, request: SimulationRequest) -> Outcome:
        self.feedback.append(list(request.feedback))
        body = self.bodies.pop(0)
        return Outcome(
            CallToolResult(content=[TextContent(type="text", text=json.dumps(body))], structured_content=body)
        )

    async def aclose(self) -> None:
        return None


def path(world_model: Any) -> CallPath:
    experiment = Experiment(name="tickets")
    loaded = LoadedExperiment(SPECS.parent / "x.yaml", experiment, [(SPECS, load_spec_file(SPECS))])
    catalog = build_catalog(loaded, {})
    routing = router.Routing.of("sim", {})
    return CallPath(experiment, catalog, {}, world_model, MemoryStore(), NoPerturbations(), routing, world=list(SEED))


async def trace(p: CallPath) -> list[dict[str, Any]]:
    return (await p.store.turns("tickets", "s"))[-1].trace["integrity"]  # type: ignore[no-any-return]


async def test_a_wrong_answer_is_regenerated_with_the_violation_as_feedback() -> None:
    good = {"id": "t-1", "title": "Printer", "status": "open", "priority": "low", "created_at": "x"}
    model = Scripted({**good, "title": "Scanner"}, good)
    p = path(model)
    result = await p.call("s", "get_ticket", {"ticket_id": "t-1"})
    assert result.structured_content == good
    assert model.feedback[0] == [] and "title='Printer'" in model.feedback[1][0]
    assert [step.get("check") for step in await trace(p)] == ["answer", "regenerated"]


async def test_a_repeated_wrong_answer_is_patched_from_the_ledger() -> None:
    wrong = {"id": "t-1", "title": "Scanner", "status": "open", "priority": "low", "created_at": "x"}
    p = path(Scripted(wrong, wrong))
    result = await p.call("s", "get_ticket", {"ticket_id": "t-1"})
    assert result.structured_content is not None and result.structured_content["title"] == "Printer"
    assert json.loads(result.content[0].text)["title"] == "Printer"  # type: ignore[union-attr]
    assert (await trace(p))[-1]["repair"] == "patched from the ledger"


async def test_what_cannot_be_repaired_fails_closed_and_says_why() -> None:
    clash = {"id": "t-1", "title": "New", "status": "open", "priority": "low", "created_at": "x"}
    p = path(Scripted(clash, clash))
    result = await p.call("s", "create_ticket", {"title": "New"})
    assert result.is_error
    assert "new ticket got id 't-1'" in result.content[0].text  # type: ignore[union-attr]
    state = await p.store.load("tickets", "s")
    assert state.ledger.get("ticket", "t-1") == SEED[0].record  # nothing of the refused answer was learned


async def test_a_refused_argument_never_reaches_the_world_model() -> None:
    model = Scripted()
    p = path(model)
    result = await p.call("s", "get_ticket", {"ticket_id": "t-404"})
    assert result.is_error and model.feedback == []
    assert (await trace(p))[0]["check"] == "arguments"


async def test_world_seeds_are_read_and_listed_by_the_schema_simulator() -> None:
    from mcp_sim.simulation.builtin.simulator import SchemaWorldModel

    p = path(SchemaWorldModel())
    got = await p.call("s", "get_ticket", {"ticket_id": "t-1"})
    assert got.structured_content is not None and got.structured_content["title"] == "Printer"
    listed = await p.call("s", "list_tickets", {})
    assert [t["id"] for t in (listed.structured_content or {})["tickets"]] == ["t-1"]
    created = await p.call("s", "create_ticket", {"title": "Second"})
    assert (created.structured_content or {})["id"] != "t-1"
    await p.call("s", "delete_ticket", {"ticket_id": "t-1"})
    again = await p.call("s", "get_ticket", {"ticket_id": "t-1"})
    assert again.is_error and "not found" in again.content[0].text  # type: ignore[union-attr]


async def test_a_bare_id_at_the_top_belongs_to_the_tools_own_entity_only() -> None:
    """Regression: a created ticket was also learned as a comment (both keep their id in ``id``)."""
    from mcp_sim.simulation.builtin.simulator import SchemaWorldModel

    p = path(SchemaWorldModel())
    await p.call("s", "create_ticket", {"title": "Second"})
    ledger = (await p.store.load("tickets", "s")).ledger
    assert sorted(ledger.entities) == ["ticket"] and len(ledger.entities["ticket"]) == 2
