"""Optional answer fields a server leaves out when it has nothing to put in them.

An outputSchema that lists its ``required`` fields says which ones every answer carries; the others
(``next_cursor`` "when has_more is true", ``uncalculated`` formulas, ``defined_names``) appear only when the
server has a value for them. Filling them with made-up values gave every simulated answer keys the real one
lacks (a read of a one-page note with a next-page cursor). So an optional field is shown only when the call
or the session gives its value. A schema that lists no ``required`` at all says nothing about which fields
are optional, and keeps every field.
"""

from __future__ import annotations

from typing import Any


def shown(schema: dict[str, Any], key: str, known: Any) -> bool:
    """Whether the answer object of ``schema`` carries field ``key``, given the value the state knows for it."""
    if "required" not in schema or known is not None:
        return True
    return key in (schema.get("required") or [])
