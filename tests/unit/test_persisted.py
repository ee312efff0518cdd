"""Answers that show what the session established earlier (issue 12, P persistence), on made-up tools."""

from __future__ import annotations

import json
from typing import Any

from mcp_sim.config import Example, ToolSpec
from mcp_sim.simulation.builtin import observing, prose, referenced, signed_in
from mcp_sim.simulation.learned import Template
from mcp_sim.simulation.render import Fill, render
from mcp_sim.state.base import Turn
from tests.unit.test_learned_lists import answered
from tests.unit.test_recall import path_of, text


def _json_template(body: Any) -> Template:
    return Template(body=body, is_json=True, structured=True, is_error=False)


def test_a_learned_list_of_values_shows_what_the_session_holds_not_the_examples_values() -> None:
    template = _json_template({"step": 1, "labels": ["from-the-example"], "pages": [1, 2]})
    held = {"labels": ["alpha", "beta"]}  # the general rules' answer fields (accumulated.py: labels given so far)
    result = render(template, Fill({}, record=held))
    assert result.structured_content == {"step": 1, "labels": ["alpha", "beta"], "pages": [1, 2]}


def test_a_prose_answer_shows_every_record_of_a_long_list_and_cuts_only_one_long_text() -> None:
    records = [{"name": f"node_{n}", "kind": "service", "notes": [f"note {n}"]} for n in range(12)]
    text = prose.sentence("inspect_graph", "read", "graph", {"nodes": records, "essay": "x" * 500})
    assert all(f"node_{n}" in text and f"note {n}" in text for n in range(12))
    assert "x" * prose.MAX_VALUE_CHARS + "..." in text and "x" * (prose.MAX_VALUE_CHARS + 1) not in text


def test_a_tool_named_after_what_it_shows_observes_when_its_description_starts_reading() -> None:
    assert observing.observes("orchard", "List the trees planted in the orchard")
    assert observing.observes("git_status", None)  # the name says it
    assert not observing.observes("orchard", "Plants a tree in the orchard")
    assert not observing.observes("add_tree", "Returns the tree it planted")  # the name says it changes


ROW = {"type": "object", "properties": {"row": {"type": "string"}, "tree": {"type": "string"}}}


async def test_a_read_known_by_its_description_shows_what_earlier_changes_named() -> None:
    path = path_of(
        ToolSpec(name="add_tree", description="Plants a tree in a row", input_schema=ROW),
        ToolSpec(name="orchard", description="List the trees of the orchard", input_schema={"type": "object"}),
    )
    assert not (await path.call("s", "add_tree", {"row": "north", "tree": "Quince_7"})).is_error
    shown = text(await path.call("s", "orchard", {}))
    assert "Quince_7" in shown and "north" in shown
    assert "Quince_7" not in text(await path.call("other", "orchard", {}))  # another session planted nothing


def _plants_schema(required: list[str]) -> dict[str, Any]:
    item = {
        "type": "object",
        "required": required,
        "properties": {
            "name": {"type": "string"},
            "color": {"type": "string"},
            "notes": {"type": "array", "items": {"type": "string"}},
        },
    }
    return {"type": "object", "properties": {"plants": {"type": "array", "items": item}}, "required": ["plants"]}


async def test_a_batch_update_answers_each_record_with_the_fields_it_left_alone() -> None:
    path = path_of(
        ToolSpec(name="create_plants", description="Create plants", input_schema=_plants_schema(["name", "color"])),
        ToolSpec(name="update_plants", description="Update plants", input_schema=_plants_schema(["name"])),
    )
    made = {
        "plants": [{"name": "Fern_A", "color": "green", "notes": ["Needs shade"]}, {"name": "Rose_B", "color": "red"}]
    }
    assert not (await path.call("s", "create_plants", made)).is_error
    shown = text(await path.call("s", "update_plants", {"plants": [{"name": "Fern_A", "color": "teal"}]}))
    assert "Needs shade" in shown and "teal" in shown and "green" not in shown  # the call's value wins
    assert "Rose_B" not in shown  # only the records the call names
    unknown = text(await path.call("s", "update_plants", {"plants": [{"name": "Cactus_Z", "color": "blue"}]}))
    assert "Needs shade" not in unknown and "green" not in unknown  # nothing borrowed from another record


