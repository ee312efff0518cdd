"""A JSON answer that carries an ``error`` failed: its call changed nothing the ledger should keep."""

from __future__ import annotations

import json

from mcp.types import CallToolResult, TextContent

from mcp_sim.config import ToolSpec
from mcp_sim.ledger.answers import answer_body, is_failure
from mcp_sim.ledger.effects import EntityTypes, observed_effects
from mcp_sim.ledger.entities import Ledger


def _json(body: object) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=json.dumps(body))])


def _failed(body: object) -> bool:
    result = _json(body)
    return is_failure(result, answer_body(result))


def test_an_answer_with_an_error_message_failed() -> None:
    assert _failed({"error": "Widget with ID 'w-9' not found", "widget_id": "w-9"})
    assert _failed({"success": False, "error": "Item not found"})


def test_an_empty_error_or_a_success_that_mentions_errors_did_not_fail() -> None:
    assert not _failed({"error": None, "widget": {"id": "w-1"}})
    assert not _failed({"success": True, "error": "1 of 3 rows skipped"})
    assert not _failed({"widget": {"id": "w-1", "error": "none"}})


def test_a_failed_delete_of_an_unseen_id_leaves_the_type_unknown() -> None:
    spec = ToolSpec(name="delete_widget", description="Delete a widget",
                    input_schema={"type": "object", "properties": {"widget_id": {"type": "string"}}})  # fmt: skip
    types = EntityTypes([spec])
    answer = _json({"error": "Widget with ID 'w-9' not found", "widget_id": "w-9"})
    ledger = Ledger()
    for effect in observed_effects(spec, {"widget_id": "w-9"}, answer, types):
        ledger.apply(effect)
    assert not ledger.knows("widget")
    assert not ledger.is_deleted("widget", "w-9")
