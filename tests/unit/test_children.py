"""A read of a record shows the session's records that point at it (children.py)."""

from __future__ import annotations

from mcp_sim.config import ToolSpec
from tests.unit.test_recall import path_of

ANY = {"type": "object", "additionalProperties": True}


def _spec(name: str, *arguments: str) -> ToolSpec:
    schema = {"type": "object", "properties": {a: {"type": "string"} for a in arguments}}
    return ToolSpec(name=name, input_schema=schema, output_schema=ANY)


async def test_a_contact_read_shows_the_notes_and_tasks_made_for_it() -> None:
    path = path_of(
        _spec("get_contact", "contact_id"),
        _spec("add_note", "contact_id", "text"),
        _spec("create_task", "contact_id", "title"),
        _spec("get_task", "task_id"),
    )
    await path.call("s", "add_note", {"contact_id": "C-1018", "text": "Wants a quote."})
    task = (await path.call("s", "create_task", {"contact_id": "C-1018", "title": "Send quote"})).structured_content
    await path.call("s", "create_task", {"contact_id": "C-2000", "title": "Someone else's"})
    read = (await path.call("s", "get_contact", {"contact_id": "C-1018"})).structured_content or {}
    assert [n["text"] for n in read["notes"]] == ["Wants a quote."]
    assert "id" not in read["notes"][0]  # no tool names notes by id: their ledger key is never told
    # the create's envelope names the id as get_task takes it; the record shown under the contact holds it as "id"
    assert [(t["title"], t["id"]) for t in read["tasks"]] == [("Send quote", (task or {})["task_id"])]
    assert "notes" not in ((await path.call("s", "get_contact", {"contact_id": "C-3000"})).structured_content or {})


async def test_a_list_shows_no_key_the_simulator_gave_a_type_nothing_names_by_id() -> None:
    """``register_project(name, path)`` then ``list_projects``: the projects, without ``id: project-1`` (the
    agent was never told it); once a tool takes ``project_id``, the ids are the type's and show."""
    register, listed = _spec("register_project", "name", "path"), _spec("list_projects")
    path = path_of(register, listed)
    await path.call("s", "register_project", {"name": "shop", "path": "/src/shop"})
    [project] = ((await path.call("s", "list_projects", {})).structured_content or {})["projects"]
    assert project == {"name": "shop", "path": "/src/shop"}
    named = path_of(register, listed, _spec("get_project", "project_id"))
    await named.call("s", "register_project", {"name": "shop", "path": "/src/shop"})
    [shown] = ((await named.call("s", "list_projects", {})).structured_content or {})["projects"]
    assert shown["id"] == "project-1"


async def test_a_read_in_words_shows_the_records_it_links_and_those_linking_it() -> None:
    """``show(3)`` of a task whose ``deps`` name tasks 1 and 2 shows them, and task 4 that depends on it: a
    dependency graph's read answers with the neighbours."""
    schema = {"type": "object", "properties": {"title": {"type": "string"}, "deps": {"type": "object"}}}
    add = ToolSpec(name="add_task", input_schema=schema)
    show = ToolSpec(name="get_task", input_schema={"type": "object", "properties": {"task_id": {"type": "integer"}}})
    path = path_of(add, show)
    for title, deps in (("Decide totals", {}), ("Price table", {}), ("Recompute", {"1": "why", "2": "why"})):
        assert not (await path.call("s", "add_task", {"title": title, "deps": deps})).is_error
    await path.call("s", "add_task", {"title": "Release notes", "deps": {"3": "lists it"}})
    text = str((await path.call("s", "get_task", {"task_id": 3})).content[0].text)
    assert all(t in text for t in ("Recompute", "Decide totals", "Price table", "Release notes"))
    alone = str((await path.call("s", "get_task", {"task_id": 2})).content[0].text)
    assert "Decide totals" not in alone  # task 2 links only task 3
