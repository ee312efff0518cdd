"""What a tool does to entities: declared in its spec (``effects:``) or inferred from its name and schemas.

``create_ticket`` creates a ``ticket``; ``get_ticket`` / ``update_ticket`` / ``delete_ticket`` take its id;
``list_tickets`` / ``search_tickets`` list them. Anything else is treated as a stateless action.
"""

from __future__ import annotations

import json
import re
from collections.abc import Set as AbstractSet
from dataclasses import replace
from typing import Any, Literal

from mcp.types import CallToolResult

from mcp_sim.config import EntityEffect, ToolSpec
from mcp_sim.config.effect_format import fits, template_value
from mcp_sim.ledger import created_ids, dispatch, namespaces, natural_keys
from mcp_sim.ledger.answers import Found, answer_body, find_records, is_failure, scalar_fields, values_at
from mcp_sim.ledger.closed_fields import closed_fields
from mcp_sim.ledger.delete_flags import deletes
from mcp_sim.ledger.dry_runs import is_dry_run
from mcp_sim.ledger.entities import Effect, Ledger
from mcp_sim.ledger.hierarchy import normal
from mcp_sim.ledger.id_forms import drawn, same_form
from mcp_sim.ledger.verbs import VERBS as _VERBS
from mcp_sim.ledger.verbs import Kind
from mcp_sim.ledger.world_state import scalar_effect
from mcp_sim.ledger.wrapped_arguments import unwrapped

# Words that say a tool changes something, beyond the entity verbs above (``write_query``, ``git_commit``):
# a name that starts with one is an action, whatever noun follows (``write_query`` is no list of writes).
_ACTIONS = (
    "insert write put append replace reset checkout merge init mkdir touch rm mv cp move copy commit push send "
    "place book apply upload save store"
)
CHANGING = frozenset(w for w, kind in _VERBS.items() if kind in ("create", "update", "delete")) | frozenset(
    _ACTIONS.split()
)
# a word every tool of a server starts with is its namespace unless it says what the tools do (``get_a``...)
_NOT_NAMESPACE = frozenset(_VERBS) | CHANGING


def effect_of(spec: ToolSpec) -> EntityEffect:
    """The tool's main effect (the first one declared), completed by inference where the spec leaves a field out."""
    return effects_of(spec)[0]


# spec -> its effects, by identity. A call asks for a tool's effects five times or more (pre-check, simulator,
# guard, learning from the answer) and inferring them builds pydantic models: ~10 % of a simulated call's
# server CPU before this cache (benchmarks/profile_cpu.py). Specs are frozen models made at start-up (or when a
# profile re-exposes the catalog), so their effects never change; the entry keeps its spec alive, so the id is
# never reused while cached. Bounded, in case some caller makes specs per call.
_EFFECTS: dict[int, tuple[ToolSpec, tuple[EntityEffect, ...]]] = {}
_MAX_CACHED_SPECS = 4096


def effects_of(spec: ToolSpec) -> list[EntityEffect]:
    """Every declared effect (completed by inference), or the one inferred from the tool's name and schemas."""
    cached = _EFFECTS.get(id(spec))
    if cached is not None and cached[0] is spec:
        return list(cached[1])  # a fresh list: a caller may filter it in place; the effects are frozen
    effects = _effects_of(spec)
    if len(_EFFECTS) >= _MAX_CACHED_SPECS:
        _EFFECTS.clear()
    _EFFECTS[id(spec)] = (spec, tuple(effects))
    return effects


def _effects_of(spec: ToolSpec) -> list[EntityEffect]:
    inferred = infer_effect(spec)
    declared = spec.effects if isinstance(spec.effects, list) else [spec.effects] if spec.effects else []
    if not declared:
        return [inferred]
    first, *rest = declared
    completed = first.model_copy(
        update={
            "entity": first.entity or inferred.entity,
            "id": first.id or (inferred.id if first.kind == inferred.kind else None) or "id",
        }
    )
    return [completed, *rest]


