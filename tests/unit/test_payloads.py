"""A record given as one object argument is a row of those columns; criteria objects select rows (payloads.py);
a learned list item of another kind of row shows the row's own columns (render._overlay)."""

from __future__ import annotations

import json
from typing import Any

from mcp_sim.config import Example, ToolSpec
from mcp_sim.simulation.builtin.payloads import criteria, flattened
from tests.unit.test_recall import path_of

ANY = {"type": "object", "additionalProperties": True}
TEXT: dict[str, Any] = {"type": "string"}
OBJECT: dict[str, Any] = {"type": "object"}


def _spec(name: str, examples: list[Example] | None = None, **arguments: dict[str, Any]) -> ToolSpec:
    """A tool answering any object, or (with examples) the JSON text they show, as a Node SQLite helper does."""
    schema = {"type": "object", "properties": arguments}
    return ToolSpec(name=name, input_schema=schema, output_schema=None if examples else ANY, examples=examples or [])


ROWS = (
    {"table": "members", "data": {"name": "Cleo Diaz"}},
    {"table": "loans", "data": {"book_id": 2, "member_id": 3, "due": "2026-02-03"}},
    {"table": "loans", "data": {"book_id": 1, "member_id": 1, "due": "2026-02-10"}},
)


def test_the_fields_of_a_record_object_are_the_records_own() -> None:
    assert flattened({"table": "t", "data": {"a": 1, "table": "x"}}) == {"a": 1, "table": "t"}
    assert flattened({"database_file": "leads.json", "item_json": '{"id": "L-1"}'}) == {
        "id": "L-1",
        "database_file": "leads.json",
    }
    assert flattened({"name": "n", "tags": ["a"]}) == {"name": "n", "tags": ["a"]}  # no record object: as given
    assert criteria({"table": "t", "conditions": {"member_id": 3, "any": [1]}}) == {"member_id": 3}


async def test_a_list_selects_the_rows_its_criteria_object_names() -> None:
    path = path_of(
        _spec("create_record", table=TEXT, data=OBJECT), _spec("list_records", table=TEXT, conditions=OBJECT)
    )
    for row in ROWS:
        await path.call("s", "create_record", row)
    listed = await path.call("s", "list_records", {"table": "loans", "conditions": {"member_id": 3}})
    [row] = (listed.structured_content or {})["records"]
    assert (row["table"], row["book_id"], row["due"]) == ("loans", 2, "2026-02-03")
    assert "data" not in row  # its columns, not the object they were sent in


async def test_a_learned_read_of_rows_shows_each_selected_row_with_its_own_columns() -> None:
    """The example read another table (books): a loan row shows its columns, not the example book's."""
    book = [{"id": 1, "isbn": "978-0", "title": "SICP", "author": "Abelson", "year": 1985}]
    example = Example(
        arguments={"table": "books"},
        result={"content": [{"type": "text", "text": json.dumps(book, indent=2)}]},
    )
    path = path_of(
        _spec("create_record", table=TEXT, data=OBJECT),
        _spec("read_records", [example], table=TEXT, conditions=OBJECT),
    )
    for row in ROWS:
        await path.call("s", "create_record", row)
    read = await path.call("s", "read_records", {"table": "loans", "conditions": {"member_id": 1}})
    [row] = json.loads(read.content[0].text)  # type: ignore[union-attr]
    assert (row["book_id"], row["member_id"], row["due"]) == (1, 1, "2026-02-10")
    assert "title" not in row and "isbn" not in row


def test_an_object_named_for_its_type_holds_the_records_fields_but_metadata_does_not() -> None:
    given = {"session_id": "g1", "character_data": {"name": "Old Tobin"}, "userFields": {"email": "a@b.c"}}
    assert flattened(given) == {"name": "Old Tobin", "email": "a@b.c", "session_id": "g1"}
    kept = {"title": "Notes", "metadata": {"source": "import"}, "meta_data": {"k": 1}}
    assert flattened(kept) == kept
