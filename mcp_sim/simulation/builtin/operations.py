"""Tools named after an arithmetic operation compute it, as the real tool would.

``divide(a=10, b=0)`` fails ("Cannot divide by zero") on every real math tool; ``square_root(-4)`` and
``logarithm(0)`` fail; ``mean([])`` has no value. A simulator that answers them with an invented number
teaches an agent that impossible operations succeed. Only tools whose every number argument is a number
(or one list of numbers), and whose name is an operation word, are treated as operations: ``add_todo`` is no
addition. Where the operation is defined, its value becomes the answer's ``result``.
"""

from __future__ import annotations

import math
import re
import statistics
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from mcp_sim.errors import InvalidArguments

Numbers = list[float]
_OPERANDS = frozenset({"numbers", "number", "values", "value", "list", "of"})
_SETTINGS = frozenset({"precision", "decimals", "digits", "places", "round", "rounding"})  # not operands


def _divide(numbers: Numbers) -> float:
    if len(numbers) != 2:
        raise _Undefined("")
    if numbers[1] == 0:
        raise _Undefined("Cannot divide by zero")
    return numbers[0] / numbers[1]


def _root(numbers: Numbers) -> float:
    if numbers[0] < 0:
        raise _Undefined("Cannot calculate square root of a negative number")
    return math.sqrt(numbers[0])


def _log(numbers: Numbers) -> float:
    value, base = numbers[0], numbers[1] if len(numbers) > 1 else math.e
    if value <= 0 or base <= 0 or base == 1:
        raise _Undefined("Math domain error: logarithm of a non-positive number or base")
    return math.log(value, base)


def _nonempty(reduce: Callable[[Numbers], float]) -> Callable[[Numbers], float]:
    def apply(numbers: Numbers) -> float:
        if not numbers:
            raise _Undefined("Cannot compute on an empty list")
        return reduce(numbers)

    return apply


def _percentage(numbers: Numbers) -> float:
    if len(numbers) != 2:
        raise _Undefined("")
    if numbers[1] == 0:
        raise _Undefined("Whole cannot be zero")
    return numbers[0] / numbers[1] * 100


def _stdev(numbers: Numbers) -> float:
    if not numbers:
        raise _Undefined("Cannot compute on an empty list")
    return statistics.pstdev(numbers)


class _Undefined(Exception):
    """The operation has no value for these operands (an empty message: not this operation's shape)."""


_OPERATIONS: dict[str, Callable[[Numbers], float]] = {
    **dict.fromkeys(["divide", "division", "quotient"], _divide),
    **dict.fromkeys(["sqrt", "square_root", "squareroot"], _root),
    "logarithm": _log,
    **dict.fromkeys(["mean", "average", "avg"], _nonempty(statistics.fmean)),
    **dict.fromkeys(["minimum", "min_value"], _nonempty(min)),
    **dict.fromkeys(["maximum", "max_value"], _nonempty(max)),
    **dict.fromkeys(["standard_deviation", "stdev"], _stdev),
    "percentage": _percentage,
}


@lru_cache(maxsize=4096)  # per tool name: asked every call
def operation_of(tool: str) -> Callable[[Numbers], float] | None:
    """The operation a tool's name names (``divide``, ``calculate_mean``, ``square_root``), if any."""
    name = re.sub(r"([a-z])([A-Z])", r"\1_\2", tool).lower()
    if name in _OPERATIONS:
        return _OPERATIONS[name]
    words = [w for w in re.split(r"[^a-z]+", name) if w]
    while words and words[-1] in _OPERANDS:
        words.pop()  # divide_numbers, mean_of_values
    # The operation ends the name (calculate_mean, square_root): getMaximumSpeed reads a speed
    return _OPERATIONS.get("_".join(words[-2:])) or _OPERATIONS.get("_".join(words[-1:]))


def computed(tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """``{"result": value}`` for an operation tool, raising ``InvalidArguments`` where it is undefined;
    ``{}`` for any other tool."""
    operation = operation_of(tool)
    operands = _operands(arguments)
    if operation is None or operands is None:
        return {}
    try:
        value = operation(operands)
    except _Undefined as undefined:
        if not str(undefined):
            return {}
        raise InvalidArguments(f"Error executing tool {tool}: {undefined}") from None
    except (OverflowError, ValueError):
        return {}
    return {"result": int(value) if value.is_integer() and abs(value) < 2**53 else round(value, 10)}


def _operands(arguments: dict[str, Any]) -> Numbers | None:
    """The numbers an operation works on, in argument order; None when an argument is no number."""
    numbers: Numbers = []
    for name, value in arguments.items():
        if name.lower() in _SETTINGS:
            continue
        if isinstance(value, list) and all(_is_number(v) for v in value):
            numbers.extend(float(v) for v in value)
        elif _is_number(value):
            numbers.append(float(value))
        else:
            return None
    return numbers if arguments else None


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