class EntityTypes:
    """The entity types of an experiment and the field that holds each one's id, learned from every tool's
    effects (``create_ticket`` returning ``id`` -> ticket ids live in ``id``) and from the world seeds."""

    def __init__(self, specs: list[ToolSpec], seeded: dict[str, str] | None = None) -> None:
        learn_namespace(specs)
        # a tool taking one model (``args: {customer_id}``) is read through it, and one routing its calls by an
        # operation (``manage_container(operation, containerType)``) as each tool it can be, as the simulator
        # reads their calls
        specs = [found[0] if (found := unwrapped(spec)) else spec for spec in specs]
        specs = [*specs, *(variant for spec in specs for variant in dispatch.variants(spec))]
        self.id_fields: dict[str, str] = dict(seeded or {})
        for spec in specs:
            for effect in effects_of(spec):
                # edges (relations[]) are keyed by their content: no field of theirs holds an id
                edges = effect.id is not None and effect.id.endswith("[]") and "." not in effect.id
                if effect.kind == "create" and effect.entity and effect.id and not edges:
                    self.id_fields.setdefault(effect.entity, effect.id.split(".")[-1].removesuffix("[]"))
        for spec in specs:  # types that are only read or listed still have records: default id field "id"
            for effect in effects_of(spec):
                if effect.entity and effect.kind != "none":
                    self.id_fields.setdefault(effect.entity, "id")
        self.created = {e.entity for s in specs for e in effects_of(s) if e.kind == "create" and e.entity}
        # entity -> the separator of its path ids (``effects.hierarchy``): not-found follows the folders
        self.separators = {
            e.entity: e.hierarchy.separator for s in specs for e in effects_of(s) if e.entity and e.hierarchy
        }
        self.seeded = set(seeded or {})
        self.integer_ids = _integer_ids(specs)
        # field -> the only values the answers can hold for it (``status`` from an enum): closed_fields.py
        self.closed_fields = closed_fields(specs)
        # entity -> the argument its readers, updaters and deleters name it by (``get_order_details(order_id)``)
        self.id_arguments: dict[str, str] = {}
        # entity -> the schemas of the arguments that take its ids (``projectId: {pattern: "^[0-9a-f]{32}$"}``): an id
        # the simulator makes must pass them, or its own tools refuse it
        self.id_schemas: dict[str, list[dict[str, Any]]] = {}
        for spec in specs:
            properties = spec.input_schema.get("properties") or {}
            for effect in effects_of(spec):
                if effect.kind in _NAMING and effect.entity and effect.id and "." not in effect.id:
                    self.id_arguments.setdefault(effect.entity, effect.id.removesuffix("[]"))
                named = [(effect.id, effect.entity)] if effect.kind in _NAMING else []
                for argument, entity in [*named, *effect.refs.items()]:
                    prop = properties.get(str(argument).removesuffix("[]"))
                    if entity and isinstance(prop, dict) and (prop.get("pattern") or prop.get("format")):
                        self.id_schemas.setdefault(entity, []).append(prop)
        # types some tool names by an id (``switch_presentation(presentation_id)``): only their creates show the
        # id they mint; a type nothing names so (slides taken by ``slide_index``) is never told one
        self.named_by_id = {
            entity
            for spec in specs
            for effect in effects_of(spec)
            for entity in (
                *effect.refs.values(),
                *([effect.entity] if effect.kind in _NAMING and effect.id and not effect.id.endswith("[]") else []),
            )
            if entity
        }

    def known(self, entity: str, ledger: Ledger, id_: str | None = None) -> bool:
        """Whether the session knows every entity of this type, so an unknown id is not found: the world
        seed declares the type (what it does not name is not there) and ``id_`` is written like the ids the seed
        and the session have for it, or the session has seen one of the type (created, listed, read) written like
        ``id_`` (id_forms.py: an id in a form neither ever showed for the type came from outside them: a booking
        id the real server handed out in words, ``3426812`` beside the seed's ``LA12345`` and the session's
        ``booking-1``). Before that the world of the type is open: the agent may name
        one that existed before the session (from its task), and a simulator that cannot know must not call
        it missing. So is a form the agent already named ids in that the session never showed (``get_record(2)``
        let through as a row from before the session): the agent knows such ids from outside it, and the real
        server numbers its own after the rows it held. Deleted ids are refused either way."""
        seen = ledger.seen_ids(entity)
        if entity in self.seeded:  # closed from the start, but for ids written unlike any the seed or session has
            return id_ is None or not seen or same_form(id_, seen)
        if id_ is not None and same_form(id_, ledger.assumed.get(entity, ())):
            return False
        return bool(seen) and (id_ is None or (same_form(id_, seen) and not drawn(id_)))


_NAMING = frozenset({"read", "update", "delete"})


def learn_namespace(specs: list[ToolSpec]) -> None:
    """Reads the tool list as one server's (namespaces.py): the word every name starts with is no verb, the
    argument every tool requires is no id. Effects worked out before for a name whose reading changed are
    forgotten, so they are worked out again without the namespace."""
    changed = namespaces.register(((s.name, s.input_schema) for s in specs), _NOT_NAMESPACE)
    if len(specs) >= namespaces.MIN_TOOLS:  # one tool's types (a rule checking a single spec) say nothing
        names = [s.name for s in specs]
        before = {name: natural_keys.key_of(name) for name in names}
        natural_keys.forget(names)  # each tool read as it reads alone, then the list's keys learned from that
        readings = [
            (s.name, e.kind, e.entity, s.input_schema, s.output_schema) for s in specs for e in [infer_effect(s)]
        ]
        natural_keys.register(readings)
        changed |= {name for name in names if natural_keys.key_of(name) != before[name]}
    if changed:
        for key in [k for k, (spec, _) in _EFFECTS.items() if spec.name in changed]:
            del _EFFECTS[key]


