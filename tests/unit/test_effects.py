from typing import Any

import pytest
from mcp.types import CallToolResult, TextContent

from mcp_sim.config import EntityEffect, ToolSpec
from mcp_sim.ledger.effects import EntityTypes, effect_of, effects_of, infer_effect, observed_effects, singular
from mcp_sim.ledger.entities import Effect


def spec(name: str, props: dict[str, Any] | None = None, out: dict[str, Any] | None = None, **kw: Any) -> ToolSpec:
    schema = {"type": "object", "properties": props or {}}
    return ToolSpec.model_validate({"name": name, "inputSchema": schema, "outputSchema": out, **kw})


@pytest.mark.parametrize(
    ("name", "props", "kind", "entity", "id_"),
    [
        ("create_ticket", {}, "create", "ticket", "id"),
        ("get_ticket", {"ticket_id": {}}, "read", "ticket", "ticket_id"),
        ("updateTicket", {"ticketId": {}}, "update", "ticket", "ticketId"),
        ("delete_tickets", {"id": {}}, "delete", "ticket", "id"),
        ("list_tickets", {}, "list", "ticket", None),
        ("search_issues", {}, "list", "issue", None),
        ("ticket_create", {}, "create", "ticket", "id"),
        ("add_comment", {"ticket_id": {}}, "create", "comment", "id"),
        ("get_ticket_details", {"ticketId": {}}, "read", "ticket", "ticketId"),  # a view of a ticket, by its id
        ("get_ticket_summary", {"ticket_id": {}}, "read", "ticket", "ticket_id"),
        ("get_ticket_summary", {"board_id": {}}, "read", "ticket_summary", None),  # not read by a ticket's id
        ("delete_board_member", {"board_id": {}}, "delete", "board_member", "board_id"),  # a member is no view
        # an update of one field of the type its id names (``status`` is an argument), not a "book status"
        ("update_book_status", {"book_id": {}, "status": {}}, "update", "book", "book_id"),
        ("set_session_plan", {"sessionId": {}, "plan": {}}, "update", "session", "sessionId"),
        ("update_task_progress", {"task_id": {}, "progress_percent": {}}, "update", "task", "task_id"),
        ("update_task_handoff", {"task_id": {}, "summary": {}}, "update", "task_handoff", "task_id"),  # no field
        ("get_book_status", {"book_id": {}, "status": {}}, "read", "book_status", "book_id"),  # a read is a view
        ("register_project_tool", {}, "create", "project", "id"),  # a "_tool" suffix names no type
        ("list_projects_tool", {}, "list", "project", None),
        ("echo", {}, "none", None, None),
        ("ping_server", {}, "none", None, None),
    ],
)
def test_inferred_from_names(name: str, props: dict[str, Any], kind: str, entity: str | None, id_: str | None) -> None:
    effect = infer_effect(spec(name, props))
    assert (effect.kind, effect.entity, effect.id) == (kind, entity, id_)


def test_create_takes_the_id_field_of_the_output_schema() -> None:
    out = {"type": "object", "properties": {"ticket_id": {"type": "string"}}}
    assert infer_effect(spec("create_ticket", out=out)).id == "ticket_id"


def test_a_create_the_caller_names_takes_its_id_from_the_call() -> None:
    chosen = ToolSpec.model_validate(
        {
            "name": "create_graph",
            "inputSchema": {"type": "object", "properties": {"graph_id": {"type": "string"}}, "required": ["graph_id"]},
        }
    )
    assert infer_effect(chosen).id == "graph_id"
    assert infer_effect(spec("add_nodes", {"nodes": {"type": "array", "items": {"type": "string"}}})).id == "nodes[]"
    optional = spec("create_graph", {"graph_id": {"type": "string"}})
    assert infer_effect(optional).id == "id"  # an optional id may be left to the server to give
    bulk = spec("bulk_add_chunks", {"chunks": {"type": "array", "items": {"type": "object", "properties": {"id": {}}}}})
    assert (infer_effect(bulk).kind, infer_effect(bulk).entity, infer_effect(bulk).id) == (
        "create",
        "chunk",
        "chunks[].id",
    )


