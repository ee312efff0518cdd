from pathlib import Path

import pytest

from mcp_sim.catalog.specs import build_catalog
from mcp_sim.config import HttpUpstream, StdioUpstream, load_experiment
from mcp_sim.errors import ConfigError

SPEC = """
tools:
  - name: get_widget
    inputSchema: {type: object, properties: {widget_id: {type: string}}, required: [widget_id]}
"""


def experiment(tmp_path: Path, text: str) -> Path:
    (tmp_path / "specs").mkdir(exist_ok=True)
    (tmp_path / "specs/widgets.yaml").write_text(SPEC)
    path = tmp_path / "exp.yaml"
    path.write_text(text)
    return path


def test_full_experiment_loads_and_resolves_relative_paths(tmp_path: Path) -> None:
    path = experiment(
        tmp_path,
        "name: e\nseed: 3\nroute: real\nroutes: {'get_*': sim}\ntools: [specs/widgets.yaml]\n"
        "upstreams:\n  a: {command: npx, args: [-y, x], env: {K: v}, prefix: 'a_'}\n"
        "  b: {url: 'http://127.0.0.1:9/mcp', headers: {X: y}}\n",
    )
    loaded = load_experiment(path)
    e = loaded.experiment
    assert (e.seed, e.route, e.routes) == (3, "real", {"get_*": "sim"})
    assert isinstance(e.upstreams["a"], StdioUpstream) and e.upstreams["a"].prefix == "a_"
    assert isinstance(e.upstreams["b"], HttpUpstream)
    assert loaded.spec_files[0][0] == (tmp_path / "specs/widgets.yaml").resolve()
    assert loaded.spec_files[0][1].tools[0].name == "get_widget"
    assert loaded.resolve("data/x.jsonl") == (tmp_path / "data/x.jsonl").resolve()


def test_route_override_flips_everything(tmp_path: Path) -> None:
    path = experiment(tmp_path, "name: e\nroute: sim\nroutes: {'x': sim}\n")
    e = load_experiment(path, route_override="real").experiment
    assert (e.route, e.routes) == ("real", {})


def test_problems_are_collected_with_lines(tmp_path: Path) -> None:
    path = experiment(tmp_path, "name: e\nroute: maybe\nworld_modle: {}\n")
    with pytest.raises(ConfigError) as raised:
        load_experiment(path)
    problems = "\n".join(raised.value.problems)
    assert f"{path}:2: route:" in problems
    assert f"{path}:3: world_modle: unknown key" in problems


def test_missing_spec_file_and_bad_spec_are_reported(tmp_path: Path) -> None:
    path = experiment(tmp_path, "name: e\ntools: [specs/widgets.yaml, specs/nope.yaml, specs/bad.yaml]\n")
    (tmp_path / "specs/bad.yaml").write_text("tools:\n  - name: t\n    inputSchema: {type: 12}\n")
    with pytest.raises(ConfigError) as raised:
        load_experiment(path)
    problems = raised.value.problems
    assert any(p.startswith(f"{path}:2: tools.1: no such file") for p in problems)
    assert any("bad.yaml:3: tools.0.inputSchema" in p and "not a valid JSON Schema" in p for p in problems)


def test_a_snapshot_of_an_undeclared_upstream_is_simulated(tmp_path: Path) -> None:
    path = experiment(tmp_path, "name: e\ntools: [specs/snap.yaml]\n")
    (tmp_path / "specs/snap.yaml").write_text("upstream: ghost\ntools: [{name: ghost_read}]\n")
    catalog = build_catalog(load_experiment(path), {})
    entry = catalog.get("ghost_read")
    assert entry is not None and entry.upstream is None  # no real backend: the simulator answers it


def test_upstream_url_and_prefix_are_checked(tmp_path: Path) -> None:
    path = experiment(tmp_path, "name: e\nupstreams:\n  a: {url: 'ftp://x'}\n  b: {command: x, prefix: ''}\n")
    with pytest.raises(ConfigError) as raised:
        load_experiment(path)
    problems = "\n".join(raised.value.problems)
    assert "upstreams.a.url" in problems and "http://" in problems
    assert f"{path}:4: upstreams.b.prefix: String should have at least 1 character" in problems


def test_union_members_do_not_leak_into_error_paths(tmp_path: Path) -> None:
    # Regression: pydantic puts the chosen union member ("openai", "StdioUpstream") into the error path.
    exp = tmp_path / "exp.yaml"
    exp.write_text(
        "name: x\nworld_model: {kind: openai, base_url: 'http://127.0.0.1:1/v1'}\n"
        "upstreams:\n  m: {command: npx, args: '-y'}\n"
    )
    with pytest.raises(ConfigError) as err:
        load_experiment(exp)
    assert f"{exp}:2: world_model.model: Field required" in err.value.problems
    assert any(p.startswith(f"{exp}:4: upstreams.m.args:") for p in err.value.problems)
