"""A list answer whose records sit inside an envelope (``{"ok": true, "data": {"matches": [...]}}``) shows the
session's records there too, never invented ones (simulator.py, ``_arrays_shown``)."""

from __future__ import annotations

from mcp_sim.config import ToolSpec
from tests.unit.test_recall import path_of

NOTE = {"type": "object", "properties": {"path": {"type": "string"}, "content": {"type": "string"}}}
MATCHES = {
    "type": "object",
    "properties": {
        "ok": {"type": "boolean"},
        "data": {
            "type": "object",
            "properties": {
                "matches": {"type": "array", "items": {"type": "object", "properties": {
                    "path": {"type": "string"}, "snippet": {"type": "string"}}}},
                "count": {"type": "integer"},
            },
            "required": ["matches", "count"],
        },
    },
    "required": ["ok", "data"],
}  # fmt: skip


async def test_a_nested_list_shows_the_sessions_records_and_counts_them() -> None:
    create = ToolSpec(name="create_note", input_schema=NOTE)
    search = ToolSpec(
        name="search_notes",
        input_schema={"type": "object", "properties": {"query": {"type": "string"}}},
        output_schema=MATCHES,
    )
    path = path_of(create, search)
    empty = await path.call("s", "search_notes", {"query": "mockups"})
    assert empty.structured_content is not None
    assert empty.structured_content["data"] == {"matches": [], "count": 0}  # nothing made yet: nothing invented
    await path.call("s", "create_note", {"path": "Inbox/Dark mode.md", "content": "- [ ] mockups"})
    await path.call("s", "create_note", {"path": "Inbox/Other.md", "content": "unrelated"})
    found = await path.call("s", "search_notes", {"query": "mockups"})
    assert found.structured_content is not None
    data = found.structured_content["data"]
    assert [m["path"] for m in data["matches"]] == ["Inbox/Dark mode.md"] and data["count"] == 1


async def test_a_list_says_there_is_no_next_page() -> None:
    paged = {
        "type": "object",
        "properties": {
            "items": {"type": "array", "items": NOTE},
            "has_more": {"type": "boolean"},
            "next_cursor": {"type": ["string", "null"]},
            "nextPageToken": {"type": "string"},
        },
        "required": ["items", "has_more", "next_cursor"],
    }
    path = path_of(
        ToolSpec(name="create_note", input_schema=NOTE),
        ToolSpec(name="list_notes", input_schema={"type": "object", "properties": {}}, output_schema=paged),
    )
    await path.call("s", "create_note", {"path": "a.md", "content": "x"})
    listed = await path.call("s", "list_notes", {})
    body = listed.structured_content
    assert body is not None and [i["path"] for i in body["items"]] == ["a.md"]
    assert body["has_more"] is False and body["next_cursor"] is None  # every record shown: no page after it
    assert "nextPageToken" not in body  # an optional token that cannot be null is left out