def _integer_ids(specs: list[ToolSpec]) -> set[str]:
    """Entity types whose ids the tools take as integers (``get_item(item_id: integer)``): the server numbers
    them, so a simulated create mints 1, 2, 3 rather than ``item-1``."""
    found: set[str] = set()
    for spec in specs:
        properties = spec.input_schema.get("properties") or {}
        for effect in effects_of(spec):
            if effect.kind == "create" and effect.entity and effect.id and spec.examples:  # answers showed 1, 2...
                shown = [v for b in created_ids.successful_bodies(spec.examples) for v in values_at(b, effect.id)]
                if shown and all(isinstance(v, int) and not isinstance(v, bool) for v in shown):
                    found.add(effect.entity)
            named = {effect.id: effect.entity} if effect.kind != "create" and effect.id else {}
            for argument, entity in {**named, **effect.refs}.items():
                prop = properties.get(argument) if argument and entity else None
                if isinstance(prop, dict) and prop.get("type") == "integer" and entity:
                    found.add(entity)
    return found


def observed_effects(
    spec: ToolSpec, arguments: dict[str, Any], result: CallToolResult, types: EntityTypes
) -> list[Effect]:
    """What an answer shows happened, for the ledger: ids created and deleted, fields changed, records seen.
    Used for real answers (never altered, always learned from) and for world models that report no effects."""
    return _observed(spec, arguments, result, types, _NOTHING, _NOTHING)


_NOTHING: frozenset[tuple[str, str]] = frozenset()
# kinds whose effect changes nothing by itself: ``_declared`` gives nothing for them (a move does, in ``_in_format``)
_NO_CHANGE = frozenset({"read", "list", "none"})


def _observed(
    spec: ToolSpec,
    arguments: dict[str, Any],
    result: CallToolResult,
    types: EntityTypes,
    known: AbstractSet[tuple[str, str]],
    told: AbstractSet[tuple[str, str]],
) -> list[Effect]:
    """``observed_effects``, without working out the effects ``with_observed`` drops (those of a (type, id) in
    ``known`` or a (type, op) in ``told``): those it keeps are the same, in the same order."""
    body = answer_body(result)
    if is_failure(result, body) or is_dry_run(spec, arguments):  # a preview changed nothing (dry_runs.py)
        return []
    effects: list[Effect] = []
    declared = effects_of(spec)
    for effect in declared:
        if (effect.entity is None or effect.id is None or effect.kind in _NO_CHANGE) and not (
            effect.ids_in_text or effect.sets
        ):
            continue  # ``_declared`` and ``_in_format`` give nothing for it (``echo``, a read, a search): not asked
        if fits(effect.when, arguments):
            # every effect ``_declared`` gives is of the effect's type and one op: none is kept when it was told
            op = _declared_op(effect, arguments) if told else None
            made = [] if op is not None and (effect.entity, op) in told else _declared(effect, arguments, body)
            effects.extend(_paths_normal(effect, [*made, *_in_format(effect, arguments)]))
    if not isinstance(body, dict | list):
        return effects  # no records in words or a bare value (``find_records`` finds none): no type is asked
    own = {e.entity for e in declared}
    for entity, id_field in types.id_fields.items():
        if (entity, "observe") in told:
            continue
        for found in find_records(body, entity, id_field, _plural(entity), entity in own):
            id_ = str(found.record[id_field])
            if (entity, id_) not in known:
                effects.append(Effect("observe", entity, id_, scalar_fields(found)))
    return effects


def _declared_op(effect: EntityEffect, arguments: dict[str, Any]) -> str | None:
    """The op of every effect ``_declared`` gives for ``effect`` (None: it gives none)."""
    if effect.kind == "create":
        return "create"
    if effect.kind == "delete" or (effect.kind == "update" and deletes(arguments)):
        return "delete"
    return "update" if effect.kind == "update" else None


def with_observed(
    spec: ToolSpec, arguments: dict[str, Any], result: CallToolResult, reported: list[Effect], types: EntityTypes
) -> list[Effect]:
    """The effects a backend or world model reported, plus those its answer shows that it did not report.
    A world model that reported deletes (or creates...) of a type has said which ones happened: a batch
    whose failed items took no effect must not have them added back from its arguments."""
    if not reported:  # a real answer: nothing reported, all that it shows is kept (no sets, no second list)
        return _observed(spec, arguments, result, types, _NOTHING, _NOTHING)
    known = {(e.entity, e.id) for e in reported}
    told = {(e.entity, e.op) for e in reported}
    # what the answer shows that the report already holds is not worked out (the created record's fields again:
    # ~4 % of a simulated call's server CPU before)
    seen = _observed(spec, arguments, result, types, known, told)
    return [*reported, *(e for e in seen if (e.entity, e.id) not in known and (e.entity, e.op) not in told)]


def _declared(effect: EntityEffect, arguments: dict[str, Any], body: Any) -> list[Effect]:
    if effect.entity is None or effect.id is None:
        return []
    if effect.kind == "create":
        from_answer = values_at(body, effect.id)
        if not from_answer and body == []:  # a batch create answering no item made none (the names existed)
            return []
        ids = from_answer or values_at(arguments, effect.id)
        # a batch's own arguments hold for each item it makes: bulk_add_chunks(category="Pests", chunks=[...])
        shared = _shared(arguments) if "[]" in effect.id else {}
        return [
            Effect(
                "create",
                effect.entity,
                entity_id(i),
                {**shared, **_record(body if from_answer else arguments, effect.id, i)},
            )
            for i in ids
        ]
    ids = [entity_id(i) for i in values_at(arguments, effect.id) if isinstance(i, str | int | dict)]
    if effect.kind == "delete" or (effect.kind == "update" and deletes(arguments)):  # delete_flags.py
        return [Effect("delete", effect.entity, i) for i in ids]
    if effect.kind == "update":
        changes = _changes(effect, arguments)
        return [Effect("update", effect.entity, i, changes) for i in ids]
    return []


