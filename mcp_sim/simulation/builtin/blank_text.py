"""A required text argument given as blanks: ``add_card(front="...", back="  ")``.

A schema's ``required`` only asks that the key be there, so the SDK lets ``"  "`` and ``""`` through; the
server then strips it and finds nothing (``front and back are both required``, ``template required``, ``Search
query is required``, ``Text query cannot be empty``). ``""`` is refused too, except for an argument that carries
a payload to store as given (``content``, ``body``, ``data``, ``value``): a file with no content, an empty value
are deliberate. Optional arguments are left alone, since leaving them blank is how one says "none". A record
sent inside a list is checked the same way (``entities=[{"name": "  ", ...}]``: required_fields.py).
"""

from __future__ import annotations

import re
from typing import Any

from mcp_sim.errors import InvalidArguments
from mcp_sim.simulation.builtin.required_fields import required_fields

_PAYLOADS = frozenset({"content", "contents", "body", "data", "value", "values", "payload", "replacement"})


def check(tool: str, input_schema: dict[str, Any], arguments: dict[str, Any]) -> None:
    """Raises the server's "is required" error for the first required string argument made only of blanks."""
    for where, prop, value in required_fields(input_schema, arguments):
        name = where.rsplit(".", 1)[-1]
        if not isinstance(value, str) or value.strip() or not _text(prop) or (not value and _payload(name)):
            continue
        raise InvalidArguments(f"Error executing tool {tool}: {where} is required and cannot be blank")


def _payload(name: str) -> bool:
    """Whether the argument is a value stored as given (``content``, ``new_body``), which may well be empty."""
    words = re.findall(r"[A-Z]?[a-z]+", name)
    return bool(words) and words[-1].lower() in _PAYLOADS


def _text(prop: Any) -> bool:
    """Whether the argument is text with no pattern or enum of its own (those say what a blank means)."""
    if not isinstance(prop, dict) or "pattern" in prop or "enum" in prop:
        return False
    kind = prop.get("type")
    return kind == "string" or (isinstance(kind, list) and "string" in kind)
