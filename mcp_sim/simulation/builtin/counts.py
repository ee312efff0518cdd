"""A write answered in prose says how many things it changed.

Servers without an outputSchema confirm a write with its count: ``[{'affected_rows': 1}]``, ``{"rowsAffected":
1}``, ``Successfully deleted 2 keys``. An answer that only echoes the statement leaves the agent no way to tell
a write that hit one row from one that hit none, and drops the number every such server shows. The count is
read from the call alone, only where its form fixes it:

* an SQL ``INSERT ... VALUES`` writes one row per tuple;
* an SQL ``UPDATE`` / ``DELETE`` whose ``WHERE`` is one equality (``id = 5``, ``sku = 'HS-330'``) names one row
  by its key: one row;
* a record tool whose conditions name an id (``{"id": 4}``) changes that one record;
* a delete / remove of a list of names (``key: ["a", "b"]``) removes each of them.

Anything else (a range condition, ``INSERT ... SELECT``, a table definition) says nothing: no count is guessed.
"""

from __future__ import annotations

import re
from typing import Any

from mcp_sim.config import ToolSpec
from mcp_sim.simulation.builtin import sql

AFFECTED = "affected_rows"  # the field the count is shown in (its words say what the number is)
_INSERT = re.compile(r"^\s*insert\s+(?:or\s+\w+\s+)?into\s+[^(]+?(?:\([^)]*\))?\s*values\s*(.*)$", re.I | re.S)
_KEYED = re.compile(r"^\s*(update|delete)\b.*?\bwhere\s+[`\"\[]?\w+[`\"\]]?\s*=\s*('(?:[^']|'')*'|-?\d+)\s*;?\s*$",
                    re.I | re.S)  # fmt: skip
_CONDITION_KEYS = frozenset({"conditions", "condition", "where", "filter", "filters", "criteria", "match"})
_REMOVES = frozenset({"delete", "del", "remove", "unlink", "drop", "purge"})
_WORDS = re.compile(r"[^a-z0-9]+")


def affected(spec: ToolSpec, arguments: dict[str, Any]) -> dict[str, int]:
    """``{"affected_rows": n}`` when the call's form fixes how many it changed and the tool answers in prose."""
    if spec.output_schema is not None:  # a schema says what the answer holds; a count is not added to it
        return {}
    statement = sql.statement_in(arguments)
    count = _in_statement(statement) if statement is not None else _by_arguments(spec.name, arguments)
    return {} if count is None else {AFFECTED: count}


def _in_statement(statement: str) -> int | None:
    if (insert := _INSERT.match(statement)) is not None:
        return _tuples(insert.group(1))
    return 1 if _KEYED.match(statement) else None


def _tuples(values: str) -> int | None:
    """The number of top-level ``(...)`` groups (quotes respected); None when the text is not only tuples."""
    depth, count, quoted = 0, 0, False
    for char in values:
        if char == "'":
            quoted = not quoted
        elif quoted:
            continue
        elif char == "(":
            count += depth == 0
            depth += 1
        elif char == ")":
            depth -= 1
        elif depth == 0 and not (char.isspace() or char in ",;"):
            return None if count == 0 else count  # RETURNING ... after the tuples: they are counted
    return count or None


def _by_arguments(tool: str, arguments: dict[str, Any]) -> int | None:
    for key, value in arguments.items():
        if key.lower() in _CONDITION_KEYS and isinstance(value, dict) and len(value) == 1:
            (name,) = value
            if _is_id(str(name)) and isinstance(value[name], str | int):
                return 1
    words = set(_WORDS.split(re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", tool).lower()))
    if words & _REMOVES:
        lists = [v for v in arguments.values() if isinstance(v, list) and v and all(isinstance(i, str) for i in v)]
        if len(lists) == 1:
            return len(set(lists[0]))
    return None


def _is_id(name: str) -> bool:
    lowered = name.lower()
    return lowered in ("id", "uuid", "key") or lowered.endswith(("_id", "id"))