MEMO = {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}
SIGN_IN = {"type": "object", "properties": {"username": {"type": "string"}, "password": {"type": "string"}}}


async def test_a_create_after_signing_in_names_the_user_under_the_schemas_creator_field_or_the_sign_in_key() -> None:
    memo_out = {"type": "object", "properties": {"id": {"type": "string"}, "text": {"type": "string"},
                                                 "author": {"type": "string"}}}  # fmt: skip
    path = path_of(
        ToolSpec(name="portal_sign_in", description="Sign in", input_schema=SIGN_IN),
        ToolSpec(name="create_memo", description="Create a memo", input_schema=MEMO),
        ToolSpec(name="create_note", description="Create a note", input_schema=MEMO, output_schema=memo_out),
    )
    assert "username" not in text(await path.call("s", "create_memo", {"text": "before"}))  # nobody signed in yet
    assert not (await path.call("s", "portal_sign_in", {"username": "quill_42", "password": "pw"})).is_error
    assert "username: quill_42" in text(await path.call("s", "create_memo", {"text": "hello"}))
    note = await path.call("s", "create_note", {"text": "hi"})
    assert (note.structured_content or {}).get("author") == "quill_42"
    assert "quill_42" not in text(await path.call("other", "create_memo", {"text": "x"}))  # another session


def test_only_a_successful_sign_in_names_the_user_and_the_creates_own_argument_wins() -> None:
    def turn(index: int, tool: str, arguments: dict[str, Any], failed: bool = False) -> Turn:
        result = {"content": [{"type": "text", "text": "ok"}], "isError": failed}
        return Turn(index=index, tool=tool, arguments=arguments, route="sim", result=result)

    earlier = [turn(0, "authenticateUser", {"username": "ana"}), turn(1, "login", {"username": "bo"}, failed=True)]
    memo = ToolSpec(name="create_memo", input_schema=MEMO)
    assert signed_in.creator(earlier, memo, {"text": "x"}) == {"username": "ana"}
    assert signed_in.creator(earlier, memo, {"text": "x", "username": "cy"}) == {}  # the create names its own user
    own = ToolSpec(name="create_account", input_schema=SIGN_IN)
    assert signed_in.creator(earlier, own, {"password": "x"}) == {}  # a key the create can give is its own
    assert signed_in.creator([turn(0, "get_user", {"username": "ana"})], memo, {}) == {}  # a lookup is no sign-in
    ids_only = ToolSpec(
        name="create_memo", input_schema=MEMO, output_schema={"type": "object", "properties": {"id": {}}}
    )
    assert signed_in.creator(earlier, ids_only, {}) == {}  # the schema has no field for the creator


GADGET = {"type": "object", "properties": {"gadget_id": {"type": "string"}, "color": {"type": "string"}}}


async def test_a_list_shows_the_id_of_a_record_the_session_only_updated() -> None:
    path = path_of(
        ToolSpec(
            name="update_gadget", description="Update a gadget", input_schema={**GADGET, "required": ["gadget_id"]}
        ),
        ToolSpec(
            name="list_gadgets",
            description="List gadgets",
            input_schema={"type": "object", "properties": {}},
            output_schema={"type": "object", "additionalProperties": True},  # a Python tool returning dict
        ),
    )
    assert not (await path.call("s", "update_gadget", {"gadget_id": "gx-77", "color": "teal"})).is_error
    listed = (await path.call("s", "list_gadgets", {})).structured_content or {}
    assert [(r.get("id"), r.get("color")) for r in listed["gadgets"]] == [("gx-77", "teal")]  # the type's id field


PARCEL = {"type": "object", "properties": {"city": {"type": "string"}, "weight": {"type": "number"}}}


