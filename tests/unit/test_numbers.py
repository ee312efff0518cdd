"""config/numbers.py: booleans are no numbers, whichever model and field, also once a field's kind is cached."""

from __future__ import annotations

import pytest
from pydantic import BaseModel, ConfigDict, ValidationError

from mcp_sim.config.numbers import NoBooleanNumbers


class Timeouts(NoBooleanNumbers, BaseModel):
    model_config = ConfigDict(extra="forbid")
    limit: int | None = None
    retries: list[int] = []
    label: str | bool = "x"


class SameNamesOtherTypes(NoBooleanNumbers, BaseModel):
    model_config = ConfigDict(extra="forbid")
    limit: bool = False  # a boolean field of the same name: another class, another kind


def test_a_boolean_is_refused_for_a_number_on_every_construction() -> None:
    assert Timeouts(limit=3, retries=[1, 2]).limit == 3  # the field's kind is cached from here on
    for _ in range(2):
        with pytest.raises(ValidationError, match=r"limit\n  Value error, expected a number, not the boolean true"):
            Timeouts(limit=True)
        with pytest.raises(ValidationError, match="expected numbers, not booleans"):
            Timeouts(retries=[1, False])


def test_the_kind_is_per_model_class_and_non_number_fields_take_booleans() -> None:
    Timeouts(limit=1)
    assert SameNamesOtherTypes(limit=True).limit is True
    assert Timeouts(label=True).label is True
