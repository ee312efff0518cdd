"""A word every tool of a server starts with is a namespace; an argument every tool requires is a scope
(namespaces.py): made-up tool lists, read the way ``EntityTypes`` reads a catalog."""

from __future__ import annotations

from typing import Any

from mcp_sim.config import ToolSpec
from mcp_sim.ledger.effects import EntityTypes, effect_of
from mcp_sim.ledger.namespaces import scope_arguments, shared_words, without_namespace
from tests.unit.test_files import _text
from tests.unit.test_recall import path_of

VERBS = frozenset({"get", "create", "delete"})


def _tool(name: str, *required: str, **extra: str) -> ToolSpec:
    properties: dict[str, Any] = {r: {"type": "string"} for r in (*required, *extra)}
    return ToolSpec(name=name, input_schema={"type": "object", "properties": properties, "required": list(required)})


def _notes(prefix: str = "zettel") -> list[ToolSpec]:
    return [
        _tool(f"{prefix}_create_page", "shelf", "path", content="x"),
        _tool(f"{prefix}_read_page", "shelf", "path"),
        _tool(f"{prefix}_delete_page", "shelf", "path"),
        _tool(f"{prefix}_move_page", "shelf", "source", "destination"),
        _tool(f"{prefix}_search_shelf", "shelf", "query"),
    ]


def test_the_shared_leading_word_is_a_namespace_unless_it_is_a_verb() -> None:
    assert shared_words(["zettel_read_page", "zettel_create_page", "zettel_list_pages"], VERBS) == ("zettel",)
    assert shared_words(["get_a", "get_b", "get_c"], VERBS) == ()  # a read-only server: the verb stays
    assert shared_words(["zettel_read_page", "zettel_create_page"], VERBS) == ()  # two tools are no server
    assert shared_words(["zettel_x", "zettel_y", "zettel"], VERBS) == ()  # a bare name keeps its one word


def test_an_argument_every_tool_requires_besides_its_object_is_a_scope() -> None:
    assert scope_arguments(s.input_schema for s in _notes()) == {"shelf"}
    keyed = [_tool("set", "key", "value"), _tool("get", "key"), _tool("delete", "key")]
    assert scope_arguments(s.input_schema for s in keyed) == frozenset()  # get(key) acts on the key itself


def test_namespaced_tools_read_as_their_verb_and_noun_once_the_catalog_is_known() -> None:
    specs = _notes("quill")
    assert effect_of(specs[1]).kind == "none"  # alone, "quill" is no verb
    EntityTypes(specs)
    assert without_namespace("quill_read_page") == "read_page"
    assert (effect_of(specs[1]).kind, effect_of(specs[1]).entity) == ("read", "page")
    assert effect_of(specs[4]).kind == "list" and effect_of(specs[4]).entity is None  # lists in the scope


def test_a_namespace_with_only_a_verb_left_is_the_noun() -> None:
    specs = [_tool("ledgerbook_create", "title"), _tool("ledgerbook_delete", "id"), _tool("ledgerbook_get", "id")]
    EntityTypes(specs)
    assert (effect_of(specs[0]).kind, effect_of(specs[0]).entity) == ("create", "ledgerbook")


async def test_a_scoped_document_is_taken_once_made_and_gone_once_moved_or_deleted() -> None:
    path = path_of(*_notes("inkwell"))
    made = {"shelf": "main", "path": "Inbox/Idea.md", "content": "# Idea"}
    assert not (await path.call("s", "inkwell_create_page", made)).is_error
    again = await path.call("s", "inkwell_create_page", made)
    assert again.is_error and "already exists" in _text(again)
    moved = {"shelf": "main", "source": "Inbox/Idea.md", "destination": "Projects/Idea.md"}
    assert not (await path.call("s", "inkwell_move_page", moved)).is_error
    old = await path.call("s", "inkwell_read_page", {"shelf": "main", "path": "Inbox/Idea.md"})
    assert old.is_error and "No such file" in _text(old)
    assert not (await path.call("s", "inkwell_read_page", {"shelf": "main", "path": "Projects/Idea.md"})).is_error
    assert not (await path.call("s", "inkwell_delete_page", {"shelf": "main", "path": "Projects/Idea.md"})).is_error
    gone = await path.call("s", "inkwell_read_page", {"shelf": "main", "path": "Projects/Idea.md"})
    assert gone.is_error and "No such file" in _text(gone)


async def test_a_bare_name_under_a_path_argument_is_a_path_too() -> None:
    folders = [
        _tool("inkpot_create_folder", "shelf", "path"),
        _tool("inkpot_read_page", "shelf", "path"),
        _tool("inkpot_search_shelf", "shelf", "query"),
    ]
    path = path_of(*folders)
    assert not (await path.call("s", "inkpot_create_folder", {"shelf": "main", "path": "Archive"})).is_error
    again = await path.call("s", "inkpot_create_folder", {"shelf": "main", "path": "Archive"})
    assert again.is_error and "already exists" in _text(again)


def test_a_single_tool_read_alone_keeps_its_servers_namespace() -> None:
    specs = _notes("papyrus")
    EntityTypes(specs)
    EntityTypes([specs[1]])  # a rule that builds types for one spec
    assert effect_of(specs[1]).kind == "read"