def test_pairs_added_by_content_and_things_put_into_a_container() -> None:
    """``add_edges(edges: [[a, b]])`` makes edges keyed by their ends (no id is minted for them);
    ``add_to_cart(cart_id, sku)`` changes the cart (which the first add may make), not a "to_cart"."""
    pairs = {"edges": {"type": "array", "items": {"type": "array", "items": {"type": "string"}}}}
    assert infer_effect(spec("add_edges", {"graph_id": {"type": "string"}, **pairs})).id == "edges[]"
    into = infer_effect(spec("add_to_cart", {"cart_id": {"type": "string"}, "product_id": {"type": "string"}}))
    assert (into.kind, into.entity, into.id, into.unknown) == ("update", "cart", "cart_id", "allow")
    assert into.refs == {"product_id": "product"}
    assert infer_effect(spec("remove_from_playlist", {"playlist_id": {}, "song_id": {}})).entity == "playlist"
    assert infer_effect(spec("add_to_watchlist", {"symbol": {"type": "string"}})).kind == "none"  # no id: an act


def test_archiving_closing_or_cancelling_a_record_keeps_it_and_closing_a_session_ends_it() -> None:
    task = {"task_id": {"type": "string"}}
    assert (infer_effect(spec("archive_task", task)).kind, infer_effect(spec("archive_task", task)).entity) == (
        "update",
        "task",
    )
    assert infer_effect(spec("close_issue", {"issue_id": {}})).kind == "update"
    assert infer_effect(spec("close_session", {"session_id": {}})).kind == "delete"
    # a cancelled order or job is read, listed by its status and cancelled again (BFCL's trading API, kyoo)
    assert infer_effect(spec("cancel_order", {"order_id": {}})).kind == "update"


def test_a_tool_named_by_its_verb_alone_acts_on_the_noun_its_description_names() -> None:
    """``add``: "Create a task (D3)"; ``show(id)``: "Slice fetch: a task plus its links"; adjectives passed over."""
    made = infer_effect(spec("add", {"name": {"type": "string"}}, description="Create a task (D3 + T94)."))
    assert (made.kind, made.entity) == ("create", "task")
    shown = infer_effect(spec("show", {"id": {"type": "integer"}}, description="Slice fetch: a task plus its links."))
    assert (shown.kind, shown.entity, shown.id) == ("read", "task", "id")
    closed = infer_effect(spec("close", {"id": {}}, description="Close a finished, closed task."))
    assert (closed.kind, closed.entity) == ("update", "task")
    # a bare query or search lists what its criteria find; a verb with no noun said stays an act
    assert infer_effect(spec("query", {"sql": {}}, description="Run a query.")).entity is None
    assert infer_effect(spec("add", {"a": {}, "b": {}}, description="Adds two numbers.")).kind == "none"


def test_a_verb_after_the_first_qualifies_it() -> None:
    """``invoices_list_new`` lists new invoices: it creates no "invoices list"."""
    listed = infer_effect(spec("invoices_list_new", {"since": {"type": "string"}}))
    assert (listed.kind, listed.entity) == ("list", "invoice")
    assert (infer_effect(spec("ticket_create", {})).kind, infer_effect(spec("ticket_create", {})).entity) == (
        "create",
        "ticket",
    )


def test_a_batch_create_gives_each_item_the_calls_own_values() -> None:
    """``bulk_add_chunks(project, category, chunks=[{id, text}])``: each chunk made is in that project and category,
    so a later update or read of one shows its category."""
    chunk = {"type": "object", "properties": {"id": {"type": "string"}, "text": {"type": "string"}}}
    bulk = spec("bulk_add_chunks", {"project": {"type": "string"}, "category": {"type": "string"},
                "chunks": {"type": "array", "items": chunk}})  # fmt: skip
    arguments = {"project": "garden", "category": "Pests", "chunks": [{"id": "slugs", "text": "Slugs at night."}]}
    result = CallToolResult(content=[TextContent(type="text", text="Created 1 chunk")])
    [made] = observed_effects(bulk, arguments, result, EntityTypes([bulk]))
    assert (made.op, made.id) == ("create", "slugs")
    assert made.record == {"project": "garden", "category": "Pests", "id": "slugs", "text": "Slugs at night."}


def test_declared_effect_wins_and_is_completed_by_inference() -> None:
    declared = spec("fetch_widget", {"widget_id": {}}, effects={"kind": "read", "entity": "gadget"})
    assert effect_of(declared) == EntityEffect(kind="read", entity="gadget", id="widget_id")
    odd = spec("frobnicate", {"key": {}}, effects={"kind": "delete", "id": "key"})
    assert (effect_of(odd).kind, effect_of(odd).id) == ("delete", "key")


@pytest.mark.parametrize(("plural", "one"), [("tickets", "ticket"), ("entries", "entry"), ("boxes", "box"),
                                             ("status", "status"), ("addresses", "address")])  # fmt: skip
