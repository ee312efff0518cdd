"""``prompts.indented_json`` writes what ``json.dumps(..., ensure_ascii=False, sort_keys=True, indent=2)`` writes."""

from __future__ import annotations

import enum
import json
import math
from collections import OrderedDict
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mcp_sim.simulation.llm.prompts import action_text, indented_json


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, indent=2)


_SCALARS = st.none() | st.booleans() | st.integers() | st.floats() | st.text()
_VALUES = st.recursive(
    _SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4), max_leaves=30
)


@settings(max_examples=400, deadline=None)
@given(_VALUES)
def test_plain_values_are_written_as_json_dumps_writes_them(value: Any) -> None:
    assert indented_json(value) == _dumps(value)


class Colour(enum.IntEnum):
    RED = 1


class Text(str):
    pass


@pytest.mark.parametrize(
    "value",
    [
        {},
        [],
        {"a": {}, "b": [], "c": [{}], "é": 'ü\u2028\x00"\\', "n": [None, True, False, 0, -1, 1.5, 1e300, -0.0]},
        {"nan": math.nan, "inf": math.inf, "-inf": -math.inf},
        (1, 2),  # a tuple: json.dumps writes a list
        {"t": (1, [2])},
        {1: "int key", 2.5: "float key"},
        {True: 1, False: 2},
        {Text("k"): Text("v")},
        {"e": Colour.RED},
        OrderedDict([("b", 1), ("a", 2)]),
        {"deep": json.loads("[" * 200 + "]" * 200)},
    ],
)
def test_other_values_are_written_as_json_dumps_writes_them(value: Any) -> None:
    assert indented_json(value) == _dumps(value)


def test_what_json_dumps_refuses_is_refused_the_same_way() -> None:
    for value in ({1: "a", "b": 2}, {"s": {1, 2}}, {"o": object()}):
        with pytest.raises(TypeError) as expected:
            _dumps(value)
        with pytest.raises(TypeError) as got:
            indented_json(value)
        assert str(got.value) == str(expected.value)
    circular: list[Any] = []
    circular.append(circular)
    with pytest.raises(ValueError, match="Circular reference"):
        indented_json({"c": circular})


def test_an_action_is_the_indented_call() -> None:
    arguments = {"name": "widget 1", "tags": ["a", "b"], "n": 3}
    call = json.dumps({"name": "create_item", "arguments": arguments}, ensure_ascii=False, sort_keys=True, indent=2)
    assert action_text(4, "create_item", arguments) == f"### Turn 5\n**Action:**\n```json\n{call}\n```"
