"""A create whose caller names the new entity's id keeps that id: no other is minted (effects.py ``_chosen_id``,
simulator.py ``_create``)."""

from __future__ import annotations

from mcp_sim.config import ToolSpec
from tests.unit.test_recall import path_of, text

GRAPH = {"type": "object", "properties": {"graph_id": {"type": "string"}}, "required": ["graph_id"]}


async def test_the_callers_id_is_the_entitys_and_a_read_finds_it_by_that_id() -> None:
    path = path_of(ToolSpec(name="create_graph", input_schema=GRAPH), ToolSpec(name="get_graph", input_schema=GRAPH))
    made = await path.call("s", "create_graph", {"graph_id": "metro"})
    assert not made.is_error and "graph-1" not in text(made)  # nothing minted beside the caller's id
    ledger = await path.ledger_of("s")
    assert list(ledger.entities["graph"]) == ["metro"]
    assert not (await path.call("s", "get_graph", {"graph_id": "metro"})).is_error
