"""Referential integrity of simulated answers, checked against the session's ledger.

Before a simulated call, ``precheck`` refuses arguments that name a deleted entity or an id the session
never saw (where the tool needs an existing one): the caller answers not-found in the tool's own style
without asking the world model. After it, ``audit`` lists what the answer gets wrong: deleted entities
shown again, fields that disagree with their last known state, new ids that collide, references to
entities that do not exist. Each violation carries the fix that patches it from the ledger, if one exists.
Real answers are never audited for repair: they only feed the ledger (``effects.observed_effects``).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from string import Template
from typing import Any, Literal

from mcp.types import CallToolResult, TextContent

from mcp_sim.config import EntityEffect, ToolSpec
from mcp_sim.ledger import hierarchy
from mcp_sim.ledger.answers import answer_body, find_records, is_failure, scalar_fields, values_at
from mcp_sim.ledger.effects import EntityTypes, effects_of, entity_id, plural, singular
from mcp_sim.ledger.entities import Ledger

Rule = Literal["deleted", "unknown", "field", "collision", "dangling"]


@dataclass
class Violation:
    rule: Rule
    entity: str
    id: str
    message: str  # said to the world model as feedback, and to the agent when the call fails closed
    fix: Callable[[], None] | None = field(default=None, repr=False, compare=False)
    # a second fix, for an answer whose schema refuses what ``fix`` made (a required id patched to null)
    fallback: Callable[[], None] | None = field(default=None, repr=False, compare=False)

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "entity": self.entity, "id": self.id, "message": self.message}


def precheck(
    spec: ToolSpec, arguments: dict[str, Any], ledger: Ledger, types: EntityTypes
) -> tuple[Violation, EntityEffect] | None:
    """The first argument that names a deleted or never-seen entity, with the effect that needs it."""
    for effect in effects_of(spec):
        if effect.entity is None and not effect.refs:
            continue
        own = effect.entity if _needs_id(effect) else None  # an action (``grade_card``) checks its refs alone
        targets = [(own, v) for v in values_at(arguments, effect.id or "")] if own is not None else []
        targets += [(entity, v) for path, entity in effect.refs.items() for v in values_at(arguments, path)]
        for entity, value in targets:
            problem = _missing(entity, value, ledger, types, policy_of(effect))
            if problem is not None:
                return problem, effect
    return None


def not_found(effect: EntityEffect, violation: Violation) -> CallToolResult:
    """The tool's own not-found answer (``effects.not_found`` in its spec), the same every time."""
    style = effect.not_found
    text = Template(style.text).safe_substitute(
        entity=violation.entity, Entity=violation.entity.capitalize(), id=violation.id
    )
    return CallToolResult(content=[TextContent(type="text", text=text)], is_error=style.is_error)


@dataclass
class Audit:
    """An answer's body (a copy the fixes patch, when there are violations) and what it gets wrong."""

    body: Any
    violations: list[Violation]

    @property
    def repairable(self) -> bool:
        return all(v.fix is not None for v in self.violations)


def audit(
    spec: ToolSpec,
    arguments: dict[str, Any],
    result: CallToolResult,
    ledger: Ledger,
    types: EntityTypes,
    made: frozenset[tuple[str, str]] = frozenset(),
    changed: frozenset[tuple[str, str]] = frozenset(),
) -> Audit:
    """The answer checked against the ledger. ``made``: (type, id) of what the world model says this call created
    beyond the tool's effects (an action placing an order), which the answer may name as new. ``changed``: (type,
    id) of what it says this call updated, whose answer shows the new fields, not the ledger's old ones (the
    world model resolved the record, ``update_issue(issue="SHOP-1")`` updating issue 1)."""
    body = answer_body(result)
    if body is None or is_failure(result, body):
        return Audit(body, [])  # a failure changes nothing; text answers carry nothing to check
    checked = _audited(spec, arguments, body, ledger, types, made, changed)  # checking only reads the body
    if not checked.violations:
        return checked  # nothing to patch: no copy (a deep copy of every answer was 1/5 of the audit)
    # fixes patch a copy, never the answer
    return _audited(spec, arguments, copy.deepcopy(body), ledger, types, made, changed)


