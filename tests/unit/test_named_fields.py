"""An action's learned flat answer shows the record its arguments name (``simulation/named.py``)."""

from __future__ import annotations

import json
from typing import Any

import anyio

from mcp_sim.config import ToolSpec
from mcp_sim.reporting.fidelity.measures import RecordedCall
from mcp_sim.reporting.fidelity.replay import ServerSessions, replay
from mcp_sim.simulation.named import with_named_fields


def test_the_nested_record_sharing_most_keys_fills_the_fields_the_record_lacks() -> None:
    body = {"id": "x", "title": "example", "completed": True, "priority": "low"}
    named = {"id": "todo-2", "title": "Renew passport", "notes": "kept out"}
    other = {"id": "p-1", "name": "Website"}
    record = {"success": True, "todo_id": "todo-2", "project": other, "todo": named}
    filled = with_named_fields(body, record)
    assert filled["title"] == "Renew passport" and filled["id"] == "todo-2"
    assert "notes" not in filled and filled["todo"] == named  # only the template's own fields are lent


def test_the_record_itself_wins_and_a_lone_shared_id_lends_nothing() -> None:
    record = {"title": "given now", "todo": {"id": "t", "title": "held"}}
    assert with_named_fields({"id": 1, "title": "x"}, record)["title"] == "given now"
    only_id = {"todo": {"id": "t", "text": "held"}}
    assert with_named_fields({"id": 1, "title": "x"}, only_id) is only_id
    shown_whole = {"todo": {"id": "t", "title": "held"}}  # the template shows ``todo`` as a field of its own
    assert with_named_fields({"todo": {}, "id": 1, "title": "x"}, shown_whole) is shown_whole
    assert with_named_fields(["not", "an", "object"], shown_whole) is shown_whole


def spec(name: str, **properties: str) -> ToolSpec:
    schema = {"type": "object", "properties": {k: {"type": v} for k, v in properties.items()}}
    return ToolSpec.model_validate({"name": name, "inputSchema": schema})


def call(session: str, index: int, tool: str, arguments: dict[str, Any], body: Any) -> RecordedCall:
    result = {"content": [{"type": "text", "text": json.dumps(body)}], "isError": False}
    return RecordedCall("assistant", session, index, tool, arguments, result, None)


def todo(id_: str, title: str, completed: bool) -> dict[str, Any]:
    return {"id": id_, "title": title, "priority": "medium", "completed": completed}


def test_a_learned_action_on_a_named_entity_shows_that_entity_not_the_example_one() -> None:
    tools = [spec("create_todo", title="string"), spec("complete_todo", todo_id="string")]
    taught = [
        call("s1", 1, "create_todo", {"title": "Send agenda"}, todo("a1", "Send agenda", False)),
        call("s1", 2, "complete_todo", {"todo_id": "a1"}, todo("a1", "Send agenda", True)),
    ]
    scored = [
        call("s2", 1, "create_todo", {"title": "Renew passport"}, todo("b7", "Renew passport", False)),
        call("s2", 2, "complete_todo", {"todo_id": "b7"}, todo("b7", "Renew passport", True)),
    ]
    scores = anyio.run(replay, ServerSessions("assistant", tools, {"s1": taught, "s2": scored}), "learn")
    done = scores[-1]
    assert done.tool == "complete_todo" and done.structural_match
    assert "P" in done.opportunities and not done.violations  # "Renew passport", not the example's "Send agenda"