def _in_format(effect: EntityEffect, arguments: dict[str, Any]) -> list[Effect]:
    """What a successful answer of a tool declared in the format for real tools did (config/effect_format.py):
    tables its SQL created or dropped, a move, the state it set. The ids are the arguments' own."""
    found: list[Effect] = []
    for text_ids in effect.ids_in_text:
        entity = text_ids.entity or effect.entity
        if text_ids.op == "use" or entity is None:
            continue
        for text in values_at(arguments, text_ids.argument):
            for match in re.finditer(text_ids.pattern, text) if isinstance(text, str) else []:
                id_ = match.group(1) if match.re.groups else match.group(0)
                if id_:
                    op: Literal["create", "delete"] = "create" if text_ids.op == "create" else "delete"
                    found.append(Effect(op, entity, id_, {"id": id_} if op == "create" else None))
    if effect.kind == "move" and effect.entity and effect.id and effect.to:
        for source, target in zip(values_at(arguments, effect.id), values_at(arguments, effect.to), strict=False):
            found += [Effect("delete", effect.entity, str(source)), Effect("create", effect.entity, str(target), {})]
    # ``clears`` needs the ledger (which records are live): a real answer's is applied by ``Ledger.apply`` of
    # the deletes the simulator reports, and a real call of such a tool leaves them (they were never simulated)
    for name, value in effect.sets.items():  # a slot only arguments fill: $-values are the simulator's
        made = template_value(value, lambda slot: None if slot.startswith("$") else _argument(arguments, slot))
        found.append(scalar_effect(name, made))
    return found


def _argument(arguments: dict[str, Any], path: str) -> Any:
    values = values_at(arguments, path)
    return values[0] if values else None


def _paths_normal(effect: EntityEffect, effects: list[Effect]) -> list[Effect]:
    """Path ids in one spelling (``/a/b/`` is ``/a/b``), as the simulator keeps them (ledger/hierarchy.py)."""
    if effect.hierarchy is None:
        return effects
    sep = effect.hierarchy.separator
    return [replace(e, id=normal(e.id, sep)) if e.entity == effect.entity else e for e in effects]


def entity_id(value: Any) -> str:
    """The ledger's id of a value: ``1`` and ``"1"`` are one id; an object without an id field (a relation)
    is keyed by its whole content, whatever the order of its keys."""
    if isinstance(value, dict | list):
        return json.dumps(value, sort_keys=True, ensure_ascii=False)
    return str(value)


def _shared(arguments: dict[str, Any]) -> dict[str, Any]:
    """A batch call's top-level plain values (its project, its category): every item it makes has them."""
    return {k: v for k, v in arguments.items() if isinstance(v, str | int | float) and not isinstance(v, bool)}


def _record(data: Any, path: str, id_: Any) -> dict[str, Any]:
    """The object that holds ``id_`` at ``path`` (its scalar fields), or just the id."""
    if isinstance(id_, dict):
        return dict(id_)
    head, _, field = path.rpartition(".")
    holders = values_at(data, head) if head else [data]
    holders = [h for item in holders for h in (item if isinstance(item, list) else [item])]
    for holder in holders:
        if isinstance(holder, dict) and holder.get(field.removesuffix("[]")) == id_:
            envelope = not head and any(isinstance(v, dict | list) for v in holder.values())
            return scalar_fields(Found(holder, None, envelope))
    return {field.removesuffix("[]"): id_}


def _changes(effect: EntityEffect, arguments: dict[str, Any]) -> dict[str, Any] | None:
    """The fields an update sets, when its arguments say so plainly; None (unknown) for batch updates."""
    if effect.id is None or "." in effect.id or "[]" in effect.id:
        return None
    skip = {effect.id, *effect.refs}
    return {k: v for k, v in arguments.items() if k not in skip and isinstance(v, str | int | float | bool)}


def name_words(spec: ToolSpec) -> list[str]:
    """The words of a tool's name that say what it does: its namespace, a batch word and a ``_tool`` suffix left
    out (``bulk_add_chunks`` -> add, chunks; ``notebook_create`` keeps its namespace, the only noun it has)."""
    return list(_name_words(spec.name, namespaces.without_namespace(spec.name)))  # a fresh list: callers own it


# Several rules ask for a tool's words at every call (empty_updates, the simulator's create, made.py), and each
# split its name with two regexes again (~1 % of a simulated call's server CPU). The words depend on the name
# and on the name without its namespace (learned from the tool list, and changed when another list is read),
# so both are the key. A plain bound: a name not found is split again, to the same words.
_NAME_WORDS: dict[tuple[str, str], tuple[str, ...]] = {}
_MAX_NAME_WORDS = 4096


