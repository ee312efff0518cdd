"""Checks ``mcp-sim validate`` can make without starting anything."""

from __future__ import annotations

from mcp_sim.catalog.specs import build_catalog
from mcp_sim.config import LoadedExperiment
from mcp_sim.errors import ConfigError, StartupError
from mcp_sim.routing import flags as router


def validate_offline(loaded: LoadedExperiment) -> None:
    """Collisions among spec files and snapshots; tools routed real without any backend."""
    experiment = loaded.experiment
    try:
        catalog = build_catalog(loaded, discovered={})
    except StartupError as exc:
        raise ConfigError([f"{loaded.path}: {line}" for line in str(exc).splitlines()]) from None
    routing = router.Routing.of(experiment.route, experiment.routes)
    problems = [
        f"{loaded.path}: tool '{entry.name}' is routed real but has no real backend (it comes from {entry.source})"
        for entry in catalog
        if entry.upstream is None and router.route(routing, entry.name) == "real"
    ]
    if problems:
        raise ConfigError(problems)
    from mcp_sim.runtime import load_world_seeds

    load_world_seeds(loaded, catalog)  # world seeds: every record has its id, no id twice
