"""The success flag of a simulated answer, said the way its server says it.

The built-in simulator says that a call worked with ``"success": true`` (``simulator.py``), which is one server's
habit among several: ``decision_records`` answers ``{"old_number": 3, "new_number": 4, "message": ...}``, and
``file_leases`` says ``"ok": true``. When every observed tool of the server answers a JSON object and none of them
carries ``success``, a tool never observed does not carry it either; where they share another flag (``ok``), it
carries that one.
"""

from __future__ import annotations

import json
from typing import Any

from mcp.types import CallToolResult, TextContent

from mcp_sim.config import ToolSpec
from mcp_sim.simulation.render import MIN_SIBLINGS, shapes_of

__all__ = ["flag_in_style"]

_OWN_FLAG = "success"  # the simulator's flag
# flags a server's answers say success in (outcome_fields.py reads the same words as a call's outcome)
_FLAGS = ("ok", "succeeded", "successful")


def flag_in_style(spec: ToolSpec, siblings: list[ToolSpec], result: CallToolResult) -> CallToolResult | None:
    """``result`` with its ``success: true`` dropped or renamed to its server's flag, or None when it stays: the
    tool has its own examples, the answer failed or carries no such flag, the tool's outputSchema names
    ``success``, or the server's observed answers do not agree (fewer than two observed tools, one answering
    otherwise than with a JSON object, or one carrying ``success``)."""
    if spec.examples or result.is_error:
        return None
    structured = result.structured_content
    body = structured if structured is not None else _json_text(result)
    if not isinstance(body, dict) or body.get(_OWN_FLAG) is not True or len(body) < 2:
        return None
    if _OWN_FLAG in ((spec.output_schema or {}).get("properties") or {}):
        return None  # the tool declares it: its answers carry it
    usual = _usual_bodies([s for s in siblings if s is not spec])
    if usual is None or any(_OWN_FLAG in b for b in usual):
        return None
    theirs = next((f for f in _FLAGS if all(b.get(f) is True for b in usual)), None)
    styled = {(theirs if k == _OWN_FLAG else k): v for k, v in body.items() if theirs or k != _OWN_FLAG}
    text = json.dumps(styled, ensure_ascii=False)
    return CallToolResult(
        content=[TextContent(type="text", text=text)], structured_content=styled if structured is not None else None
    )


def _usual_bodies(siblings: list[ToolSpec]) -> list[dict[str, Any]] | None:
    """The usual successful answer of every observed sibling, when there are enough and each is a JSON object."""
    usual = [t for s in siblings if s.examples and (shapes := shapes_of(s)) and (t := shapes.success)]
    if len(usual) < MIN_SIBLINGS or not all(t.is_json and isinstance(t.body, dict) for t in usual):
        return None
    return [t.body for t in usual]


def _json_text(result: CallToolResult) -> Any:
    texts = [b.text for b in result.content if isinstance(b, TextContent)]
    if len(texts) != 1 or not texts[0].lstrip().startswith("{"):
        return None
    try:
        return json.loads(texts[0])
    except ValueError:
        return None
