"""The routes that involve recordings: ``record``, ``replay`` and ``shadow``.

Each takes the call's real and simulated answers as thunks (``calls.py`` builds them), so this module knows
nothing of backends or world models; it decides what runs, what is stored and what the agent gets.

- record: call real, store its observation, return it.
- replay: return the stored observation for (tool, arguments, state version); on a miss, what
  ``replay.on_miss`` says: simulate (default), call real, or answer an ``isError`` naming the miss.
- shadow: call real and sim at once, return real; store both with their fidelity (``divergence.py``).
  The real answer's effects (learned from it) feed the ledger: the agent goes on with the real ids, so later
  simulated calls of the session must know them; the simulated effects are kept in the trace only.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import anyio
import structlog
from mcp.types import CallToolResult, TextContent

from mcp_sim.errors import ProtocolError, ToolError
from mcp_sim.observability import metrics
from mcp_sim.outcome import Outcome
from mcp_sim.routing import divergence as fidelity
from mcp_sim.routing.recordings import ObservationKey, Recordings, protocol_error_of

log = structlog.get_logger("mcp_sim.routing.recorded")

Answer = Callable[[], Awaitable[Outcome]]


@dataclass(frozen=True)
class RecordedCall:
    """Where one call sits: its recording key and the session it belongs to."""

    key: ObservationKey
    experiment: str
    session: str
    call_index: int
    output_schema: dict[str, Any] | None


class RecordedRoutes:
    def __init__(self, recordings: Recordings, on_miss: str = "sim") -> None:
        self.recordings = recordings
        self.on_miss = on_miss  # replay.on_miss: sim | real | error

    async def run(self, route: str, call: RecordedCall, real: Answer, sim: Answer) -> Outcome:
        if route == "record":
            return await self.record(call, real)
        if route == "replay":
            return await self.replay(call, real, sim)
        if route == "shadow":
            return await self.shadow(call, real, sim)
        raise ValueError(f"not a recording route: {route!r}")

    async def record(self, call: RecordedCall, real: Answer) -> Outcome:
        outcome = await real()
        row = await self._store(call, "record", _as_json(outcome.result))
        outcome.trace.update(recording={"id": row, "version": call.key.version})
        return outcome

    async def replay(self, call: RecordedCall, real: Answer, sim: Answer) -> Outcome:
        found = await self.recordings.find(call.key)
        metrics.replay(call.experiment, call.key.tool, "miss" if found is None else "hit")
        if found is None:
            if self.on_miss == "error":
                outcome = Outcome(result=_error(_miss_message(call)), trace={"error": "ReplayMiss"})
            else:
                outcome = await _settled(real if self.on_miss == "real" else sim)
            outcome.trace.update(replay="miss", on_miss=self.on_miss, recording={"version": call.key.version})
            return outcome
        error = protocol_error_of(found.real)
        if error is not None:  # an imported JSON-RPC error is answered as one, as the real server did
            raise ProtocolError(int(error.get("code") or -32603), str(error.get("message", "")))
        result = CallToolResult.model_validate(found.real)
        trace = {"replay": "hit", "recording": {"id": found.id, "version": call.key.version}}
        return Outcome(result=result, trace=trace)

    async def shadow(self, call: RecordedCall, real: Answer, sim: Answer) -> Outcome:
        simulated: list[Outcome] = []
        real_outcome: Outcome | ToolError | ProtocolError
        async with anyio.create_task_group() as both:
            both.start_soon(_simulate_into, sim, simulated)
            try:
                real_outcome = await real()
            except (ToolError, ProtocolError) as exc:  # the agent gets the real failure; nothing to compare
                both.cancel_scope.cancel()
                real_outcome = exc
        if isinstance(real_outcome, ToolError | ProtocolError):
            raise real_outcome
        sim_outcome = simulated[0]
        real_json, sim_json = _as_json(real_outcome.result), _as_json(sim_outcome.result)
        score = fidelity.compare(real_json, sim_json, call.output_schema).to_json()
        row = await self._store(call, "shadow", real_json, sim_json, score)
        real_outcome.trace.update(
            recording={"id": row, "version": call.key.version},
            shadow={
                "sim": sim_json,
                "sim_trace": sim_outcome.trace,
                "sim_effects": [e.to_json() for e in sim_outcome.effects],
                "fidelity": score,
                "divergence": score["divergence"],
            },
        )
        return real_outcome

    async def _store(
        self,
        call: RecordedCall,
        route: str,
        real: dict[str, Any],
        sim: dict[str, Any] | None = None,
        score: dict[str, Any] | None = None,
    ) -> int:
        return await self.recordings.add(
            call.key,
            route=route,
            experiment=call.experiment,
            session=call.session,
            call_index=call.call_index,
            real=real,
            sim=sim,
            fidelity=score,
        )


async def _settled(answer: Answer) -> Outcome:
    """A tool failure as the outcome it becomes anyway (``isError``), so the trace can still say why."""
    try:
        return await answer()
    except ToolError as exc:
        return Outcome(result=_error(str(exc)), trace={"error": type(exc).__name__})


async def _simulate_into(sim: Answer, into: list[Outcome]) -> None:
    """The simulated side of a shadow call never fails the call: its failures are observations too."""
    try:
        into.append(await _settled(sim))
    except ProtocolError as exc:
        into.append(Outcome(result=_error(exc.message), trace={"error": "ProtocolError", "code": exc.code}))


def _miss_message(call: RecordedCall) -> str:
    return (
        f"replay miss: no recorded observation of '{call.key.tool}' with arguments {call.key.arguments} in this "
        f"session's state (version {call.key.version[:12]}); nothing was called (replay.on_miss: error)"
    )


def _error(message: str) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=message)], is_error=True)


def _as_json(result: CallToolResult) -> dict[str, Any]:
    return result.model_dump(by_alias=True, exclude_none=True, mode="json")
