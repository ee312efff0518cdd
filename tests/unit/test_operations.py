"""Tools named after an arithmetic operation compute it, and refuse what has no value."""

from __future__ import annotations

import pytest

from mcp_sim.errors import InvalidArguments
from mcp_sim.simulation.builtin.operations import computed, operation_of


def test_operation_tools_answer_the_value_and_refuse_undefined_operands() -> None:
    assert computed("divide", {"a": 10, "b": 4}) == {"result": 2.5}
    assert computed("calculate_mean", {"numbers": [1, 2, 3]}) == {"result": 2}
    assert computed("square_root", {"number": 16, "precision": 2}) == {"result": 4}
    assert computed("percentage", {"part": 1, "whole": 4}) == {"result": 25}
    for tool, arguments, said in [("divide", {"a": 10, "b": 0}, "Cannot divide by zero"),
                                  ("square_root", {"number": -4}, "negative number"),
                                  ("logarithm", {"value": 0, "base": 10}, "non-positive"),
                                  ("mean", {"numbers": []}, "empty list")]:  # fmt: skip
        with pytest.raises(InvalidArguments, match=said):
            computed(tool, arguments)


def test_tools_that_only_share_a_word_with_an_operation_are_not_operations() -> None:
    assert computed("add_todo", {"text": "x"}) == {}
    assert computed("divide", {"a": 1, "b": "two"}) == {}  # an operand that is no number: not this shape
    assert computed("git_log", {"max_count": 0}) == {}
    assert operation_of("getMaximumSpeed") is None
    assert operation_of("max_value") is not None
