"""A write that names its records by criteria changes each record they select (simulation/builtin/matched.py)."""

from __future__ import annotations

from typing import Any

from mcp_sim.config import ToolSpec
from mcp_sim.simulation.builtin.matched import changes, selected
from tests.unit.test_recall import path_of, text

OBJECT: dict[str, Any] = {"type": "object"}
TABLE = {"type": "string"}


def tool(name: str, **props: Any) -> ToolSpec:
    return ToolSpec(name=name, input_schema={"type": "object", "properties": props})


CREATE = tool("create_record", table=TABLE, data=OBJECT)
READ = tool("read_records", table=TABLE, conditions=OBJECT)
UPDATE = tool("update_records", table=TABLE, data=OBJECT, conditions=OBJECT)
DELETE = tool("delete_records", table=TABLE, conditions=OBJECT)


def test_the_scope_and_every_criterion_select_and_a_missing_field_selects_nothing() -> None:
    records = {
        "1": {"table": "loans", "member_id": 3},
        "2": {"table": "loans", "member_id": 1},
        "3": {"table": "members", "member_id": 3},
        "4": {"table": "loans"},
    }
    assert selected(records, {"table": "loans", "conditions": {"member_id": "3"}}, "id") == ["1"]  # 3 and "3"
    assert selected(records, {"table": "loans", "where": {"id": 2}}, "id") == ["2"]  # the id is the ledger's key
    assert changes({"table": "loans", "data": {"returned": 1}, "conditions": {"id": 2}}) == {"returned": 1}
    assert changes({"filter": {"sku": "A"}, "update": {"$set": {"qty": 0}}}) == {"qty": 0}  # a document store's


async def test_updates_and_deletes_by_criteria_reach_the_records_later_reads_show() -> None:
    path = path_of(CREATE, READ, UPDATE, DELETE)
    await path.call("s", "create_record", {"table": "loans", "data": {"book": "Dune", "member_id": 3}})
    await path.call("s", "create_record", {"table": "loans", "data": {"book": "Emma", "member_id": 1}})
    updated = await path.call(
        "s", "update_records", {"table": "loans", "data": {"returned": 1}, "conditions": {"member_id": 3}}
    )
    assert "affected_rows: 1" in text(updated)
    shown = text(await path.call("s", "read_records", {"table": "loans", "conditions": {"member_id": 3}}))
    assert "book: Dune" in shown and "returned: 1" in shown.split("\n")[1]  # the row it selected, changed
    none = await path.call("s", "delete_records", {"table": "loans", "conditions": {"book": "Ulysses"}})
    assert "affected_rows: 0" in text(none)  # nothing selected, nothing removed
    older = await path.call("s", "delete_records", {"table": "loans", "conditions": {"id": 77}})
    assert "affected_rows: 1" in text(older)  # a key the session never saw names a row from before it
    await path.call("s", "delete_records", {"table": "loans", "conditions": {"book": "Emma"}})
    rows = text(await path.call("s", "read_records", {"table": "loans"})).split("\n")
    assert rows[0] == "1 record:" and "book: Dune" in rows[1]
