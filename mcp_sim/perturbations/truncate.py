"""``truncate``: cut long answers, with a marker, as real APIs and tool output limits do.

    - type: truncate
      max_items: 10            # the largest array keeps its first 10 items
      max_chars: 2000          # each text block keeps its first 2000 characters
      marker_field: truncated  # set to true beside a cut array (null: no field)

``max_items`` applies to the body (structured content and its JSON text alike, or the lines of a text
answer); ``max_chars`` then cuts text blocks and appends ``[truncated N characters]``. Structured content
is not cut by ``max_chars``: clients validate it against the tool's outputSchema.
"""

from __future__ import annotations

from typing import Any, ClassVar

from mcp.types import CallToolResult, TextContent
from pydantic import Field, model_validator

from mcp_sim.outcome import Outcome
from mcp_sim.perturbations.base import Call, Decision, Next, Params, Perturbation
from mcp_sim.perturbations.results import body_of, container_of, largest_array, set_at, with_body


class TruncateParams(Params):
    max_items: int | None = Field(None, ge=0)
    max_chars: int | None = Field(None, ge=0)
    marker_field: str | None = "truncated"

    @model_validator(mode="after")
    def _some_limit(self) -> TruncateParams:
        if self.max_items is None and self.max_chars is None:
            raise ValueError("give max_items, max_chars or both")
        return self


class Truncate(Perturbation[TruncateParams]):
    type: ClassVar[str] = "truncate"
    Params = TruncateParams

    async def apply(self, call: Call, call_next: Next, decision: Decision) -> Outcome:
        outcome = await call_next(call)
        if outcome.result.is_error:
            return outcome
        result = outcome.result
        if self.params.max_items is not None:
            result = self._cut_items(result, self.params.max_items, decision)
        if self.params.max_chars is not None:
            result = _cut_chars(result, self.params.max_chars, decision)
        outcome.result = result
        return outcome

    def _cut_items(self, result: CallToolResult, limit: int, decision: Decision) -> CallToolResult:
        body = body_of(result)
        found = largest_array(body.value) if body is not None else None
        if body is None or found is None or len(found[1]) <= limit:
            return result
        path, items = found
        value = set_at(body.value, path, items[:limit])
        dropped = len(items) - limit
        holder = container_of(value, path)
        if holder is not None and self.params.marker_field:
            holder[self.params.marker_field] = True
        elif body.kind == "lines":
            value.append(f"... [truncated {dropped} more lines]")
        decision.note(items_dropped=dropped, path=list(path))
        return with_body(result, body, value)


def _cut_chars(result: CallToolResult, limit: int, decision: Decision) -> CallToolResult:
    content: list[Any] = []
    cut = 0
    for block in result.content:
        if isinstance(block, TextContent) and len(block.text) > limit:
            over = len(block.text) - limit
            cut += over
            block = TextContent(type="text", text=f"{block.text[:limit]}... [truncated {over} characters]")
        content.append(block)
    if cut:
        decision.note(chars_dropped=cut)
    return result.model_copy(update={"content": content})
