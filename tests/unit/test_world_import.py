"""``mcp-sim world import``: an environment's initial state (JSON) becomes a seed file that loads, losing nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mcp_sim.cli.commands import main
from mcp_sim.ledger.effects import EntityTypes
from mcp_sim.ledger.entities import Ledger
from mcp_sim.ledger.world import load_world, seed_effects
from mcp_sim.ledger.world_import import import_world, source_of
from mcp_sim.ledger.world_state import scalars, singletons

BFCL_WORLDS = sorted((Path(__file__).parents[2] / "benchmarks/trajectories/bfcl_worlds").glob("*.json"))


def leaves(value: Any, path: str = "") -> list[tuple[str, Any]]:
    if isinstance(value, dict):
        return [leaf for k, v in value.items() for leaf in leaves(v, f"{path}/{k}")] or [(path, "{}")]
    if isinstance(value, list):
        return [leaf for i, v in enumerate(value) for leaf in leaves(v, f"{path}/{i}")] or [(path, "[]")]
    return [(path, value)]


def test_there_are_bfcl_worlds_to_import() -> None:
    assert len(BFCL_WORLDS) >= 50


@pytest.mark.parametrize("source", BFCL_WORLDS, ids=lambda p: p.stem)
def test_every_bfcl_world_imports_loads_and_round_trips(source: Path, tmp_path: Path) -> None:
    out = tmp_path / "world.yaml"
    assert main(["world", "import", str(source), "-o", str(out)]) == 0
    original = json.loads(source.read_text())
    world = load_world(out)
    assert source_of(world) == original  # the round trip: nothing of the source is lost or changed
    ledger = Ledger()
    for effect in seed_effects(world, EntityTypes([]), out):
        ledger.apply(effect)
    held = json.dumps([ledger.entities], sort_keys=True)
    for _, value in leaves(original):  # every value reached a session's ledger
        assert json.dumps(value)[:40].strip('"') in held or value in ("{}", "[]")
    assert scalars(ledger) == world.scalars and singletons(ledger) == world.singletons


def test_forms_of_a_general_initial_state() -> None:
    state = {
        "users": [{"user_id": "u1", "name": "Ada"}, {"user_id": "u2", "name": "Alan"}],
        "orders": {"1001": {"item": "pen"}, "1002": {"item": "ink"}},
        "stocks": {"AAPL": {"price": 1.0, "symbol": "AAPL"}, "MSFT": {"price": 2.0, "symbol": "MSFT"}},
        "balance": 12.5,
        "logged_in": True,
        "tags": ["a", "b"],
        "current_user": {"name": "Ada", "settings": {"theme": "dark"}},
        "name_to_id": {"Ada": "u1"},
        "notes": [{"text": "no id here"}],
    }
    world = import_world(state, "state.json")
    assert world.entities["user"] == state["users"] and world.id_fields["user"] == "user_id"
    assert world.entities["order"] == [{"id": "1001", "item": "pen"}, {"id": "1002", "item": "ink"}]
    assert world.id_fields["stock"] == "symbol"  # the key already was in the records: nothing added
    assert world.scalars == {"balance": 12.5, "logged_in": True, "tags": ["a", "b"], "notes": [{"text": "no id here"}]}
    assert world.singletons == {"current_user": state["current_user"], "name_to_id": {"Ada": "u1"}}
    assert source_of(world) == state


def test_sections_and_names_two_sections_share() -> None:
    state = {"Bank": {"balance": 1, "tx_list": [{"id": 1}]}, "Shop": {"balance": 2, "cart": {}}, "Empty": {}}
    world = import_world(state, "s.json")
    assert world.scalars == {"Bank.balance": 1, "Shop.balance": 2}
    assert world.entities == {"tx": [{"id": 1}], "cart": []}
    assert world.singletons == {"Empty": {}}
    assert source_of(world) == state
    flat = import_world(state, "s.json", sections=False)
    assert set(flat.singletons) == {"Bank", "Shop"} and flat.entities == {"empty": []}  # an empty object: a table
    assert source_of(flat) == state


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('{"a": 1, "a": 2}', "key 'a' appears twice"),
        ('{"S": {"x": NaN}}', "S.x: nan is no JSON number"),
        ('{"a": [1,', ":1:10: not JSON"),
        ("[1, 2]", "must be a JSON object at the top level, not a list"),
        ('{"S": {"note": "${HOME}"}}', "S.note: holds ${HOME}"),
        ("\udcff", "cannot be read as UTF-8 text"),
    ],
)
def test_a_bad_initial_state_names_file_and_key(
    text: str, problem: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "state.json"
    source.write_text(text, errors="surrogateescape")
    assert main(["world", "import", str(source)]) == 1
    err = capsys.readouterr().err
    assert problem in err and str(source) in err


def test_missing_file_and_bad_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["world", "import", str(tmp_path / "nope.json")]) == 1
    assert "nope.json: no such file" in capsys.readouterr().err
    source = tmp_path / "state.json"
    source.write_text('{"a": 1}')
    assert main(["world", "import", str(source), "-o", str(tmp_path)]) == 1
    assert "is a directory" in capsys.readouterr().err
    assert main(["world", "import", str(source), "-o", str(source)]) == 1
    assert "is the file being imported" in capsys.readouterr().err
    assert json.loads(source.read_text()) == {"a": 1}


def test_stdout_by_default(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "state.json"
    source.write_text('{"balance": 3.5, "user": {"name": "Ada"}}')
    assert main(["world", "import", str(source)]) == 0
    out = capsys.readouterr().out
    assert "balance: 3.5" in out and "imported_from" in out
