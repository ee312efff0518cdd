"""What a description says a tool returns: JSON, and which keys (returned.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mcp_sim.calls import CallPath
from mcp_sim.simulation.builtin.returned import Returned, body, returned
from tests.unit.helpers import tools_path


def test_a_dict_named_in_the_returns_clause_is_json_with_the_record() -> None:
    assert returned("Get one issue by ID.\n\nReturns the issue as a dict.") == Returned()
    assert returned("Full-text search.\n\nReturns up to 20 matching issues as dicts.") == Returned(listing=True)


def test_the_keys_a_description_names_are_the_answers_keys() -> None:
    said = returned('Update fields.\n\nReturns {"issue": ..., "changes": [...]} on success, {"error": ...} on failure.')
    assert said is not None and said.keys == ("issue", "changes")  # the failure's keys are not the success's
    assert said.exact  # written out: the whole answer
    said = returned("Export.\n\nReturns:\n    Dict with success, format, content, and item_count")
    assert said is not None and said.keys == ("success", "format", "content", "item_count")
    said = returned("Opens a human approval and returns approval_id with status=pending. Poll approvals_get.")
    assert said is not None and set(said.keys) == {"approval_id", "status"} and said.values == {"status": "pending"}
    said = returned("Three-way match. Returns status = matched | variance | no_po, plus the numbers behind it.")
    assert said is not None and said.keys == ("status",) and said.values == {"status": "matched"}


def test_words_that_are_no_keys_are_left_out() -> None:
    # a tool to call next, the keys of each listed item, a filter on what is listed, an argument's "to return"
    said = returned("Start a run. Returns a dict with a run_id to pass to add_jobs.")
    assert said is not None and said.keys == ("run_id",)
    # snake_case words alone say no JSON: they are as often the fields of what a list holds
    assert returned("Get all blocked tasks. Returns tasks that have a non-empty blocked_by field.") is None
    said = returned("Search. Returns:\n    Dict with success, results list (each with source_type, source_id)")
    assert said is not None and said.keys == ("success", "results")
    assert returned("Next batch. Returns tasks with status=todo or needs_rework=1, excluding blocked ones.") is None
    assert returned("limit: Maximum results to return (default: 10)") is None
    assert returned("Create a new branch from a base branch.") is None  # says nothing: prose stays


def test_each_key_is_filled_from_what_is_known_never_invented() -> None:
    keys = ("success", "issue", "changes", "item_count", "staged_id", "status")
    said = Returned(keys, {"status": "pending"}, exact=True)  # the description wrote the object out
    record = {"id": "issue-1", "title": "Fix it", "success": True}
    answer = body(said, record, "issue", [record, {"id": "issue-2"}], made="issue-1")
    assert answer == {
        "success": True,
        "issue": {"id": "issue-1", "title": "Fix it"},
        "changes": [],
        "item_count": 2,
        "staged_id": "issue-1",
        "status": "pending",
    }
    # keys named in words come beside the record's own fields
    assert body(Returned(("approval_id",)), {"reason": "over limit"}, "approval", [], made="A-1") == {
        "reason": "over limit",
        "approval_id": "A-1",
    }
    assert body(Returned(("items", "total_count")), {}, "task", [{"id": 1}], lists=True) == {
        "items": [{"id": 1}],
        "total_count": 1,
    }


TOOLS = [
    ("create_issue", "Create an issue.\n\nReturns the created issue as a dict with all fields.", {"title": {}}),
    ("get_issue", "One issue.\n\nReturns the issue as a dict.", {"id": {}}),
    ("list_issues", "List issues.\n\nReturns a list of issue dicts.", {}),
    ("rename_branch", "Rename a branch.", {"branch": {}, "new_name": {}}),
]


def path_for(tmp_path: Path) -> CallPath:
    tools = [
        {
            "name": n,
            "description": d,
            "inputSchema": {"type": "object", "properties": {k: {"type": "string"} for k in p}},
        }
        for n, d, p in TOOLS
    ]
    return tools_path(tmp_path, tools)


def text(result: Any) -> str:
    assert not result.is_error, result.content
    return str(result.content[0].text)


async def test_a_tool_said_to_return_a_dict_answers_json_text_and_one_that_says_nothing_prose(tmp_path: Path) -> None:
    path = path_for(tmp_path)
    made = json.loads(text(await path.call("s", "create_issue", {"title": "Flaky test"})))
    assert made["title"] == "Flaky test"
    assert json.loads(text(await path.call("s", "get_issue", {"id": made["id"]})))["title"] == "Flaky test"
    assert [i["title"] for i in json.loads(text(await path.call("s", "list_issues", {})))] == ["Flaky test"]
    renamed = text(await path.call("s", "rename_branch", {"branch": "main", "new_name": "trunk"}))
    assert not renamed.startswith(("{", "["))


def test_a_python_tool_is_told_by_its_pydantic_titles() -> None:
    from mcp_sim.simulation.builtin.returned import from_python

    assert from_python({"properties": {"parent_id": {"type": "string", "title": "Parent Id"}}})
    assert not from_python({"properties": {"parent_id": {"type": "string"}}})  # a TypeScript tool's
    assert not from_python({"properties": {}})


async def test_a_python_tools_list_is_a_text_block_per_item(tmp_path: Path) -> None:
    """FastMCP sends a returned list item by item; a TypeScript tool's ``JSON.stringify`` is one text."""
    spec = {
        "tools": [
            {"name": "add_note", "description": "Add a note.", "inputSchema": {"type": "object", "properties": {
                "text": {"type": "string", "title": "Text"}}}},
            {"name": "list_notes", "description": "Returns a list of note dicts.", "inputSchema": {
                "type": "object", "properties": {"limit": {"type": "integer", "title": "Limit"}}}},
        ]
    }  # fmt: skip
    path = tools_path(tmp_path, spec["tools"])
    for words in ("first", "second"):
        assert not (await path.call("s", "add_note", {"text": words})).is_error
    listed = await path.call("s", "list_notes", {})
    assert [json.loads(block.text)["text"] for block in listed.content] == ["first", "second"]


def test_a_docstrings_returns_section_is_read_past_a_sentence_and_its_bullets_are_the_keys() -> None:
    # the first "Returns" says no JSON; the docstring's section after it does
    said = returned(
        "Make an inbox.\n\nReturns an inbox with an address like a@b.dev.\n\nReturns:\n    dict with id, email"
    )
    assert said is not None and said.keys == ("id", "email")
    said = returned("List messages.\n\nReturns:\n    dict with inbox_id, count, and list of messages (newest first)")
    assert said is not None and said.keys == ("inbox_id", "count", "messages")  # a count on its own is a key
    bullets = "Board.\n\nReturns a dict with keys:\n    - epics: List of open epics.\n    - todo: Issues waiting.\n"
    assert returned("Board. Returns machine-readable dicts.\n\n" + bullets) == Returned(("epics", "todo"))
    # a failure's object is not the success's keys
    assert (
        returned('Get one issue.\n\nReturns the issue as a dict.  Returns {"error": ...} if not found.') == Returned()
    )


async def test_a_listing_said_to_return_a_dict_shows_the_arguments_it_names(tmp_path: Path) -> None:
    tools = [
        {"name": "get_email_links", "description": "Links.\n\nReturns:\n    dict with inbox_id and list of links",
         "inputSchema": {"type": "object", "properties": {"inbox_id": {"type": "string"}}}},
    ]  # fmt: skip
    path = tools_path(tmp_path, tools)
    answer = json.loads(text(await path.call("s", "get_email_links", {"inbox_id": "box-7"})))
    assert answer == {"inbox_id": "box-7", "links": []}
