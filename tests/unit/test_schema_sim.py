import json
from pathlib import Path
from typing import Any

import jsonschema
import yaml
from mcp.types import CallToolResult

from mcp_sim.calls import CallPath
from mcp_sim.catalog.specs import build_catalog
from mcp_sim.config import load_experiment
from mcp_sim.perturbations.base import NoPerturbations
from mcp_sim.routing import flags as router
from mcp_sim.simulation.builtin.simulator import SchemaWorldModel
from mcp_sim.state.memory import MemoryStore
from tests.unit.helpers import tickets_path


def body(result: CallToolResult) -> Any:
    return json.loads(result.content[0].text)  # type: ignore[union-attr]


async def run(path: CallPath, session: str, calls: list[tuple[str, dict[str, Any]]]) -> list[CallToolResult]:
    return [await path.call(session, name, args) for name, args in calls]


async def test_create_then_get_list_update_delete_keep_ids_consistent(tmp_path: Path) -> None:
    path = tickets_path(tmp_path)
    created = await path.call("s", "create_ticket", {"title": "Broken printer", "priority": "high"})
    ticket = created.structured_content
    assert ticket is not None and ticket["title"] == "Broken printer" and ticket["priority"] == "high"
    tid = ticket["id"]
    got = await path.call("s", "get_ticket", {"ticket_id": tid})
    assert got.structured_content is not None and got.structured_content["id"] == tid
    listed = await path.call("s", "list_tickets", {})
    assert [t["id"] for t in listed.structured_content["tickets"]] == [tid]  # type: ignore[index]
    assert listed.structured_content["total"] == 1  # type: ignore[index]
    updated = await path.call("s", "update_ticket", {"ticket_id": tid, "status": "resolved"})
    assert updated.structured_content["status"] == "resolved"  # type: ignore[index]
    assert (await path.call("s", "get_ticket", {"ticket_id": tid})).structured_content["status"] == "resolved"  # type: ignore[index]
    deleted = await path.call("s", "delete_ticket", {"ticket_id": tid})
    assert not deleted.is_error
    gone = await path.call("s", "get_ticket", {"ticket_id": tid})
    assert gone.is_error and "not found" in gone.content[0].text  # type: ignore[union-attr]
    assert (await path.call("s", "list_tickets", {})).structured_content["tickets"] == []  # type: ignore[index]


async def test_never_created_id_is_not_found_once_the_world_is_known(tmp_path: Path) -> None:
    path = tickets_path(tmp_path)
    await path.call("s", "create_ticket", {"title": "t"})  # the session now knows its tickets
    for tool in ("get_ticket", "update_ticket", "delete_ticket"):
        result = await path.call("s", tool, {"ticket_id": "ticket-999"})
        assert result.is_error and "not found" in result.content[0].text  # type: ignore[union-attr]


async def test_before_the_session_knows_a_type_its_world_is_open(tmp_path: Path) -> None:
    # No world seed and no ticket seen yet: the agent may name one from its task, which nothing here can
    # refute; the answer shows only what the call said (nothing invented).
    got = await tickets_path(tmp_path).call("s", "get_ticket", {"ticket_id": "T-7"})
    assert not got.is_error and got.structured_content is not None and got.structured_content["id"] == "T-7"
    assert got.structured_content.get("title") != "t"


async def test_answers_conform_to_output_schema_and_carry_json_text(tmp_path: Path) -> None:
    path = tickets_path(tmp_path)
    created = await path.call("s", "create_ticket", {"title": "t"})
    tid = created.structured_content["id"]  # type: ignore[index]
    calls = [("get_ticket", {"ticket_id": tid}), ("list_tickets", {"status": "open"}),
             ("update_ticket", {"ticket_id": tid, "priority": "low"})]  # fmt: skip
    for (name, _), result in zip(calls, await run(path, "s", calls), strict=True):
        schema = path.catalog.get(name).tool.output_schema  # type: ignore[union-attr]
        jsonschema.validate(result.structured_content, schema)
        assert body(result) == result.structured_content


async def test_tool_without_output_schema_answers_prose_naming_its_arguments(tmp_path: Path) -> None:
    # most servers without an outputSchema answer text: JSON there would have the wrong shape
    path = tickets_path(tmp_path)
    tid = (await path.call("s", "create_ticket", {"title": "t"})).structured_content["id"]  # type: ignore[index]
    comment = await path.call("s", "add_comment", {"ticket_id": tid, "body": "hello"})
    assert comment.structured_content is None
    text = comment.content[0].text  # type: ignore[union-attr]
    assert not text.lstrip().startswith(("{", "["))
    assert "hello" in text and tid in text and "comment-" in text  # the new comment's id is told


async def test_deterministic_given_seed_session_and_call_index(tmp_path: Path) -> None:
    calls = [("create_ticket", {"title": "a"}), ("create_ticket", {"title": "b"}), ("list_tickets", {})]
    first = await run(tickets_path(tmp_path, seed=7), "s", calls)
    again = await run(tickets_path(tmp_path, seed=7), "s", calls)
    other_seed = await run(tickets_path(tmp_path, seed=8), "s", calls)
    other_session = await run(tickets_path(tmp_path, seed=7), "s2", calls)
    dump = [r.model_dump_json() for r in first]
    assert dump == [r.model_dump_json() for r in again]
    assert dump != [r.model_dump_json() for r in other_seed]
    assert dump != [r.model_dump_json() for r in other_session]


async def test_one_request_sessions_keep_nothing(tmp_path: Path) -> None:
    path = tickets_path(tmp_path)
    tid = (await path.call(None, "create_ticket", {"title": "t"})).structured_content["id"]  # type: ignore[index]
    again = await path.call(None, "get_ticket", {"ticket_id": tid})  # a new one-request session: an open world
    assert again.structured_content is None or again.structured_content.get("title") != "t"
    assert await path.store.sessions() == []


async def test_arguments_fill_the_nested_fields_they_name(tmp_path: Path) -> None:
    spec = {
        "name": "convert_time",
        "inputSchema": {
            "type": "object",
            "properties": {"source_timezone": {"type": "string"}, "target_timezone": {"type": "string"}},
        },
        "outputSchema": {
            "type": "object",
            "properties": {
                "source": {"type": "object", "properties": {"timezone": {"type": "string"}}},
                "target": {"type": "object", "properties": {"timezone": {"type": "string"}}},
            },
        },
    }
    (tmp_path / "time.yaml").write_text(yaml.safe_dump({"tools": [spec]}))
    (tmp_path / "exp.yaml").write_text(yaml.safe_dump({"name": "t", "tools": ["time.yaml"]}))
    loaded = load_experiment(tmp_path / "exp.yaml")
    path = CallPath(
        loaded.experiment,
        build_catalog(loaded, {}),
        {},
        SchemaWorldModel(),
        MemoryStore(),
        NoPerturbations(),
        router.Routing("sim"),
    )
    result = await path.call("s", "convert_time", {"source_timezone": "Asia/Kolkata", "target_timezone": "UTC"})
    assert result.structured_content == {"source": {"timezone": "Asia/Kolkata"}, "target": {"timezone": "UTC"}}
    refused = await path.call("s", "convert_time", {"source_timezone": "Mars/Base", "target_timezone": "UTC"})
    assert refused.is_error
