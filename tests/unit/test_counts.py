"""A write answered in prose says how many things it changed, where the call's form fixes it (counts.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from mcp_sim.calls import CallPath
from mcp_sim.catalog.specs import build_catalog
from mcp_sim.config import ToolSpec, load_experiment
from mcp_sim.perturbations.base import NoPerturbations
from mcp_sim.routing import flags as router
from mcp_sim.simulation.builtin.counts import affected
from mcp_sim.simulation.builtin.simulator import SchemaWorldModel
from mcp_sim.state.memory import MemoryStore

QUERY = {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]}
RECORDS = {"type": "object", "properties": {"table": {"type": "string"}, "conditions": {"type": "object"}}}
KEYS = {"type": "object", "properties": {"key": {"type": "array", "items": {"type": "string"}}}}


def spec(name: str, schema: dict[str, Any], output: dict[str, Any] | None = None) -> ToolSpec:
    return ToolSpec.model_validate({"name": name, "description": "", "inputSchema": schema, "outputSchema": output})


def test_inserts_count_their_tuples_and_keyed_writes_one_row() -> None:
    write = spec("write_query", QUERY)
    assert affected(write, {"query": "INSERT INTO t (a, b) VALUES (1, 'x, (y)'), (2, 'z')"}) == {"affected_rows": 2}
    assert affected(write, {"query": "INSERT INTO t VALUES (1) RETURNING id"}) == {"affected_rows": 1}
    assert affected(write, {"query": "UPDATE products SET stock = stock + 1 WHERE sku = 'HS-330'"}) == {
        "affected_rows": 1
    }
    assert affected(write, {"query": "DELETE FROM orders WHERE id = 5;"}) == {"affected_rows": 1}


def test_forms_that_do_not_fix_the_count_say_nothing() -> None:
    write = spec("write_query", QUERY)
    assert affected(write, {"query": "UPDATE t SET a = 1 WHERE b > 3"}) == {}
    assert affected(write, {"query": "UPDATE t SET a = 1"}) == {}
    assert affected(write, {"query": "INSERT INTO t SELECT * FROM s"}) == {}
    assert affected(write, {"query": "CREATE TABLE t (id INTEGER)"}) == {}
    assert affected(spec("delete_records", RECORDS), {"table": "b", "conditions": {"author": "K&R"}}) == {}
    typed = spec("write_query", QUERY, {"type": "object", "properties": {"ok": {"type": "boolean"}}})
    assert affected(typed, {"query": "DELETE FROM orders WHERE id = 5"}) == {}  # the schema says what is shown


def test_record_conditions_by_id_and_removed_lists() -> None:
    assert affected(spec("update_records", RECORDS), {"table": "b", "conditions": {"id": 2}}) == {"affected_rows": 1}
    assert affected(spec("delete", KEYS), {"key": ["cart:1", "cart:2", "cart:1"]}) == {"affected_rows": 2}
    assert affected(spec("tag_items", KEYS), {"key": ["a", "b"]}) == {}  # not a removal


def path_for(tmp_path: Path) -> CallPath:
    tools = {"tools": [{"name": "write_query", "description": "Run a write.", "inputSchema": QUERY}]}
    (tmp_path / "spec.yaml").write_text(yaml.safe_dump(tools))
    experiment = tmp_path / "exp.yaml"
    experiment.write_text("name: c\nseed: 3\ntools: [spec.yaml]\nstate: memory://\n")
    loaded = load_experiment(experiment)
    e = loaded.experiment
    return CallPath(
        e, build_catalog(loaded, {}), {}, SchemaWorldModel(), MemoryStore(), NoPerturbations(),
        router.Routing.of(e.route, e.routes),
    )  # fmt: skip


async def test_the_prose_answer_shows_the_count(tmp_path: Path) -> None:
    path = path_for(tmp_path)
    made = await path.call("s", "write_query", {"query": "INSERT INTO t (a) VALUES (7), (8), (9)"})
    assert not made.is_error and "affected_rows: 3" in made.content[0].text  # type: ignore[union-attr]
