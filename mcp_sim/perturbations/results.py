"""Reading and rewriting the body of a tool result, whatever form the tool answers in.

A result's body is, in order of preference: its ``structuredContent`` (mirrored in a JSON text block when
the tool sends one), the JSON in its text block, or the lines of its text block. Perturbations that page,
truncate, empty or reshape results work on that body and write it back in the same form.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from mcp.types import CallToolResult, TextContent

from mcp_sim.outcome import Outcome
from mcp_sim.perturbations.base import Call, Decision, Next, P, Perturbation

Path = tuple[str | int, ...]
COUNT_FIELDS = ("total", "count", "total_count", "totalCount", "total_results", "totalResults")


@dataclass(frozen=True)
class Body:
    """The part of a result that carries its data, as plain JSON (or lines), and where it came from."""

    kind: Literal["structured", "json", "lines"]
    value: Any  # a deep copy: rewrite freely
    text_index: int | None  # the text block that carries (or mirrors) the body


def body_of(result: CallToolResult) -> Body | None:
    texts = [(i, c.text) for i, c in enumerate(result.content) if isinstance(c, TextContent)]
    if result.structured_content is not None:
        mirror = next((i for i, text in texts if _parses_to(text, result.structured_content)), None)
        return Body("structured", copy.deepcopy(result.structured_content), mirror)
    if not texts:
        return None
    index, text = texts[0]
    try:
        value = json.loads(text)
    except ValueError:
        return Body("lines", text.splitlines(), index)
    if isinstance(value, dict | list):
        return Body("json", value, index)
    return Body("lines", text.splitlines(), index)


def with_body(result: CallToolResult, body: Body, value: Any) -> CallToolResult:
    """``result`` with its body replaced by ``value``, written back in the body's own form."""
    content = list(result.content)
    if body.text_index is not None:
        text = "\n".join(value) if body.kind == "lines" else json.dumps(value, ensure_ascii=False)
        content[body.text_index] = TextContent(type="text", text=text)
    update: dict[str, Any] = {"content": content}
    if body.kind == "structured":
        update["structured_content"] = value
    return result.model_copy(update=update)


def largest_array(value: Any) -> tuple[Path, list[Any]] | None:
    """The longest list in ``value`` (itself included), by the path to it; earlier paths win ties."""
    best: tuple[Path, list[Any]] | None = None
    for path, found in _arrays(value, ()):
        if best is None or len(found) > len(best[1]):
            best = (path, found)
    return best


def get_at(value: Any, path: Path) -> Any:
    for key in path:
        value = value[key]
    return value


def set_at(value: Any, path: Path, new: Any) -> Any:
    """``value`` with the item at ``path`` replaced (``value`` is changed in place and returned)."""
    if not path:
        return new
    parent = get_at(value, path[:-1])
    parent[path[-1]] = new
    return value


def container_of(value: Any, path: Path) -> dict[str, Any] | None:
    """The object that holds the array at ``path`` (where a next-cursor or marker field belongs)."""
    if not path:
        return None
    parent = get_at(value, path[:-1])
    return parent if isinstance(parent, dict) else None


def map_keys(value: Any, rename: dict[str, str], drop: set[str]) -> tuple[Any, int]:
    """Rename and drop object keys at every depth; returns the new value and how many keys changed."""
    if isinstance(value, list):
        changed = 0
        items = []
        for item in value:
            new, n = map_keys(item, rename, drop)
            items.append(new)
            changed += n
        return items, changed
    if not isinstance(value, dict):
        return value, 0
    out: dict[str, Any] = {}
    changed = 0
    for key, item in value.items():
        new, n = map_keys(item, rename, drop)
        changed += n
        if key in drop:
            changed += 1
        elif key in rename:
            out[rename[key]] = new
            changed += 1
        else:
            out[key] = new
    return out, changed


def _arrays(value: Any, path: Path) -> list[tuple[Path, list[Any]]]:
    found: list[tuple[Path, list[Any]]] = []
    if isinstance(value, list):
        found.append((path, value))
    elif isinstance(value, dict):
        for key, item in value.items():
            found.extend(_arrays(item, (*path, key)))
    return found


def _parses_to(text: str, value: Any) -> bool:
    try:
        return bool(json.loads(text) == value)
    except ValueError:
        return False


class BodyRewrite(Perturbation[P]):
    """A kind that lets the call run, then rewrites the body of a successful answer (``rewrite``).

    Failures and answers without a body pass unchanged, noted as ``untouched``; the answer is written
    back, in its own form, only when ``rewrite`` returns something other than the body it was given.
    """

    untouched: ClassVar[dict[str, Any]]  # what the decision notes when there is nothing to rewrite

    async def apply(self, call: Call, call_next: Next, decision: Decision) -> Outcome:
        outcome = await call_next(call)
        body = body_of(outcome.result)
        if outcome.result.is_error or body is None:
            decision.unchanged(**self.untouched)
            return outcome
        value = self.rewrite(body, decision)
        if value is not body.value:
            outcome.result = with_body(outcome.result, body, value)
        return outcome

    def rewrite(self, body: Body, decision: Decision) -> Any:
        """The new body value (``body.value`` itself: leave the answer as it is); note what changed."""
        raise NotImplementedError
