"""The routes beyond sim and real: config accepts them, the router returns them, start-up checks them."""

from __future__ import annotations

from pathlib import Path

import pytest

from mcp_sim.catalog.specs import build_catalog
from mcp_sim.config import load_experiment
from mcp_sim.errors import ConfigError, StartupError
from mcp_sim.routing import flags as router
from mcp_sim.runtime import check_routes, recordings_path

TICKETS = Path(__file__).parents[2] / "tool_specs" / "tickets.yaml"


def write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "exp.yaml"
    path.write_text(f"name: t\ntools: [{TICKETS}]\n{body}")
    return path


def test_router_returns_recording_routes_per_tool() -> None:
    routing = router.Routing.of("replay", {"create_*": "record", "get_*": "shadow"})
    assert router.route(routing, "create_ticket") == "record"
    assert router.route(routing, "get_ticket") == "shadow"
    assert router.route(routing, "list_tickets") == "replay"
    assert router.route(routing, "list_tickets", router.Routing("sim")) == "sim"


def test_which_routes_need_a_real_backend() -> None:
    assert [r for r in ("sim", "real", "record", "replay", "shadow") if router.needs_real(r)] == [
        "real",
        "record",
        "shadow",
    ]


def test_experiment_accepts_new_routes_and_rejects_typos(tmp_path: Path) -> None:
    loaded = load_experiment(write(tmp_path, "route: replay\nroutes: {get_ticket: shadow}\n"))
    assert (loaded.experiment.route, loaded.experiment.routes) == ("replay", {"get_ticket": "shadow"})
    with pytest.raises(ConfigError, match="route"):
        load_experiment(write(tmp_path, "route: recorded\n"))


@pytest.mark.parametrize("route", ["record", "shadow"])
def test_startup_refuses_record_and_shadow_without_a_real_backend(tmp_path: Path, route: str) -> None:
    loaded = load_experiment(write(tmp_path, f"route: {route}\n"))
    catalog = build_catalog(loaded, {})
    routing = router.Routing.of(loaded.experiment.route, loaded.experiment.routes)
    with pytest.raises(StartupError, match=f"routed {route} but has no real backend"):
        check_routes(catalog, routing, {}, {})


def test_replay_needs_no_real_backend(tmp_path: Path) -> None:
    loaded = load_experiment(write(tmp_path, "route: replay\n"))
    check_routes(build_catalog(loaded, {}), router.Routing("replay"), {}, {})


def test_recordings_path_defaults_next_to_the_experiment(tmp_path: Path) -> None:
    assert recordings_path(load_experiment(write(tmp_path, ""))) == tmp_path / "exp.recordings.sqlite"
    chosen = load_experiment(write(tmp_path, "recordings: data/shared.sqlite\n"))
    assert recordings_path(chosen) == tmp_path / "data" / "shared.sqlite"
