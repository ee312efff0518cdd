"""outputSchemas that are a union of outcomes: ``oneOf`` / ``anyOf`` object branches at the top, one for a
success (``{ok: true, data: {...}}``) and one for a failure (``{ok: false, error: {code, message}}``).

Such a schema says "an object" and nothing else at its top, so the general rules would answer an open object
that neither branch accepts. A success is answered in the success branch (the call's spec is narrowed to it
before the rules run), and a failure the rules raise is answered in the failure branch, as such servers send
their errors (``isError`` with the envelope as ``structuredContent``). A union without a failure branch is
narrowed to its first branch, the one ``values.py`` would draw from.
"""

from __future__ import annotations

import random
import re
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

from mcp.types import CallToolResult, TextContent

from mcp_sim.config import ToolSpec
from mcp_sim.errors import EntityNotFound, ToolError
from mcp_sim.ledger.closed_fields import resolved_ref
from mcp_sim.outcome import Outcome
from mcp_sim.simulation.base import SimulationRequest
from mcp_sim.simulation.builtin.values import ValueMaker

_UNION_KEYS = ("oneOf", "anyOf")
_STATUS_FLAGS = frozenset({"ok", "success", "succeeded", "successful"})
_ERROR_FIELDS = frozenset({"error", "errors", "error_code", "errorcode", "err", "failure"})
_FAILED_STATUSES = frozenset({"error", "failed", "failure", "not_found"})
_MESSAGE_FIELDS = frozenset({"message", "msg", "detail", "details_text", "reason", "description"})
_CODE_FIELDS = frozenset({"code", "error_code", "errorcode", "kind", "type"})

_narrowed: dict[int, tuple[ToolSpec, ToolSpec]] = {}  # id(spec) -> (spec, its success-branch copy); holds spec


