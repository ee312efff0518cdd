"""Optional answer fields a server leaves out when it has nothing to put in them.

An outputSchema that lists its ``required`` fields says which ones every answer carries; the others
(``next_cursor`` "when has_more is true", ``uncalculated`` formulas, ``defined_names``) appear only when the
server has a value for them. Filling them with made-up values gave every simulated answer keys the real one
lacks (a read of a one-page note with a next-page cursor). So an optional field is shown only when the call
or the session gives its value. A schema that lists no ``required`` at all says nothing about which fields
are optional, and keeps every field.

A field with a ``default`` is the exception: pydantic writes ``default`` for a model field that may be left
out when the model is built, and the model still serializes it (``"url": null``, ``"status": "not_applied"``),
so FastMCP's structured answers always carry it. Nothing giving it a value, it says its default.
"""

from __future__ import annotations

from typing import Any


def shown(schema: dict[str, Any], key: str, known: Any) -> bool:
    """Whether the answer object of ``schema`` carries field ``key``, given the value the state knows for it."""
    if "required" not in schema or known is not None:
        return True
    return key in (schema.get("required") or []) or defaulted(schema, key)


def defaulted(schema: dict[str, Any], key: str) -> bool:
    """Whether field ``key`` of the object ``schema`` has a default (and so is always serialized)."""
    prop = (schema.get("properties") or {}).get(key)
    return isinstance(prop, dict) and "default" in prop
