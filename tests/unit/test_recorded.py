"""record / replay / shadow decisions (mcp_sim.routing.recorded) with a real SQLite file and plain answers."""

from __future__ import annotations

from pathlib import Path

import pytest
from mcp.types import CallToolResult, TextContent

from mcp_sim.errors import BackendUnavailable, EntityNotFound
from mcp_sim.ledger.entities import Effect
from mcp_sim.outcome import Outcome
from mcp_sim.routing.recorded import Answer, RecordedCall, RecordedRoutes
from mcp_sim.routing.recordings import ROOT, ObservationKey, Recordings

SCHEMA = {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]}


def call(version: str = ROOT, index: int = 0) -> RecordedCall:
    return RecordedCall(ObservationKey("get_x", '{"id":"1"}', version), "exp", "s", index, SCHEMA)


def answer(body: dict[str, str], effects: list[Effect] | None = None) -> Answer:
    async def run() -> Outcome:
        result = CallToolResult(content=[TextContent(type="text", text=str(body))], structured_content=body)
        return Outcome(result=result, effects=list(effects or []), trace={"from": body["id"]})

    return run


def failing(exc: Exception) -> Answer:
    async def run() -> Outcome:
        raise exc

    return run


@pytest.fixture
def routes(tmp_path: Path) -> RecordedRoutes:
    return RecordedRoutes(Recordings(tmp_path / "r.sqlite"))


async def test_record_stores_what_real_answered(routes: RecordedRoutes) -> None:
    outcome = await routes.run("record", call(), answer({"id": "real"}), failing(AssertionError("sim not called")))
    assert outcome.result.structured_content == {"id": "real"}
    assert outcome.trace["recording"]["version"] == ROOT
    stored = await routes.recordings.find(call().key)
    assert stored is not None and stored.real["structuredContent"] == {"id": "real"} and stored.route == "record"


async def test_replay_hits_only_in_the_recorded_version(routes: RecordedRoutes) -> None:
    await routes.run("record", call(), answer({"id": "real"}), answer({"id": "sim"}))
    hit = await routes.run("replay", call(), failing(AssertionError("real not called")), answer({"id": "sim"}))
    miss = await routes.run("replay", call(version="v2"), failing(AssertionError()), answer({"id": "sim"}))
    assert (hit.trace["replay"], hit.result.structured_content) == ("hit", {"id": "real"})
    assert (miss.trace["replay"], miss.result.structured_content) == ("miss", {"id": "sim"})


async def test_replay_miss_keeps_the_trace_when_the_simulator_fails(routes: RecordedRoutes) -> None:
    outcome = await routes.run("replay", call(), failing(AssertionError()), failing(EntityNotFound("no x 1")))
    assert outcome.result.is_error and outcome.trace["replay"] == "miss"
    assert outcome.trace["error"] == "EntityNotFound"


async def test_shadow_returns_real_with_real_effects_and_stores_both(routes: RecordedRoutes) -> None:
    effect = Effect("create", "x", "sim-1", {"id": "sim-1"})
    learned = Effect("create", "x", "real", {"id": "real"})
    outcome = await routes.run("shadow", call(), answer({"id": "real"}, [learned]), answer({"id": "sim"}, [effect]))
    assert outcome.result.structured_content == {"id": "real"}
    assert outcome.effects == [learned]  # the agent goes on with the real ids: the ledger follows reality
    assert outcome.trace["shadow"]["sim_effects"] == [effect.to_json()]
    assert outcome.trace["shadow"]["divergence"] == outcome.trace["shadow"]["fidelity"]["divergence"]
    score = outcome.trace["shadow"]["fidelity"]
    assert score["status_match"] and score["sim_schema_valid"] and score["structure"] == 1.0
    stored = await routes.recordings.find(call().key)
    assert stored is not None and stored.sim is not None and stored.sim["structuredContent"] == {"id": "sim"}
    assert stored.fidelity == score


async def test_shadow_scores_a_failing_simulator_as_an_error_answer(routes: RecordedRoutes) -> None:
    outcome = await routes.run("shadow", call(), answer({"id": "real"}), failing(EntityNotFound("no x 1")))
    assert outcome.trace["shadow"]["sim"]["isError"] is True
    assert outcome.trace["shadow"]["fidelity"]["status_match"] is False


async def test_shadow_passes_a_real_failure_on_and_stores_nothing(routes: RecordedRoutes) -> None:
    with pytest.raises(BackendUnavailable):
        await routes.run("shadow", call(), failing(BackendUnavailable("down")), answer({"id": "sim"}))
    assert await routes.recordings.find(call().key) is None
