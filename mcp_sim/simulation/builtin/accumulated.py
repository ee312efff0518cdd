"""Answer fields that sum up what earlier calls of the same tool gave: lists of the values seen, counts of calls.

A tool that records (a scratchpad, a log, a journal) answers with what it holds so far, not with this call
alone: ``branches`` lists every ``branchId`` given, once each, in the order first given; ``thoughtHistoryLength``
counts the calls that gave a ``thought``. Both are read off the outputSchema and the inputSchema, never off a
tool's name:
- a list-of-strings (or numbers) answer field named as the plural of an argument, that argument stripped of an
  ``Id``/``_id``/``Name``/``_name`` ending (``branches`` <- ``branchId``, ``tags`` <- ``tag``), holds the
  distinct values of that argument given so far;
- a number answer field whose name starts with an argument's name and ends in ``Length``/``Count``
  (``thoughtHistoryLength`` <- ``thought``) counts the calls that gave that argument.
What the tool holds is kept in the ledger (type ``$history``, one record per tool), so it survives the
session store and is never read back as an entity.
"""

from __future__ import annotations

import re
from typing import Any

from mcp_sim.config import ToolSpec
from mcp_sim.ledger.effects import plural
from mcp_sim.ledger.entities import Effect, Ledger

HISTORY = "$history"  # id: the tool's name; record: argument -> its distinct values, "#argument" -> calls
_REFERENCE_ENDING = re.compile(r"(_id|Id|_name|Name|_key|Key)$")
_COUNT_ENDINGS = ("length", "count")


def derived(spec: ToolSpec, arguments: dict[str, Any], ledger: Ledger) -> tuple[dict[str, Any], list[Effect]]:
    """The answer fields this call's history fixes, and the ledger change that records the call."""
    outputs = (spec.output_schema or {}).get("properties") or {}
    inputs = (spec.input_schema.get("properties") or {}) if isinstance(spec.input_schema, dict) else {}
    if not outputs or not inputs:
        return {}, []
    held = ledger.get(HISTORY, spec.name) or {}
    record: dict[str, Any] = {}
    fields: dict[str, Any] = {}
    for key, schema in outputs.items():
        if not isinstance(schema, dict):
            continue
        if schema.get("type") == "array" and _scalar_items(schema):
            argument = _listed_argument(key, inputs)
            if argument is None:
                continue
            seen = list(held.get(argument) or [])
            given = arguments.get(argument)
            if isinstance(given, str | int) and not isinstance(given, bool) and given not in seen:
                seen.append(given)
            record[argument] = fields[key] = seen
        elif schema.get("type") in ("number", "integer") and (argument := _counted_argument(key, inputs)):
            calls = int(held.get(f"#{argument}") or 0) + (1 if argument in arguments else 0)
            record[f"#{argument}"] = fields[key] = calls
    return fields, ([Effect("observe", HISTORY, spec.name, record)] if record else [])


def _scalar_items(schema: dict[str, Any]) -> bool:
    items = schema.get("items")
    return isinstance(items, dict) and items.get("type") in ("string", "integer", "number")


def _listed_argument(field: str, inputs: dict[str, Any]) -> str | None:
    """The argument whose values the list field collects: ``branches`` <- ``branchId``."""
    for name, schema in inputs.items():
        if not isinstance(schema, dict) or schema.get("type") not in ("string", "integer"):
            continue
        stem = _REFERENCE_ENDING.sub("", name)
        if stem and plural(_snake(stem)) == _snake(field):
            return str(name)
    return None


def _counted_argument(field: str, inputs: dict[str, Any]) -> str | None:
    """The argument whose calls the number field counts: ``thoughtHistoryLength`` <- ``thought``."""
    words = _snake(field).split("_")
    if len(words) < 2 or words[-1] not in _COUNT_ENDINGS:
        return None
    for name in inputs:
        if _snake(name) == words[0] or plural(_snake(name)) == words[0]:
            return str(name)
    return None


def _snake(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()
