"""An INSERT that repeats a key the session's own INSERTs put in a UNIQUE or PRIMARY KEY column fails.

``CREATE TABLE contacts (id INTEGER PRIMARY KEY AUTOINCREMENT, email TEXT UNIQUE)``, an INSERT of
``'ada@acme.test'``, then another INSERT of ``'ada@acme.test'``: the database answers "UNIQUE constraint
failed: contacts.email". Only tables the session created are known (rows from before the session may hold
anything), only literal values count, and whatever the rule cannot follow forgets rows rather than guess:
a DELETE or UPDATE whose WHERE it cannot read drops every row it may touch, ``INSERT OR REPLACE`` /
``ON CONFLICT`` / ``INSERT ... SELECT`` add nothing. So it never refuses an insert the database accepts
because of rows it imagined; it only misses some clashes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from mcp_sim.errors import InvalidArguments
from mcp_sim.simulation.builtin.sql import statement_in
from mcp_sim.state.base import Turn

_NAME = r"[`\"\[]?([A-Za-z_][A-Za-z0-9_]*)[`\"\]]?"
_CREATE = re.compile(rf"^\s*create\s+(?:temp(?:orary)?\s+)?table\s+(?:if\s+not\s+exists\s+)?{_NAME}\s*\(", re.I)
_INSERT = re.compile(rf"^\s*insert\s+into\s+{_NAME}\s*(\([^)]*\))?\s*values\s*", re.I)
_LENIENT = re.compile(r"^\s*(insert\s+or\s+\w+|replace)\b|\bon\s+conflict\b", re.I)
_DELETE = re.compile(rf"^\s*delete\s+from\s+{_NAME}\s*(?:where\s+(.*))?$", re.I | re.S)
_UPDATE = re.compile(rf"^\s*update\s+{_NAME}\s+set\s+(.*?)(?:\s+where\s+(.*))?$", re.I | re.S)
_DROP = re.compile(rf"^\s*(?:drop\s+table\s+(?:if\s+exists\s+)?|truncate\s+(?:table\s+)?){_NAME}", re.I)
_EQUALS = re.compile(rf"^\s*{_NAME}\s*=\s*('(?:[^']|'')*'|-?\d+(?:\.\d+)?)\s*;?\s*$", re.S)
_LITERAL = re.compile(r"\s*('(?:[^']|'')*'|-?\d+(?:\.\d+)?|null)\s*(?=,|$)", re.I)
_UNKNOWN = object()  # a value the rule could not read (an expression, a default, a sequence)


@dataclass
class _Table:
    columns: list[str]
    unique: list[str]  # columns whose values must differ (UNIQUE, PRIMARY KEY)
    counter: str | None  # an INTEGER PRIMARY KEY that numbers rows 1, 2, 3 when an INSERT leaves it out
    rows: list[dict[str, Any]] = field(default_factory=list)


def inserts(statement: str) -> bool:
    return bool(_INSERT.match(statement)) and not _LENIENT.search(statement)


def check(statement: str, earlier: list[Turn]) -> None:
    """Raise the database's constraint error when this INSERT repeats a key an earlier INSERT wrote."""
    tables: dict[str, _Table] = {}
    for turn in earlier:
        succeeded = turn.error is None and turn.result is not None and not turn.result.get("isError", False)
        if succeeded and (past := statement_in(turn.arguments)) is not None:
            _follow(past, tables)
    match = _INSERT.match(statement)
    table = tables.get(match.group(1).lower()) if match else None
    if match is None or table is None:
        return
    rows = _rows(match, statement, table)
    if rows is None:
        return
    seen = list(table.rows)
    for row in rows:
        for column in table.unique:
            value = row.get(column, _UNKNOWN)
            if value is _UNKNOWN or value is None:
                continue
            if any(other.get(column, _UNKNOWN) == value for other in seen):
                raise InvalidArguments(f"Database error: UNIQUE constraint failed: {match.group(1)}.{column}")
        seen.append(row)


