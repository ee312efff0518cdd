"""Replay every recorded real session (tests/data/trajectories, copied from ../shared/data) through the
call path in sim mode and show that the integrity checks raise nothing the real server did not also refuse.

Three legs per trajectory: (1) the world model answers exactly what the real server answered (a perfect
world model: any check that fires is a false alarm of the checks); (2) the first half is routed real and the
rest sim (real answers feed the ledger, the session continues consistently); (3) the built-in schema
simulator answers (stateless servers and the memory graph; taskmanager's nested ids are beyond it).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from mcp.types import CallToolResult

from mcp_sim.calls import CallPath
from mcp_sim.catalog.specs import build_catalog, load_spec_file
from mcp_sim.config import Experiment, LoadedExperiment
from mcp_sim.errors import ToolError
from mcp_sim.ledger.answers import answer_body, is_failure
from mcp_sim.outcome import Outcome, ProgressFn
from mcp_sim.perturbations.base import NoPerturbations
from mcp_sim.routing import flags as router
from mcp_sim.simulation.base import SimulationRequest
from mcp_sim.simulation.builtin.simulator import SchemaWorldModel
from mcp_sim.state.memory import MemoryStore

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(os.environ.get("MCP_SIM_TRAJECTORIES", ROOT / "tests" / "data" / "trajectories"))
SERVERS = ["memory", "taskmanager", "everything", "time"]


def recorded(server: str) -> dict[str, list[dict[str, Any]]]:
    by_trajectory: dict[str, list[dict[str, Any]]] = {}
    for line in (DATA / f"{server}.jsonl").read_text().splitlines():
        turn = json.loads(line)
        by_trajectory.setdefault(turn["trajectory_id"], []).append(turn)
    return by_trajectory


class Recorded:
    """Stands in for the real server and for a perfect world model: answers what the real server answered."""

    name = "recorded"

    def __init__(self) -> None:
        self.answer: CallToolResult | None = None

    async def simulate(self, request: SimulationRequest) -> Outcome:
        assert self.answer is not None
        return Outcome(self.answer)

    async def call(
        self, tool: str, arguments: dict[str, Any], progress: ProgressFn | None, session: str | None = None
    ) -> CallToolResult:
        assert self.answer is not None
        return self.answer

    async def end_session(self, session: str) -> None:
        pass

    async def list_tools(self) -> list[Any]:
        return []

    async def aclose(self) -> None:
        return None


def call_path(server: str, world_model: Any) -> CallPath:
    spec_path = ROOT / "tool_specs" / f"{server}.yaml"
    experiment = Experiment(name=f"replay-{server}", upstreams={server: {"command": "unused"}})
    loaded = LoadedExperiment(ROOT / "experiment.yaml", experiment, [(spec_path, load_spec_file(spec_path))])
    catalog = build_catalog(loaded, {})  # the snapshot stands in for the upstream
    backends: dict[str, Any] = {server: world_model} if isinstance(world_model, Recorded) else {}
    routing = router.Routing.of("sim", {})
    return CallPath(experiment, catalog, backends, world_model, MemoryStore(), NoPerturbations(), routing)


async def replay(path: CallPath, turns: list[dict[str, Any]], real_until: int = 0) -> list[str]:
    """Calls every turn; returns the integrity problems that the real server did not also fail on."""
    false_alarms = []
    key = "replay"
    for i, turn in enumerate(turns):
        real = CallToolResult.model_validate(turn["result"])
        if isinstance(path.world_model, Recorded):
            path.world_model.answer = real
        await set_route(path, key, "real" if i < real_until else "sim")
        try:
            await path.call(key, turn["tool"], turn["arguments"])
        except ToolError:  # unknown tool or invalid arguments: refused before the session, like the real one
            assert real.is_error, turn
            continue
        last = (await path.store.turns(path.experiment.name, key))[-1]
        problems = [v for step in last.trace.get("integrity", []) for v in step.get("violations", [])]
        if problems and not is_failure(real, answer_body(real)):
            false_alarms.append(f"turn {turn['turn']} {turn['tool']}: {problems}")
    return false_alarms


async def set_route(path: CallPath, key: str, route: str) -> None:
    state = await path.store.load(path.experiment.name, key)
    state.routing = {"default": route, "overrides": {}}
    await path.store.save(state)


def cases() -> list[tuple[str, str]]:
    return [(s, t) for s in SERVERS for t in recorded(s)]


@pytest.mark.parametrize(("server", "trajectory"), cases())
async def test_a_perfect_world_model_raises_no_false_alarm(server: str, trajectory: str) -> None:
    path = call_path(server, Recorded())
    assert await replay(path, recorded(server)[trajectory]) == []


@pytest.mark.parametrize(("server", "trajectory"), cases())
async def test_real_then_sim_continues_consistently(server: str, trajectory: str) -> None:
    turns = recorded(server)[trajectory]
    path = call_path(server, Recorded())
    assert await replay(path, turns, real_until=len(turns) // 2) == []


@pytest.mark.parametrize(("server", "trajectory"), [c for c in cases() if c[0] != "taskmanager"])
async def test_the_schema_simulator_raises_no_false_alarm(server: str, trajectory: str) -> None:
    path = call_path(server, SchemaWorldModel())
    assert await replay(path, recorded(server)[trajectory]) == []


async def test_the_checks_do_fire_where_the_real_server_failed() -> None:
    """The honest counterpart: refusals happen, and exactly on the turns the real server refused."""
    path = call_path("taskmanager", Recorded())
    turns = recorded("taskmanager")["taskmanager_workflow"]
    await replay(path, turns)
    history = await path.store.turns(path.experiment.name, "replay")
    refused = [t.tool for t in history if any(s.get("check") == "arguments" for s in t.trace.get("integrity", []))]
    assert refused == ["open_task_details", "mark_task_done"]
    texts = [t.result["content"][0]["text"] for t in history if t.tool in refused and t.index >= 12]
    assert json.loads(texts[0]) == {"status": "task_not_found", "message": "No such task found"}
    assert json.loads(texts[1]) == {"status": "error", "message": "Request not found"}