def branches(schema: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The object branches of a top-level union (resolved against the schema's own ``$defs``); [] otherwise."""
    if not isinstance(schema, dict) or schema.get("properties"):
        return []
    for key in _UNION_KEYS:
        options = schema.get(key)
        if isinstance(options, list) and len(options) >= 2:
            resolved = [resolved_ref(option, schema) for option in options]
            objects = [o for o in resolved if isinstance(o, dict) and o.get("properties")]
            return objects if len(objects) == len(resolved) else []
    return []


def is_failure(branch: dict[str, Any]) -> bool:
    """A branch that describes a failed call: a required error field, a status flag that can only be false,
    or a status that can only say error / failed."""
    props: dict[str, Any] = branch.get("properties") or {}
    required = {str(k).lower() for k in branch.get("required") or []}
    for key, sub in props.items():
        name = key.lower()
        allowed = _only_values(sub)
        if name in _ERROR_FIELDS and (name in required or not required):
            return True
        if name in _STATUS_FLAGS and allowed == [False]:
            return True
        if name == "status" and allowed and all(str(v).lower() in _FAILED_STATUSES for v in allowed):
            return True
    return False


def success_schema(schema: dict[str, Any] | None) -> dict[str, Any] | None:
    """The schema a successful answer takes: the first branch that is not a failure, with the outer keywords
    (``$defs``, ``$schema``) beside it; the schema itself when it is no union of objects."""
    options = branches(schema)
    if not options or schema is None:
        return schema
    chosen = next((b for b in options if not is_failure(b)), options[0])
    return _with_outer(schema, chosen)


def failure_schema(schema: dict[str, Any] | None) -> dict[str, Any] | None:
    """The branch a failed answer takes, with the outer keywords; None when the union has no failure branch."""
    failing = [b for b in branches(schema) if is_failure(b)]
    return _with_outer(schema, failing[0]) if failing and schema is not None else None


def narrowed(request: SimulationRequest) -> SimulationRequest:
    """The request with its spec's outputSchema narrowed to the success branch (the same request otherwise).
    One copy per spec, kept with the spec itself, so what is cached by spec identity stays right."""
    spec = request.spec
    kept = _narrowed.get(id(spec))
    if kept is None or kept[0] is not spec:
        success = success_schema(spec.output_schema)
        copy = spec if success is spec.output_schema else spec.model_copy(update={"output_schema": success})
        kept = _narrowed[id(spec)] = (spec, copy)
    return request if kept[1] is spec else replace(request, spec=kept[1])


async def answered(request: SimulationRequest, simulate: Callable[[SimulationRequest], Awaitable[Outcome]]) -> Outcome:
    """The call answered in the union's branches: the narrowed request's outcome, and a failure it raises as
    the failure branch when the schema has one (else the failure goes on as raised)."""
    failure = failure_schema(request.spec.output_schema)
    try:
        return await simulate(narrowed(request))
    except ToolError as exc:
        if failure is None:
            raise
        body = failure_body(failure, str(exc), type(exc).__name__, request.seed)
        result = CallToolResult(
            content=[TextContent(type="text", text=str(exc))], structured_content=body, is_error=True
        )
        return Outcome(result=result, trace={"error": type(exc).__name__, "union": "failure"})


def failure_result(spec: ToolSpec, message: str, kind: str = "ToolError") -> CallToolResult | None:
    """A failure answer in the failure branch of the spec's union outputSchema (None when it has none): for
    failures found before the world model runs (an id the session does not have)."""
    failure = failure_schema(spec.output_schema)
    if failure is None:
        return None
    body = failure_body(failure, message, kind, 0)
    return CallToolResult(content=[TextContent(type="text", text=message)], structured_content=body, is_error=True)


def failure_body(schema: dict[str, Any], message: str, kind: str, seed: int) -> dict[str, Any]:
    """The failure branch filled with what it requires: its message fields say ``message``, its code fields the
    kind of failure (an exception's class name) in the schema's own words where it lists them (``NOTE_NOT_FOUND``
    for a not-found), else in upper snake case. Optional fields are left out: an error says what it must."""
    values = ValueMaker(schema, random.Random(seed), seed=seed, succeeded=False)
    body = _required_only(values.make(schema), schema, values)
    if not isinstance(body, dict):
        return {"error": message}
    code = "NOT_FOUND" if kind == EntityNotFound.__name__ or "not found" in message.lower() else _snake(kind)
    _say(body, schema, values, message, code)
    return body


def _required_only(value: Any, schema: dict[str, Any], values: ValueMaker) -> Any:
    schema = values.resolve(schema)
    if not isinstance(value, dict) or not schema.get("required"):
        return value
    props: dict[str, Any] = schema.get("properties") or {}
    return {k: _required_only(v, props.get(k, {}), values) for k, v in value.items() if k in schema["required"]}


def _say(body: dict[str, Any], schema: dict[str, Any], values: ValueMaker, message: str, kind: str) -> None:
    props: dict[str, Any] = values.resolve(schema).get("properties") or {}
    for key, sub in props.items():
        sub = values.resolve(sub)
        name = key.lower()
        if isinstance(body.get(key), dict):
            _say(body[key], sub, values, message, kind)
        elif name in _MESSAGE_FIELDS and sub.get("type", "string") == "string":
            body[key] = message
        elif name in _CODE_FIELDS and sub.get("type", "string") == "string" and "const" not in sub:
            listed = [str(v) for v in sub.get("enum") or []]
            fitting = [v for v in listed if kind in v.upper()]
            body[key] = fitting[0] if fitting else listed[0] if listed else kind
        elif name in _ERROR_FIELDS and sub.get("type") == "string":
            body[key] = message


def _only_values(schema: Any) -> list[Any]:
    if not isinstance(schema, dict):
        return []
    if "const" in schema:
        return [schema["const"]]
    enum = schema.get("enum")
    return list(enum) if isinstance(enum, list) else []


def _with_outer(schema: dict[str, Any], branch: dict[str, Any]) -> dict[str, Any]:
    outer = {k: v for k, v in schema.items() if k not in _UNION_KEYS and k != "type"}
    return {**outer, "type": "object", **branch}


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).upper()
