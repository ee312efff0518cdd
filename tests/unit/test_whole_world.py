"""World seeds that hold a whole world: scalars, singletons (nested), tables, the session clock."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import yaml

from mcp_sim.calls import CallPath
from mcp_sim.catalog.specs import build_catalog
from mcp_sim.config import load_experiment
from mcp_sim.errors import ConfigError
from mcp_sim.perturbations.base import NoPerturbations
from mcp_sim.routing import flags as router
from mcp_sim.runtime import load_world_seeds
from mcp_sim.simulation.builtin.simulator import SchemaWorldModel
from mcp_sim.state.memory import MemoryStore

SPEC = {
    "tools": [
        {
            "name": "get_account",
            "description": "The logged-in account.",
            "inputSchema": {"type": "object", "properties": {}},
            "outputSchema": {
                "type": "object",
                "properties": {
                    "balance": {"type": "number"},
                    "current_user": {"type": "string"},
                    "opened_at": {"type": "string", "format": "date-time"},
                },
                "required": ["balance", "current_user", "opened_at"],
            },
        },
        {
            "name": "pwd",
            "description": "Return the current working directory path.",
            "inputSchema": {"type": "object", "properties": {}},
        },
        {
            "name": "get_user_map",
            "description": "Names of users and their ids.",
            "inputSchema": {"type": "object", "properties": {}},
        },
        {
            "name": "get_ticket",
            "description": "One ticket.",
            "inputSchema": {
                "type": "object",
                "properties": {"ticket_id": {"type": "string"}},
                "required": ["ticket_id"],
            },
        },
    ]
}
WORLD = """\
clock: 2030-06-01T12:00:00Z
entities:
  ticket:
    - {id: T-1, title: Printer on fire}
singletons:
  account: {current_user: USR005, balance: 10000.0}
  user_map: {Alice: USR001, Bob: USR002}
  root: {alex: {type: directory, contents: {notes.txt: {type: file, content: hello}}}}
scalars:
  balance: 250.5
  current_working_directory: /alex/workspace
  authenticated: true
