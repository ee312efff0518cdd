"""A server seen to accept arguments its schema rules out is simulated accepting them too (catalog/laxity.py)."""

from __future__ import annotations

from typing import Any

import pytest

from mcp_sim.catalog.families import borrowed, is_lent
from mcp_sim.catalog.laxity import unenforced
from mcp_sim.config import Example, ToolSpec
from mcp_sim.errors import InvalidArguments
from tests.unit.test_recall import path_of, text

GROUP = {
    "type": "object",
    "properties": {"name": {"type": "string"}, "description": {"type": "string"}, "kind": {"enum": ["team", "guild"]}},
    "required": ["name", "description"],
}


def _answer(body: str, failed: bool = False) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": body}], "isError": failed}


def _tool(name: str, *examples: Example) -> ToolSpec:
    return ToolSpec(name=name, input_schema=GROUP, examples=list(examples))


def test_a_keyword_an_observed_success_broke_is_unenforced_and_no_other() -> None:
    lax = Example(arguments={"name": "backend"}, result=_answer('{"success": true, "group": {"name": "backend"}}'))
    refused = Example(arguments={"name": "ops", "description": "d", "kind": "club"}, result=_answer("bad kind", True))
    says_error = Example(arguments={"name": "x", "description": "d", "kind": "club"}, result=_answer("Error: kind"))
    assert unenforced([_tool("create_group", lax, refused, says_error)]) == {"required"}
    assert unenforced([_tool("create_group", refused, says_error)]) == frozenset()


def test_a_lent_example_is_no_evidence_of_what_the_server_accepts() -> None:
    own = Example(arguments={"name": "a", "description": "b"}, result=_answer('{"success": true}'))
    specs = borrowed([_tool("create_group", own), ToolSpec(name="create_guild", input_schema=GROUP)])
    lent = specs[1].examples
    assert lent and all(is_lent(e) for e in lent) and not is_lent(own)
    lent_broken = lent[0].model_copy(update={"arguments": {"name": "only"}})
    assert unenforced([specs[1].model_copy(update={"examples": [lent_broken]})]) == frozenset()


async def test_a_simulated_server_lets_through_what_its_real_one_was_seen_to() -> None:
    lax = Example(arguments={"name": "backend"}, result=_answer('{"success": true, "group": {"name": "backend"}}'))
    strict = path_of(ToolSpec(name="create_group", input_schema=GROUP), ToolSpec(name="list_groups"))
    with pytest.raises(InvalidArguments, match="'description' is a required property"):
        await strict.call("s", "create_group", {"name": "web"})
    seen = path_of(_tool("create_group", lax), ToolSpec(name="list_groups"))
    accepted = await seen.call("s", "create_group", {"name": "web"})
    assert not accepted.is_error, text(accepted)
    with pytest.raises(InvalidArguments, match="'club' is not one of"):  # an enum no observation broke: checked
        await seen.call("s", "create_group", {"name": "web", "description": "d", "kind": "club"})