def _name_words(name: str, bare: str) -> tuple[str, ...]:
    found = _NAME_WORDS.get((name, bare))
    if found is None:
        if len(_NAME_WORDS) >= _MAX_NAME_WORDS:
            _NAME_WORDS.clear()
        found = _NAME_WORDS[(name, bare)] = tuple(_split_name(name, bare))
    return found


def _split_name(name: str, bare: str) -> list[str]:
    """``name_words`` of a tool named ``name``, ``bare`` once its server's namespace is dropped."""
    words = [w for w in re.split(r"[^a-z0-9]+", _snake(bare)) if w]
    if len(words) < 2:  # notebook_create, notebook_delete: with only a verb left, the namespace is the noun
        words = [w for w in re.split(r"[^a-z0-9]+", _snake(name)) if w]
    if len(words) > 2 and words[0] in _BATCH_WORDS:  # bulk_add_chunks adds chunks, as add_chunk adds one
        words = words[1:]
    if len(words) > 2 and words[-1] in ("tool", "tools"):  # register_project_tool registers a project
        words = words[:-1]
    return words


def into_container(spec: ToolSpec) -> Kind | None:
    """``create`` for a tool that puts something into a container (``add_to_cart``), ``delete`` for one that takes it
    out (``remove_from_playlist``); None for any other tool. Such a tool's effect is an update of the container."""
    words = name_words(spec)
    kind = _VERBS.get(words[0]) if len(words) > 2 and words[1] in _INTO else None
    return kind if kind in ("create", "delete") else None


def infer_effect(spec: ToolSpec) -> EntityEffect:
    words = name_words(spec)
    if not words:
        return EntityEffect(kind="none")
    if len(words) == 1 and _VERBS.get(words[0]) in _ON_ONE and (noun := described_noun(spec.description)):
        words = [words[0], noun]  # ``add``: "Create a task (...)", ``show``: "a task plus its links"
    kind = _VERBS.get(words[0])
    if kind is None and words[0] in _KEEPING and len(words) > 1:
        kind = "create"  # store_learning, save_recommendation: only as the name's first word (not auto_save)
    if kind is None and words[0] in CHANGING:
        return _action(spec)
    if kind is None and len(words) > 1 and words[-1] in _VERBS:  # ticket_create, ticket_list
        # the first verb says what it does; one after it qualifies it (``invoices_list_new`` lists new invoices,
        # it creates no "invoices list"), and the noun is what comes before the verb
        first = next(i for i, w in enumerate(words) if w in _VERBS)
        kind = _VERBS[words[first]]
        words = [words[first], *words[:first]]
    if kind is None or len(words) < 2:
        return _action(spec)
    # a read that lists (get_messages, read_all_messages) still reads the record it is scoped by:
    # ``get_email_links(inbox_id)`` of a deleted inbox is not found, where the ids of a ``list_`` filter it
    # (``list_entries(feed_id)`` of a deleted feed lists nothing)
    scoped = kind == "read" and _reads_many(words, spec)
    if scoped:
        kind, words = "list", [words[0], *words[2 if words[1] == "all" else 1 :]]
    if words[0] == "close" and len(words) > 1 and singular(words[-1]) in _ENDED_BY_CLOSING:
        kind = "delete"  # close_session, close_connection: gone after it, unlike a closed issue
    if into_container(spec):
        return _into(spec, singular("_".join(words[2:])))  # add_to_cart, remove_from_playlist: the cart changes
    if "by" in words[1:]:  # filter_by_project, find_todos_by_tag: what follows "by" is the criterion
        words = words[: words.index("by", 1)]
        if kind == "list" and len(words) < 2:
            return EntityEffect(kind="list")  # the listed type is whichever records the criterion fits
    entity = singular("_".join(words[1:]))
    if kind == "list" and entity in namespaces.scopes_of(spec.name):
        return EntityEffect(kind="list")  # search_vault(vault, query): lists what is in the scope, not scopes
    if kind in ("read", "update", "delete"):
        id_arg = _id_argument(spec.input_schema, entity)
        if id_arg is None and (key := natural_keys.key_of(spec.name)) is not None:
            # a key the caller names (a lemma) may be in the world before the session: only a deleted one is gone
            return EntityEffect(kind=kind, entity=entity, id=key, unknown="allow", refs=_refs(spec.input_schema, key))
        entity = _qualified(entity, id_arg)
        if kind == "update":
            entity = _field_set(entity, id_arg, spec.input_schema)
        refs = _refs(spec.input_schema, id_arg)
        if kind == "delete" and id_arg is not None and "[]" in id_arg:
            # batch deletes are idempotent in most servers: a name already gone, or never there, is no error
            return EntityEffect(kind=kind, entity=entity, id=id_arg, unknown="allow", deleted="allow")
        if kind == "delete":
            refs = {path: entity for path, entity in refs.items() if "[]" not in path}
        return EntityEffect(kind=kind, entity=entity, id=id_arg, refs=refs)
    if kind == "create" and words[0] in _KEEPING and _id_argument(spec.input_schema, entity) is not None:
        return _action(spec)  # save_presentation(presentation_id): keeps a record there is, makes none
    if kind == "create":
        id_field = _id_field(spec, entity)
        refs = {k: v for k, v in _refs(spec.input_schema, None).items() if k != id_field}  # its own chosen id
        return EntityEffect(kind=kind, entity=entity, id=id_field, refs=refs)
    return EntityEffect(kind=kind, entity=entity, refs=_refs(spec.input_schema, None) if scoped else {})


