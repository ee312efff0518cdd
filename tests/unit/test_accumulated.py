"""Answer fields that sum up earlier calls of the tool (accumulated.py): values given so far, calls counted."""

from __future__ import annotations

from typing import Any

from mcp_sim.config import ToolSpec
from mcp_sim.ledger.entities import Ledger
from mcp_sim.simulation.builtin.accumulated import derived
from tests.unit.test_files import _specs
from tests.unit.test_recall import path_of


def _think(number: int, branch: str | None = None) -> dict[str, Any]:
    step: dict[str, Any] = {"thought": f"step {number}", "nextThoughtNeeded": True, "thoughtNumber": number,
                            "totalThoughts": 9}  # fmt: skip
    return {**step, "branchId": branch} if branch else step


async def test_a_list_named_as_an_arguments_plural_holds_its_values_and_a_length_counts_the_calls() -> None:
    path = path_of(*_specs("sequential_thinking"))
    answers = []
    for number, branch in [(1, None), (2, "redis"), (3, "cdn"), (4, "redis"), (5, None)]:
        result = await path.call("s", "sequentialthinking", _think(number, branch))
        assert not result.is_error
        answers.append(result.structured_content or {})
    assert [a["branches"] for a in answers] == [[], ["redis"], ["redis", "cdn"], ["redis", "cdn"], ["redis", "cdn"]]
    assert [a["thoughtHistoryLength"] for a in answers] == [1, 2, 3, 4, 5]
    other = await path.call("t", "sequentialthinking", _think(1, "x"))  # another session starts empty
    assert (other.structured_content or {})["branches"] == ["x"]
    assert (other.structured_content or {})["thoughtHistoryLength"] == 1


def test_fields_that_name_no_argument_are_left_to_the_general_answer() -> None:
    spec = ToolSpec(
        name="add_note",
        input_schema={"properties": {"text": {"type": "string"}, "label": {"type": "string"}}},
        output_schema={"type": "object", "properties": {
            "labels": {"type": "array", "items": {"type": "string"}},
            "tags": {"type": "array", "items": {"type": "string"}},
            "content_length": {"type": "integer"}, "size": {"type": "integer"}}},
    )  # fmt: skip
    fields, effects = derived(spec, {"text": "hi", "label": "work"}, Ledger())
    assert fields == {"labels": ["work"]} and len(effects) == 1
