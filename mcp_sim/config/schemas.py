"""``$ref`` in tool schemas: local references only, resolved when the file loads.

A remote ``$ref`` (``https://...``) made jsonschema fetch it with a blocking ``urlopen`` on every call (the
event loop froze); a dangling local one failed every call with -32603 while ``validate`` said ok. Both are
load-time errors now, and validators are built with an empty registry that never retrieves anything.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import referencing
import referencing.exceptions
from referencing.jsonschema import DRAFT202012, specification_with

_ROOT = "urn:mcp-sim:schema"  # the schema's own base URI; '#/...' references resolve against it
MAX_REFS = 1_000


def no_retrieval() -> referencing.Registry[Any]:
    """A registry that knows no schema and fetches none: a reference outside the schema is unresolvable."""
    return referencing.Registry()


def ref_problem(schema: dict[str, Any]) -> str | None:
    """Why the schema's ``$ref``s cannot all be resolved locally, or None when they can."""
    refs = list(_refs(schema))
    if len(refs) > MAX_REFS:
        return f"has {len(refs)} $ref (at most {MAX_REFS})"
    if not refs:
        return None
    for ref in refs:
        if not ref.startswith("#"):
            return f"$ref {ref[:200]!r} is not local: only references into the schema itself ('#/...') are resolved"
    try:
        specification = specification_with(str(schema.get("$schema", "")), default=DRAFT202012)
    except referencing.exceptions.CannotDetermineSpecification:
        specification = DRAFT202012
    resource = specification.create_resource(schema)
    resolver = no_retrieval().with_resource(_ROOT, resource).resolver(base_uri=_ROOT)
    for ref in refs:
        try:
            resolver.lookup(ref)
        except referencing.exceptions.Unresolvable:
            return f"$ref {ref[:200]!r} points at nothing in the schema"
    return None


def _refs(node: Any, depth: int = 0) -> Iterator[str]:
    if depth > 200:  # yamlfile.py caps nesting far below this; a schema from an upstream may not be capped
        return
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str):
            yield ref
        for key, value in node.items():
            if key not in ("const", "enum", "default", "examples"):  # data, not schema: '$ref' there is a value
                yield from _refs(value, depth + 1)
    elif isinstance(node, list):
        for item in node:
            yield from _refs(item, depth + 1)