def _audited(
    spec: ToolSpec,
    arguments: dict[str, Any],
    body: Any,
    ledger: Ledger,
    types: EntityTypes,
    made: frozenset[tuple[str, str]],
    changed: frozenset[tuple[str, str]] = frozenset(),
) -> Audit:
    effects = effects_of(spec)
    created = _created_here(effects, arguments, body) | made
    updated = {
        (e.entity, str(i)) for e in effects if e.kind == "update" and e.entity for i in values_at(arguments, e.id or "")
    } | changed
    violations = _collisions(effects, arguments, body, ledger)
    own = {e.entity for e in effects}
    for entity, id_field in types.id_fields.items():
        for found in find_records(body, entity, id_field, plural(entity), entity in own):
            id_ = str(found.record[id_field])
            if (entity, id_) in created:
                continue
            if ledger.is_deleted(entity, id_):
                violations.append(_shown_deleted(entity, id_, found.record, found.container))
            elif ledger.exists(entity, id_) and not ledger.is_stale(entity, id_) and (entity, id_) not in updated:
                violations.extend(_disagreements(entity, id_, found.record, scalar_fields(found), ledger))
    violations.extend(_dangling(body, ledger, types, created, arguments))
    return Audit(body, violations)


def _needs_id(effect: EntityEffect) -> bool:
    return effect.kind in ("read", "update", "delete") and bool(effect.id)


def policy_of(effect: EntityEffect) -> tuple[str, str]:
    """(unknown, deleted): what the tool answers for an id the session never saw and for a deleted one."""
    return ("allow", "allow") if effect.lenient else (effect.unknown, effect.deleted)


def refused(entity: str, id_: str, ledger: Ledger, types: EntityTypes, policy: tuple[str, str]) -> str | None:
    """Why an id is not found under the tool's policy (None: it is found, or the tool accepts it)."""
    unknown, deleted = policy
    if entity in types.separators and unknown != "allow":  # paths: what the folders above say (hierarchy.py)
        why = hierarchy.refused(ledger, entity, id_, types.separators[entity])
        if why is None and unknown == "not_found" and not ledger.exists(entity, hierarchy.normal(id_)):
            return "does not exist"
        return None if why == "was deleted" and deleted == "allow" else why
    if ledger.is_deleted(entity, id_):
        return "was deleted" if deleted == "not_found" else None
    if ledger.exists(entity, id_) or unknown == "allow":
        return None
    return "does not exist" if unknown == "not_found" or types.known(entity, ledger, id_) else None


def _missing(
    entity: str, value: Any, ledger: Ledger, types: EntityTypes, policy: tuple[str, str] = ("auto", "not_found")
) -> Violation | None:
    if isinstance(value, dict):  # an edge (from, to, type): keyed by its content, as the ledger keeps it
        return _missing_edge(entity, value, ledger, types, policy)
    if not isinstance(value, str | int) or isinstance(value, bool):
        return None
    id_ = str(value)
    why = refused(entity, id_, ledger, types, policy)
    if why == "was deleted":
        return Violation("deleted", entity, id_, f"{entity} '{id_}' was deleted earlier in this session")
    if why is not None:
        return Violation("unknown", entity, id_, f"{entity} '{id_}' does not exist in this session")
    return None


def _missing_edge(
    entity: str, value: dict[str, Any], ledger: Ledger, types: EntityTypes, policy: tuple[str, str]
) -> Violation | None:
    id_ = entity_id(value)
    why = refused(entity, id_, ledger, types, policy)
    if why is None:
        return None
    said = ", ".join(f"{k}: {v}" for k, v in value.items())
    rule: Rule = "deleted" if why == "was deleted" else "unknown"
    return Violation(rule, entity, id_, f"{entity.capitalize()} not found ({said})")


def _created_here(effects: list[EntityEffect], arguments: dict[str, Any], body: Any) -> set[tuple[str, str]]:
    return {
        (e.entity, str(i))
        for e in effects
        if e.kind == "create" and e.entity and e.id
        for i in values_at(body, e.id) or values_at(arguments, e.id)
    }