"""


def path_for(tmp_path: Path, world: str) -> CallPath:
    (tmp_path / "spec.yaml").write_text(yaml.safe_dump(SPEC))
    (tmp_path / "world.yaml").write_text(world)
    experiment = tmp_path / "exp.yaml"
    experiment.write_text("name: w\nseed: 3\ntools: [spec.yaml]\nworld: world.yaml\nstate: memory://\n")
    loaded = load_experiment(experiment)
    catalog = build_catalog(loaded, {})
    types, seeds = load_world_seeds(loaded, catalog)
    e = loaded.experiment
    routing = router.Routing.of(e.route, e.routes)
    model, store = SchemaWorldModel(), MemoryStore()
    return CallPath(e, catalog, {}, model, store, NoPerturbations(), routing, world=seeds, types=types)


def text(result: Any) -> str:
    return str(result.content[0].text)


async def test_reads_see_the_seeded_scalars_and_singletons(tmp_path: Path) -> None:
    path = path_for(tmp_path, WORLD)
    account = (await path.call("s", "get_account", {})).structured_content
    assert account is not None
    assert account["balance"] == 250.5  # the scalar is more specific than the singleton's field
    assert account["current_user"] == "USR005"  # a singleton's field
    opened = datetime.fromisoformat(account["opened_at"].replace("Z", "+00:00"))
    assert timedelta(0) <= datetime(2030, 6, 1, 12, tzinfo=UTC) - opened <= timedelta(days=31)  # the seed's clock
    assert "/alex/workspace" in text(await path.call("s", "pwd", {}))  # named by the description
    shown = text(await path.call("s", "get_user_map", {}))
    assert "USR001" in shown and "Alice" in shown  # a name-to-id map, whole


async def test_tables_still_work_beside_them(tmp_path: Path) -> None:
    path = path_for(tmp_path, WORLD)
    assert "Printer on fire" in text(await path.call("s", "get_ticket", {"ticket_id": "T-1"}))
    missing = await path.call("s", "get_ticket", {"ticket_id": "T-9"})
    assert missing.is_error


async def test_each_session_starts_from_the_seed(tmp_path: Path) -> None:
    path = path_for(tmp_path, WORLD)
    first = await path.call("a", "get_account", {})
    second = await path.call("b", "get_account", {})
    assert first.structured_content and second.structured_content
    assert first.structured_content["balance"] == second.structured_content["balance"] == 250.5


def test_nested_records_reach_the_ledger_unchanged(tmp_path: Path) -> None:
    from mcp_sim.ledger.entities import Ledger
    from mcp_sim.ledger.world_state import scalars, session_clock, singletons

    path = path_for(tmp_path, WORLD)
    ledger = Ledger()
    for effect in path.world:
        ledger.apply(effect)
    assert singletons(ledger)["root"]["alex"]["contents"]["notes.txt"]["content"] == "hello"
    assert scalars(ledger) == {"balance": 250.5, "current_working_directory": "/alex/workspace", "authenticated": True}
    assert session_clock(ledger, 2) == datetime(2030, 6, 1, 12, 2, tzinfo=UTC)
    assert ledger.created == 1  # only the table record counts as created: new ids keep their numbering
    json.dumps(ledger.to_json())  # every store keeps JSON


@pytest.mark.parametrize(
    ("world", "problem"),
    [
        (
            "scalars: {balance: 1}\nsingletons: {balance: {a: 1}}\n",
            "scalars.balance: 'balance' is already in",
        ),
        ("scalars: {opened: 2024-01-01}\n", "scalars.opened: 2024-01-01 was read as a YAML date; quote it"),
        ("scalars: {account: {a: 1}}\n", "scalars.account: is a mapping; a record belongs under singletons"),
        ("singletons: {tree: {1: a}}\n", "singletons.tree"),
        ("singletons: {user: 5}\n", "singletons.user"),
        ("clock: yesterday\n", "clock"),
    ],
)
def test_a_bad_whole_world_says_where(tmp_path: Path, world: str, problem: str) -> None:
    with pytest.raises(ConfigError) as caught:
        path_for(tmp_path, world)
    assert problem in str(caught.value) and "world.yaml" in str(caught.value)


BENCH = Path(__file__).parents[2] / "benchmarks/trajectories"


def bfcl_path(server: str, session: str) -> CallPath:
    """A call path over a BFCL server's real tool list, starting from its session's initial state (imported)."""
    from mcp_sim.catalog.specs import catalog_of, load_spec_file
    from mcp_sim.config import Experiment
    from mcp_sim.ledger.effects import EntityTypes
    from mcp_sim.ledger.world import as_world, seed_effects

    specs = load_spec_file(BENCH / f"{server}.tools.yaml").tools
    catalog = catalog_of(specs, server)
    state = json.loads((BENCH / "bfcl_worlds" / f"{session}.json").read_text())
    seeds = seed_effects(as_world(state), EntityTypes(specs))
    experiment = Experiment.model_validate({"name": server, "seed": 0, "state": "memory://"})
    routing = router.Routing("sim")
    return CallPath(experiment, catalog, {}, SchemaWorldModel(), MemoryStore(), NoPerturbations(), routing, world=seeds)


async def test_an_imported_initial_state_is_what_tools_read() -> None:
    files = bfcl_path("bfcl_file_system", "bfcl_file_system__multi_turn_base_1")
    # in a file tree: the session starts in its top folder, as BFCL's does, so log.txt is one cd away
    assert (await files.call("s", "tail", {"file_name": "log.txt"})).is_error
    assert not (await files.call("s", "cd", {"folder": "workspace"})).is_error
    assert "Something went wrong" in text(await files.call("s", "tail", {"file_name": "log.txt"}))
    trading = bfcl_path("bfcl_trading", "bfcl_trading__multi_turn_base_105")
    assert "NVDA" in text(await trading.call("s", "get_watchlist", {}))  # watch_list, named by get_watchlist
    quote = text(await trading.call("s", "get_stock_info", {"symbol": "QUAS"}))
    assert "725.89" in quote and "10000.0" not in quote  # the stock by its key; not account_info (boilerplate)


def test_fidelity_world_mode_takes_initial_states_as_they_are() -> None:
    """``mcp-sim fidelity --worlds`` on BFCL's own initial_config files (before: a validation error)."""
    from mcp_sim.reporting.fidelity.command import measure

    jsonl, tools = BENCH / "bfcl_file_system.jsonl", BENCH / "bfcl_file_system.tools.yaml"
    report = measure([jsonl], [tools], "zero-config", BENCH / "bfcl_worlds")
    persistence = report["overall"]["measures"]["P_persistence"]
    assert report["overall"]["calls"] == 46
    assert persistence["of"] > 0 and persistence["hits"] < persistence["of"]  # seeded content is shown, not lost