async def test_a_learned_read_shows_what_the_earlier_change_gave_instead_of_the_examples_values() -> None:
    example = {"parcel_id": 7, "city": "Lisbon", "weight": 2.5, "status": "in transit"}
    path = path_of(
        ToolSpec(name="ship_parcel", description="Ship a parcel", input_schema=PARCEL),
        ToolSpec(
            name="get_parcel_details",
            description="Get a parcel's details",
            input_schema={"type": "object", "properties": {"parcel_id": {"type": "integer"}}},
            examples=[Example(arguments={"parcel_id": 7}, result=answered(example))],
        ),
    )
    assert not (await path.call("s", "ship_parcel", {"city": "Oslo", "weight": 4.25})).is_error
    shown = json.loads(text(await path.call("s", "get_parcel_details", {"parcel_id": 31})))
    assert (shown["city"], shown["weight"], shown["status"]) == ("Oslo", 4.25, "in transit")
    fresh = json.loads(text(await path.call("other", "get_parcel_details", {"parcel_id": 31})))
    assert fresh["city"] == "Lisbon"  # a session that shipped nothing keeps the example's form


def _turn(index: int, tool: str, arguments: dict[str, Any], failed: bool = False) -> Turn:
    result = {"content": [{"type": "text", "text": "ok"}], "isError": failed}
    return Turn(index=index, tool=tool, arguments=arguments, route="sim", result=result)


def test_one_word_values_earlier_successful_reads_named_are_confirmed_once_each() -> None:
    earlier = [
        _turn(0, "view_revision", {"repo": "/r", "revision": "a1b2c3d4"}),
        _turn(1, "view_revision", {"repo": "/r", "revision": "ffff0000"}, failed=True),  # nothing confirmed
        _turn(2, "search_notes", {"query": "two words"}),  # a search text names no one thing
        _turn(3, "add_note", {"title": "Plan_B"}),  # a change: recall.py shows it
        _turn(4, "view_revision", {"repo": "/r", "revision": "a1b2c3d4"}),
    ]
    assert referenced.confirmed({"repo": "/r"}, earlier) == [{"revision": "a1b2c3d4"}]  # the call's own repo left out


async def test_a_listing_shows_what_an_earlier_read_named_and_got_an_answer_for() -> None:
    ref = {"type": "object", "properties": {"repo": {"type": "string"}, "revision": {"type": "string"}}}
    path = path_of(
        ToolSpec(name="show_revision", description="Show a revision", input_schema=ref),
        ToolSpec(name="history", description="Lists the revisions of a repository", input_schema=ref),
    )
    assert not (await path.call("s", "show_revision", {"repo": "/r", "revision": "9f8e7d6c5b"})).is_error
    assert "9f8e7d6c5b" in text(await path.call("s", "history", {"repo": "/r"}))
    assert "9f8e7d6c5b" not in text(await path.call("other", "history", {"repo": "/r"}))


GIZMO = {"type": "object", "properties": {"title": {"type": "string"}, "labels": {"type": "array", "items": {}}}}


async def test_a_delete_names_the_record_it_deleted() -> None:
    path = path_of(
        ToolSpec(name="create_gizmo", description="Create a gizmo", input_schema=GIZMO),
        ToolSpec(
            name="delete_gizmo",
            description="Delete a gizmo",
            input_schema={"type": "object", "properties": {"gizmo_id": {"type": "string"}}, "required": ["gizmo_id"]},
        ),
    )
    made = text(await path.call("s", "create_gizmo", {"title": "Blue_Gizmo", "labels": ["spare"]}))
    gizmo_id = made.split("id: ")[1].split(",")[0]
    deleted = text(await path.call("s", "delete_gizmo", {"gizmo_id": gizmo_id}))
    assert deleted.startswith("Deleted gizmo") and "Blue_Gizmo" in deleted and "spare" in deleted
    assert (await path.call("s", "delete_gizmo", {"gizmo_id": gizmo_id})).is_error  # gone: not found again
