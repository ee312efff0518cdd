"""A definition statement run through a general statement tool answers the empty row set (rowsets.py)."""

from __future__ import annotations

from pathlib import Path

import yaml

from mcp_sim.calls import CallPath
from mcp_sim.catalog.specs import build_catalog
from mcp_sim.config import load_experiment
from mcp_sim.perturbations.base import NoPerturbations
from mcp_sim.routing import flags as router
from mcp_sim.simulation.builtin.rowsets import returns_no_rows
from mcp_sim.simulation.builtin.simulator import SchemaWorldModel
from mcp_sim.state.memory import MemoryStore

RUN = {"type": "object", "properties": {"statement": {"type": "string"}}, "required": ["statement"]}
SPEC = {
    "tools": [
        {"name": "run_statement", "description": "Run one SQL statement on the warehouse.", "inputSchema": RUN},
        {"name": "create_table", "description": "Create a table with a CREATE TABLE statement.", "inputSchema": RUN},
    ]
}


def test_definitions_through_a_general_tool_return_no_rows() -> None:
    assert returns_no_rows("run_statement", {"statement": "CREATE TABLE t (id INTEGER)"})
    assert returns_no_rows("execute", {"sql": "drop view v"})
    assert returns_no_rows("query", {"query": "ALTER TABLE t ADD COLUMN c TEXT"})


def test_rows_returning_statements_and_named_tools_are_not_empty() -> None:
    assert not returns_no_rows("run_statement", {"statement": "SELECT * FROM t"})
    assert not returns_no_rows("run_statement", {"statement": "CREATE TABLE t AS SELECT * FROM s"})
    assert not returns_no_rows("run_statement", {"statement": "INSERT INTO t VALUES (1) RETURNING id"})
    assert not returns_no_rows("create_table", {"statement": "CREATE TABLE t (id INTEGER)"})
    assert not returns_no_rows("write_query", {"query": "DROP TABLE t"})
    assert not returns_no_rows("run_statement", {"note": "CREATE TABLE t (id INTEGER)"})  # not a statement argument


def path_for(tmp_path: Path) -> CallPath:
    (tmp_path / "spec.yaml").write_text(yaml.safe_dump(SPEC))
    experiment = tmp_path / "exp.yaml"
    experiment.write_text("name: r\nseed: 2\ntools: [spec.yaml]\nstate: memory://\n")
    loaded = load_experiment(experiment)
    e = loaded.experiment
    return CallPath(
        e, build_catalog(loaded, {}), {}, SchemaWorldModel(), MemoryStore(), NoPerturbations(),
        router.Routing.of(e.route, e.routes),
    )  # fmt: skip


async def test_the_answer_is_the_empty_list_and_the_table_still_exists(tmp_path: Path) -> None:
    path = path_for(tmp_path)
    made = await path.call("s", "run_statement", {"statement": "CREATE TABLE events (id INTEGER)"})
    assert not made.is_error and made.content[0].text == "[]"  # type: ignore[union-attr]
    again = await path.call("s", "run_statement", {"statement": "CREATE TABLE events (id INTEGER)"})
    assert again.is_error and "already exists" in again.content[0].text  # type: ignore[union-attr]
    named = await path.call("s", "create_table", {"statement": "CREATE TABLE people (id INTEGER)"})
    assert not named.is_error and named.content[0].text != "[]"  # type: ignore[union-attr]
