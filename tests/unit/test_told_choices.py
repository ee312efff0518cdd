"""A value outside the list an observed failure gave for an argument fails in the server's words (told_choices.py)."""

from __future__ import annotations

import pytest

from mcp_sim.catalog.families import marked_lent
from mcp_sim.config import Example, ToolSpec
from mcp_sim.errors import InvalidArguments
from mcp_sim.simulation.builtin.told_choices import check, told

GRADE = {"type": "object", "properties": {"card_id": {"type": "integer"}, "rating": {"type": "string"}}}


def _failure(arguments: dict[str, object], text: str) -> Example:
    return Example(arguments=arguments, result={"content": [{"type": "text", "text": text}], "isError": True})


def _tool(*examples: Example) -> ToolSpec:
    return ToolSpec(name="grade_card", input_schema=GRADE, examples=list(examples))


@pytest.mark.parametrize(
    "text",
    [
        "Error calling tool 'grade_card': rating must be one of: again, hard, good, easy",
        "Input validation error: 'perfect' is not one of ['again', 'hard', 'good', 'easy']",
        "Invalid rating. Must be one of: {'again', 'hard', 'good', 'easy'}",
    ],
)
def test_the_list_a_failure_gave_closes_the_argument_it_named(text: str) -> None:
    spec = _tool(_failure({"card_id": 1, "rating": "perfect"}, text))
    assert told(spec)["rating"][0] == ("again", "hard", "good", "easy")
    check(spec, {"card_id": 2, "rating": "good"})
    with pytest.raises(InvalidArguments, match="again"):
        check(spec, {"card_id": 2, "rating": "meh"})


def test_a_list_naming_no_argument_of_the_call_or_holding_the_value_or_lent_closes_nothing() -> None:
    unrelated = _failure({"card_id": 1, "rating": "good"}, "pass at least one of: front, back, deck")
    holding = _failure({"card_id": 1, "rating": "good"}, "rating must be one of: again, hard, good, easy")
    lent = marked_lent(_failure({"card_id": 1, "rating": "perfect"}, "rating must be one of: again, hard"))
    succeeded = Example(arguments={"rating": "x"}, result={"content": [{"type": "text", "text": "one of: a, b, c"}]})
    assert told(_tool(unrelated, holding, lent, succeeded)) == {}
    check(_tool(unrelated, holding, lent, succeeded), {"card_id": 2, "rating": "meh"})
