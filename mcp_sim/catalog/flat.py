"""A sound shortcut for the common input schema: a flat object of typed properties.

jsonschema walks even a two-keyword schema through its keyword dispatch (about 12 us a valid call, every route);
``plainly_valid`` answers True only where every draft's validator (with its format checker) finds no error, else
False, and ``CatalogEntry.check_arguments`` then decides the long way (moved here from ``calls.py`` at stop 31).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

_TOP_KEYS = frozenset({"type", "properties", "required", "additionalProperties", "$schema", "title", "description"})
_PROPERTY_KEYS = frozenset({"type", "title", "description", "default", "examples", "$comment"})
_KNOWN_DRAFTS = frozenset(
    {
        "https://json-schema.org/draft/2020-12/schema",
        "https://json-schema.org/draft/2019-09/schema",
        "http://json-schema.org/draft-07/schema#",
        "http://json-schema.org/draft-07/schema",
        "http://json-schema.org/draft-06/schema#",
        "http://json-schema.org/draft-06/schema",
        "http://json-schema.org/draft-04/schema#",
        "http://json-schema.org/draft-04/schema",
    }
)
# the Python types each JSON type holds in every draft (exact types: bool is no integer, 1.0 goes the long way)
_TYPES: dict[str, frozenset[type]] = {
    "string": frozenset({str}),
    "integer": frozenset({int}),
    "number": frozenset({int, float}),
    "boolean": frozenset({bool}),
    "null": frozenset({type(None)}),
    "object": frozenset({dict}),
    "array": frozenset({list}),
}
_ANY: frozenset[type] = frozenset()  # a property schema with no type: any value


@dataclass(frozen=True)
class _FlatSchema:
    properties: dict[str, frozenset[type]]  # name -> the exact types it takes (_ANY: any)
    required: tuple[str, ...]
    closed: bool  # additionalProperties: false

    def holds(self, arguments: dict[str, Any]) -> bool:
        if type(arguments) is not dict:
            return False
        for name in self.required:
            if name not in arguments:
                return False
        properties = self.properties
        for name, value in arguments.items():
            types = properties.get(name)
            if types is None:
                if self.closed:
                    return False
            elif types and type(value) not in types:
                return False
        return True


_FLAT: dict[int, tuple[Any, _FlatSchema | None]] = {}  # id(validator) -> (validator, its flat schema or None)
_MAX_FLAT = 4096


def plainly_valid(validator: Any, arguments: dict[str, Any]) -> bool:
    """True when ``validator``'s schema is a flat object schema (``_flat_schema``) that ``arguments`` fits."""
    kept = _FLAT.get(id(validator))
    if kept is None or kept[0] is not validator:
        if len(_FLAT) >= _MAX_FLAT:
            _FLAT.clear()
        kept = _FLAT[id(validator)] = (validator, _flat_schema(getattr(validator, "schema", None)))
    flat = kept[1]
    return flat is not None and flat.holds(arguments)


def _flat_schema(schema: Any) -> _FlatSchema | None:
    """The schema as a ``_FlatSchema`` when it is one: ``type: object``, properties whose schemas say at most a
    type (or a list of types), title, description, default, examples; ``required`` names; ``additionalProperties``
    true or false; a known draft or none. None for anything else (formats, enums, nesting, $ref...)."""
    if not isinstance(schema, dict) or not schema.keys() <= _TOP_KEYS or schema.get("type") != "object":
        return None
    if "$schema" in schema and schema["$schema"] not in _KNOWN_DRAFTS:
        return None
    closed = schema.get("additionalProperties", True)
    required = schema.get("required", [])
    properties = schema.get("properties", {})
    if not isinstance(closed, bool) or not isinstance(properties, dict) or not isinstance(required, list):
        return None
    if not all(isinstance(name, str) for name in required):
        return None
    flat: dict[str, frozenset[type]] = {}
    for name, sub in properties.items():
        if sub is True:
            flat[name] = _ANY
            continue
        if not isinstance(sub, dict) or not sub.keys() <= _PROPERTY_KEYS:
            return None
        kind = sub.get("type")
        kinds = [kind] if isinstance(kind, str) else kind
        if kinds is None:
            flat[name] = _ANY
        elif isinstance(kinds, list) and kinds and all(isinstance(k, str) and k in _TYPES for k in kinds):
            flat[name] = frozenset().union(*(_TYPES[k] for k in kinds))
        else:
            return None
    return _FlatSchema(flat, tuple(required), not closed)
