"""``--simulate``: answer recorded real calls with an experiment's world model, session by session, so a
real-only recording (a trajectory, a ``record`` trace) can be scored like a shadow run.

No upstream is started: tools come from the experiment's spec files and snapshots, every call is routed
``sim``, perturbations are off (the report measures the world model, not the fault injection).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mcp_sim.calls import CallPath, error_result
from mcp_sim.catalog.specs import Catalog, build_catalog
from mcp_sim.config import LoadedExperiment
from mcp_sim.errors import ProtocolError, ToolError
from mcp_sim.perturbations.base import NoPerturbations
from mcp_sim.reporting.sources import ObservedCall, by_session, protocol_error_result
from mcp_sim.routing import flags as router
from mcp_sim.runtime import make_world_model
from mcp_sim.state.memory import MemoryStore


def offline_catalog(loaded: LoadedExperiment) -> Catalog:
    """The experiment's tools without contacting any upstream (snapshots stand in for them)."""
    return build_catalog(loaded, {})


def exposed_name(catalog: Catalog, tool: str) -> str:
    """A recorded tool name as the catalog exposes it (trajectories use the upstream's own name)."""
    if catalog.get(tool) is not None:
        return tool
    return next((e.name for e in catalog if e.upstream_name == tool), tool)


async def simulate(
    loaded: LoadedExperiment, calls: list[ObservedCall], advance: Callable[[], None] = lambda: None
) -> None:
    """Fill ``call.sim`` for every call that has a real observation and no simulated one yet."""
    catalog = offline_catalog(loaded)
    path = CallPath(
        loaded.experiment,
        catalog,
        {},
        make_world_model(loaded, catalog),
        MemoryStore(),
        NoPerturbations(),
        router.Routing("sim"),
    )
    try:
        for session, session_calls in by_session(calls).items():
            for call in session_calls:
                if call.real is not None and call.sim is None:
                    call.sim = await _answer(path, f"report:{session}", exposed_name(catalog, call.tool), call)
                advance()
    finally:
        await path.world_model.aclose()


async def _answer(path: CallPath, session: str, tool: str, call: ObservedCall) -> dict[str, Any] | None:
    try:
        result = await path.call(session, tool, call.arguments)
    except ToolError as exc:  # unknown tool, invalid arguments: what the agent would have seen
        result = error_result(str(exc))
    except ProtocolError as exc:
        return protocol_error_result({"code": exc.code, "message": exc.message})
    return result.model_dump(by_alias=True, exclude_none=True, mode="json")
