"""What a tool does to entities: declared in its spec (``effects:``) or inferred from its name and schemas.

``create_ticket`` creates a ``ticket``; ``get_ticket`` / ``update_ticket`` / ``delete_ticket`` take its id;
``list_tickets`` / ``search_tickets`` list them. Anything else is treated as a stateless action.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from mcp_sim.config import EntityEffect, ToolSpec

Kind = Literal["create", "read", "update", "delete", "list", "none"]

_VERBS: dict[str, Kind] = {
    **dict.fromkeys(["create", "add", "new", "insert", "register", "post", "open", "make"], "create"),
    **dict.fromkeys(["get", "read", "fetch", "show", "describe", "retrieve", "view", "lookup"], "read"),
    **dict.fromkeys(["list", "search", "find", "query", "browse", "all"], "list"),
    **dict.fromkeys(["update", "edit", "modify", "set", "patch", "rename", "change", "assign"], "update"),
    **dict.fromkeys(["delete", "remove", "destroy", "archive", "drop", "cancel", "close"], "delete"),
}


def effect_of(spec: ToolSpec) -> EntityEffect:
    """The declared effect, completed by inference where the spec leaves a field out."""
    inferred = infer_effect(spec)
    declared = spec.effects
    if declared is None:
        return inferred
    return declared.model_copy(
        update={
            "entity": declared.entity or inferred.entity,
            "id": declared.id or (inferred.id if declared.kind == inferred.kind else None) or "id",
        }
    )


def infer_effect(spec: ToolSpec) -> EntityEffect:
    words = [w for w in re.split(r"[^a-z0-9]+", _snake(spec.name)) if w]
    if not words:
        return EntityEffect(kind="none")
    kind = _VERBS.get(words[0])
    if kind is None and len(words) > 1:
        kind = _VERBS.get(words[-1])  # ticket_create, ticket_list
        words = [*words[-1:], *words[:-1]]
    if kind is None or len(words) < 2:
        return EntityEffect(kind="none")
    entity = singular("_".join(words[1:]))
    if kind in ("read", "update", "delete"):
        return EntityEffect(kind=kind, entity=entity, id=_id_argument(spec.input_schema, entity))
    if kind == "create":
        return EntityEffect(kind=kind, entity=entity, id=_id_field(spec.output_schema, entity))
    return EntityEffect(kind=kind, entity=entity)


def singular(word: str) -> str:
    for suffix, repl in (("ies", "y"), ("sses", "ss"), ("ches", "ch"), ("shes", "sh"), ("xes", "x")):
        if word.endswith(suffix):
            return word[: -len(suffix)] + repl
    if word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def _id_argument(schema: dict[str, Any], entity: str) -> str | None:
    props = list((schema.get("properties") or {}).keys())
    preferred = [f"{entity}_id", f"{_camel(entity)}Id", "id", f"{entity.rsplit('_', 1)[-1]}_id"]
    for name in preferred:
        if name in props:
            return str(name)
    required = schema.get("required") or []
    for name in props:
        if (name.endswith("_id") or name.endswith("Id")) and name in required:
            return str(name)
    for name in props:
        if name.endswith("_id") or name.endswith("Id"):
            return str(name)
    return None


def _id_field(schema: dict[str, Any] | None, entity: str) -> str:
    props = (schema or {}).get("properties") or {}
    for name in ("id", f"{entity}_id", f"{_camel(entity)}Id"):
        if name in props:
            return name
    return "id"


def _snake(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()


def _camel(snake: str) -> str:
    head, *rest = snake.split("_")
    return head + "".join(w.title() for w in rest)
