"""A Python tool that returns an empty list answers with no content block (simulation/builtin/empty_returns.py)."""

from __future__ import annotations

from mcp.types import CallToolResult, TextContent

from mcp_sim.config import ToolSpec
from mcp_sim.simulation.builtin.empty_returns import as_returned

PYDANTIC = {"type": "object", "title": "list_jobsArguments", "properties": {"status": {"type": "string", "title": "S"}}}
HAND_WRITTEN = {"type": "object", "properties": {"status": {"type": "string"}}}


def said(text: str, error: bool = False) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=text)], isError=error)


def test_an_empty_list_or_null_from_a_python_tool_is_no_block() -> None:
    python = ToolSpec(name="list_jobs", input_schema=PYDANTIC)
    assert as_returned(python, said("[]")).content == []
    assert as_returned(python, said("null")).content == []
    fastmcp = ToolSpec.model_validate({"name": "list_jobs", "inputSchema": HAND_WRITTEN, "_meta": {"fastmcp": {}}})
    assert as_returned(fastmcp, said("[ ]")).content == []  # the fastmcp package strips titles, says its name


def test_other_answers_and_other_servers_keep_their_words() -> None:
    python = ToolSpec(name="list_jobs", input_schema=PYDANTIC)
    assert len(as_returned(python, said('[{"id": 1}]')).content) == 1
    assert len(as_returned(python, said("[]", error=True)).content) == 1  # a failure says why
    assert len(as_returned(ToolSpec(name="list_jobs", input_schema=HAND_WRITTEN), said("[]")).content) == 1
