from pathlib import Path
from typing import Any

import pytest
import yaml
from mcp.types import Tool

from mcp_sim.catalog.specs import build_catalog, load_spec_file, snapshot_yaml
from mcp_sim.config import LoadedExperiment, ToolSpecFile, load_experiment
from mcp_sim.errors import InvalidArguments, ProtocolError, StartupError


def tool(name: str, **extra: Any) -> Tool:
    schema = {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]}
    return Tool.model_validate({"name": name, "inputSchema": schema, **extra})


def loaded(
    tmp_path: Path, experiment: dict[str, Any], specs: dict[str, dict[str, Any]] | None = None
) -> LoadedExperiment:
    for name, doc in (specs or {}).items():
        (tmp_path / name).write_text(yaml.safe_dump(doc))
    path = tmp_path / "exp.yaml"
    path.write_text(yaml.safe_dump({"name": "e", **experiment}, sort_keys=False))
    return load_experiment(path)


SIMULATED = {"tools": [{"name": "sim_b"}, {"name": "sim_a"}]}


def test_order_is_spec_files_then_upstreams_as_configured(tmp_path: Path) -> None:
    exp = loaded(tmp_path, {"tools": ["s.yaml"], "upstreams": {"u2": {"command": "x"}, "u1": {"command": "y"}}},
                 {"s.yaml": SIMULATED})  # fmt: skip
    catalog = build_catalog(exp, {"u1": [tool("one")], "u2": [tool("two"), tool("three")]})
    assert [e.name for e in catalog] == ["sim_b", "sim_a", "two", "three", "one"]
    assert [(e.upstream, e.upstream_name) for e in catalog][2:] == [("u2", "two"), ("u2", "three"), ("u1", "one")]


def test_upstream_tools_are_listed_exactly_as_given_with_prefix_on_the_name_only(tmp_path: Path) -> None:
    exp = loaded(tmp_path, {"upstreams": {"mem": {"command": "x", "prefix": "mem_"}}})
    original = tool("read", description="Reads", outputSchema={"type": "object"}, annotations={"readOnlyHint": True})
    entry = next(iter(build_catalog(exp, {"mem": [original]})))
    assert entry.name == "mem_read" and entry.upstream_name == "read"
    assert entry.tool.model_dump(exclude={"name"}) == original.model_dump(exclude={"name"})


def test_name_collision_is_a_start_up_error_unless_prefixed(tmp_path: Path) -> None:
    exp = loaded(tmp_path, {"tools": ["s.yaml"], "upstreams": {"u": {"command": "x"}}}, {"s.yaml": SIMULATED})
    with pytest.raises(StartupError, match=r"tool name 'sim_a' is offered by .*s\.yaml and by upstream 'u'"):
        build_catalog(exp, {"u": [tool("sim_a")]})
    exp = loaded(tmp_path, {"tools": ["s.yaml"], "upstreams": {"u": {"command": "x", "prefix": "u."}}})
    assert "u.sim_a" in [e.name for e in build_catalog(exp, {"u": [tool("sim_a")]})]


def test_pagination_walks_every_tool_once_with_cursors(tmp_path: Path) -> None:
    exp = loaded(tmp_path, {"upstreams": {"u": {"command": "x"}}})
    catalog = build_catalog(exp, {"u": [tool(f"t{i}") for i in range(5)]})
    seen, cursor, pages = [], None, 0
    while True:
        page, cursor = catalog.page(cursor, 2)
        seen += [t.name for t in page]
        pages += 1
        if cursor is None:
            break
    assert (seen, pages) == ([f"t{i}" for i in range(5)], 3)
    for bad in ("abc", "99", "-1"):
        with pytest.raises(ProtocolError) as raised:
            catalog.page(bad, 2)
        assert raised.value.code == -32602


def test_snapshot_round_trips_through_yaml(tmp_path: Path) -> None:
    tools = [tool("a", title="A", outputSchema={"type": "object", "properties": {"x": {"type": "string"}}},
                  execution={"taskSupport": "forbidden"}), tool("b", _meta={"k": 1})]  # fmt: skip
    (tmp_path / "snap.yaml").write_text(snapshot_yaml("u", tools))
    spec_file = load_spec_file(tmp_path / "snap.yaml")
    assert isinstance(spec_file, ToolSpecFile) and spec_file.upstream == "u"
    exp = loaded(tmp_path, {"tools": ["snap.yaml"], "upstreams": {"u": {"command": "x"}}})
    offline = build_catalog(exp, {})  # the upstream is down: the snapshot stands in
    assert [e.tool for e in offline] == tools
    assert all(e.upstream == "u" and "snapshot" in e.source for e in offline)


def test_live_listing_wins_over_snapshot_but_keeps_its_effects_hints(tmp_path: Path) -> None:
    snap = {"upstream": "u", "tools": [{"name": "a", "effects": {"kind": "create", "entity": "thing"}}]}
    exp = loaded(tmp_path, {"tools": ["snap.yaml"], "upstreams": {"u": {"command": "x"}}}, {"snap.yaml": snap})
    entry = next(iter(build_catalog(exp, {"u": [tool("a", description="live")]})))
    assert entry.tool.description == "live"
    assert entry.spec.effects is not None and entry.spec.effects.entity == "thing"


def test_arguments_are_validated_naming_the_field(tmp_path: Path) -> None:
    exp = loaded(tmp_path, {"upstreams": {"u": {"command": "x"}}})
    entry = next(iter(build_catalog(exp, {"u": [tool("t")]})))
    entry.check_arguments({"n": 1})
    with pytest.raises(InvalidArguments, match="Invalid argument 'n' for tool 't': 'x' is not of type 'integer'"):
        entry.check_arguments({"n": "x"})
    with pytest.raises(InvalidArguments, match="Invalid arguments for tool 't': 'n' is a required property"):
        entry.check_arguments({})
