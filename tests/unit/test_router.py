from mcp_sim.routing.flags import Routing, route


def test_default_route_applies_without_overrides() -> None:
    assert route(Routing.of("sim", {}), "anything") == "sim"
    assert route(Routing.of("real", {}), "anything") == "real"


def test_first_matching_glob_wins() -> None:
    routing = Routing.of("sim", {"read_*": "real", "read_graph": "sim", "*_secret": "sim"})
    assert route(routing, "read_graph") == "real"
    assert route(routing, "read_nodes") == "real"
    assert route(routing, "create") == "sim"


def test_globs_are_case_sensitive() -> None:
    assert route(Routing.of("sim", {"Read*": "real"}), "read_graph") == "sim"


def test_session_routing_wins_over_experiment() -> None:
    experiment = Routing.of("real", {"x": "real"})
    assert route(experiment, "x", Routing.of("sim", {})) == "sim"
    assert route(experiment, "y", Routing.of("sim", {"y": "real"})) == "real"
