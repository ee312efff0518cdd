"""Tool answers read as JSON: the body of a result, values at a path, and the entity records inside.

Servers answer in structuredContent or in JSON text (taskmanager, memory); failures come as ``isError``
or, for some servers, as ordinary text with a status. The ledger and the integrity checks read both.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from mcp.types import CallToolResult, TextContent

_FAILED_STATUS = ("error", "failed", "failure", "not_found")
GENERIC_ID_FIELDS = frozenset({"id", "name", "uuid", "key"})
ENVELOPE_KEYS = frozenset({"status", "message", "success", "ok", "error", "note"})
# How JSON text starts, after the whitespace ``json.loads`` skips (only these four): an object, a list, a string, a
# number, or one of the words it reads whole (true, false, null and Python's NaN and Infinity). Most real answers are
# words ("Echo: hello", "no results"), and a ``json.loads`` that fails raises and builds its error: a quarter of
# learning from such an answer (benchmarks/profile_cpu.py, stdio-2026). A text this does not match, json.loads refuses.
_MAY_BE_JSON = re.compile(r'[ \t\n\r]*(?:[-0-9{\["]|true|false|null|NaN|Infinity)')


def answer_body(result: CallToolResult) -> Any:
    """structuredContent, or the JSON of the first text block; None when the answer is not JSON."""
    if result.structured_content is not None:
        return result.structured_content
    for block in result.content:
        if isinstance(block, TextContent):
            text = block.text
            if _MAY_BE_JSON.match(text) is None:
                return None  # what json.loads would have said, without its exception
            try:
                return json.loads(text)
            except ValueError:
                return None
    return None


def is_failure(result: CallToolResult, body: Any) -> bool:
    """``isError``, or a JSON answer whose ``status`` says it failed (taskmanager's style), or one that carries
    an ``error`` (``{"error": "Todo with ID 'x' not found"}``): servers that answer failures as plain JSON
    changed nothing, so the call's effects (a delete of an id it never found) must not reach the ledger."""
    if result.is_error:
        return True
    if not isinstance(body, dict):
        return False  # only an object's fields say it failed: a list, a string, a number or no JSON say nothing
    wrapped = body.get("result") if len(body) == 1 else None
    if isinstance(wrapped, str):  # FastMCP's ``-> str``: the function's own words say whether it failed
        return _said_failure(wrapped)
    if body.get("error") and body.get("success") is not True:
        return True
    status = body.get("status")
    return isinstance(status, str) and status.lower().endswith(_FAILED_STATUS)


def _said_failure(text: str) -> bool:
    """A text led by ``Error`` (``Error: record 7 not found``), or JSON text that fails as ``is_failure`` reads a
    body (``{"error": "record 7 was not found"}``)."""
    stripped = text.strip()
    if stripped.lower().startswith("error"):
        return True
    try:
        inner = json.loads(stripped) if stripped.startswith("{") else None
    except ValueError:
        return False
    return isinstance(inner, dict) and is_failure(CallToolResult(content=[]), inner)


def with_body(result: CallToolResult, body: Any) -> CallToolResult:
    """The same answer carrying ``body`` (in structuredContent and/or the JSON text, as the original did)."""
    structured = body if result.structured_content is not None else None
    indent = (
        2 if any(isinstance(b, TextContent) and b.text.startswith(("{\n", "[\n")) for b in result.content) else None
    )
    text = TextContent(type="text", text=json.dumps(body, ensure_ascii=False, indent=indent))
    rest = [b for b in result.content if not isinstance(b, TextContent)]
    return result.model_copy(update={"content": [text, *rest], "structured_content": structured})


def values_at(data: Any, path: str) -> list[Any]:
    """Values at ``path``: ``a.b`` walks objects, ``a[]`` walks each item of a list, ``[]`` at the start
    walks a top-level list. Missing parts give nothing."""
    current = [data]
    for part in [p for p in path.split(".") if p]:
        spread = part.endswith("[]")
        name = part[:-2] if spread else part
        nxt = [c.get(name) for c in current if isinstance(c, dict) and name in c] if name else current
        if spread:
            nxt = [item for value in nxt if isinstance(value, list) for item in value]
        current = nxt
    return [v for v in current if v is not None]


@dataclass
class Found:
    """An entity record inside an answer, with where it sits (so a repair can change or drop it)."""

    record: dict[str, Any]
    container: list[Any] | None  # the list holding it, None for an object held by key or at the top
    envelope: bool  # the top-level object that also wraps other records: its status/message are not fields


def find_records(body: Any, entity: str, id_field: str, plural: str, own: bool = True) -> list[Found]:
    """Records of ``entity`` where answers put them: under ``entity`` or its plural and, for the tool's own
    entity types (``own``) or a telling id field (``requestId``), at the top or in a generic list. A record whose id
    is null names no record (an answer's ``{"id": null, ...}`` for a thing it could not find): it is none of them."""
    anywhere = own or id_field not in GENERIC_ID_FIELDS  # a bare "id" at the top is not every type's
    if isinstance(body, list):
        return [Found(i, body, False) for i in body if _identified(i, id_field)] if anywhere else []
    if not isinstance(body, dict):
        return []
    found: list[Found] = []
    if anywhere and _identified(body, id_field):
        found.append(Found(body, None, any(isinstance(v, dict | list) for v in body.values())))
    inner = body.get(entity)
    if isinstance(inner, dict) and _identified(inner, id_field):
        found.append(Found(inner, None, False))
    for key in _list_keys(entity, plural, anywhere):
        items = body.get(key)
        if isinstance(items, list):
            found.extend(Found(i, items, False) for i in items if _identified(i, id_field))
    return found


# The keys a type's lists sit under depend on the type's names alone; ``observed_effects`` asks for every type of
# the experiment at every real call, and built and deduplicated them each time. Bounded: names not kept are made again.
@lru_cache(maxsize=4096)
def _list_keys(entity: str, plural: str, anywhere: bool) -> tuple[str, ...]:
    return tuple(dict.fromkeys([plural, f"{entity}s", *(["items", "results", "records"] if anywhere else [])]))


def _identified(item: Any, id_field: str) -> bool:
    return isinstance(item, dict) and item.get(id_field) is not None


def scalar_fields(found: Found) -> dict[str, Any]:
    """The fields of a record the ledger keeps: scalars and lists of scalars (a memory entity's observations),
    minus an envelope's status words. Nested records are entities of their own."""
    skip = ENVELOPE_KEYS if found.envelope else frozenset()
    return {k: v for k, v in found.record.items() if _plain(v) and k not in skip}


def _plain(value: Any) -> bool:
    if isinstance(value, list):
        return all(isinstance(v, str | int | float | bool) for v in value)
    return isinstance(value, str | int | float | bool)
