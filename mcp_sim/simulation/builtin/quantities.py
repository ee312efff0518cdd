"""An amount of goods or money given as nothing, or less: ``add_to_cart(qty=0)``, ``create_charge(amount=0)``.

A schema that says ``quantity: integer`` lets 0 and -3 through; the server then refuses them (``qty must be >=
1``, ``parameter 'amount' must be >= 1.0``, ``Betrag muss groesser als 0 sein``). In the recorded sessions every
zero or negative quantity, amount or price was refused, and every negative total or balance; a ``limit`` of 0 was
as often taken as "no limit", so counts are left alone. So a quantity, amount or price (``qty``, ``unit_price``,
``refund_amount``) must be more than zero, and a total or balance may not be negative, unless the argument's
schema sets its own lower bound (it says what the tool takes) or its description allows a negative ("negative
for a refund").
"""

from __future__ import annotations

import re
from typing import Any

from mcp_sim.errors import InvalidArguments

_POSITIVE = re.compile(r"^(?:qty|quantity|amount|price|cost)$|_(?:qty|quantity|amount|price|cost)$", re.IGNORECASE)
_NOT_NEGATIVE = re.compile(r"^(?:total|balance)$|_(?:total|balance)$", re.IGNORECASE)
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")  # unitPrice is unit_price
_SAYS_NEGATIVE = re.compile(r"negative|minus|below zero|refund|credit", re.IGNORECASE)


def check(tool: str, input_schema: dict[str, Any], arguments: dict[str, Any]) -> None:
    """Raises the server's error for the first quantity, amount or price not above zero, or total below it."""
    properties = input_schema.get("properties") or {}
    for name, value in arguments.items():
        if not isinstance(value, int | float) or isinstance(value, bool) or value > 0:
            continue
        snake = _CAMEL.sub("_", name)
        positive, not_negative = _POSITIVE.search(snake), _NOT_NEGATIVE.search(snake)
        if not (positive or (not_negative and value < 0)) or _own_floor(properties.get(name)):
            continue
        bound = "greater than 0" if positive else "at least 0"
        raise InvalidArguments(f"Error executing tool {tool}: {name} must be {bound}, got {value}")


def _own_floor(prop: Any) -> bool:
    """Whether the argument's schema says how low it may go, or its description that it may be negative."""
    if not isinstance(prop, dict):
        return False
    bounded = any(key in prop for key in ("minimum", "exclusiveMinimum"))
    return bounded or bool(_SAYS_NEGATIVE.search(str(prop.get("description") or "")))
