"""Cells written by position and read back by range: spreadsheets, tables, any grid addressed in A1 notation.

A grid's state is positional: what a read shows depends on where earlier writes put their values, so neither
the entity ledger (records by id) nor recall (earlier arguments by shared terms) can answer it. The general
rule, from arguments alone:
- a **write** gives rows of values (an argument that is a list of lists of scalars) and a top-left cell (an
  argument whose value is ``B2``, or the start of ``B2:C3``); its values land in the cells from there;
- a **clear** (a tool named clear/erase/delete/remove with a range and no rows) empties the range's cells;
- a **read** (a tool whose name observes and whose outputSchema has a list-of-lists field) shows the cells of
  its range (``A1:E4``, ``B:B``, ``2:3``; none: the used range) as rows, trailing empty cells dropped, and names
  the range in its string field named ``range``. Formulas (``=SUM(B2:D2)``, ``=B2*2``) are computed unless the
  call asks for formulas (an argument whose value is ``formulas``).
The grid a call means is named by its other plain string arguments (a workbook path and a sheet: not the
range, not an enum such as a mode), so each sheet of each workbook is its own grid. Grids are kept in the
ledger (type ``$grid``). A row 0 is refused as A1 notation has none.
"""

from __future__ import annotations

import ast
import json
import operator
import re
from collections.abc import Callable
from typing import Any

from mcp_sim.config import ToolSpec
from mcp_sim.errors import InvalidArguments
from mcp_sim.ledger.entities import Effect, Ledger
from mcp_sim.simulation.builtin.recall import observes
from mcp_sim.simulation.builtin.tool_words import words_in

GRID = "$grid"  # id: the grid's name (its naming arguments as JSON); record: {"cells": {"B2": value}}
_CELL = re.compile(r"^\$?([A-Z]{1,3})\$?(\d+)$")
_RANGE = re.compile(r"^\$?([A-Z]{1,3})?\$?(\d+)?:\$?([A-Z]{1,3})?\$?(\d+)?$")
_PLACES = frozenset({"at", "cell", "range", "start", "anchor", "origin", "address", "ref", "position", "corner"})
_CLEARS = frozenset({"clear", "erase", "delete", "remove", "blank"})
_REF = re.compile(r"\$?\b([A-Z]{1,3})\$?(\d+)\b")
_AGGREGATE = re.compile(r"\b(SUM|AVERAGE|MIN|MAX|COUNT)\(\s*([A-Z]{1,3}\d+):([A-Z]{1,3}\d+)\s*\)", re.IGNORECASE)
Cell = tuple[int, int]  # (row, column), both from 1


def changes(spec: ToolSpec, arguments: dict[str, Any], ledger: Ledger) -> list[Effect]:
    """The grid a write or clear changes, as the ledger effect (none for any other call)."""
    rows = _rows(arguments)
    if rows is None and not words_in(spec.name) & _CLEARS:
        return []
    anchor = _anchor(spec, arguments)
    if anchor is None:
        return []
    name = _grid_name(spec, arguments)
    cells = dict((ledger.get(GRID, name) or {}).get("cells") or {})
    if rows is not None:
        top, left = _position(anchor[0])
        for r, line in enumerate(rows):
            for c, value in enumerate(line):
                cells[_a1(top + r, left + c)] = value
    elif words_in(spec.name) & _CLEARS and anchor[1] is not None:
        for row, column in _cells_in(anchor[1], cells):
            cells.pop(_a1(row, column), None)
    else:
        return []
    return [Effect("observe", GRID, name, {"cells": cells})]


def shown(spec: ToolSpec, arguments: dict[str, Any], ledger: Ledger) -> dict[str, Any]:
    """The answer fields of a read of a grid the session wrote: ``{"range": "A1:E4", "values": [[...]]}``; {}
    when the call is no such read or the session never wrote that grid."""
    outputs = (spec.output_schema or {}).get("properties") or {}
    table = next((k for k, s in outputs.items() if _is_table(s)), None)
    if table is None or _rows(arguments) is not None or not observes(spec.name):
        return {}
    held = ledger.get(GRID, _grid_name(spec, arguments))
    if held is None:
        return {}
    cells: dict[str, Any] = held.get("cells") or {}
    anchor = _anchor(spec, arguments)
    wanted = anchor[1] if anchor is not None and anchor[1] is not None else _used(cells)
    if wanted is None:
        return {table: []}
    formulas = any(v == "formulas" for v in arguments.values())
    (top, left), (bottom, right) = _bounds(wanted, cells)
    values = []
    for row in range(top, bottom + 1):
        line = [_value(cells.get(_a1(row, column)), cells, formulas) for column in range(left, right + 1)]
        while line and line[-1] is None:
            line.pop()
        values.append(line)
    found: dict[str, Any] = {table: values}
    if "range" in outputs:
        found["range"] = f"{_a1(top, left)}:{_a1(bottom, right)}" if ":" in wanted or anchor is None else wanted
    return found


# -- arguments -------------------------------------------------------------------------------------------------
def _rows(arguments: dict[str, Any]) -> list[list[Any]] | None:
    for value in arguments.values():
        if not isinstance(value, list) or not value or not all(isinstance(row, list) for row in value):
            continue
        if all(not isinstance(v, dict | list) for row in value for v in row):
            return list(value)
    return None


