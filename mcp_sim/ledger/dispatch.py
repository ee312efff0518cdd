"""A tool that does several things, chosen by an argument: ``manage_container(operation="create", containerType=
"task", ...)``.

Servers that keep their tool list short fold a type's create, update and delete into one tool, its verb in an
``operation`` (or ``action``, ``op``) argument whose enum lists them (or, in a Python server's docstring, its words
do: ``action: Operation to perform - "create", "read", "update", "delete", or "list"``, ``- add/remove/update``),
and the type in a ``containerType`` (or
``entityType``, ``type`` ...) argument or in the tool's own name (``context_watch(action="create")``). Read by its
name alone such a tool is an act that keeps nothing, so a task it created was never found again. Read per call,
it is the tool its arguments name: ``create_task``, ``delete_task(id)``, ``get_feature(id)``, whose effects the
usual rules infer. The dispatching arguments are how the call was routed, not fields of the record.
"""

from __future__ import annotations

import re
from typing import Any

from mcp_sim.config import Example, ToolSpec
from mcp_sim.ledger.verbs import VERBS

_OPERATION_ARGS = ("operation", "action", "op")
_TYPE_ARGS = ("containerType", "entityType", "targetEntityType", "parentType", "resourceType", "entity_type",
              "container_type", "resource_type", "type")  # fmt: skip
# words of a dispatching tool's name that say how it routes, not what it acts on
_ROUTING_WORDS = frozenset({"manage", "query", "handle", "crud", "do", "run", "execute", "tool"})
# nouns that stand for whichever type the call names (``manage_container(containerType="task")``)
_GENERIC_NOUNS = frozenset({"container", "containers", "entity", "entities", "item", "items", "resource", "resources",
                            "object", "objects", "record", "records", "node", "nodes"})  # fmt: skip

# a verb quoted ("create", 'read', `list`) or joined to another by a slash (add/remove): an option the text lists
_LISTED_VERB = re.compile(r"[\"'`]([a-z_]+)[\"'`]|(?<![\w/])([a-z_]+(?:/[a-z_]+)+)(?![\w/])")

# (spec, operation, type) -> the spec the call is, by the spec's identity; specs are frozen and made at start-up
_VARIANTS: dict[tuple[int, str, str], tuple[ToolSpec, ToolSpec]] = {}
_MAX_CACHED = 4096


def routed(spec: ToolSpec, arguments: dict[str, Any]) -> tuple[ToolSpec, dict[str, Any]] | None:
    """The tool this call is (``create_task``) and its arguments without the routing ones; None for a call that
    routes nothing (no operation argument with an entity verb, or no type to act on)."""
    operation = _operation_argument(spec)
    if operation is None:
        return None
    verb, kind_arg = arguments.get(operation), _type_argument(spec)
    noun = arguments.get(kind_arg) if kind_arg else _own_noun(spec)
    if not isinstance(verb, str) or not isinstance(noun, str) or _snake(verb) not in VERBS or not noun.strip():
        return None
    variant = _variant(spec, _snake(verb), _snake(noun))
    return variant, {k: v for k, v in arguments.items() if k not in (operation, kind_arg)}


def variants(spec: ToolSpec) -> list[ToolSpec]:
    """Every tool a dispatching tool can be, for what the experiment's types know (``get_task(id)`` names tasks by
    id); [] for any other tool."""
    operation = _operation_argument(spec)
    if operation is None:
        return []
    properties = spec.input_schema.get("properties") or {}
    verbs = _operations(spec, operation)
    kind_arg = _type_argument(spec)
    nouns = (properties[kind_arg].get("enum") or []) if kind_arg else [_own_noun(spec)]
    return [_variant(spec, _snake(v), _snake(n)) for v in verbs for n in nouns if isinstance(n, str) and n]


def _variant(spec: ToolSpec, verb: str, noun: str) -> ToolSpec:
    key = (id(spec), verb, noun)
    cached = _VARIANTS.get(key)
    if cached is not None and cached[0] is spec:
        return cached[1]
    operation, kind_arg = _operation_argument(spec), _type_argument(spec)
    properties = {
        k: v for k, v in (spec.input_schema.get("properties") or {}).items() if k not in (operation, kind_arg)
    }
    schema = {**spec.input_schema, "properties": properties}
    schema["required"] = [r for r in spec.input_schema.get("required") or [] if r in properties]
    made = spec.model_copy(
        update={"name": f"{verb}_{noun}", "input_schema": schema, "examples": _own_examples(spec, verb, noun)}
    )
    if len(_VARIANTS) >= _MAX_CACHED:
        _VARIANTS.clear()
    _VARIANTS[key] = (spec, made)
    return made


def _own_examples(spec: ToolSpec, verb: str, noun: str) -> list[Example]:
    """The examples of the operation a variant is (``manage_character(action="read")`` for ``read_character``),
    when the tool showed any: a read answers what the reads showed (``{"data": {...}}``), not what the creates did
    (``{"character_id": ...}``). Without one of its own, it learns from them all, as the tool."""
    operation, kind_arg = _operation_argument(spec) or "", _type_argument(spec)
    own = [
        example
        for example in spec.examples
        if _snake(str(example.arguments.get(operation, ""))) == verb
        and (kind_arg is None or _snake(str(example.arguments.get(kind_arg, ""))) == noun)
    ]
    return own or list(spec.examples)


def _operation_argument(spec: ToolSpec) -> str | None:
    """The argument whose enum (or, without one, whose words) lists two or more entity verbs (``create``,
    ``update``, ``delete``, ``get``)."""
    properties = spec.input_schema.get("properties") or {}
    for name in _OPERATION_ARGS:
        if isinstance(properties.get(name), dict) and len(_operations(spec, name)) >= 2:
            return name
    return None


def _operations(spec: ToolSpec, name: str) -> list[str]:
    """The entity verbs argument ``name`` takes: its enum's, else those its description or the tool's quotes or
    joins with slashes (``"create", "read"``, ``add/remove/update``). A verb merely used in a sentence ("Use this
    to update ...") is no option."""
    prop = (spec.input_schema.get("properties") or {}).get(name)
    if not isinstance(prop, dict):
        return []
    values = prop.get("enum")
    if values is None and prop.get("type") in ("string", None):
        text = f"{prop.get('description') or ''}\n{spec.description or ''}"
        values = [word for m in _LISTED_VERB.finditer(text) for word in (m.group(1) or m.group(2)).split("/")]
    words = [v for v in values or [] if isinstance(v, str) and _snake(v) in VERBS]
    return list(dict.fromkeys(words))


def _type_argument(spec: ToolSpec) -> str | None:
    """The argument naming the type acted on, when the tool's own name names none of its own (``manage_container``,
    ``manage_entity``): ``manage_sections(entityType)`` acts on sections, and its type names their owner."""
    own = _own_noun(spec)
    if own is not None and own.split("_")[-1] not in _GENERIC_NOUNS:
        return None
    properties = spec.input_schema.get("properties") or {}
    return next((name for name in _TYPE_ARGS if isinstance(properties.get(name), dict)), None)


def _own_noun(spec: ToolSpec) -> str | None:
    """``context_watch`` acts on a context watch; ``manage_container``'s noun is its container."""
    words = [w for w in _snake(spec.name).split("_") if w and w not in _ROUTING_WORDS and w not in VERBS]
    return "_".join(words) or None


def _snake(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", text).lower()).strip("_")
