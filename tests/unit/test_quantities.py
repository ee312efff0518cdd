"""An amount of goods or money given as nothing, or less, is refused (quantities.py)."""

from __future__ import annotations

import pytest

from mcp_sim.config import ToolSpec
from mcp_sim.errors import InvalidArguments
from mcp_sim.simulation.builtin import quantities
from tests.unit.test_recall import path_of, text

NUMBER = {"type": "number"}


@pytest.mark.parametrize(
    "arguments",
    [{"qty": 0}, {"quantity": -2}, {"amount": 0}, {"unit_price": -1.5}, {"unitPrice": 0}, {"refund_amount": 0},
     {"balance": -5}, {"order_total": -0.01}],
)  # fmt: skip
def test_nothing_or_less_of_goods_or_money_is_refused(arguments: dict[str, float]) -> None:
    with pytest.raises(InvalidArguments, match=next(iter(arguments))):
        quantities.check("t", {"type": "object", "properties": {k: NUMBER for k in arguments}}, arguments)


@pytest.mark.parametrize(
    "arguments",
    [{"qty": 1}, {"amount": 0.01}, {"balance": 0}, {"total": 0}, {"limit": 0}, {"hp_change": -9}, {"offset": 0},
     {"delta_amount": True}],
)  # fmt: skip
def test_some_of_it_a_zero_total_and_other_numbers_pass(arguments: dict[str, float]) -> None:
    quantities.check("t", {"type": "object", "properties": {k: NUMBER for k in arguments}}, arguments)


def test_a_schema_bound_or_a_described_negative_says_what_the_tool_takes() -> None:
    own = {"type": "object", "properties": {"amount": {"type": "number", "minimum": -100}}}
    quantities.check("t", own, {"amount": -5})
    said = {"type": "object", "properties": {"amount": {"type": "number", "description": "negative for a refund"}}}
    quantities.check("t", said, {"amount": -5})


async def test_a_cart_refuses_a_line_of_nothing() -> None:
    cart = {"type": "object", "properties": {"cart_id": {"type": "string"}, "qty": {"type": "integer"}}}
    path = path_of(ToolSpec(name="add_to_cart", input_schema=cart))
    refused = await path.call("s", "add_to_cart", {"cart_id": "cart-1", "qty": 0})
    assert refused.is_error and "qty must be greater than 0" in text(refused)
    assert not (await path.call("s", "add_to_cart", {"cart_id": "cart-1", "qty": 2})).is_error
