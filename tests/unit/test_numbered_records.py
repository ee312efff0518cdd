"""Records a server numbers and names by that number (ledger/effects.py ``_id_argument``, builtin/simulator.py), and
a success flag said the way the server says it (simulation/flag_style.py): an architecture-decision server whose
tools take ``number`` and whose answers carry no ``success`` flag."""

from __future__ import annotations

import json
from typing import Any

from mcp.types import CallToolResult, TextContent

from mcp_sim.config import Example, ToolSpec
from mcp_sim.ledger.effects import EntityTypes, effect_of
from mcp_sim.simulation.flag_style import flag_in_style
from tests.unit.test_recall import path_of

OPEN: dict[str, Any] = {"type": "object", "additionalProperties": True}


def _schema(required: dict[str, str], **optional: str) -> dict[str, Any]:
    properties = {name: {"type": kind} for name, kind in {**required, **optional}.items()}
    return {"type": "object", "properties": properties, "required": list(required)}


def decisions() -> list[ToolSpec]:
    return [
        ToolSpec(name="create_adr", input_schema=_schema({"title": "string"}), output_schema=OPEN),
        ToolSpec(
            name="update_adr", input_schema=_schema({"number": "integer", "content": "string"}), output_schema=OPEN
        ),
        ToolSpec(name="delete_adr", input_schema=_schema({"number": "integer"}), output_schema=OPEN),
        # a count of something is no number naming a record: not required, or not an integer
        ToolSpec(name="get_thought", input_schema=_schema({"thought": "string"}, thought_number="integer")),
        ToolSpec(name="round_number", input_schema=_schema({"number": "number"})),
    ]


def test_a_required_integer_number_names_the_record() -> None:
    specs = decisions()
    EntityTypes(specs)
    assert effect_of(specs[1]).id == "number" and effect_of(specs[2]).id == "number"
    assert effect_of(specs[3]).id != "thought_number"
    issue = ToolSpec(name="get_issue", input_schema=_schema({"repo": "string", "issue_number": "integer"}))
    assert effect_of(issue).id == "issue_number"


async def test_a_created_record_answers_its_number_and_a_number_never_made_is_not_found() -> None:
    path = path_of(*decisions())
    made = await path.call("s", "create_adr", {"title": "Split the monolith"})
    assert made.structured_content is not None and made.structured_content["number"] == 1
    assert "id" not in made.structured_content  # the tools name it by its number
    updated = await path.call("s", "update_adr", {"number": 1, "content": "# ADR-0001"})
    assert not updated.is_error
    missing = await path.call("s", "update_adr", {"number": 42, "content": "# ADR-0042"})
    assert missing.is_error


def _observed(name: str, body: dict[str, Any]) -> ToolSpec:
    result = {"content": [{"type": "text", "text": json.dumps(body)}], "structuredContent": body}
    return ToolSpec(name=name, output_schema=OPEN, examples=[Example(arguments={}, result=result)])


def _answer(body: dict[str, Any]) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=json.dumps(body))], structured_content=body)


def test_a_server_whose_answers_carry_no_success_flag_gets_none() -> None:
    siblings = [_observed("adr_create", {"number": 1, "title": "A"}), _observed("adr_read", {"number": 1})]
    quiet = ToolSpec(name="adr_link", output_schema=OPEN)
    styled = flag_in_style(quiet, [*siblings, quiet], _answer({"success": True, "from_number": 2, "to_number": 1}))
    assert styled is not None and styled.structured_content == {"from_number": 2, "to_number": 1}
    assert json.loads(styled.content[0].text) == styled.structured_content  # type: ignore[union-attr]
    # a server whose answers say ``ok: true`` says it so
    flagged = [_observed("lease", {"ok": True, "id": 1}), _observed("renew", {"ok": True, "until": "12:00"})]
    styled = flag_in_style(quiet, [*flagged, quiet], _answer({"success": True, "id": 1}))
    assert styled is not None and styled.structured_content == {"ok": True, "id": 1}


def test_the_flag_stays_where_the_server_or_the_tool_shows_it() -> None:
    answer = _answer({"success": True, "id": 1})
    quiet = ToolSpec(name="adr_link", output_schema=OPEN)
    with_flag = [_observed("a", {"success": True, "id": 1}), _observed("b", {"id": 2})]
    assert flag_in_style(quiet, [*with_flag, quiet], answer) is None  # one observed answer carries it
    one = [_observed("a", {"id": 1})]
    assert flag_in_style(quiet, [*one, quiet], answer) is None  # one observed tool is no server's habit
    said = {"type": "object", "properties": {"success": {"type": "boolean"}, "id": {"type": "integer"}}}
    declared = ToolSpec(name="adr_link", output_schema=said)
    siblings = [_observed("a", {"id": 1}), _observed("b", {"id": 2})]
    assert flag_in_style(declared, [*siblings, declared], answer) is None  # its schema names the flag
    assert flag_in_style(siblings[0], siblings, answer) is None  # a tool observed answers as it was seen to
