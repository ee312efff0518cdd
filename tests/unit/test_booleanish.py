"""Booleans a schema also accepts as text (booleanish.py), on made-up tools."""

import pytest

from mcp_sim.errors import InvalidArguments
from mcp_sim.simulation.builtin import booleanish

SCHEMA = {
    "type": "object",
    "properties": {"more": {"type": ["boolean", "string"]}, "label": {"type": ["string", "number"]}},
}


def test_only_true_or_false_spelled_as_text_passes() -> None:
    booleanish.check("ponder", SCHEMA, {"more": "true"})
    booleanish.check("ponder", SCHEMA, {"more": "False"})
    booleanish.check("ponder", SCHEMA, {"more": True})
    booleanish.check("ponder", SCHEMA, {"label": "maybe"})  # a string among other types is a value of its own
    with pytest.raises(InvalidArguments, match="maybe"):
        booleanish.check("ponder", SCHEMA, {"more": "maybe"})
