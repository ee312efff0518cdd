"""A value written under a key reads back verbatim (stored.py)."""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from mcp_sim.calls import CallPath
from mcp_sim.catalog.specs import build_catalog
from mcp_sim.config import load_experiment
from mcp_sim.perturbations.base import NoPerturbations
from mcp_sim.routing import flags as router
from mcp_sim.simulation.builtin.simulator import SchemaWorldModel
from mcp_sim.simulation.builtin.stored import read_back
from mcp_sim.state.memory import MemoryStore

NAME = {"name": {"type": "string"}}
SPEC = {
    "tools": [
        {
            "name": "put_setting",
            "description": "Store a setting.",
            "inputSchema": {
                "type": "object",
                "properties": {**NAME, "value": {"type": "string"}, "ttl": {"type": "number"}},
                "required": ["name", "value"],
            },
        },
        {
            "name": "fetch_setting",
            "description": "Fetch a setting's value by name.",
            "inputSchema": {"type": "object", "properties": NAME, "required": ["name"]},
        },
    ]
}


def test_the_latest_write_of_the_key_is_read_back() -> None:
    writes = [{"name": "a", "value": "1"}, {"name": "b", "value": "x"}, {"name": "a", "value": "2", "ttl": 60}]
    assert read_back({"name": "a"}, writes) == "2"
    assert read_back({"name": "b"}, writes) == "x"
    assert read_back({"name": "c"}, writes) is None


def test_reads_that_name_more_or_writes_without_one_value_are_left_alone() -> None:
    assert read_back({"name": "a", "verbose": True}, [{"name": "a", "value": "1"}]) is None
    assert read_back({"name": "a"}, [{"name": "a", "value": "1"}, {"name": "a"}]) is None  # deleted since
    assert read_back({"name": "a"}, [{"name": "a", "value": "1"}, {"name": ["b", "a"]}]) is None  # batch delete
    assert read_back({"repo": "r"}, [{"repo": "r", "message": "fix"}]) is None  # a commit message is no value
    assert read_back({"name": "a"}, [{"name": "a", "value": "1", "old_value": "0"}]) is None  # which one?


def path_for(tmp_path: Path) -> CallPath:
    (tmp_path / "spec.yaml").write_text(yaml.safe_dump(SPEC))
    experiment = tmp_path / "exp.yaml"
    experiment.write_text("name: k\nseed: 4\ntools: [spec.yaml]\nstate: memory://\n")
    loaded = load_experiment(experiment)
    e = loaded.experiment
    return CallPath(
        e, build_catalog(loaded, {}), {}, SchemaWorldModel(), MemoryStore(), NoPerturbations(),
        router.Routing.of(e.route, e.routes),
    )  # fmt: skip


async def test_a_json_value_reads_back_as_that_json(tmp_path: Path) -> None:
    path = path_for(tmp_path)
    await path.call("s", "put_setting", {"name": "theme", "value": json.dumps({"mode": "dark"})})
    await path.call("s", "put_setting", {"name": "retries", "value": "3", "ttl": 30})
    theme = await path.call("s", "fetch_setting", {"name": "theme"})
    assert json.loads(theme.content[0].text) == {"mode": "dark"}  # type: ignore[union-attr]
    retries = await path.call("s", "fetch_setting", {"name": "retries"})
    assert retries.content[0].text == "3"  # type: ignore[union-attr]


def test_a_write_that_describes_its_value_made_a_record_not_a_key_value_pair() -> None:
    """``context_save(key, value, category, priority)`` stores a record: a read of the key shows it whole, not the
    bare value; storage options beside the value (``ttl``) still leave a plain key-value write."""
    saved = {"key": "index_engine", "value": "Meilisearch", "category": "decision", "priority": "high"}
    assert read_back({"key": "index_engine"}, [saved]) is None
    assert read_back({"key": "index_engine"}, [{"key": "index_engine", "value": "Meilisearch", "ttl": 60}]) == (
        "Meilisearch"
    )
