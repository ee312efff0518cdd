"""The numbers a JSON Schema allows: ``minimum``/``maximum``, their exclusive forms and ``multipleOf``.

pydantic writes ``gt``/``lt`` as ``exclusiveMinimum``/``exclusiveMaximum`` and ``multiple_of`` as ``multipleOf``;
zod's ``.positive()`` writes ``exclusiveMinimum: 0`` (draft 2020-12) or, aimed at draft 4, ``minimum: 0`` with
``exclusiveMinimum: true``. A generated value that ignores them breaks the schema its own tool declares.
"""

from __future__ import annotations

import math
from typing import Any

STEP = 0.01  # generated numbers have two decimals (values.py): an exclusive bound is passed by one step


def has_floor(schema: dict[str, Any]) -> bool:
    return _bounds(schema)[0] is not None


def has_ceiling(schema: dict[str, Any]) -> bool:
    return _bounds(schema)[1] is not None


def lowest_integer(schema: dict[str, Any], default: int) -> int:
    """The smallest integer the schema allows, or ``default`` when it sets no lower bound."""
    return integer_range(schema, -(2**62), 2**62)[0] if has_floor(schema) else default


def lowest_number(schema: dict[str, Any], default: float) -> float:
    """The smallest number (to a ``STEP``) the schema allows, or ``default`` when it sets no lower bound."""
    return number_range(schema, -1e18, 1e18)[0] if has_floor(schema) else default


def integer_range(schema: dict[str, Any], low: int, high: int) -> tuple[int, int]:
    """``(low, high)``, the defaults narrowed to the integers the schema's bounds allow (never an empty range
    unless the bounds are)."""
    floor, ceiling = _bounds(schema)
    span = high - low
    if floor is not None:
        low = max(low, math.floor(floor[0]) + 1 if floor[1] else math.ceil(floor[0]))
    if ceiling is not None:
        high = min(high, math.ceil(ceiling[0]) - 1 if ceiling[1] else math.floor(ceiling[0]))
        if floor is None and high < low:  # zod's ``negative()``: below the ceiling, as far as the default reached
            low = high - span
    return low, max(low, high)


def number_range(schema: dict[str, Any], low: float, high: float) -> tuple[float, float]:
    """As ``integer_range`` for numbers: an exclusive bound is passed by one ``STEP``."""
    floor, ceiling = _bounds(schema)
    span = high - low
    if floor is not None:
        low = max(low, floor[0] + STEP if floor[1] else floor[0])
    if ceiling is not None:
        high = min(high, ceiling[0] - STEP if ceiling[1] else ceiling[0])
        if floor is None and high < low:  # ``lt=0``, ``negative()``: below the ceiling, as far as the default reached
            low = high - span
    if floor is not None and ceiling is not None and floor[1] and ceiling[1] and low > high:
        middle = (floor[0] + ceiling[0]) / 2  # ``gt=0, lt=0.01``: narrower than a step
        return middle, middle
    return low, max(low, high)


def stepped(value: float, schema: dict[str, Any], low: float, high: float) -> float:
    """``value`` moved onto the schema's ``multipleOf`` grid, within ``[low, high]`` when a multiple lies there."""
    step = schema.get("multipleOf")
    if not isinstance(step, int | float) or isinstance(step, bool) or step <= 0:
        return value
    first, last = math.ceil(low / step - 1e-9), math.floor(high / step + 1e-9)
    count = min(max(round(value / step), first), max(first, last))
    snapped = count * step
    return int(snapped) if isinstance(step, int) else float(f"{snapped:.10g}")


def _bounds(schema: dict[str, Any]) -> tuple[tuple[float, bool] | None, tuple[float, bool] | None]:
    """((floor, exclusive), (ceiling, exclusive)), each None when the schema sets none."""
    return _bound(schema, "minimum", "exclusiveMinimum", max), _bound(schema, "maximum", "exclusiveMaximum", min)


def _bound(schema: dict[str, Any], inclusive: str, exclusive: str, tighter: Any) -> tuple[float, bool] | None:
    value, flag = schema.get(inclusive), schema.get(exclusive)
    bound = float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None
    if flag is True and bound is not None:  # draft 4: the bound itself is left out
        return bound, True
    found: list[tuple[float, bool]] = [(bound, False)] if bound is not None else []
    if isinstance(flag, int | float) and not isinstance(flag, bool):
        found.append((float(flag), True))
    if not found:
        return None
    best = tighter(v for v, _ in found)
    return best, any(v == best and e for v, e in found)
