"""Where a create's answer holds the id it made, when that is not a top-level ``id``.

Servers wrap what they made in an envelope and name its id after the thing or the act: ``{"ok": true, "data":
{"recipe_id": ...}}``, ``{"message": "Record created successfully", "insertedId": 2}``. The ledger must store
the id the answer shows, or a later read by that id finds nothing and a listing shows ids nobody saw. The
outputSchema says where (a property at the top or one envelope down); without one, the tool's recorded
successful answers do.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

from mcp_sim.config import Example

# names that say "the id this call made", whatever the entity: insertedId, created_id, new_id, lastInsertRowid
_MINTED = re.compile(r"^(inserted|created|new|generated|last_?insert(ed)?)_?(id|row_?id)$", re.IGNORECASE)


def id_path(entity: str, output_schema: dict[str, Any] | None, answers: Iterable[Any]) -> str | None:
    """The path of the created id (``insertedId``, ``data.recipe_id``), or None when nothing says."""
    found = _in_keys(entity, _schema_keys(output_schema or {}))
    if found is not None:
        return found
    for body in answers:
        found = _in_keys(entity, _body_keys(body))
        if found is not None:
            return found
    return None


def successful_bodies(examples: Iterable[Example]) -> list[dict[str, Any]]:
    """The JSON bodies of recorded successful answers (``Example.result`` is a CallToolResult as JSON)."""
    bodies = []
    for example in examples:
        result = example.result
        if result.get("isError"):
            continue
        body = result.get("structuredContent")
        if body is None:
            texts = [b.get("text") for b in result.get("content") or [] if isinstance(b, dict)]
            body = _json(texts[0]) if texts and isinstance(texts[0], str) else None
        if isinstance(body, dict):
            bodies.append(body)
    return bodies


def _in_keys(entity: str, keys: list[tuple[str, str]]) -> str | None:
    """The first id-like key: the entity's own id name, then a name for a minted id, at the top level first."""
    own = {"id", f"{entity}_id", f"{_camel(entity)}Id", f"{entity.rsplit('_', 1)[-1]}_id"}
    named = [f"{prefix}{key}" for prefix, key in keys if key in own]
    minted = [f"{prefix}{key}" for prefix, key in keys if _MINTED.match(key)]
    return next(iter([*named, *minted]), None)


def _schema_keys(schema: dict[str, Any]) -> list[tuple[str, str]]:
    properties = schema.get("properties") or {}
    keys = [("", str(k)) for k in properties]
    for name, prop in properties.items():  # one envelope down: {"data": {"type": "object", "properties": ...}}
        if isinstance(prop, dict) and prop.get("type") == "object":
            keys += [(f"{name}.", str(k)) for k in prop.get("properties") or {}]
    return keys


def _body_keys(body: dict[str, Any]) -> list[tuple[str, str]]:
    keys = [("", str(k)) for k, v in body.items() if _scalar(v)]
    for name, value in body.items():
        if isinstance(value, dict):
            keys += [(f"{name}.", str(k)) for k, v in value.items() if _scalar(v)]
    return keys


def _scalar(value: Any) -> bool:
    return isinstance(value, str | int) and not isinstance(value, bool)


def _json(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return None


def _camel(snake: str) -> str:
    head, *rest = snake.split("_")
    return head + "".join(w.title() for w in rest)