def _collisions(effects: list[EntityEffect], arguments: dict[str, Any], body: Any, ledger: Ledger) -> list[Violation]:
    """A server-assigned id (in the answer, not chosen in the arguments) must be new. A bare ``id`` argument no
    other type claims is chosen too (``create_presentation(id)`` answering ``presentation_id``): made again, the
    server makes it anew."""
    found = []
    for effect in effects:
        if effect.kind != "create" or not effect.entity or not effect.id or values_at(arguments, effect.id):
            continue
        bare = arguments.get("id") if "id" not in effect.refs else None
        for value in values_at(body, effect.id):
            id_ = str(value)
            if bare is not None and str(bare) == id_:
                continue
            if ledger.exists(effect.entity, id_) or ledger.is_deleted(effect.entity, id_):
                message = f"new {effect.entity} got id '{id_}', which an existing or deleted {effect.entity} has"
                found.append(Violation("collision", effect.entity, id_, message))
    return found


def _shown_deleted(entity: str, id_: str, record: dict[str, Any], container: list[Any] | None) -> Violation:
    message = f"{entity} '{id_}' was deleted earlier in this session but the answer shows it"
    fix = (lambda: container.remove(record)) if container is not None else None
    return Violation("deleted", entity, id_, message, fix)


def _disagreements(
    entity: str, id_: str, record: dict[str, Any], fields: dict[str, Any], ledger: Ledger
) -> list[Violation]:
    known = ledger.get(entity, id_) or {}
    found = []
    for key, value in fields.items():
        if key in known and isinstance(known[key], str | int | float | bool) and known[key] != value:
            message = f"{entity} '{id_}' has {key}={known[key]!r} in this session, but the answer says {value!r}"
            found.append(Violation("field", entity, id_, message, _setter(record, key, known[key])))
    return found


def _setter(record: dict[str, Any], key: str, value: Any) -> Callable[[], None]:
    return lambda: record.__setitem__(key, value)


def _dangling(
    body: Any, ledger: Ledger, types: EntityTypes, created: set[tuple[str, str]], arguments: dict[str, Any]
) -> list[Violation]:
    """Fields named ``<entity>_id`` / ``<entity>Id`` must point at live entities of known types. One that points
    nowhere was made up by the world model (the arguments' references were checked before it ran): the fix points
    it at the record of that type the call names, else at nothing (null), rather than refusing the whole answer."""
    found = []
    for container, key, value in _fields(body):
        entity = _referenced_type(key)
        if not entity or entity not in types.id_fields or types.id_fields[entity] == key:
            continue
        if (entity, str(value)) in created or not isinstance(value, str | int):
            continue
        problem = _missing(entity, value, ledger, types)
        if problem is not None:
            named = _named_by_call(entity, arguments, ledger)
            fix = _setter(container, key, named)
            live = list(ledger.entities.get(entity, {}))
            # the newest record of the type, for a field that cannot be null: it points somewhere that exists
            fallback = _setter(container, key, _as_value(live[-1], value)) if named is None and live else None
            message = f"the answer refers to {problem.message}"
            found.append(Violation("dangling", entity, str(value), message, fix, fallback))
    return found


def _as_value(id_: str, like: Any) -> str | int:
    """A ledger key (text) as the answer showed its ids: a number stays a number."""
    return int(id_) if isinstance(like, int) and id_.isdigit() else id_


def _named_by_call(entity: str, arguments: dict[str, Any], ledger: Ledger) -> str | int | None:
    """The one live ``entity`` record the call's top-level arguments name by its id, if exactly one is."""
    named = {v for v in arguments.values() if isinstance(v, str | int) and not isinstance(v, bool)}
    live = [v for v in named if ledger.exists(entity, str(v))]
    return live[0] if len(live) == 1 else None


@lru_cache(maxsize=4096)  # answer field names repeat call after call; the two regexes were half of _dangling
def _referenced_type(key: str) -> str:
    """The entity type a field named ``<entity>_id`` / ``<entity>Id`` points at ("" for other fields)."""
    match = re.fullmatch(r"([a-z][a-zA-Z0-9_]*?)(_id|Id)", key)
    return singular(re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", match.group(1)).lower()) if match else ""


def _fields(body: Any, depth: int = 0) -> list[tuple[dict[str, Any], str, Any]]:
    """(the object, key, value) of every field in ``body``, nested ones too (four levels at most)."""
    if depth > 4:
        return []
    if isinstance(body, list):
        return [kv for item in body for kv in _fields(item, depth + 1)]
    if isinstance(body, dict):
        own = [(body, str(k), v) for k, v in body.items()]
        return own + [kv for v in body.values() for kv in _fields(v, depth + 1)]
    return []