# plural words that name one record of figures or text, not many records (``get_stats``, ``get_file_contents``)
_AGGREGATES = frozenset(
    {"stats", "statistics", "metrics", "analytics", "contents", "details", "settings", "preferences", "instructions"}
    | {"info", "news", "status", "progress"}
)


def _reads_many(words: list[str], spec: ToolSpec) -> bool:
    """Whether a tool named as a read (``get_messages``) lists records: its noun is plural, no argument names
    one record by id, and its answer (where a schema says) holds a list. ``get_message`` reads one."""
    noun = words[-1]
    if singular(noun) == noun or noun in _AGGREGATES or len(words) < 2:
        return False
    entity = singular("_".join(words[2 if words[1] == "all" else 1 :]))
    if _id_argument(spec.input_schema, entity) is not None:
        return False
    schema = spec.output_schema
    return (
        schema is None
        or _is_array(schema)
        or any(isinstance(p, dict) and _is_array(p) for p in (schema.get("properties") or {}).values())
    )


# a bare ``query`` or ``search`` lists whatever its criteria find; a bare ``add`` or ``show`` acts on one record
_ON_ONE = frozenset({"create", "read", "update", "delete"})
# "a task", "an issue": the thing a tool named by its verb alone acts on, as its description names it first
_OBJECT = re.compile(r"\b(?:a|an|one|the)\s+([a-z]+)")
_MIN_NOUN = 3
_NOT_NOUNS = frozenset("new single given specific existing current whole full".split())  # noqa: SIM905


def described_noun(description: str | None) -> str | None:
    """The noun the first sentence of a description names with an article (``Create a task`` -> task), for a tool
    whose name is a verb alone; adjectives (``a closed task``, ``a symmetric link``) are passed over."""
    first = re.split(r"(?<=[.!?])\s|\n\s*\n", (description or "").strip(), maxsplit=1)[0]
    for found in _OBJECT.finditer(first):
        for word in re.findall(r"[a-z]+", first[found.start(1) :])[:4]:  # "a finished, closed task"
            if word not in _NOT_NOUNS and not word.endswith(("ed", "ic", "al", "ive", "ous", "ful", "less", "ing")):
                return singular(word) if len(word) >= _MIN_NOUN else None
    return None


_BATCH_WORDS = frozenset({"bulk", "batch", "multi", "mass"})
# verbs that make a record (``store_learning``, ``log_set``, ``send_message``, ``upload_document``) unless the call
# names one by its id (``publish_post(post_id)`` acts on a post there is); only as a name's first word
# (``auto_save`` and ``transaction_log`` make nothing). A message sent can be read back, a document uploaded listed.
_KEEPING = frozenset({"save", "store", "log", "send", "upload", "publish"})
# what a close ends (a closed issue or order stays, with its new state; these do not)
_ENDED_BY_CLOSING = frozenset({"session", "connection", "file", "handle", "tab", "window", "page", "browser",
                               "stream", "socket", "cursor", "transaction", "channel", "terminal", "shell",
                               "context"})  # fmt: skip
_INTO = frozenset({"to", "into", "onto", "from", "in", "on"})


def _into(spec: ToolSpec, container: str) -> EntityEffect:
    """``add_to_cart(cart_id, sku)`` puts something in a cart: an update of the cart its id names, not a create
    of a "to_cart". The cart may be made by the first add (carts, playlists and watchlists are), so an id the
    session never saw is let through; one it deleted is not."""
    id_arg = _id_argument(spec.input_schema, container)
    if id_arg is None:
        return _action(spec)
    refs = _refs(spec.input_schema, id_arg)
    return EntityEffect(kind="update", entity=container, id=id_arg, refs=refs, unknown="allow")


def _action(spec: ToolSpec) -> EntityEffect:
    """A tool that acts on no type of its own (``grade_card``, ``complete_todo``) still names the things it acts
    on by id (``card_id``): one deleted earlier is gone for it too (a deleted card cannot be graded). An id the
    session never saw follows the rule a read's does (``EntityTypes.known``): before the session has seen any of
    the type, or in a form it never showed, the target may have been there before it (a tweet to retweet) and is
    let through; ``start_task(5)`` after the session made tasks 1 and 2 names one that is not there (the recorded
    servers refused 11 of 21 such actions, most of the others answered a not-found in words)."""
    return EntityEffect(kind="none", refs=_refs(spec.input_schema, None))


# nouns whose plural is the word itself: one series is not a "sery"
_SAME_PLURAL = ("series", "species")


def singular(word: str) -> str:
    if word.endswith(_SAME_PLURAL):
        return word
    for suffix, repl in (("ies", "y"), ("sses", "ss"), ("ches", "ch"), ("shes", "sh"), ("xes", "x")):
        if word.endswith(suffix):
            return word[: -len(suffix)] + repl
    if word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


