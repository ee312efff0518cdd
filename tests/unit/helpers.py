"""An in-process call path over tool_specs/tickets.yaml on the built-in simulator (no network, no upstream)."""

from __future__ import annotations

from pathlib import Path

import yaml

from mcp_sim.calls import CallPath
from mcp_sim.catalog.specs import build_catalog
from mcp_sim.config import load_experiment
from mcp_sim.perturbations.base import NoPerturbations
from mcp_sim.routing import flags as router
from mcp_sim.simulation.builtin.simulator import SchemaWorldModel
from mcp_sim.state.memory import MemoryStore

TICKETS = Path(__file__).resolve().parents[2] / "tool_specs/tickets.yaml"


def tickets_path(tmp_path: Path, seed: int = 7, **extra: object) -> CallPath:
    path = tmp_path / f"exp-{seed}.yaml"
    path.write_text(yaml.safe_dump({"name": "t", "seed": seed, "tools": [str(TICKETS)], **extra}))
    loaded = load_experiment(path)
    e = loaded.experiment
    catalog = build_catalog(loaded, {})
    routing = router.Routing.of(e.route, e.routes)
    return CallPath(e, catalog, {}, SchemaWorldModel(), MemoryStore(), NoPerturbations(), routing)


def tools_path(tmp_path: Path, tools: list[dict[str, object]], seed: int = 1) -> CallPath:
    """An in-process call path over these tool definitions (name, description, inputSchema...), memory store."""
    (tmp_path / "spec.yaml").write_text(yaml.safe_dump({"tools": tools}))
    path = tmp_path / f"tools-{seed}.yaml"
    path.write_text(yaml.safe_dump({"name": "tools", "seed": seed, "tools": ["spec.yaml"], "state": "memory://"}))
    loaded = load_experiment(path)
    e = loaded.experiment
    routing = router.Routing.of(e.route, e.routes)
    return CallPath(e, build_catalog(loaded, {}), {}, SchemaWorldModel(), MemoryStore(), NoPerturbations(), routing)
