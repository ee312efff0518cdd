"""Effects read back from LLM answers into the session ledger."""

from __future__ import annotations

from mcp.types import CallToolResult, TextContent

from mcp_sim.config import ToolSpec
from mcp_sim.state.entities import Effect
from mcp_sim.worldmodel.observed import observed_effects


def result(text: str, is_error: bool = False) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=text)], is_error=is_error)


def test_create_takes_the_id_from_the_answer() -> None:
    spec = ToolSpec(name="create_user")
    effects = observed_effects(spec, {"name": "Ada"}, result('{"id": "u-9", "role": "admin"}'))
    assert effects == [Effect("create", "user", "u-9", {"name": "Ada", "id": "u-9", "role": "admin"})]


def test_create_without_an_id_or_with_an_error_changes_nothing() -> None:
    spec = ToolSpec(name="create_user")
    assert observed_effects(spec, {}, result("user created")) == []
    assert observed_effects(spec, {}, result('{"id": "u-1"}', is_error=True)) == []


def test_update_and_delete_take_the_id_from_the_arguments() -> None:
    update = ToolSpec(name="update_user", inputSchema={"type": "object", "properties": {"user_id": {}}})
    delete = ToolSpec(name="delete_user", inputSchema={"type": "object", "properties": {"user_id": {}}})
    assert observed_effects(update, {"user_id": "u-1", "name": "B"}, result("ok")) == [
        Effect("update", "user", "u-1", {"name": "B"})
    ]
    assert observed_effects(delete, {"user_id": "u-1"}, result("deleted")) == [Effect("delete", "user", "u-1")]
