"""Arguments checked by what their names say they are, where a tool list alone says no more than "string".

A real time server refuses ``Mars/Olympus_Mons``; a simulator that accepts it teaches an agent that any
zone works. Only meanings with an authoritative definition are checked (IANA time zones, from the standard
library; arithmetic, by Python's own parser, whose value also becomes the answer's ``result``), so nothing
valid is ever refused.
"""

from __future__ import annotations

import ast
import math
import operator
import re
import zoneinfo
from functools import cache
from typing import Any

from mcp_sim.errors import InvalidArguments

_ZONE_ARGUMENT = re.compile(r"(^|_)(time_?zone|tz)$|TimeZone$|Timezone$", re.IGNORECASE)


@cache
def _zones() -> frozenset[str]:
    return frozenset(zoneinfo.available_timezones()) | {"UTC", "GMT"}


def check(tool: str, arguments: dict[str, Any]) -> None:
    """Raise ``InvalidArguments`` for an argument whose meaning rules its value out."""
    for name, value in arguments.items():
        if isinstance(value, str) and _ZONE_ARGUMENT.search(name) and value not in _zones():
            raise InvalidArguments(f"Error executing tool {tool}: Invalid timezone: {value!r} ({name})")


# An argument that is an arithmetic expression (``calculate(expression="17 * 23 - 5")``) is evaluated, as
# any calculator does: its value is the answer's result, and what no calculator accepts is refused.
_EXPRESSION_ARGUMENT = re.compile(r"^(expression|expr|formula|equation|math_expression)$", re.IGNORECASE)
_OPERATORS: dict[type, Any] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod, ast.Pow: operator.pow,
}  # fmt: skip
_SIGNS: dict[type, Any] = {ast.USub: operator.neg, ast.UAdd: operator.pos}
# What calculators accept beyond operators: the math module's functions and constants, which Python
# calculators expose by name (``sqrt(16)``); Python's builtins (``round``) are not arithmetic and stay unknown.
_FUNCTIONS: dict[str, Any] = {
    "sqrt": math.sqrt, "floor": math.floor, "ceil": math.ceil, "exp": math.exp, "log": math.log,
    "log10": math.log10, "log2": math.log2, "sin": math.sin, "cos": math.cos, "tan": math.tan, "asin": math.asin,
    "acos": math.acos, "atan": math.atan, "pow": math.pow, "factorial": math.factorial, "fabs": math.fabs,
}  # fmt: skip
_CONSTANTS: dict[str, float] = {"pi": math.pi, "e": math.e, "tau": math.tau}
MAX_FACTORIAL = 1_000
MAX_EXPRESSION_CHARS = 1_000
MAX_EXPONENT = 1_000  # 9 ** 9 ** 9 would hold the event loop for minutes


def derived(tool: str, arguments: dict[str, Any], schema: dict[str, Any] | None = None) -> dict[str, Any]:
    """Answer fields an argument's meaning determines (``result`` of an expression); raises
    ``InvalidArguments`` for an expression no calculator evaluates. A calculator requires its expression: an
    optional one (``evaluate(factor, expr="ts_mean(ret, 20)")``, ``add_column(formula)``) is a label or a
    formula in the tool's own language, not arithmetic to work out."""
    required = set((schema or {}).get("required") or []) if (schema or {}).get("properties") else None
    for name, value in arguments.items():
        if required is not None and name not in required:
            continue
        if isinstance(value, str) and _EXPRESSION_ARGUMENT.match(name):
            return {"result": _number(evaluate(tool, value))}
    return {}


def evaluate(tool: str, expression: str) -> float | int:
    if len(expression) > MAX_EXPRESSION_CHARS:
        raise InvalidArguments(f"Error executing tool {tool}: expression too long")
    try:
        tree = ast.parse(expression.strip(), mode="eval")
    except SyntaxError:
        raise InvalidArguments(f"Error executing tool {tool}: invalid syntax") from None
    try:
        return _value(tree.body, tool)
    except ZeroDivisionError:
        raise InvalidArguments(f"Error executing tool {tool}: division by zero") from None
    except (OverflowError, ValueError) as exc:
        raise InvalidArguments(f"Error executing tool {tool}: {exc}") from None


def _value(node: ast.AST, tool: str) -> float | int:
    if isinstance(node, ast.Constant) and isinstance(node.value, int | float) and not isinstance(node.value, bool):
        return node.value
    if isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS:
        left, right = _value(node.left, tool), _value(node.right, tool)
        if isinstance(node.op, ast.Pow) and abs(right) > MAX_EXPONENT:
            raise InvalidArguments(f"Error executing tool {tool}: exponent too large")
        result: float | int = _OPERATORS[type(node.op)](left, right)
        return result
    if isinstance(node, ast.UnaryOp) and type(node.op) in _SIGNS:
        signed: float | int = _SIGNS[type(node.op)](_value(node.operand, tool))
        return signed
    if isinstance(node, ast.Name) and node.id in _CONSTANTS:
        return _CONSTANTS[node.id]
    if isinstance(node, ast.Name):
        raise InvalidArguments(f"Error executing tool {tool}: Unknown identifier: {node.id}")
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _FUNCTIONS:
        if node.keywords:
            raise InvalidArguments(f"Error executing tool {tool}: Unsupported operation: keyword arguments")
        operands = [_value(arg, tool) for arg in node.args]
        if node.func.id == "factorial" and operands and abs(operands[0]) > MAX_FACTORIAL:
            raise InvalidArguments(f"Error executing tool {tool}: factorial argument too large")
        try:
            called: float | int = _FUNCTIONS[node.func.id](*operands)
        except TypeError as exc:
            raise InvalidArguments(f"Error executing tool {tool}: {exc}") from None
        return called
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        raise InvalidArguments(f"Error executing tool {tool}: Unknown identifier: {node.func.id}")
    raise InvalidArguments(f"Error executing tool {tool}: Unsupported operation: {type(node).__name__}")


def _number(value: float | int) -> float | int:
    """``4.0`` as ``4``, as calculators print it."""
    return int(value) if isinstance(value, float) and value.is_integer() and abs(value) < 2**53 else value
