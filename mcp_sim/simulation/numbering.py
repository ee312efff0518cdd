"""The ids a create names in its text answers, numbered as its server numbers them.

A tool that answers a create in words names the new id there (``Note created successfully with ID:
20260120T120000000000002``). Learned as wording, that id was the example's: every simulated create showed the same
one, and the ledger kept the entity under an id of mcp-sim's own (``note-1``), so the id the agent was told named
nothing. A server numbers what it makes: the ids its examples show share a prefix and a width and count up from
the lowest (``...000``, ``...001``). The session's n-th entity of the type gets the n-th of those ids, in the
ledger and in the answer alike. Ids that do not count (UUIDs, hashes) are left to the general rules.
"""

from __future__ import annotations

import re
from typing import Any

from mcp_sim.config import Example

_SHOWN = re.compile(r"(?<![\w-])(?i:id)\b[\s:=#`'\"]*([\w-]*\d[\w-]*)")  # "ID: X", "id=X", "(ID: `X`)"
_COUNTED = re.compile(r"^(.*\D)?(\d+)$")  # a prefix, then the running number
_ID_KEY = re.compile(r"^(id|.*_id|.*Id)$")
MIN_ID_CHARS = 1


def shown_id(text: str) -> str | None:
    """The id a text answer names after the word "ID" (the first one), or None."""
    found = _SHOWN.search(text)
    return found.group(1) if found else None


def numbered_id(examples: list[Example], number: int) -> str | None:
    """The ``number``-th id (1 for the first) a create whose successful text answers in ``examples`` name their
    new ids; None when they name none or their ids do not count up under one prefix and width."""
    counted = [_COUNTED.match(i) for i in _shown_ids(examples)]
    if not counted or not all(counted):
        return None
    prefixes = {m.group(1) or "" for m in counted if m}
    widths = {len(m.group(2)) for m in counted if m}
    if len(prefixes) != 1 or len(widths) != 1:
        return None
    first = min(int(m.group(2)) for m in counted if m)
    return f"{prefixes.pop()}{first + number - 1:0{widths.pop()}d}"


def with_new_id(text: str, record: dict[str, Any], arguments: dict[str, Any]) -> str:
    """``text`` (a create's answer from its learned wording) naming the id the session gave the new entity (the
    record's id field no argument gave) where the example named its own."""
    found = _SHOWN.search(text)
    given = {str(v) for v in arguments.values() if isinstance(v, str | int)}
    new = next((v for k, v in record.items() if _ID_KEY.match(k) and str(v) not in given), None)
    if found is None or new is None or found.group(1) in given:
        return text
    return text[: found.start(1)] + str(new) + text[found.end(1) :]


def _shown_ids(examples: list[Example]) -> list[str]:
    ids = []
    for example in examples:
        if example.result.get("isError") or example.result.get("structuredContent") is not None:
            continue
        text = "\n".join(str(b.get("text", "")) for b in example.result.get("content") or [] if b.get("type") == "text")
        if text.lstrip().startswith(("{", "[")):
            continue
        given = {str(v) for v in example.arguments.values() if isinstance(v, str | int)}
        shown = shown_id(text)
        if shown is not None and shown not in given:
            ids.append(shown)
    return ids
