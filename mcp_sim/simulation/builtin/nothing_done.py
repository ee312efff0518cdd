"""A delete of a record that is not there answers that it deleted nothing, when the tool has a way to say so.

A Python function declared to return ``bool`` for a delete (``contacts_delete(contact_id) -> bool``: an outputSchema
``{"result": boolean}``, or examples answering a bare ``true``) answers ``false`` for a missing id: both recorded
servers with such a delete did, neither raised. A tool whose answers were
seen saying ``{"deleted": false}`` (a document store, a notes server) says it again in that form. Other deletes
fail as not found, as most servers do (a ``deleted: true`` in the answer alone is no sign: one recorded graph
server raised on the second delete).
"""

from __future__ import annotations

import json
from typing import Any

from mcp.types import CallToolResult, TextContent

from mcp_sim.config import Example, ToolSpec
from mcp_sim.ledger.effects import effect_of
from mcp_sim.simulation.builtin.wrapped import flag_slot
from mcp_sim.simulation.learned import failure_kind, template_of
from mcp_sim.simulation.render import Fill, render

_FLAGS = ("deleted", "removed", "result", "success")  # the fields a delete says what it did in


def said_nothing_done(spec: ToolSpec, arguments: dict[str, Any], message: str) -> CallToolResult | None:
    """The answer a delete gives for a record it did not find (``message`` says so), or None when the tool fails."""
    if failure_kind(message) != "not_found" or effect_of(spec).kind != "delete":
        return None
    if _answers_bare_flags(spec.examples):  # ``true`` when it deleted: ``false`` when there was nothing
        structured = None if not _structured_flag(spec.examples) else {"result": False}
        return CallToolResult(content=[TextContent(type="text", text="false")], structured_content=structured)
    learned = _example_of_nothing(spec.examples)
    if learned is not None:
        template = template_of(learned)
        return render(template, Fill(arguments)) if template is not None else None
    slot = flag_slot(spec.output_schema)  # FastMCP's ``-> bool``: "false", and ``{"result": false}``
    if slot is None:
        return None
    return CallToolResult(content=[TextContent(type="text", text="false")], structured_content={slot: False})


def _answers_bare_flags(examples: list[Example]) -> bool:
    """Whether the tool's successful answers were a bare ``true`` or ``false`` (a function returning ``bool``)."""
    bodies = [_flag_of(e.result) for e in examples if not e.result.get("isError")]
    return bool(bodies) and all(isinstance(b, bool) for b in bodies)


def _structured_flag(examples: list[Example]) -> bool:
    return any(isinstance(e.result.get("structuredContent"), dict) for e in examples)


def _flag_of(result: dict[str, Any]) -> Any:
    structured = result.get("structuredContent")
    if isinstance(structured, dict) and list(structured) == ["result"]:
        return structured["result"]
    return _json_text(result)


def _example_of_nothing(examples: list[Example]) -> Example | None:
    """The latest example that succeeded saying the delete did nothing (``{"deleted": false}``)."""
    for example in reversed(examples):
        result = example.result
        if result.get("isError"):
            continue
        body = result.get("structuredContent")
        if body is None:
            body = _json_text(result)
        if isinstance(body, dict) and any(body.get(flag) is False for flag in _FLAGS) and "error" not in body:
            return example
    return None


def _json_text(result: dict[str, Any]) -> Any:
    texts = [str(b.get("text", "")) for b in result.get("content") or [] if isinstance(b, dict)]
    try:
        return json.loads(texts[0]) if len(texts) == 1 else None
    except ValueError:
        return None
