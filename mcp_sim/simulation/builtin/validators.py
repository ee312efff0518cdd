"""JSON-schema checks made once per schema part, not once per check.

``ValueMaker.fits`` checks a value against a part of a tool's outputSchema several times a call (each answer
field, then the whole answer). Building the ``Draft202012Validator`` was half of each check, and jsonschema's
own walk (an evolved validator per subschema) most of the rest (benchmarks/profile_cpu.py). So a part is
compiled once into a check: a plain function when it uses only ``type``, ``properties``, ``required``,
``items`` and ``additionalProperties`` (what most tool schemas use), jsonschema's validator otherwise. Both
give jsonschema's answer: every keyword jsonschema asserts that the plain function does not handle sends the
part to jsonschema, and types are checked by jsonschema's own type checker.

The parts come from frozen specs made at start-up, so a check is kept per (part, document) pair by identity:
the cache holds both objects, so their ids are not reused while cached. Parts made per call (an ``allOf``
merge) only cycle through the bounded cache.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jsonschema

Check = Callable[[Any], bool]

_CHECKS: dict[tuple[int, int], tuple[dict[str, Any], dict[str, Any], Check]] = {}
_MAX_CACHED = 4096
_TYPES = jsonschema.Draft202012Validator.TYPE_CHECKER
_ASSERTING = frozenset(jsonschema.Draft202012Validator.VALIDATORS)  # keywords jsonschema checks; others annotate
_PLAIN = frozenset({"type", "properties", "required", "items", "additionalProperties", "format"})  # format: off


def check_for(part: dict[str, Any], root: dict[str, Any]) -> Check:
    """Whether a value is valid for ``part`` with the document's definitions along (a part alone cannot
    resolve ``#/$defs/Cell``); the part's own definitions win. May raise jsonschema's ``SchemaError`` or
    ``Unresolvable`` when called, as jsonschema does."""
    key = (id(part), id(root))
    cached = _CHECKS.get(key)
    if cached is not None and cached[0] is part and cached[1] is root:
        return cached[2]
    definitions: dict[str, Any] = {k: root[k] for k in ("$defs", "definitions") if k in root and k not in part}
    schema: dict[str, Any] = {**part, **definitions}
    # the draft the document names (draft-07 reads ``items: [...]`` as a tuple, 2020-12 refuses it)
    draft = jsonschema.validators.validator_for(root, jsonschema.Draft202012Validator)
    check = _plain(schema) or draft(schema).is_valid
    if len(_CHECKS) >= _MAX_CACHED:
        _CHECKS.clear()
    _CHECKS[key] = (part, root, check)
    return check


def _plain(schema: Any) -> Check | None:
    """The check of a schema that uses only the plain keywords, at every depth; None for any other."""
    if isinstance(schema, bool):
        return lambda value: schema
    if not isinstance(schema, dict) or (_ASSERTING & schema.keys()) - _PLAIN:
        return None
    checks: list[Check] = []
    if "type" in schema:
        kinds = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not kinds or not all(isinstance(k, str) and _known_type(k) for k in kinds):
            return None
        checks.append(lambda value: any(_TYPES.is_type(value, k) for k in kinds))
    if "properties" in schema:
        properties = schema["properties"]
        if not isinstance(properties, dict):
            return None
        nested: dict[str, Check] = {}
        for name, sub in properties.items():
            if (found := _plain(sub)) is None:
                return None
            nested[name] = found
        checks.append(
            lambda value: not isinstance(value, dict) or all(c(value[n]) for n, c in nested.items() if n in value)
        )
    if "required" in schema:
        required = schema["required"]
        if not isinstance(required, list) or not all(isinstance(r, str) for r in required):
            return None
        checks.append(lambda value: not isinstance(value, dict) or all(r in value for r in required))
    if "items" in schema:
        item = _plain(schema["items"])
        if item is None:
            return None
        checks.append(lambda value: not isinstance(value, list) or all(item(i) for i in value))
    if "additionalProperties" in schema:
        extra = _plain(schema["additionalProperties"])
        if extra is None:
            return None
        declared = frozenset(schema.get("properties") or {})
        checks.append(
            lambda value: not isinstance(value, dict) or all(extra(v) for k, v in value.items() if k not in declared)
        )
    return lambda value: all(c(value) for c in checks)


def _known_type(kind: str) -> bool:
    try:
        _TYPES.is_type(None, kind)
    except jsonschema.exceptions.UnknownType:
        return False  # jsonschema raises on it when checking: it decides
    return True
