from typing import Any

import pytest

from mcp_sim.config import EntityEffect, ToolSpec
from mcp_sim.effects import effect_of, infer_effect, singular


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


def test_declared_effect_wins_and_is_completed_by_inference() -> None:
    declared = spec("fetch_widget", {"widget_id": {}}, effects={"kind": "read", "entity": "gadget"})
    assert effect_of(declared) == EntityEffect(kind="read", entity="gadget", id="widget_id")
    odd = spec("frobnicate", {"key": {}}, effects={"kind": "delete", "id": "key"})
    assert (effect_of(odd).kind, effect_of(odd).id) == ("delete", "key")


@pytest.mark.parametrize(("plural", "one"), [("tickets", "ticket"), ("entries", "entry"), ("boxes", "box"),
                                             ("status", "status"), ("addresses", "address")])  # fmt: skip
def test_singular(plural: str, one: str) -> None:
    assert singular(plural) == one
