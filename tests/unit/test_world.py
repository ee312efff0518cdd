"""World seeds: validated YAML tables of records that every fresh episode starts from."""

from __future__ import annotations

from pathlib import Path

import pytest

from mcp_sim.catalog.specs import build_catalog
from mcp_sim.config import load_experiment
from mcp_sim.errors import ConfigError
from mcp_sim.ledger.entities import Ledger
from mcp_sim.ledger.world import load_world
from mcp_sim.runtime import load_world_seeds

SPECS = Path(__file__).parents[2] / "tool_specs" / "tickets.yaml"


def experiment(tmp_path: Path, world: str) -> Path:
    (tmp_path / "world.yaml").write_text(world)
    path = tmp_path / "exp.yaml"
    path.write_text(f"name: seeded\ntools: [{SPECS}]\nworld: world.yaml\nstate: memory://\n")
    return path


def test_seeds_become_creates_with_the_id_field_the_tools_use(tmp_path: Path) -> None:
    loaded = load_experiment(experiment(tmp_path, "entities:\n  ticket:\n    - {id: T-7, title: Fire}\n"))
    types, seeds = load_world_seeds(loaded, build_catalog(loaded, {}))
    assert [(e.op, e.entity, e.id, e.record) for e in seeds] == [
        ("create", "ticket", "T-7", {"id": "T-7", "title": "Fire"})
    ]
    assert types.id_fields["ticket"] == "id"


def test_a_seeded_type_nothing_creates_is_still_known(tmp_path: Path) -> None:
    world = "id_fields: {user: login}\nentities:\n  user:\n    - {login: ada}\n"
    loaded = load_experiment(experiment(tmp_path, world))
    types, seeds = load_world_seeds(loaded, build_catalog(loaded, {}))
    assert types.id_fields["user"] == "login" and types.known("user", Ledger())
    assert seeds[0].id == "ada"


def test_a_seeded_type_refuses_ids_written_like_its_own_and_lets_another_form_through(tmp_path: Path) -> None:
    loaded = load_experiment(experiment(tmp_path, "entities:\n  ticket:\n    - {id: T-7, title: Fire}\n"))
    types, seeds = load_world_seeds(loaded, build_catalog(loaded, {}))
    ledger = Ledger()
    for seed in seeds:
        ledger.apply(seed)
    assert types.known("ticket", ledger, "T-8")  # written like the seed's: made up, so not found
    # a number the real server handed out in words (a replayed session): from outside the seed and the session
    assert not types.known("ticket", ledger, "3426812")
    assert types.known("ticket", Ledger(), "3426812")  # a seeded type with no record of it holds nothing


@pytest.mark.parametrize(
    ("world", "problem"),
    [
        ("entities:\n  ticket:\n    - {title: no id}\n", "entities.ticket.0: needs its id in field 'id'"),
        ("entities:\n  ticket:\n    - {id: a}\n    - {id: a}\n", "entities.ticket.1: ticket id 'a' appears twice"),
        ("entitys: {}\n", "entitys"),
    ],
)
def test_a_bad_world_says_where(tmp_path: Path, world: str, problem: str) -> None:
    loaded = load_experiment(experiment(tmp_path, world))
    with pytest.raises(ConfigError) as caught:
        load_world_seeds(loaded, build_catalog(loaded, {}))
    assert problem in str(caught.value) and "world.yaml" in str(caught.value)


def test_a_missing_world_file_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no such file"):
        load_world(tmp_path / "nope.yaml")
