"""A tool whose arguments come wrapped in one model: ``log_attempt(params: LogAttemptInput)``.

Python servers often take a single pydantic model (``params``, ``args``, ``input``), so the tool's one argument is
an object whose fields are the real arguments (``params.problem_name``, ``params.status``). Read as it stands, the
tool names no record and sets no field: every rule that looks at a call's arguments (which record it names, what
an update changes, what a list filters by) saw one opaque ``params``. Read through the wrapper, the tool is what
its model says: ``args: {customer_id}`` reads a customer. The wrapper is the one property, an object (inline or a
``$ref`` into the schema's ``$defs``) with properties of its own.
"""

from __future__ import annotations

from typing import Any

from mcp_sim.config import ToolSpec

# spec -> (the spec read through its wrapper, the wrapper's name), by identity; specs are frozen and made at start-up
_UNWRAPPED: dict[int, tuple[ToolSpec, tuple[ToolSpec, str] | None]] = {}
_MAX_CACHED_SPECS = 4096


def unwrapped(spec: ToolSpec) -> tuple[ToolSpec, str] | None:
    """The spec whose input schema is its one model's, and that model's argument name; None for any other tool."""
    cached = _UNWRAPPED.get(id(spec))
    if cached is not None and cached[0] is spec:
        return cached[1]
    found = _unwrapped(spec)
    if len(_UNWRAPPED) >= _MAX_CACHED_SPECS:
        _UNWRAPPED.clear()
    _UNWRAPPED[id(spec)] = (spec, found)
    return found


def arguments_of(spec: ToolSpec, arguments: dict[str, Any]) -> tuple[ToolSpec, dict[str, Any]]:
    """The spec and arguments a call's rules read: through the wrapper when the call gave it as an object."""
    found = unwrapped(spec)
    if found is None or not isinstance(arguments.get(found[1]), dict):
        return spec, arguments
    return found[0], dict(arguments[found[1]])


def _unwrapped(spec: ToolSpec) -> tuple[ToolSpec, str] | None:
    schema = spec.input_schema
    properties = schema.get("properties") or {}
    if len(properties) != 1:
        return None
    ((name, prop),) = properties.items()
    model = _resolved(prop, schema.get("$defs") or schema.get("definitions") or {})
    if model is None or not model.get("properties"):
        return None
    inner = {**model, "type": "object"}
    if "$defs" in schema:
        inner["$defs"] = schema["$defs"]  # the model's own fields may refer to its siblings (an enum)
    return spec.model_copy(update={"input_schema": inner}), str(name)


def _resolved(prop: Any, defs: dict[str, Any]) -> dict[str, Any] | None:
    if not isinstance(prop, dict):
        return None
    ref = prop.get("$ref") or next((p.get("$ref") for p in prop.get("allOf") or [] if isinstance(p, dict)), None)
    if isinstance(ref, str) and ref.startswith(("#/$defs/", "#/definitions/")):
        target = defs.get(ref.rsplit("/", 1)[-1])
        return target if isinstance(target, dict) else None
    return prop if prop.get("type") == "object" else None
