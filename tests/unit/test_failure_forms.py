"""Simulated failures take the form their server was seen failing in (``simulation/failure_forms.py``)."""

from __future__ import annotations

import json
from typing import Any

import anyio
from mcp.types import CallToolResult, TextContent

from mcp_sim.config import Example, ToolSpec
from mcp_sim.reporting.fidelity.measures import RecordedCall
from mcp_sim.reporting.fidelity.replay import ServerSessions, replay
from mcp_sim.simulation.failure_forms import message_of, restyled
from mcp_sim.simulation.learned import failure_kind


def json_answer(body: Any, is_error: bool = False) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": json.dumps(body)}], "isError": is_error}


def text_answer(text: str, is_error: bool = True) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": text}], "isError": is_error}


def spec(name: str, *examples: Example) -> ToolSpec:
    schema = {"type": "object", "properties": {"name": {"type": "string"}}}
    return ToolSpec.model_validate({"name": name, "inputSchema": schema, "examples": list(examples)})


def text(result: CallToolResult) -> str:
    return "".join(b.text for b in result.content if isinstance(b, TextContent))


def plain_failure(message: str) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=message)], is_error=True)


MISSING = Example(
    arguments={"name": "ghost"}, result=json_answer({"success": False, "error": "Item 'ghost' not found"})
)


def test_a_text_failure_is_said_in_the_json_envelope_the_server_failed_in() -> None:
    read, archive = spec("read_item", MISSING), spec("archive_item")
    answer = restyled(archive, [read, archive], {"name": "old"}, plain_failure("Item 'old' not found"))
    assert answer is not None and not answer.is_error
    body = json.loads(text(answer))
    assert body["success"] is False and "old" in body["error"]  # the rule's message, in the learned envelope


def test_a_json_failure_is_said_as_text_led_the_way_the_server_leads_its_failures() -> None:
    learned = Example(
        arguments={"name": "x"}, result=text_answer("Error calling tool 'read_item': Item x is out of range")
    )
    read, archive = spec("read_item", learned), spec("archive_item")
    simulated = CallToolResult(content=[TextContent(type="text", text=json.dumps({"error": "Item y is gone"}))])
    answer = restyled(archive, [read, archive], {"name": "y"}, simulated)
    assert answer is not None and answer.is_error
    assert text(answer) == "Error calling tool 'archive_item': Item y is gone"  # this tool's name, not read_item's


def test_a_failure_already_in_the_learned_form_and_a_success_are_left_alone() -> None:
    read = spec("read_item", MISSING)
    same = CallToolResult(
        content=[TextContent(type="text", text=json.dumps({"success": False, "error": "Item 'b' not found"}))]
    )
    assert restyled(read, [read], {"name": "b"}, same) is None
    success = CallToolResult(content=[TextContent(type="text", text="Archived b")])
    assert restyled(read, [read], {"name": "b"}, success) is None


def test_nothing_learned_leaves_every_failure_in_its_own_form() -> None:
    bare = spec("read_item")
    assert restyled(bare, [bare], {"name": "b"}, plain_failure("Item 'b' not found")) is None


def test_refused_arguments_keep_their_form_until_the_server_was_seen_refusing_some() -> None:
    read, archive = spec("read_item", MISSING), spec("archive_item")
    refusal = plain_failure("Invalid argument 'name' for tool 'archive_item': 3 is not of type 'string'")
    assert restyled(archive, [read, archive], {"name": 3}, refusal) is None  # frameworks refuse in their own words
    refused = Example(arguments={"name": ""}, result=json_answer({"success": False, "error": "Invalid name: ''"}))
    picky = spec("read_item", MISSING, refused)
    answer = restyled(archive, [picky, archive], {"name": 3}, refusal)
    assert answer is not None and json.loads(text(answer))["success"] is False


def test_a_refusal_of_the_tools_own_code_takes_the_servers_form_before_any_refused_argument_was_seen() -> None:
    # a date the tool's code cannot read is its logic failing, not the framework checking the inputSchema: a
    # server whose failures read {"success": false, "error": ...} says it that way too
    read, archive = spec("read_item", MISSING), spec("archive_item")
    refusal = plain_failure("Error executing tool archive_item: Invalid isoformat string: 'next friday'")
    answer = restyled(archive, [read, archive], {"name": "next friday"}, refusal)
    assert answer is not None and not answer.is_error
    assert json.loads(text(answer)) == {"success": False, "error": "Invalid isoformat string: 'next friday'"}


def test_a_failure_says_its_error_field_else_its_text() -> None:
    assert message_of(CallToolResult(content=[TextContent(type="text", text='{"error": "gone", "code": 4}')])) == "gone"
    assert message_of(plain_failure("Folder 'x' not found")) == "Folder 'x' not found"


def test_a_missing_argument_is_an_invalid_call_and_a_missing_thing_is_not_found() -> None:
    assert failure_kind("Error during execution: cat() missing 1 required positional argument: 'f'") == "invalid"
    assert failure_kind("Missing parameter: content") == "invalid"
    assert failure_kind("The file is missing") == "not_found"


def recorded(session: str, index: int, tool: str, arguments: dict[str, Any], result: dict[str, Any]) -> RecordedCall:
    return RecordedCall("files", session, index, tool, arguments, result, None)


def test_replayed_a_tool_never_seen_failing_fails_in_its_servers_form() -> None:
    schema = {"type": "object", "properties": {"folder": {"type": "string"}}, "required": ["folder"]}
    cd = ToolSpec.model_validate({"name": "cd", "inputSchema": schema})
    ls = ToolSpec.model_validate({"name": "ls", "inputSchema": schema})
    taught = [
        recorded("s1", 1, "cd", {"folder": "docs"}, json_answer({"current_working_directory": "docs"})),
        recorded("s1", 2, "ls", {"folder": "nope"}, json_answer({"error": "ls: 'nope': No such file or directory"})),
        recorded("s1", 3, "ls", {}, text_answer("Error during execution: ls() missing 1 required positional argument")),
    ]  # the refusal of a call without its argument is no form of "not found": cd's not-found is the JSON one
    scored = [recorded("s2", 1, "cd", {"folder": "nope"}, json_answer({"error": "cd: 'nope': No such directory"}))]
    scores = anyio.run(replay, ServerSessions("files", [cd, ls], {"s1": taught, "s2": scored}), "learn")
    assert scores[-1].tool == "cd" and scores[-1].is_error_agreement and scores[-1].structural_match
