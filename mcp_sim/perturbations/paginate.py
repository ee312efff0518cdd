"""``paginate``: force list-like answers into pages, so agents must follow cursors.

    - type: paginate
      match: {tools: ["*list*", "search_*"]}
      page_size: 5
      cursor_argument: null      # default: reuse the tool's own (cursor, page_token, ...) or add `cursor`
      next_cursor_field: null    # default: the tool's own (nextCursor, next_page_token, ...) or its style

The largest array of the body (structured content, JSON text, else the lines of the text) is split into
pages of ``page_size``. The tool as listed gains an optional cursor argument, and each page but the last
carries a next-cursor field. Cursors are opaque, bound to the session (kept in ``SessionState.cursors``,
persisted by the store) and to the tool; a later page is served from the stored remainder, never
re-simulated or re-called. A cursor that was not issued here is an ``isError`` answer. When the tool has
its own cursor argument, cursors that are not ours go to the backend untouched.
"""

from __future__ import annotations

import copy
import re
from typing import Any, ClassVar

from mcp.types import CallToolResult, TextContent, Tool
from pydantic import Field

from mcp_sim.errors import ToolError
from mcp_sim.outcome import Outcome
from mcp_sim.perturbations.base import Call, CallInfo, Decision, Next, Params, Perturbation
from mcp_sim.perturbations.results import Body, body_of, container_of, largest_array, set_at, with_body

PREFIX = "pg1_"  # marks our cursors, so a tool's own cursors can pass through to its backend
MAX_CURSORS = 16  # per session; the oldest go first (an agent rarely walks back that far)
_CURSOR_ARGS = ("cursor", "page_token", "pageToken", "next_cursor", "nextCursor", "continuation_token", "after")
_NEXT_FIELDS = ("nextCursor", "next_cursor", "next_page_token", "nextPageToken", "cursor", "next")


class PaginateParams(Params):
    page_size: int = Field(10, gt=0)
    cursor_argument: str | None = Field(None, min_length=1)
    next_cursor_field: str | None = Field(None, min_length=1)


class Paginate(Perturbation[PaginateParams]):
    type: ClassVar[str] = "paginate"
    Params = PaginateParams

    def __init__(self, params: PaginateParams) -> None:
        super().__init__(params)
        self._style: dict[str, tuple[str, bool, str]] = {}  # tool -> (cursor arg, tool has it, next field)

    def expose(self, tool: Tool) -> Tool:
        schema = copy.deepcopy(tool.input_schema)
        props: dict[str, Any] = schema.setdefault("properties", {})
        argument = self.params.cursor_argument or next((a for a in _CURSOR_ARGS if a in props), "cursor")
        native = argument in props
        output = copy.deepcopy(tool.output_schema) if tool.output_schema is not None else None
        out_props: dict[str, Any] = (output or {}).get("properties") or {}
        field = self.params.next_cursor_field or next((f for f in _NEXT_FIELDS if f in out_props), None)
        field = field or ("nextCursor" if _camel(argument, props) else "next_cursor")
        self._style[tool.name] = (argument, native, field)
        if not native:
            props[argument] = {"type": "string", "description": f"Opaque cursor from a previous `{field}`."}
        if output is not None and field not in out_props:
            output.setdefault("properties", {})[field] = {"type": "string", "description": "Cursor of the next page."}
        return tool.model_copy(update={"input_schema": schema, "output_schema": output})

    def resumes(self, info: CallInfo) -> bool:
        argument, native, _ = self._style_of(info.tool)
        token = info.arguments.get(argument)
        return token is not None and (not native or (isinstance(token, str) and token.startswith(PREFIX)))

    async def apply(self, call: Call, call_next: Next, decision: Decision) -> Outcome:
        if self.resumes(call.info):
            return self._serve(call.info, call.info.arguments[self._style_of(call.info.tool)[0]], decision)
        outcome = await call_next(call)
        body = body_of(outcome.result)
        found = largest_array(body.value) if body is not None and not outcome.result.is_error else None
        if body is None or found is None or len(found[1]) <= self.params.page_size:
            decision.unchanged(pages=1)
            return outcome
        path, items = found
        template = set_at(body.value, path, [])
        shell = _dump(with_body(outcome.result, body, template))  # what the pages share, stored without items
        kept = {"tool": call.info.tool, "result": shell, "body": [body.kind, body.text_index]}
        kept |= {"template": template, "path": list(path)}
        outcome.result = self._page(call.info, kept, items, decision)
        decision.note(items=len(items), page_size=self.params.page_size)
        return outcome

    def _serve(self, info: CallInfo, token: Any, decision: Decision) -> Outcome:
        kept = info.cursors.get(token) if isinstance(token, str) else None
        if kept is None:
            raise ToolError(f"Invalid cursor {token!r}: it was not issued in this session or has expired.")
        if kept["tool"] != info.tool:
            raise ToolError(f"Invalid cursor {token!r}: it belongs to '{kept['tool']}', not '{info.tool}'.")
        decision.note(served_from=token, items=len(kept["items"]))
        return Outcome(result=self._page(info, kept, kept["items"], decision), trace={"paginate": "stored page"})

    def _page(self, info: CallInfo, kept: dict[str, Any], items: list[Any], decision: Decision) -> CallToolResult:
        """The next page of ``items``; the rest is stored under a fresh cursor."""
        size = self.params.page_size
        page, rest = items[:size], items[size:]
        value = set_at(copy.deepcopy(kept["template"]), tuple(kept["path"]), page)
        body = Body(kept["body"][0], value, kept["body"][1])
        result = CallToolResult.model_validate(kept["result"])
        token = None
        if rest:
            token = f"{PREFIX}{decision.rng.getrandbits(96):024x}"
            info.cursors[token] = {k: v for k, v in kept.items() if k != "items"} | {"items": rest}
            _evict(info.cursors)
            value = self._mark_next(info.tool, body, value, token)
        decision.note(page_items=len(page), next_cursor=token)
        result = with_body(result, body, value)
        if token is not None and container_of(value, tuple(kept["path"])) is None and body.kind != "lines":
            field = self._style_of(info.tool)[2]
            result.content = [*result.content, TextContent(type="text", text=f"{field}: {token}")]
        return result

    def _mark_next(self, tool: str, body: Body, value: Any, token: str) -> Any:
        argument, _, field = self._style_of(tool)
        if isinstance(value, dict):
            value[field] = token
        elif body.kind == "lines":
            value.append(f"(more results: call again with {argument}={token})")
        return value

    def _style_of(self, tool: str) -> tuple[str, bool, str]:
        argument = self.params.cursor_argument or "cursor"
        return self._style.get(tool, (argument, False, self.params.next_cursor_field or "next_cursor"))


def _camel(argument: str, props: dict[str, Any]) -> bool:
    names = [argument, *props]
    return any(re.search(r"[a-z][A-Z]", n) for n in names) and not any("_" in n for n in names)


def _dump(result: CallToolResult) -> dict[str, Any]:
    return result.model_dump(by_alias=True, exclude_none=True, mode="json")


def _evict(cursors: dict[str, Any]) -> None:
    while len(cursors) > MAX_CURSORS:
        del cursors[next(iter(cursors))]
