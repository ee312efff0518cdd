"""A delete of a record that is not there answers that it deleted nothing, when the tool has a way to say so.

A Python function declared to return ``bool`` for a delete (``contacts_delete(contact_id) -> bool``: an outputSchema
``{"result": boolean}``, or examples answering a bare ``true``) answers ``false`` for a missing id: both recorded
servers with such a delete did, neither raised. A tool whose answers were seen saying ``{"deleted": false}`` (a
document store, a notes server) says it again in that form. A tool whose answers report what it deleted, a
``"deleted": true`` or a count of affected rows, answers that form with the flag down and the count at 0: of the
recorded deletes of gone records by tools answering so, 9 of 11 did (a document store, a kanban board, a library,
a playlist, a notes server, an address book) and 2 raised (a graph server, and the document store once); a tool
seen failing with not found keeps failing. Other deletes fail as not found, as most servers do.
"""

from __future__ import annotations

import json
import re
from typing import Any

from mcp.types import CallToolResult, TextContent

from mcp_sim.config import Example, ToolSpec
from mcp_sim.ledger.effects import effect_of
from mcp_sim.simulation.builtin.wrapped import flag_slot
from mcp_sim.simulation.learned import failure_kind, template_of
from mcp_sim.simulation.render import Fill, render

_FLAGS = ("deleted", "removed", "result", "success")  # the fields a delete says what it did in
# what a delete that reports its deletion says it did with: ``success`` is no such report (failures say it down too)
_REPORTS = ("deleted", "removed")
_COUNTS = ("rows_affected", "affected_rows", "deleted_count", "removed_count", "rows_deleted")
_REPORT_TEXT = re.compile(rf'("(?:{"|".join(_REPORTS)})"\s*:\s*)true\b')
_COUNT_TEXT = re.compile(rf'("(?:{"|".join(_COUNTS)})"\s*:\s*)[1-9]\d*')


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
    reported = _example_of_deletion(spec.examples)
    if reported is not None and (template := template_of(reported)) is not None:
        return _lowered(render(template, Fill(arguments)))  # ``"deleted": true`` said down (see the module)
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


def _example_of_deletion(examples: list[Example]) -> Example | None:
    """The latest successful example reporting what the delete did (``"deleted": true``, ``"rows_affected": 1``);
    None when another example failed saying not found (the tool raises for a gone record)."""
    if any(e.result.get("isError") and failure_kind(_text(e.result)) == "not_found" for e in examples):
        return None
    for example in reversed(examples):
        body = example.result.get("structuredContent")
        if body is None:
            body = _json_text(example.result)
        if example.result.get("isError") or not isinstance(body, dict) or "error" in body:
            continue
        if any(body.get(flag) is True for flag in _REPORTS) or any(_counted(body.get(key)) for key in _COUNTS):
            return example
    return None


def _counted(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def _lowered(result: CallToolResult) -> CallToolResult:
    """The answer with its deletion flags down and its counts at 0, in the layout it was written."""
    structured = result.structured_content
    if isinstance(structured, dict):
        structured = {
            k: False if k in _REPORTS and v is True else 0 if k in _COUNTS and _counted(v) else v
            for k, v in structured.items()
        }
    content = [
        block.model_copy(update={"text": _COUNT_TEXT.sub(r"\g<1>0", _REPORT_TEXT.sub(r"\g<1>false", block.text))})
        if isinstance(block, TextContent)
        else block
        for block in result.content
    ]
    return result.model_copy(update={"content": content, "structured_content": structured})


def _text(result: dict[str, Any]) -> str:
    return " ".join(str(b.get("text", "")) for b in result.get("content") or [] if isinstance(b, dict))
