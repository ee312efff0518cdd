"""Records the caller names: a glossary's lemma, a project's name, a milestone's title.

Many servers mint no id: ``add_term(lemma, tags, definition)`` keeps the term under the lemma the caller gave,
and ``lookup_term(lemma)``, ``update_term(lemma, ...)`` and ``delete_term(lemma)`` name it by that lemma. Read
alone, those names say nothing: ``lemma`` is no ``term_id``, so the reads name no record and the create gets a
minted id the server never shows. Read as one tool list it is plain: a plain text argument the type's create
requires, that a read, update or delete of the same type takes as its only required argument, is the type's key.

Two readings are kept out. An argument tools of another type require too picks where they act (a workbook's
``path``, a CRM's ``database_file``), not which record; and a create whose answer has an id field of its own
(``create_npc(name) -> {id, ...}``) mints ids, so its ``name`` is a field like any other.

Learned once from the catalog (``register``, called by ``EntityTypes`` through ``effects.learn_namespace``) and
looked up by tool name, as namespaces.py's facts are.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

# tool name -> the argument that names its type's record (process-wide, as namespaces.py's facts)
_KEYS: dict[str, str] = {}


def key_of(name: str) -> str | None:
    """The argument tool ``name`` names its record by (or gives its new record's key in), when learned."""
    return _KEYS.get(name)


def forget(names: Iterable[str]) -> None:
    """Drops what was learned for these tools (their list is being read again)."""
    for name in names:
        _KEYS.pop(name, None)


def register(tools: Iterable[tuple[str, str, str | None, dict[str, Any], dict[str, Any] | None]]) -> None:
    """Learns the natural keys of one tool list: (name, effect kind, entity, input schema, output schema) per
    tool, as read without natural keys."""
    listed = list(tools)
    keys: dict[str, str] = {}
    for name, kind, entity, schema, output in listed:
        if kind != "create" or not entity or _has_id_field(output, entity):
            continue
        for key in _plain_required(schema):
            if _scope(key, entity, listed):
                continue
            namers = [n for n, k, e, s, _ in listed if e == entity and k in _NAMING and _only_required(s) == key]
            if namers:
                keys[name] = key
                keys.update(dict.fromkeys(namers, key))
                break
    for name, *_ in listed:
        if name in keys:
            _KEYS[name] = keys[name]
        else:
            _KEYS.pop(name, None)


_NAMING = frozenset({"read", "update", "delete"})


def _plain_required(schema: dict[str, Any]) -> list[str]:
    """The required arguments that are plain text (a lemma, a name), in schema order."""
    properties = schema.get("properties") or {}
    required = set(schema.get("required") or [])
    return [k for k, p in properties.items() if k in required and isinstance(p, dict) and p.get("type") == "string"]


def _only_required(schema: dict[str, Any]) -> str | None:
    required = schema.get("required") or []
    return str(required[0]) if len(required) == 1 else None


def _scope(key: str, entity: str, listed: list[tuple[str, str, str | None, dict[str, Any], Any]]) -> bool:
    """Whether tools of another type, or tools whose name does not name the type (a CRM's ``find``), require
    ``key`` too: then it says where they act, not which record. ``deprecate_term(lemma)`` names the term."""
    return any(
        key in (s.get("required") or []) and (e not in (None, entity) or (e is None and f"_{entity}_" not in _words(n)))
        for n, _, e, s, _ in listed
    )


def _words(name: str) -> str:
    return "_" + re.sub(r"[^a-z0-9]+", "_", re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()) + "_"


def _has_id_field(output: dict[str, Any] | None, entity: str) -> bool:
    """Whether the create's answer has an id field of its own: then the server mints ids."""
    properties = (output or {}).get("properties") or {}
    return any(name in properties for name in ("id", f"{entity}_id", f"{entity}Id"))