def _anchor(spec: ToolSpec, arguments: dict[str, Any]) -> tuple[str, str | None] | None:
    """The top-left cell and the range (None when the call names a single cell) the call's positional
    argument gives (``Q1`` may be a sheet's name: only an argument whose name or description says it places
    counts)."""
    key = _positional(spec, arguments)
    value = arguments.get(key) if key is not None else None
    if not isinstance(value, str):
        return None
    if _CELL.match(value):
        return value, None
    match = _RANGE.match(value)
    if match and (match.group(1) or match.group(2)):
        return f"{match.group(1) or 'A'}{match.group(2) or 1}", value
    return None


def _positional(spec: ToolSpec, arguments: dict[str, Any]) -> str | None:
    properties = spec.input_schema.get("properties") or {}
    for key in arguments:
        schema = properties.get(key) if isinstance(properties.get(key), dict) else {}
        said = f"{key} {schema.get('description', '')}" if isinstance(schema, dict) else key
        if words_in(key) & _PLACES or re.search(r"\b(cell|range)\b", str(said), re.IGNORECASE):
            return str(key)
    return None


def _grid_name(spec: ToolSpec, arguments: dict[str, Any]) -> str:
    properties = spec.input_schema.get("properties") or {}
    positional = _positional(spec, arguments)
    naming = {
        k: v
        for k, v in sorted(arguments.items())
        if isinstance(v, str)
        and k != positional
        and not (isinstance(properties.get(k), dict) and "enum" in properties[k])
        and len(v) <= 200
    }
    return json.dumps(naming, sort_keys=True, ensure_ascii=False)


def _is_table(schema: Any) -> bool:
    items = schema.get("items") if isinstance(schema, dict) and schema.get("type") == "array" else None
    return isinstance(items, dict) and items.get("type") == "array"


# -- A1 notation -----------------------------------------------------------------------------------------------
def _position(cell: str) -> Cell:
    match = _CELL.match(cell)
    if match is None:
        raise InvalidArguments(f"'{cell}' is not a cell reference")
    row = int(match.group(2))
    if row < 1:
        raise InvalidArguments(f"Row {row} is not valid; rows start at 1.")
    column = 0
    for letter in match.group(1).upper():
        column = column * 26 + ord(letter) - 64
    return row, column


def _a1(row: int, column: int) -> str:
    letters = ""
    while column:
        column, rest = divmod(column - 1, 26)
        letters = chr(65 + rest) + letters
    return f"{letters}{row}"


def used_range(cells: dict[str, Any]) -> str | None:
    """The range the cells that hold a value span (``A1:E4``), None for an empty grid."""
    return _used(cells)


def _used(cells: dict[str, Any]) -> str | None:
    held = [_position(c) for c, v in cells.items() if v is not None]
    if not held:
        return None
    rows, columns = [r for r, _ in held], [c for _, c in held]
    return f"{_a1(min(rows), min(columns))}:{_a1(max(rows), max(columns))}"


def _bounds(wanted: str, cells: dict[str, Any]) -> tuple[Cell, Cell]:
    """The corners of a range; a whole column (``B:B``) or row (``2:3``) spans the used cells."""
    if _CELL.match(wanted):
        corner = _position(wanted)
        return corner, corner
    match = _RANGE.match(wanted)
    used = _used(cells) or "A1:A1"
    (used_top, used_left), (used_bottom, used_right) = (_position(c) for c in used.split(":"))
    if match is None:
        return (used_top, used_left), (used_bottom, used_right)
    first, top, last, bottom = match.groups()
    left = _position(f"{first}1")[1] if first else 1
    right = _position(f"{last}1")[1] if last else used_right
    return (int(top) if top else 1, left), (int(bottom) if bottom else used_bottom, right)


def _cells_in(wanted: str, cells: dict[str, Any]) -> list[Cell]:
    (top, left), (bottom, right) = _bounds(wanted, cells)
    return [(r, c) for r in range(top, bottom + 1) for c in range(left, right + 1)]


# -- formulas --------------------------------------------------------------------------------------------------
def _value(value: Any, cells: dict[str, Any], formulas: bool, depth: int = 0) -> Any:
    """A cell as a read shows it: a formula computed (its text when asked for formulas or when it is beyond
    the arithmetic and aggregates this knows)."""
    if formulas or not isinstance(value, str) or not value.startswith("=") or depth > 8:
        return value

    def number(cell: str) -> float:
        found = _value(cells.get(cell.replace("$", "")), cells, False, depth + 1)
        return float(found) if isinstance(found, int | float) and not isinstance(found, bool) else 0.0

    def aggregate(match: re.Match[str]) -> str:
        (top, left), (bottom, right) = _position(match.group(2).upper()), _position(match.group(3).upper())
        found = [number(_a1(r, c)) for r in range(top, bottom + 1) for c in range(left, right + 1)]
        how: dict[str, Callable[[list[float]], float]] = {
            "SUM": sum, "MIN": min, "MAX": max, "COUNT": len, "AVERAGE": lambda xs: sum(xs) / len(xs)}  # fmt: skip
        return repr(how[match.group(1).upper()](found) if found else 0.0)

    expression = _REF.sub(lambda m: repr(number(m.group(0))), _AGGREGATE.sub(aggregate, value[1:]))
    try:
        result = _arithmetic(ast.parse(expression, mode="eval").body)
    except (ValueError, SyntaxError, ZeroDivisionError, KeyError):
        return value
    return int(result) if result.is_integer() else result


_OPERATORS: dict[type[ast.AST], Callable[[float, float], float]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv}  # fmt: skip


def _arithmetic(node: ast.AST) -> float:
    if isinstance(node, ast.Constant) and isinstance(node.value, int | float):
        return float(node.value)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -_arithmetic(node.operand)
    if isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS:
        return _OPERATORS[type(node.op)](_arithmetic(node.left), _arithmetic(node.right))
    raise ValueError("not arithmetic")
