"""Plain-text answers for tools that declare no outputSchema and have no learned shape.

Most MCP servers answer in prose (git, SQL and filesystem servers among them), so a tool without an
outputSchema answers text, not JSON: a short sentence saying what happened, naming the values the call
gave and the fields the ledger knows, and a line per record for lists. Nothing is invented here: every
value comes from the call's arguments or the session's ledger.
"""

from __future__ import annotations

import re
from typing import Any

from mcp_sim.simulation.builtin.encoded import decoded

_PAST = {"create": "Created", "read": "Found", "update": "Updated", "delete": "Deleted"}
MAX_VALUE_CHARS = 200  # of one value quoted in a sentence


def sentence(tool: str, kind: str, entity: str, record: dict[str, Any]) -> str:
    """``Created ticket T-1 (title: Printer on fire)`` or, for other actions, ``get_sum: a=2, b=40``."""
    fields = _fields(record)
    if kind in _PAST:
        return f"{_PAST[kind]} {_words(entity)}" + (f": {fields}" if fields else "")
    done = f"{_words(tool).capitalize()} completed"
    return f"{done}: {fields}" if fields else done


def listing(tool: str, entity: str, records: list[dict[str, Any]]) -> str:
    if not records:
        return f"No {_words(entity)} found"
    lines = [f"{len(records)} {_words(entity)}:"]
    lines.extend(f"- {_fields(r)}" for r in records)
    return "\n".join(lines)


def with_recalled(text: str, recalled: list[dict[str, Any]]) -> str:
    """A read's answer followed by a line per earlier change it shows (``recall.py``). A change the answer already
    says in the same words (a listing's line for the record it made) is not said twice."""
    shown = set(text.splitlines())
    lines = []
    for args in recalled:
        line = f"- {_fields(args)}"
        if line not in shown:
            shown.add(line)
            lines.append(line)
    return "\n".join([text, *lines] if text else lines)


def _fields(record: dict[str, Any]) -> str:
    parts = []
    for key, value in record.items():
        if key in ("success", "deleted") and value is True:
            continue
        parts.append(f"{key}: {_value(value)}")
    return ", ".join(parts)


def _value(value: Any) -> str:
    # Only one long text is cut: a list or record is shown whole, as each of its records was established
    # (cutting a list of entities at 200 characters dropped the later ones a read must show again); a list
    # sent as JSON text is such a list (encoded.py).
    value = decoded(value)
    if isinstance(value, list):
        return ", ".join(_value(v) for v in value)
    if isinstance(value, dict):
        return "{" + _fields(value) + "}"
    if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
        return str(int(value))  # JSON has one kind of number: 120.0 given is the amount 120, said as such
    text = str(value)
    return text if len(text) <= MAX_VALUE_CHARS else text[:MAX_VALUE_CHARS] + "..."


def _words(name: str) -> str:
    return re.sub(r"[_\-]+", " ", re.sub(r"(?<=[a-z0-9])([A-Z])", r" \1", name)).strip().lower()
