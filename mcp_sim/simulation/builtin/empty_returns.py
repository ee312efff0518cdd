"""A Python tool that returns nothing, or an empty list, answers with no content block.

FastMCP (the Python SDK's, and the ``fastmcp`` package) turns a function's return value into content blocks: a
list becomes its items' blocks, ``None`` none at all. So ``list_expenses`` finding nothing answers ``content: []``
(with ``structuredContent: {"result": []}`` when it declares an outputSchema), not a text block ``[]``: nine of the
recorded Python servers answer so, and an agent reading them sees an empty answer, not the text "[]". A tool whose
input schema pydantic wrote, or that the ``fastmcp`` package lists (catalog/coercion.py), is such a function; a
hand-written schema's server (the SQLite reference server's ``str(rows)``) says ``[]`` in words, and keeps doing so.
"""

from __future__ import annotations

import json

from mcp.types import CallToolResult, TextContent

from mcp_sim.catalog.coercion import python_tool
from mcp_sim.config import ToolSpec

_NOTHING = ("[]", "null")


def as_returned(spec: ToolSpec, result: CallToolResult) -> CallToolResult:
    """``result`` without its one text block when that block is an empty list or null and the tool is Python's."""
    if result.is_error or len(result.content) != 1 or not isinstance(result.content[0], TextContent):
        return result
    if _compact(result.content[0].text) not in _NOTHING or not python_tool(spec):
        return result
    return result.model_copy(update={"content": []})


def _compact(text: str) -> str:
    try:
        return json.dumps(json.loads(text))
    except ValueError:
        return text