# entity type -> its plural: ``observed_effects`` asks it for every type of the experiment at every call
_PLURALS: dict[str, str] = {}


def _plural(word: str) -> str:
    found = _PLURALS.get(word)
    if found is None:
        if len(_PLURALS) >= _MAX_NAME_WORDS:
            _PLURALS.clear()  # a plain bound: a word not found is made plural again, to the same word
        found = _PLURALS[word] = plural(word)
    return found


def plural(word: str) -> str:
    if word.endswith(_SAME_PLURAL):
        return word
    if word.endswith("y") and not word.endswith(("ay", "ey", "oy", "uy")):
        return word[:-1] + "ies"
    if word.endswith(("s", "x", "ch", "sh")):
        return word + "es"
    return word + "s"


def _refs(schema: dict[str, Any], id_arg: str | None) -> dict[str, str]:
    """Other arguments named ``<entity>_id`` / ``<entity>Id``: references that must exist (when that entity
    type is known to the experiment; see ``EntityTypes``)."""
    refs = {}
    for name, prop in (schema.get("properties") or {}).items():
        match = re.fullmatch(r"([a-z][a-zA-Z0-9_]*?)(_id|Id)", str(name))
        if match and name != id_arg:
            refs[str(name)] = singular(_snake(match.group(1)))
        items = prop.get("items") if isinstance(prop, dict) and _is_array(prop) else None
        for field in (items.get("properties") or {}) if isinstance(items, dict) else {}:
            # a batch item naming another entity: add_observations(observations[].entityName)
            inner = re.fullmatch(r"([a-z][a-zA-Z0-9_]*?)(_id|Id|_name|Name)", str(field))
            if inner and f"{name}[].{field}" != id_arg:
                refs[f"{name}[].{field}"] = singular(_snake(inner.group(1)))
    return refs


# Words after a type's name that say which view of it a read shows, not another type: ``get_task_detail(taskId)``
# reads the task that ``delete_task(taskId)`` deletes, so a deleted task's details are not found.
_VIEWS = frozenset({"detail", "info", "information", "summary", "overview", "metadata", "context"})


def _qualified(entity: str, id_arg: str | None) -> str:
    """The type a view of it is named after (``task_detail`` read by ``taskId`` -> ``task``, ``issue_context`` read
    by ``issue`` -> ``issue``)."""
    head, _, view = entity.rpartition("_")
    match = re.fullmatch(r"([a-z][a-zA-Z0-9_]*?)(_id|Id)", id_arg or "") or re.fullmatch(
        r"([a-z][a-z0-9_]*)()", id_arg or ""
    )
    if not head or singular(view) not in _VIEWS or match is None:
        return entity
    return head if singular(_snake(match.group(1))) == head else entity


def _field_set(entity: str, id_arg: str | None, schema: dict[str, Any]) -> str:
    """The type an update of one of its fields is named after: ``update_book_status(book_id, status)`` sets the
    status of the book ``book_id`` names (``set_session_plan(sessionId, plan)``, ``update_task_progress(task_id,
    progress_percent)``), it makes no "book status" of its own. The last word of the name must open another
    argument's name and the id must name the type before it; ``delete_board_member(board_id)`` stays a member."""
    head, _, field = entity.rpartition("_")
    match = re.fullmatch(r"([a-z][a-zA-Z0-9_]*?)(_id|Id)", id_arg or "")
    if not head or match is None or singular(_snake(match.group(1))) != head:
        return entity
    others = [_snake(str(name)) for name in schema.get("properties") or {} if name != id_arg]
    return head if any(name.split("_")[0] in (field, plural(field)) for name in others) else entity


def _id_argument(schema: dict[str, Any], entity: str) -> str | None:
    properties = schema.get("properties") or {}
    props = list(properties.keys())
    preferred = [f"{entity}_id", f"{camel(entity)}Id", "id", f"{entity.rsplit('_', 1)[-1]}_id"]
    for name in preferred:
        if name in props:
            return str(name)
    required = schema.get("required") or []
    for name in ("number", f"{entity}_number", f"{camel(entity)}Number"):
        # ``adr_update(number)``, ``update_issue(issue_number)``: a record the server numbered, named by its number
        prop = properties.get(name)
        if isinstance(prop, dict) and prop.get("type") == "integer" and name in required:
            return name
    head, _, view = entity.rpartition("_")
    # ``update_issue(issue="SHOP-1")``, ``get_issue_context(issue)``: the type's own name, one key
    for name in (entity, *([head] if head and singular(view) in _VIEWS else [])):
        if _is_key(properties.get(name)) and name in (schema.get("required") or []):
            return name
    if _stored_under_key(schema):  # get_object(key), delete_object(key): a store's records are named by their key
        return "key"
    for name in props:  # a batch of ids or names: delete_entities(entityNames=[...])
        if re.search(r"(_ids|Ids|_names|Names|^ids|^names)$", str(name)) and _is_array(properties[name]):
            return f"{name}[]"
    batch = _batch_argument(schema)  # a batch of records that carry their ids: update_entities(entities[].name)
    if batch is not None and singular(batch.split("[]")[0]) == entity:
        return batch  # entities[].name, or relations[]: edges keyed by their content
    # Another ``<thing>_id`` names this entity only when the thing is part of its name (``get_task_details``
    # takes ``task_id``); ``get_next_task(requestId)`` reads no task by id, it refers to a request.
    words = set(entity.split("_"))
    candidates = [n for n in props if re.fullmatch(r"([a-z][a-zA-Z0-9_]*?)(_id|Id)", str(n))]
    candidates = [n for n in candidates if set(_snake(re.sub(r"(_id|Id)$", "", str(n))).split("_")) & words]
    for name in sorted(candidates, key=lambda n: n not in required):
        return str(name)
    return None


