"""The path of one ``tools/call``, top to bottom.

transport (server.py) -> load session -> look up + validate -> plan perturbations -> route -> backend or
world model -> apply plan -> commit turn -> result. Errors are raised as ``mcp_sim.errors`` and turned
into MCP only by server.py; the turn is recorded either way.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import structlog
from mcp.types import CallToolResult, TextContent

from mcp_sim import router
from mcp_sim.backends.base import Backend
from mcp_sim.config import Experiment
from mcp_sim.errors import BackendUnavailable, ProtocolError, SimulationFailed, ToolError, UnknownTool
from mcp_sim.outcome import Outcome
from mcp_sim.perturbations.base import CallInfo, Pipeline
from mcp_sim.recorded import RecordedCall, RecordedRoutes
from mcp_sim.recordings import ObservationKey, canonical_arguments, mutates, session_version
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
    recorded: RecordedRoutes | None = None  # record / replay / shadow routes; None: those routes fail

    async def call(
        self, session_key: str | None, name: str, arguments: dict[str, Any], progress: ProgressFn | None = None
    ) -> CallToolResult:
        entry = self.catalog.get(name)
        if entry is None:
            raise UnknownTool(f"Unknown tool: '{name}'")
        entry.check_arguments(arguments)
        if session_key is None:  # a one-request session: nothing to load, lock or keep (no lock left behind)
            state = SessionState(self.experiment.name, f"anon-{uuid.uuid4().hex}", ephemeral=True)
            return await self._call_in_session(state, entry, arguments, progress)
        async with self.store.lock(self.experiment.name, session_key):
            state = await self.store.load(self.experiment.name, session_key)
            return await self._call_in_session(state, entry, arguments, progress)

    async def _call_in_session(
        self, state: SessionState, entry: CatalogEntry, arguments: dict[str, Any], progress: ProgressFn | None
    ) -> CallToolResult:
        index = state.call_count
        route = router.route(self.routing, entry.name, _session_routing(state))
        tool_index = state.tool_calls.get(entry.name, 0)
        info = CallInfo(self.experiment.seed, state.key, entry.name, arguments, route, index, tool_index, state.cursors)
        plan = self.perturbations.plan(info)
        turn = Turn(index=index, tool=entry.name, arguments=arguments, route=route, result=None, started_at=time.time())
        started = time.perf_counter()

        async def call_next(arguments: dict[str, Any], instructions: list[str]) -> Outcome:  # as perturbed
            real = partial(self._call_real, entry, arguments, progress)
            sim = partial(self._simulate, state, entry, arguments, index, instructions, progress)
            if route == "real":
                return await real()
            if route == "sim":
                return await sim()
            return await self._call_recorded(route, state, entry, arguments, real, sim)

        try:
            outcome = await plan.run(info, call_next)
        except ToolError as exc:
            trace = exc.trace if isinstance(exc, SimulationFailed) else {}  # what the world model tried
            outcome = Outcome(result=error_result(str(exc)), trace={"error": type(exc).__name__, **trace})
        except ProtocolError as exc:
            turn.error = {"code": exc.code, "message": exc.message}
            await self._commit(state, turn, None, plan.decisions, started)
            raise
        await self._commit(state, turn, outcome, plan.decisions, started)
        return outcome.result

    async def _call_real(self, entry: CatalogEntry, arguments: dict[str, Any], progress: ProgressFn | None) -> Outcome:
        backend = self.backends.get(entry.upstream) if entry.upstream else None
        if backend is None:  # start-up checks the experiment's routes; a session flag may still ask for this
            raise BackendUnavailable(f"tool '{entry.name}' has no real backend (it comes from {entry.source})")
        result = await backend.call(entry.upstream_name, arguments, progress)
        return Outcome(result=result, trace={"backend": backend.name})

    async def _call_recorded(
        self,
        route: str,
        state: SessionState,
        entry: CatalogEntry,
        arguments: dict[str, Any],
        real: Callable[[], Awaitable[Outcome]],
        sim: Callable[[], Awaitable[Outcome]],
    ) -> Outcome:
        """record / replay / shadow: keyed by tool, canonical arguments and the session's state version."""
        if self.recorded is None:
            raise ToolError(f"route '{route}' needs a recordings store, and this call path has none")
        version = await session_version(self.store, state, self._mutating)
        key = ObservationKey(entry.name, canonical_arguments(arguments), version)
        call = RecordedCall(key, self.experiment.name, state.key, state.call_count, entry.tool.output_schema)
        return await self.recorded.run(route, call, real, sim)

    def _mutating(self, tool: str) -> bool:
        entry = self.catalog.get(tool)
        return entry is None or mutates(entry.spec)

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
        state.tool_calls[turn.tool] = state.tool_calls.get(turn.tool, 0) + 1
        await self.store.commit(state, turn)
        log.info(
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
