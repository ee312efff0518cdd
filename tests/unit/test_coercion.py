"""A tool whose schema pydantic wrote takes what pydantic's lax mode takes (catalog/coercion.py)."""

from __future__ import annotations

import pytest

from mcp_sim.catalog.coercion import accepts, written_by_pydantic
from mcp_sim.catalog.specs import Catalog, catalog_of
from mcp_sim.config import ToolSpec
from mcp_sim.errors import InvalidArguments

PYDANTIC = {
    "type": "object",
    "title": "list_issuesArguments",
    "properties": {
        "include_epics": {"type": "boolean", "title": "Include Epics", "default": False},
        "limit": {"anyOf": [{"type": "integer"}, {"type": "null"}], "title": "Limit", "default": None},
    },
}
ZOD = {
    "type": "object",
    "properties": {"include_epics": {"type": "boolean"}, "limit": {"type": "integer"}},
    "additionalProperties": False,
    "$schema": "http://json-schema.org/draft-07/schema#",
}


def test_pydantic_schemas_are_told_from_others() -> None:
    assert written_by_pydantic(PYDANTIC)
    assert written_by_pydantic({"type": "object", "properties": {"a": {"type": "string", "title": "A"}}})
    assert not written_by_pydantic(ZOD)


def test_pydantic_decides_what_text_becomes_a_flag_or_a_number() -> None:
    assert accepts("yes", "boolean") and accepts("0", "boolean") and accepts(1, "boolean")
    assert accepts("3", "integer") and accepts("2.5", "number") and accepts("3", ["integer", "null"])
    assert not accepts("maybe", "boolean") and not accepts("ten", "integer") and not accepts(2.5, "integer")


def entry(schema: dict[str, object]) -> Catalog:
    return catalog_of([ToolSpec(name="list_issues", input_schema=schema)], "test")


def test_a_python_tool_takes_yes_for_a_flag_and_three_for_a_count_and_others_refuse_them() -> None:
    python = entry(PYDANTIC).get("list_issues")
    assert python is not None
    python.check_arguments({"include_epics": "yes", "limit": "3"})  # FastMCP's pydantic turns them into values
    with pytest.raises(InvalidArguments, match="include_epics"):
        python.check_arguments({"include_epics": "maybe"})
    with pytest.raises(InvalidArguments, match="limit"):
        python.check_arguments({"limit": "ten"})
    typescript = entry(ZOD).get("list_issues")
    assert typescript is not None
    with pytest.raises(InvalidArguments, match="include_epics"):
        typescript.check_arguments({"include_epics": "yes"})  # zod refuses it
