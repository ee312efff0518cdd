"""Structures a client sends as JSON text in a string argument: ``tasksRaw: "[{\\"name\\": ...}]"``.

Some servers take a list of items, or a record, as one string holding its JSON (their SDK or their schema has no
array type for it). What the call says is the same as if the list were given as a list: it plans items, and
what a later read shows of it is each item whole. Rules that read arguments see the decoded structure, so such
a string is treated like the value it encodes; anything else (prose, a number, a quoted word) stays as sent.
"""

from __future__ import annotations

import json
from typing import Any

_OPENERS = ("[", "{")  # only a list or a record is a structure sent as text; "42" or "\"x\"" stay strings


def decoded(value: Any) -> Any:
    """The list or record a string argument holds as JSON text; the value itself otherwise."""
    if not isinstance(value, str):
        return value
    text = value.strip()
    if not text.startswith(_OPENERS):
        return value
    try:
        parsed = json.loads(text)
    except ValueError:
        return value
    return parsed if isinstance(parsed, list | dict) else value


def decoded_arguments(arguments: dict[str, Any]) -> dict[str, Any]:
    """The arguments with every JSON-text structure decoded (the same dict when none is)."""
    found = {k: decoded(v) for k, v in arguments.items()}
    return arguments if all(found[k] is arguments[k] for k in arguments) else found
