"""Checks ``mcp-sim validate`` makes: exactly serve's start-up checks (``runtime.preflight``), without upstreams."""

from __future__ import annotations

from mcp_sim.config import LoadedExperiment
from mcp_sim.errors import ConfigError, StartupError
from mcp_sim.routing import flags as router
from mcp_sim.runtime import Preflight, preflight


def validate_offline(loaded: LoadedExperiment) -> Preflight:
    """``preflight`` with no upstream connected (snapshots stand in), plus: tools routed real without any
    backend. Start-up problems come back as configuration errors naming the experiment file."""
    experiment = loaded.experiment
    try:
        checked = preflight(loaded, discovered={})
    except StartupError as exc:
        lines = str(exc).splitlines()
        raise ConfigError([f"{loaded.path}: {line}" if exc.file is None else line for line in lines]) from None
    routing = router.Routing.of(experiment.route, experiment.routes)
    problems = [
        f"{loaded.path}: tool '{entry.name}' is routed real but has no real backend (it comes from {entry.source})"
        for entry in checked.catalog
        if entry.upstream is None and router.needs_real(router.route(routing, entry.name))
    ]
    if problems:
        raise ConfigError(problems)
    return checked