def test_singular(plural: str, one: str) -> None:
    assert singular(plural) == one


def answer(text: str, is_error: bool = False) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=text)], is_error=is_error)


def observed(tool: ToolSpec, arguments: dict[str, Any], result: CallToolResult) -> list[Effect]:
    return observed_effects(tool, arguments, result, EntityTypes([tool]))


def test_an_answer_shows_the_created_id_and_the_record() -> None:
    """(Moved from the LLM world model's own reader, which this one replaces: every answer is read alike.)"""
    created = observed(spec("create_user"), {"name": "Ada"}, answer('{"id": "u-9", "role": "admin"}'))
    assert created[0] == Effect("create", "user", "u-9", {"id": "u-9", "role": "admin"})
    assert [(e.op, e.id) for e in created[1:]] == [("observe", "u-9")]


def test_an_answer_without_an_id_or_a_failure_shows_nothing() -> None:
    assert observed(spec("create_user"), {}, answer("user created")) == []
    assert observed(spec("create_user"), {}, answer('{"id": "u-1"}', is_error=True)) == []
    assert observed(spec("create_user"), {}, answer('{"status": "error", "id": "u-1"}')) == []


def test_update_and_delete_take_the_id_from_the_arguments() -> None:
    update, delete = spec("update_user", {"user_id": {}}), spec("delete_user", {"user_id": {}})
    assert observed(update, {"user_id": "u-1", "name": "B"}, answer("ok")) == [
        Effect("update", "user", "u-1", {"name": "B"})
    ]
    assert observed(delete, {"user_id": "u-1"}, answer("deleted")) == [Effect("delete", "user", "u-1")]


def test_batch_items_that_name_another_entity_are_references() -> None:
    from mcp_sim.config import ToolSpec
    from mcp_sim.ledger.effects import infer_effect

    observations = {"type": "array", "items": {"type": "object", "properties": {
        "entityName": {"type": "string"}, "contents": {"type": "array", "items": {"type": "string"}}}}}  # fmt: skip
    add = infer_effect(ToolSpec(name="add_observations", input_schema={"type": "object", "properties": {
        "observations": observations}}))  # fmt: skip
    assert add.refs == {"observations[].entityName": "entity"}
    entities = {"type": "array", "items": {"type": "object", "properties": {"name": {"type": "string"}}}}
    update = infer_effect(ToolSpec(name="update_entities", input_schema={"type": "object", "properties": {
        "entities": entities}}))  # fmt: skip
    assert update.kind == "update" and update.id == "entities[].name"


def test_effects_are_inferred_once_per_spec_and_handed_out_as_a_fresh_list() -> None:
    tool = spec("get_ticket", {"ticket_id": {}})
    first = effects_of(tool)
    first.clear()  # a caller filtering its list in place does not change what the next caller gets
    again = effects_of(tool)
    assert [(e.kind, e.entity, e.id) for e in again] == [("read", "ticket", "ticket_id")]
    assert again[0] is effects_of(tool)[0]  # computed once: the same frozen model


def test_a_spec_copied_under_another_name_gets_its_own_effects() -> None:
    tool = spec("get_ticket", {"ticket_id": {}})
    effects_of(tool)
    renamed = tool.model_copy(update={"name": "delete_ticket"})
    assert effect_of(renamed).kind == "delete"
    assert effect_of(tool).kind == "read"


def test_an_argument_named_as_the_type_is_its_key_and_a_context_is_a_view_of_it() -> None:
    """``update_issue(issue="SHOP-1")``: trackers take an issue by its key under the type's own name."""
    key = {"oneOf": [{"type": "string", "pattern": "^[A-Z]+-[1-9][0-9]*$"}, {"type": "integer"}]}
    schema = {"type": "object", "properties": {"issue": key, "title": {"type": "string"}}, "required": ["issue"]}
    update = infer_effect(ToolSpec(name="update_issue", input_schema=schema))
    assert (update.kind, update.entity, update.id) == ("update", "issue", "issue")
    context = infer_effect(ToolSpec(name="get_issue_context", input_schema=schema))
    assert (context.kind, context.entity, context.id) == ("read", "issue", "issue")
    optional = {**schema, "required": []}  # an optional ``issue`` filters (list_comments(issue=...)): no key
    assert infer_effect(ToolSpec(name="update_issue", input_schema=optional)).id is None
    objects = {"type": "object", "properties": {"user": {"type": "object"}}, "required": ["user"]}
    assert infer_effect(ToolSpec(name="update_user", input_schema=objects)).id is None  # an object is no key
