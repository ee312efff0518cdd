"""A call that only previews (``dry_run=true``, also by default) changes nothing (ledger/dry_runs.py)."""

from __future__ import annotations

from typing import Any

from mcp.types import CallToolResult, TextContent

from mcp_sim.config import ToolSpec
from mcp_sim.ledger.dry_runs import is_dry_run
from mcp_sim.ledger.effects import EntityTypes, observed_effects
from tests.unit.test_recall import path_of

ANY = {"type": "object", "additionalProperties": True}


def _spec(name: str, **arguments: dict[str, Any]) -> ToolSpec:
    return ToolSpec(name=name, input_schema={"type": "object", "properties": arguments}, output_schema=ANY)


TEXT: dict[str, Any] = {"type": "string"}
CREATE = _spec("create_order", contact_id=TEXT, sku=TEXT, dry_run={"type": "boolean", "default": True})
DELETE = _spec("delete_items", ids={"type": "array", "items": TEXT}, dryRun={"type": "boolean", "default": False})


def test_a_preview_flag_set_or_defaulted_true_makes_a_dry_run() -> None:
    assert is_dry_run(CREATE, {"sku": "A"}) and not is_dry_run(CREATE, {"sku": "A", "dry_run": False})
    assert is_dry_run(DELETE, {"ids": ["x"], "dryRun": "true"}) and not is_dry_run(DELETE, {"ids": ["x"]})
    assert not is_dry_run(_spec("create_note", text=TEXT, preview_text=TEXT), {"preview_text": "true"})


async def test_a_previewed_create_mints_nothing_and_a_real_one_does() -> None:
    path = path_of(CREATE, _spec("list_orders", contact_id=TEXT))
    quote = (await path.call("s", "create_order", {"contact_id": "C-1", "sku": "FILTER"})).structured_content or {}
    assert "id" not in quote and (quote["sku"], quote["dry_run"]) == ("FILTER", True)
    assert (await path.call("s", "list_orders", {})).structured_content == {"orders": [], "count": 0}
    await path.call("s", "create_order", {"contact_id": "C-1", "sku": "FILTER", "dry_run": False})
    assert ((await path.call("s", "list_orders", {})).structured_content or {})["count"] == 1


def test_a_real_answer_to_a_dry_run_teaches_the_ledger_nothing() -> None:
    answer = CallToolResult(content=[TextContent(type="text", text='{"would_delete": ["a", "b"]}')])
    types = EntityTypes([DELETE])
    assert observed_effects(DELETE, {"ids": ["a", "b"], "dryRun": True}, answer, types) == []
    assert [e.op for e in observed_effects(DELETE, {"ids": ["a", "b"]}, answer, types)] == ["delete", "delete"]