def _follow(statement: str, tables: dict[str, _Table]) -> None:
    """Apply one earlier statement to the tables the session made."""
    if created := _CREATE.match(statement):
        body = _parenthesised(statement, created.end() - 1)
        if body is not None:
            tables[created.group(1).lower()] = _table(body)
        return
    if dropped := _DROP.match(statement):
        tables.pop(dropped.group(1).lower(), None)
        return
    if (inserted := _INSERT.match(statement)) and (table := tables.get(inserted.group(1).lower())):
        rows = _rows(inserted, statement, table) if not _LENIENT.search(statement) else None
        table.rows += rows or []
        return
    if (deleted := _DELETE.match(statement)) and (table := tables.get(deleted.group(1).lower())):
        table.rows = _kept(table.rows, deleted.group(2))
        return
    if (updated := _UPDATE.match(statement)) and (table := tables.get(updated.group(1).lower())):
        assigned = {a.split("=")[0].strip().strip('`"[]').lower() for a in _split(updated.group(2))}
        if assigned & set(table.unique):  # a key changed: forget the rows it may have changed
            table.rows = _kept(table.rows, updated.group(3))


def _table(body: str) -> _Table:
    columns, unique, counter = [], [], None
    for part in _split(body):
        words = part.split()
        upper = part.upper()
        if not words:
            continue
        if words[0].upper() in ("PRIMARY", "UNIQUE", "CONSTRAINT", "FOREIGN", "CHECK"):
            keys = re.search(r"(?:PRIMARY\s+KEY|UNIQUE)\s*\(([^)]*)\)", part, re.I)
            if keys and "," not in keys.group(1):
                unique.append(keys.group(1).strip().strip('`"[]').lower())
            continue
        name = words[0].strip('`"[]').lower()
        columns.append(name)
        if "PRIMARY KEY" in upper or re.search(r"\bUNIQUE\b", upper):
            unique.append(name)
        if "PRIMARY KEY" in upper and len(words) > 1 and words[1].upper() == "INTEGER" and "DEFAULT" not in upper:
            counter = name
    return _Table(columns, unique, counter)


def _rows(match: re.Match[str], statement: str, table: _Table) -> list[dict[str, Any]] | None:
    """The rows an INSERT ... VALUES writes, as column -> literal (None: the rule cannot read them)."""
    names = [c.strip().strip('`"[]').lower() for c in match.group(2)[1:-1].split(",")] if match.group(2) else None
    names = names or table.columns
    rows: list[dict[str, Any]] = []
    at = match.end()
    while at < len(statement) and statement[at] == "(":
        inside = _parenthesised(statement, at)
        if inside is None:
            return None
        values = [_literal(v) for v in _split(inside)]
        if len(values) != len(names):
            return None
        row = dict(zip(names, values, strict=True))
        if table.counter and table.counter not in row:  # the database numbers the row
            numbers = [r.get(table.counter) for r in [*table.rows, *rows]]
            row[table.counter] = max([0.0, *(n for n in numbers if isinstance(n, float))]) + 1
        rows.append(row)
        at += len(inside) + 2
        rest = statement[at:].lstrip()
        if not rest.startswith(","):
            break
        at = len(statement) - len(rest[1:].lstrip())
    return rows


def _kept(rows: list[dict[str, Any]], where: str | None) -> list[dict[str, Any]]:
    """The rows a DELETE (or a key-changing UPDATE) with this WHERE certainly leaves alone."""
    condition = _EQUALS.match(where or "")
    if condition is None:
        return []
    column, value = condition.group(1).lower(), _literal(condition.group(2))
    return [r for r in rows if r.get(column, _UNKNOWN) is not _UNKNOWN and r.get(column) != value]


def _literal(text: str) -> Any:
    match = _LITERAL.fullmatch(text.strip()) if text.strip() else None
    if match is None:
        return _UNKNOWN
    token = match.group(1)
    if token.lower() == "null":
        return None
    if token.startswith("'"):
        return token[1:-1].replace("''", "'")
    return float(token)


def _parenthesised(text: str, start: int) -> str | None:
    """The text inside the parentheses opening at ``start`` (quotes respected)."""
    depth, quoted = 0, False
    for i in range(start, len(text)):
        char = text[i]
        if char == "'":
            quoted = not quoted
        elif not quoted and char == "(":
            depth += 1
        elif not quoted and char == ")":
            depth -= 1
            if depth == 0:
                return text[start + 1 : i]
    return None


def _split(text: str) -> list[str]:
    """Comma-separated parts at the top level (not inside parentheses or quotes)."""
    parts: list[str] = []
    current: list[str] = []
    depth, quoted = 0, False
    for char in text:
        if char == "'":
            quoted = not quoted
        elif not quoted and char == "(":
            depth += 1
        elif not quoted and char == ")":
            depth -= 1
        if char == "," and depth == 0 and not quoted:
            parts.append("".join(current).strip())
            current = []
        else:
            current.append(char)
    parts.append("".join(current).strip())
    return [p for p in parts if p]
