"""Strings for a schema's ``pattern`` (patterns.py) and values.py using them."""

from __future__ import annotations

import random
import re

import pytest

from mcp_sim.simulation.builtin.patterns import matching
from mcp_sim.simulation.builtin.values import ValueMaker


@pytest.mark.parametrize(
    "pattern",
    [
        r"^[a-f0-9]{64}$",
        r"^[A-Z]{3}-\d{4}$",
        r"^v\d+\.\d+\.\d+$",
        r"^[a-z][a-z0-9_]{2,8}$",
        r"^SKU-[0-9A-F]+$",
        "ab?c*",
    ],
)
def test_simple_patterns_are_generated(pattern: str) -> None:
    for seed in range(20):
        value = matching(pattern, random.Random(seed))
        assert value is not None and re.search(pattern, value), (pattern, value)


@pytest.mark.parametrize("pattern", [r"^(a|b)$", r"^[^x]+$", r"^\S+@\S+$", r"^(?:[01]\d|2[0-3]):[0-5]\d$"])
def test_groups_alternation_and_negated_classes_are_generated_too(pattern: str) -> None:
    for seed in range(20):
        value = matching(pattern, random.Random(seed))
        assert value is not None and re.search(pattern, value), (pattern, value)


@pytest.mark.parametrize("pattern", ["(", r"^x{2,1}$", r"^(?=a)b$"])
def test_patterns_it_cannot_generate_give_none(pattern: str) -> None:
    assert matching(pattern, random.Random(0)) is None


def test_a_value_that_matches_already_is_kept() -> None:
    assert matching(r"^\d{4}-\d{2}-\d{2}$", random.Random(0), "2026-01-20") == "2026-01-20"


def test_drawn_values_follow_the_pattern_and_repeat_with_the_seed() -> None:
    schema = {"type": "object", "properties": {"etag": {"type": "string", "pattern": "^[a-f0-9]{64}$"}}}
    first = ValueMaker(schema, random.Random(0), seed=7).make(schema)
    assert re.fullmatch("[a-f0-9]{64}", first["etag"])
    assert ValueMaker(schema, random.Random(0), seed=7).make(schema) == first
    assert ValueMaker(schema, random.Random(0), seed=8).make(schema) != first