def _is_key(prop: Any) -> bool:
    """An argument that holds a key, not free text (``read_query(query)`` names no query): an integer, a string with
    a pattern, or one its description calls an id, identifier, key or number; or either (``oneOf: [{type: string,
    pattern: ...}, {type: integer}]``)."""
    if not isinstance(prop, dict):
        return False
    branches = prop.get("oneOf") or prop.get("anyOf")
    if isinstance(branches, list) and branches:
        scalar = all(isinstance(b, dict) and b.get("type") in ("string", "integer") for b in branches)
        return scalar and any(_is_key({**b, "description": prop.get("description")}) for b in branches)
    if prop.get("type") == "integer":
        return True
    said = str(prop.get("description") or "")
    return prop.get("type") == "string" and (bool(prop.get("pattern")) or bool(_KEY_WORDS.search(said)))


_KEY_WORDS = re.compile(r"\b(?:id|ids|identifier|key|number)\b", re.IGNORECASE)


def _id_field(spec: ToolSpec, entity: str) -> str:
    props = (spec.output_schema or {}).get("properties") or {}
    for name in ("id", f"{entity}_id", f"{camel(entity)}Id"):
        if name in props:
            return name
    chosen = _chosen_id(spec.input_schema, entity) or natural_keys.key_of(spec.name)
    if chosen is not None:
        return chosen
    batch = _batch_argument(spec.input_schema)
    if batch is not None:
        return batch
    # in an envelope or under a name for what was made (``data.recipe_id``, ``insertedId``): created_ids.py
    return created_ids.id_path(entity, spec.output_schema, created_ids.successful_bodies(spec.examples)) or "id"


def _stored_under_key(schema: dict[str, Any]) -> bool:
    """Whether a tool names its record by a required string ``key`` (an object store's ``get_object(key)``, a cache's
    ``get(key)``): the key is the record's id, as a path is a file's. An argument named for the type's id comes
    first (``_id_argument``)."""
    prop = (schema.get("properties") or {}).get("key")
    return isinstance(prop, dict) and prop.get("type") == "string" and "key" in (schema.get("required") or [])


def _chosen_id(schema: dict[str, Any], entity: str) -> str | None:
    """The argument a create takes its new entity's id in, when the caller names it (``create_graph(graph_id)``,
    ``add_nodes(nodes: [str])``): one entity whatever the answer says, and no id is minted for it."""
    properties = schema.get("properties") or {}
    required = set(schema.get("required") or [])
    for name in (f"{entity}_id", f"{camel(entity)}Id"):
        prop = properties.get(name)
        if isinstance(prop, dict) and prop.get("type") in ("string", "integer") and name in required:
            return name
    listed = properties.get(plural(entity))
    items = listed.get("items") if isinstance(listed, dict) and _is_array(listed) else None
    if isinstance(items, dict) and items.get("type") in ("string", "integer"):
        return f"{plural(entity)}[]"  # the names themselves are the ids
    if _is_array(items):
        return f"{plural(entity)}[]"  # ``edges: [[a, b]]``: each pair is an entity keyed by its content, as edges are
    return None


def _batch_argument(schema: dict[str, Any]) -> str | None:
    """A create that takes a list of objects that carry their own ids names them itself (``entities[].name``)."""
    for name, prop in (schema.get("properties") or {}).items():
        items = prop.get("items") if isinstance(prop, dict) and _is_array(prop) else None
        if isinstance(items, dict) and items.get("type") == "object":
            fields = items.get("properties") or {}
            key = next((k for k in ("id", "name", "key") if k in fields), None)
            if key is not None:
                return f"{name}[].{key}"
            if any({a, b} <= set(fields) for a, b in _EDGE_ENDS):
                return f"{name}[]"  # edges (from, to, type) have no id: each is an entity keyed by its content
    return None


_EDGE_ENDS = (("from", "to"), ("source", "target"), ("subject", "object"), ("parent", "child"))


def _is_array(schema: Any) -> bool:
    return isinstance(schema, dict) and (schema.get("type") == "array" or "items" in schema)


def _snake(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()


def camel(snake: str) -> str:
    """``order_item`` -> ``orderItem``: how camel-case servers name a snake-case word's arguments."""
    head, *rest = snake.split("_")
    return head + "".join(w.title() for w in rest)
