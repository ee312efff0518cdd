"""An update named after one field of a type changes that type's record (effects._field_set)."""

from __future__ import annotations

from mcp_sim.config import ToolSpec
from tests.unit.test_recall import path_of, text

ADD = ToolSpec(
    name="add_book",
    input_schema={"type": "object", "properties": {"title": {"type": "string"}, "author": {"type": "string"}}},
)
SET_STATUS = ToolSpec(
    name="update_book_status",
    input_schema={
        "type": "object",
        "properties": {"book_id": {"type": "integer"}, "status": {"type": "string"}},
        "required": ["book_id", "status"],
    },
)
GET = ToolSpec(name="get_book", input_schema={"type": "object", "properties": {"book_id": {"type": "integer"}}})
DELETE = ToolSpec(name="delete_book", input_schema={"type": "object", "properties": {"book_id": {"type": "integer"}}})


async def test_setting_a_field_changes_the_record_the_id_names_and_the_answer_names_it() -> None:
    path = path_of(ADD, SET_STATUS, GET, DELETE)
    await path.call("s", "add_book", {"title": "Dune", "author": "Frank Herbert"})
    changed = await path.call("s", "update_book_status", {"book_id": 1, "status": "reading"})
    assert not changed.is_error and "Dune" in text(changed)  # the book it changed, by its title
    shown = text(await path.call("s", "get_book", {"book_id": 1}))
    assert "status: reading" in shown and "Dune" in shown
    await path.call("s", "delete_book", {"book_id": 1})
    gone = await path.call("s", "update_book_status", {"book_id": 1, "status": "finished"})
    assert gone.is_error  # a deleted book's status cannot be set
