"""A batch create answering no item made none: the ledger keeps the records it had (``ledger/effects.py``)."""

from __future__ import annotations

import json
from typing import Any

from mcp.types import CallToolResult, TextContent

from mcp_sim.config import ToolSpec
from mcp_sim.ledger.effects import EntityTypes, effect_of, observed_effects

ITEM = {"type": "object", "properties": {"name": {"type": "string"}, "observations": {"type": "array"}}}
CREATE = ToolSpec.model_validate(
    {
        "name": "create_entities",
        "inputSchema": {"type": "object", "properties": {"entities": {"type": "array", "items": ITEM}}},
    }
)


def answer(body: Any) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=json.dumps(body))])


def test_an_empty_answer_creates_nothing_and_a_listed_item_is_created() -> None:
    assert effect_of(CREATE).id == "entities[].name"
    asked = {"entities": [{"name": "Router_R1", "observations": ["dup"]}]}
    types = EntityTypes([CREATE])
    assert observed_effects(CREATE, asked, answer([]), types) == []  # the name existed: nothing overwritten
    made = observed_effects(CREATE, asked, answer(asked["entities"]), types)
    assert [(e.op, e.id) for e in made if e.op == "create"] == [("create", "Router_R1")]
