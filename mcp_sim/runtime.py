"""Assembles a running experiment: upstream connections, catalog, world model, store, perturbations."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import anyio
import structlog
from mcp.types import Tool

from mcp_sim import router
from mcp_sim.backends.base import Backend
from mcp_sim.backends.upstream_mcp import UpstreamMCP
from mcp_sim.calls import CallPath
from mcp_sim.config import LoadedExperiment, OpenAIWorldModelConfig, SchemaWorldModelConfig
from mcp_sim.errors import BackendUnavailable, StartupError
from mcp_sim.perturbations.base import Pipeline
from mcp_sim.perturbations.pipeline import ProfilePipeline
from mcp_sim.recorded import RecordedRoutes
from mcp_sim.recordings import Recordings
from mcp_sim.specs import Catalog, build_catalog
from mcp_sim.state.base import StateStore
from mcp_sim.state.memory import MemoryStore
from mcp_sim.worldmodel.base import WorldModel
from mcp_sim.worldmodel.schema_sim import SchemaWorldModel

log = structlog.get_logger("mcp_sim.runtime")


@asynccontextmanager
async def running_experiment(loaded: LoadedExperiment) -> AsyncIterator[CallPath]:
    """Connect upstreams (each in its own supervisor task), build the catalog, and serve until closed."""
    experiment = loaded.experiment
    upstreams = {name: UpstreamMCP(name, config, str(loaded.base_dir)) for name, config in experiment.upstreams.items()}
    async with anyio.create_task_group() as tasks:
        async with anyio.create_task_group() as connecting:  # upstreams connect in parallel
            for upstream in upstreams.values():
                connecting.start_soon(tasks.start, upstream.run)
        discovered = await discover(upstreams)
        pipeline = load_pipeline(loaded)
        catalog = pipeline.expose(build_catalog(loaded, discovered))
        routing = router.Routing.of(experiment.route, experiment.routes)
        check_routes(catalog, routing, upstreams, discovered)
        store = open_store(experiment.state)
        world_model = make_world_model(loaded, catalog)
        backends: dict[str, Backend] = dict(upstreams)
        recordings = Recordings(recordings_path(loaded))
        try:
            yield CallPath(
                experiment, catalog, backends, world_model, store, pipeline, routing, RecordedRoutes(recordings)
            )
        finally:
            recordings.close()
            await world_model.aclose()
            await store.aclose()
            tasks.cancel_scope.cancel()


async def discover(upstreams: dict[str, UpstreamMCP]) -> dict[str, list[Tool]]:
    """Every tools/list page of every upstream that answered; failures are logged and left out."""
    found: dict[str, list[Tool]] = {}
    for name, upstream in upstreams.items():
        try:
            found[name] = await upstream.list_tools()
        except BackendUnavailable as exc:
            log.warning("upstream unavailable at start-up", upstream=name, error=str(exc))
    return found


def check_routes(
    catalog: Catalog, routing: router.Routing, upstreams: dict[str, UpstreamMCP], discovered: dict[str, list[Tool]]
) -> None:
    """A tool routed real needs a live backend: say so now, not at the first call."""
    problems = []
    for name, upstream in upstreams.items():
        if name not in discovered and not any(e.upstream == name for e in catalog):
            problems.append(
                f"upstream '{name}' is unavailable ({upstream.error!r}) and no snapshot spec stands in for it; "
                "run `mcp-sim snapshot` while it is up, or fix its command/url"
            )
    for entry in catalog:
        route = router.route(routing, entry.name)
        if not router.needs_real(route):
            continue
        if entry.upstream is None:
            problems.append(
                f"tool '{entry.name}' is routed {route} but has no real backend (it comes from {entry.source})"
            )
        elif entry.upstream not in discovered:
            problems.append(f"tool '{entry.name}' is routed {route} but upstream '{entry.upstream}' is unavailable")
    if problems:
        raise StartupError("\n".join(problems))


def recordings_path(loaded: LoadedExperiment) -> Path:
    """``recordings:`` relative to the experiment file; by default ``<experiment file stem>.recordings.sqlite``."""
    return loaded.resolve(loaded.experiment.recordings or f"{loaded.path.stem}.recordings.sqlite")


def open_store(url: str) -> StateStore:
    if url.startswith("memory://"):
        return MemoryStore()
    raise StartupError(f"state: unsupported store URL {url!r} (expected memory://)")


def make_world_model(loaded: LoadedExperiment, catalog: Catalog) -> WorldModel:
    config = loaded.experiment.world_model
    if isinstance(config, SchemaWorldModelConfig):
        return SchemaWorldModel(config)
    if isinstance(config, OpenAIWorldModelConfig):
        from mcp_sim.worldmodel.openai_model import OpenAIWorldModel

        return OpenAIWorldModel(config, [entry.spec for entry in catalog], loaded.base_dir)
    raise StartupError(f"world_model.kind {config.kind!r} is not available in this build")


def load_pipeline(loaded: LoadedExperiment) -> Pipeline:
    """The experiment's perturbation profile (validated by load_experiment), or none."""
    return ProfilePipeline.of(loaded.profile)