async def test_the_llm_world_model_is_told_the_seeded_facts_a_call_reads(tmp_path: Path) -> None:
    from mcp import Client

    from mcp_sim.runtime import running_experiment
    from mcp_sim.serving.mcp_server import SESSION_META_KEY, build_server
    from tests.fake_openai import FakeEndpoint, Reply, serving

    tools = [{"name": "get_order_limit", "inputSchema": {"type": "object", "properties": {}}}]
    (tmp_path / "tools.yaml").write_text(yaml.safe_dump({"tools": tools}))
    (tmp_path / "world.yaml").write_text("clock: 2030-06-01T12:00:00Z\nscalars: {order_limit: 5, unrelated: 7}\n")
    endpoint = FakeEndpoint([Reply("<predicted_observation>5</predicted_observation>")])
    async with serving(endpoint) as url:
        model = {"kind": "openai", "base_url": url, "model": "fake", "max_retries": 0}
        experiment = {"name": "wm", "tools": ["tools.yaml"], "world": "world.yaml", "world_model": model}
        (tmp_path / "exp.yaml").write_text(yaml.safe_dump(experiment))
        loaded = load_experiment(tmp_path / "exp.yaml")
        async with running_experiment(loaded) as path, Client(build_server(path)) as client:
            await client.call_tool("get_order_limit", {}, meta={SESSION_META_KEY: "s"})
    told = endpoint.requests[0]["messages"][-1]["content"]
    assert "order_limit = 5" in told and "unrelated" not in told
    assert "The time is now 2030-06-01T12:00:00+00:00" in told


def test_a_bad_value_is_reported_at_its_line(tmp_path: Path) -> None:
    world = "scalars:\n  balance: 5\nsingletons:\n  user:\n    joined: 2024-01-01\n"
    with pytest.raises(ConfigError) as caught:
        path_for(tmp_path, world)
    assert "world.yaml:5: singletons.user.joined: 2024-01-01 was read as a YAML date" in str(caught.value)


async def test_lists_never_show_the_world_values_as_records(tmp_path: Path) -> None:
    """Scalars and singletons live in the ledger under reserved types: no list takes them for its records."""
    item = {"type": "object", "properties": {"name": {"type": "string"}, "value": {"type": "number"}}}
    tool = {
        "name": "list_metrics",
        "inputSchema": {"type": "object", "properties": {}},
        "outputSchema": {"type": "object", "properties": {"metrics": {"type": "array", "items": item}}},
    }
    spec = tmp_path / "spec.yaml"
    spec.write_text(yaml.safe_dump({"tools": [tool]}))
    (tmp_path / "world.yaml").write_text("scalars: {balance: 5}\nsingletons: {account: {name: main, value: 3}}\n")
    (tmp_path / "exp.yaml").write_text("name: m\ntools: [spec.yaml]\nworld: world.yaml\nstate: memory://\n")
    loaded = load_experiment(tmp_path / "exp.yaml")
    catalog = build_catalog(loaded, {})
    types, seeds = load_world_seeds(loaded, catalog)
    e = loaded.experiment
    routing = router.Routing.of(e.route, e.routes)
    path = CallPath(
        e, catalog, {}, SchemaWorldModel(), MemoryStore(), NoPerturbations(), routing, world=seeds, types=types
    )
    listed = (await path.call("s", "list_metrics", {})).structured_content
    assert listed is not None and listed["metrics"] == []
