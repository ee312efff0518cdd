"""The path of one ``tools/call``, top to bottom.

transport (server.py) -> load session -> look up + validate -> plan perturbations -> route -> backend or
world model -> apply plan -> commit turn -> result. Errors are raised as ``mcp_sim.errors`` and turned
into MCP only by server.py; the turn is recorded either way.
"""

from __future__ import annotations

import time
import uuid
from dataclasses import dataclass
from typing import Any

import structlog
from mcp.types import CallToolResult, TextContent

from mcp_sim import router
from mcp_sim.backends.base import Backend
from mcp_sim.config import Experiment
from mcp_sim.errors import ProtocolError, ToolError, UnknownTool
from mcp_sim.outcome import Outcome
from mcp_sim.perturbations.base import CallInfo, Pipeline
from mcp_sim.seeding import derive_seed
from mcp_sim.specs import Catalog, CatalogEntry
from mcp_sim.state.base import SessionState, StateStore, Turn
from mcp_sim.worldmodel.base import ProgressFn, SimulationRequest, WorldModel

log = structlog.get_logger("mcp_sim.calls")


@dataclass
class CallPath:
    """Everything one experiment needs to answer calls; shared by all transports and sessions."""

    experiment: Experiment
    catalog: Catalog
    backends: dict[str, Backend]
    world_model: WorldModel
    store: StateStore
    perturbations: Pipeline
    routing: router.Routing

    async def call(
        self, session_key: str | None, name: str, arguments: dict[str, Any], progress: ProgressFn | None = None
    ) -> CallToolResult:
        entry = self.catalog.get(name)
        if entry is None:
            raise UnknownTool(f"Unknown tool: '{name}'")
        entry.check_arguments(arguments)
        key = session_key or f"anon-{uuid.uuid4().hex}"
        async with self.store.lock(self.experiment.name, key):
            state = await self.store.load(self.experiment.name, key)
            state.ephemeral = session_key is None
            return await self._call_in_session(state, entry, arguments, progress)

    async def _call_in_session(
        self, state: SessionState, entry: CatalogEntry, arguments: dict[str, Any], progress: ProgressFn | None
    ) -> CallToolResult:
        index = state.call_count
        route = router.route(self.routing, entry.name, _session_routing(state))
        info = CallInfo(self.experiment.seed, state.key, entry.name, arguments, route, index)
        plan = self.perturbations.plan(info)
        turn = Turn(index=index, tool=entry.name, arguments=arguments, route=route, result=None, started_at=time.time())
        started = time.perf_counter()

        async def call_next(instructions: list[str]) -> Outcome:
            if route == "real":
                return await self._call_real(entry, arguments, progress)
            return await self._simulate(state, entry, arguments, index, instructions, progress)

        try:
            outcome = await plan.run(info, call_next)
        except ToolError as exc:
            outcome = Outcome(result=error_result(str(exc)), trace={"error": type(exc).__name__})
        except ProtocolError as exc:
            turn.error = {"code": exc.code, "message": exc.message}
            await self._commit(state, turn, None, plan.decisions, started)
            raise
        await self._commit(state, turn, outcome, plan.decisions, started)
        return outcome.result

    async def _call_real(self, entry: CatalogEntry, arguments: dict[str, Any], progress: ProgressFn | None) -> Outcome:
        assert entry.upstream is not None, "router never sends a tool without a backend to 'real'"
        backend = self.backends[entry.upstream]
        result = await backend.call(entry.upstream_name, arguments, progress)
        return Outcome(result=result, trace={"backend": backend.name})

    async def _simulate(
        self,
        state: SessionState,
        entry: CatalogEntry,
        arguments: dict[str, Any],
        index: int,
        instructions: list[str],
        progress: ProgressFn | None,
    ) -> Outcome:
        async def history() -> list[Turn]:
            return await self.store.turns(self.experiment.name, state.key)

        request = SimulationRequest(
            spec=entry.spec,
            arguments=arguments,
            session=state,
            call_index=index,
            seed=derive_seed(self.experiment.seed, state.key, index, "world-model"),
            history=history,
            instructions=instructions,
            progress=progress,
        )
        return await self.world_model.simulate(request)

    async def _commit(
        self,
        state: SessionState,
        turn: Turn,
        outcome: Outcome | None,
        decisions: list[dict[str, Any]],
        started: float,
    ) -> None:
        turn.duration_ms = round((time.perf_counter() - started) * 1000, 3)
        turn.decisions = decisions
        if outcome is not None:
            turn.result = outcome.result.model_dump(by_alias=True, exclude_none=True, mode="json")
            turn.effects = outcome.effects
            turn.trace = outcome.trace
            for effect in outcome.effects:
                state.ledger.apply(effect)
        state.call_count += 1
        await self.store.commit(state, turn)
        log.debug(  # the turn record holds all of this; at info this line cost ~10 % of a forwarded call's CPU
            "tool call",
            session=state.key,
            tool=turn.tool,
            route=turn.route,
            index=turn.index,
            is_error=bool(turn.result and turn.result.get("isError")) or turn.error is not None,
            perturbations=[d.get("type") for d in decisions],
            ms=turn.duration_ms,
        )


def error_result(message: str) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=message)], is_error=True)


def _session_routing(state: SessionState) -> router.Routing | None:
    if state.routing is None:
        return None
    return router.Routing.of(state.routing["default"], state.routing.get("overrides", {}))
