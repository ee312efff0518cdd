"""A tool whose spec declares what it does in the effects format for real tools (``config/effect_format.py``):
ids inside free text, paths, conflicts, invalid states, scalar state, derived values and a text template.

The declaration replaces the guesses the name-based rules make for that tool: the ledger decision (what
must exist, what is created, deleted, moved, set) is made first, effect by effect, on a copy of the ledger
so each effect sees the ones before; then the answer is rendered from the declared template. The checks are
the ledger's own (``integrity.refused``, ``ledger/hierarchy.py``); paths stay confined as for every tool
(``confinement.py``).
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from string import Template
from typing import Any

from mcp.types import CallToolResult, TextContent

from mcp_sim.config import EntityEffect, ToolSpec
from mcp_sim.config.effect_format import Derived, Failure, fits, number, slots_in
from mcp_sim.ledger import hierarchy, integrity
from mcp_sim.ledger.answers import values_at
from mcp_sim.ledger.effects import EntityTypes, effect_of, effects_of, plural
from mcp_sim.ledger.entities import Effect, Ledger
from mcp_sim.ledger.world_state import scalar_effect, scalars, session_clock, singletons
from mcp_sim.outcome import Outcome
from mcp_sim.simulation.base import SimulationRequest
from mcp_sim.simulation.builtin import confinement, placeholders, prose, recall, referenced
from mcp_sim.simulation.render import argument_at, fill_slots, mint_like, template_value


def declares(spec: ToolSpec) -> bool:
    """Whether the spec says what the tool does in the format for real tools (else: the name-based rules)."""
    return any(e.uses_format() for e in spec.declared_effects())


async def outcome(request: SimulationRequest, otherwise: Callable[[SimulationRequest], Awaitable[Outcome]]) -> Outcome:
    """The declared answer to this call. ``otherwise`` answers a tool that declares nothing in the format, and
    words the answer of one that declares no ``render`` (its ledger decision is still the declared one)."""
    if not declares(request.spec):
        return await otherwise(request)
    confines = bool(confinement.paths_in(request.arguments))
    recalls = any("$recalled" in slots_in(e.render or "") for e in request.spec.declared_effects())
    guessed = effect_of(request.spec)
    probes = placeholders.looks_up(request.spec.name, guessed.kind) and any(
        map(placeholders.placeholder, request.arguments.values())
    )
    wanted = confines or recalls or probes
    earlier = await request.history(max(0, request.call_index - recall.LOOKBACK)) if wanted else []
    if confines:
        confinement.check(request.spec.name, request.arguments, confinement.root_of(earlier))
    if probes:  # a declared tool is probed with "missing.txt" as a bare one is (placeholders.py)
        placeholders.check(
            request.spec.name, guessed.kind, guessed.id, request.arguments, earlier, request.session.ledger
        )
    decision = _Decision(request)
    if recalls:
        # what earlier changes named, and what earlier reads named and were answered (referenced.py)
        decision.recalled = [
            *referenced.confirmed(request.arguments, earlier),
            *recall.recalled(request.arguments, earlier),
        ]
    effects = [e for e in effects_of(request.spec) if decision.applies(e)]
    if not effects:
        return await otherwise(request)
    try:
        for effect in effects:
            decision.apply(effect)
    except _Refused as refusal:
        return Outcome(result=refusal.result, trace={"effect": effects[0].kind, "declared": refusal.why})
    trace: dict[str, Any] = {"effect": effects[0].kind, "declared": True}
    worded = next((e for e in effects if e.render is not None or e.render_item is not None), None)
    if worded is not None:
        return Outcome(result=decision.answer(worded), effects=decision.changes, trace=trace)
    simulated = await otherwise(request)
    if simulated.result.is_error:
        return simulated  # a general rule refused the call (an SQL write on a read-only tool): nothing happened
    own = {e.entity for e in decision.changes}
    kept = [e for e in simulated.effects if e.entity not in own]  # the declared decision replaces the guessed one
    return Outcome(result=simulated.result, effects=[*decision.changes, *kept], trace={**simulated.trace, **trace})


class _Refused(Exception):
    def __init__(self, result: CallToolResult, why: str) -> None:
        super().__init__(why)
        self.result = result
        self.why = why


@dataclass
class _Decision:
    """The ledger decision of one call: its changes, applied to a copy of the ledger as they are made."""

    request: SimulationRequest
    changes: list[Effect] = field(default_factory=list)
    record: dict[str, Any] = field(default_factory=dict)  # the entity the call created, read or changed
    id: str | None = None
    items: list[tuple[str, dict[str, Any]]] = field(default_factory=list)  # (id, record) a list shows
    generated: dict[str, Any] = field(default_factory=dict)
    recalled: list[dict[str, Any]] = field(default_factory=list)  # earlier changes a read shows (recall.py)

    def __post_init__(self) -> None:
        self.view = self.request.session.ledger  # copied at the first change: the session's stays as it was
        self._copied = False
        self.types = self.request.types or EntityTypes([self.request.spec])
        self.rng = random.Random(self.request.seed)
        self.args = self.request.arguments

    # ---- the ledger decision ----

    def applies(self, effect: EntityEffect) -> bool:
        return fits(effect.when, self.args)

    def apply(self, effect: EntityEffect) -> None:
        entity = effect.entity or self.request.spec.name
        self._check_invalid(effect)
        for found in effect.ids_in_text:
            self._text_ids(effect, found.entity or entity, found.op, found.argument, found.pattern)
        ids = [self._id(effect, v) for v in values_at(self.args, effect.id or "") if isinstance(v, str | int)]
        ids = [i for i in ids if i]
        if effect.kind == "create":
            for id_ in ids or ([] if effect.ids_in_text else [self._mint(effect, entity)]):
                self._create(effect, entity, id_, self._fields(effect, id_))
        elif effect.kind == "move":
            targets = [self._id(effect, v) for v in values_at(self.args, effect.to or "") if isinstance(v, str | int)]
            for source, target in zip(ids, targets, strict=False):
                self._move(effect, entity, source, target)
        elif effect.kind in ("read", "update", "delete"):
            for id_ in ids:
                self._must_exist(effect, entity, id_)
                self.id, self.record = id_, dict(self.view.get(entity, id_) or {self._id_field(entity): id_})
                if effect.kind == "update":
                    changes = {k: v for k, v in self._fields(effect, id_).items() if k != effect.id}
                    self._change(Effect("update", entity, id_, changes))
                elif effect.kind == "delete":
                    self._delete(effect, entity, id_)
        elif effect.kind == "list":
            self._list(effect, entity, ids)
        for cleared in effect.clears:
            for gone in list(self.view.entities.get(cleared, {})):
                self._change(Effect("delete", cleared, gone))
        for name, value in effect.sets.items():
            self._change(scalar_effect(name, template_value(value, self.lookup)))
        for name, value in effect.adds.items():
            current, step = number(scalars(self.view).get(name, 0)), number(template_value(value, self.lookup))
            if current is not None and step is not None:  # a value that is no number is left as it is
                self._change(scalar_effect(name, round(current + step, 10)))

    def _check_invalid(self, effect: EntityEffect) -> None:
        state = {**singletons(self.view), **scalars(self.view)}
        for rule in effect.invalid:
            if rule.unless is not None and argument_at(self.args, rule.unless) not in (None, ""):
                continue
            if rule.given:
                failed = all(argument_at(self.args, name) is not None for name in rule.given)
            elif rule.state is not None and rule.less_than is not None:
                have, need = number(state.get(rule.state)), number(template_value(rule.less_than, self.lookup))
                failed = have is not None and need is not None and have < need
            elif rule.state is not None:
                failed = rule.state in state and state[rule.state] == rule.equals
            else:
                text = argument_at(self.args, str(rule.argument))
                text = "" if text is None else str(text)
                failed = (
                    bool(re.search(rule.matches, text)) if rule.matches else not re.search(str(rule.not_matches), text)
                )
            if failed:
                self._refuse(Failure(text=rule.text, is_error=rule.is_error), effect, "", "invalid")

    def _text_ids(self, effect: EntityEffect, entity: str, op: str, argument: str, pattern: str) -> None:
        for text in values_at(self.args, argument):
            if not isinstance(text, str):
                continue
            for match in re.finditer(pattern, text):
                id_ = match.group(1) if match.re.groups else match.group(0)
                if not id_:
                    continue
                id_ = self._id(effect, id_)
                if op == "create":
                    self._create(effect, entity, id_, {})
                else:
                    self._must_exist(effect, entity, id_)
                    if op == "delete":
                        self._delete(effect, entity, id_)
                    else:
                        self.id, self.record = id_, dict(self.view.get(entity, id_) or {})

    def _create(self, effect: EntityEffect, entity: str, id_: str, fields: dict[str, Any]) -> None:
        if self.view.exists(entity, id_) and effect.exists == "conflict":
            self._refuse(effect.conflict, effect, id_, "conflict", entity)
        sep = effect.hierarchy.separator if effect.hierarchy else None
        if sep is not None and (parent := hierarchy.parent_of(id_, sep)) is not None:
            missing = hierarchy.refused(self.view, entity, parent, sep)
            if missing is not None and effect.hierarchy is not None and effect.hierarchy.parents == "require":
                self._refuse(effect.not_found, effect, parent, f"parent {missing}", entity)
            if missing is not None:  # mkdir -p: the folders above are made (new, so nothing else is in them)
                for folder in reversed([parent, *hierarchy.ancestors(parent, sep)]):
                    if hierarchy.refused(self.view, entity, folder, sep) is not None:
                        self._change(Effect("create", entity, folder, self._path_record(entity, folder, sep)))
        new = not self.view.exists(entity, id_)
        record = {self._id_field(entity): id_, **(self._path_record(entity, id_, sep) if sep and new else {}), **fields}
        if not new:
            record = {**(self.view.get(entity, id_) or {}), **record}
        self._change(Effect("create", entity, id_, record))
        self.id, self.record = id_, record

    def _move(self, effect: EntityEffect, entity: str, source: str, target: str) -> None:
        self._must_exist(effect, entity, source)
        if self.view.exists(entity, target) and effect.exists == "conflict":
            self._refuse(effect.conflict, effect, target, "conflict", entity)
        sep = effect.hierarchy.separator if effect.hierarchy else "/"
        moved = [source, *(hierarchy.descendants(self.view, entity, source, sep) if effect.hierarchy else [])]
        records = {i: dict(self.view.get(entity, i) or {}) for i in moved}
        for old in moved:
            self._change(Effect("delete", entity, old))
        for old in moved:
            new = target + old[len(source) :]
            record = {**records[old], self._id_field(entity): new}
            if effect.hierarchy:
                record["name"] = hierarchy.name_of(new, sep)
            self._change(Effect("create", entity, new, record))
        self.id, self.record = target, {**records[source], self._id_field(entity): target}

    def _delete(self, effect: EntityEffect, entity: str, id_: str) -> None:
        carried = hierarchy.descendants(self.view, entity, id_, effect.hierarchy.separator) if effect.hierarchy else []
        for gone in [*carried, id_]:
            self._change(Effect("delete", entity, gone))

    def _list(self, effect: EntityEffect, entity: str, folders: list[str]) -> None:
        if effect.hierarchy and folders:
            sep = effect.hierarchy.separator
            for folder in folders:
                self._must_exist(effect, entity, folder)
                self.id = folder
                inside = (
                    hierarchy.descendants(self.view, entity, folder, sep)
                    if effect.depth == "all"
                    else hierarchy.children(self.view, entity, folder, sep)
                )
                pattern = argument_at(self.args, effect.glob) if effect.glob else None
                if isinstance(pattern, str):
                    inside = [i for i in inside if hierarchy.globbed(i[len(folder) :].lstrip(sep), pattern)]
                self.items += [(i, self.view.get(entity, i) or {}) for i in inside]
        else:
            self.items += list(self.view.entities.get(entity, {}).items())  # in the order they came

    def _must_exist(self, effect: EntityEffect, entity: str, id_: str) -> None:
        why = integrity.refused(entity, id_, self.view, self.types, integrity.policy_of(effect))
        if why is not None:
            self._refuse(effect.not_found, effect, id_, why, entity)
        if effect.hierarchy and not self.view.exists(entity, id_):
            # A path from before the session, now seen to exist: later lists and searches show it. (Only
            # paths: their world stays open folder by folder, where a seen id would close a whole type.)
            seen = {self._id_field(entity): id_, "name": hierarchy.name_of(id_, effect.hierarchy.separator)}
            self._change(Effect("observe", entity, id_, seen))

    def _refuse(self, failure: Any, effect: EntityEffect, id_: str, why: str, entity: str | None = None) -> None:
        entity = entity or effect.entity or self.request.spec.name
        text = Template(failure.text).safe_substitute(entity=entity, Entity=entity.capitalize(), id=id_)
        self.id = self.id or id_
        result = CallToolResult(content=[TextContent(type="text", text=fill_slots(text, self.lookup))])
        result.is_error = failure.is_error
        raise _Refused(result, f"{entity} '{id_}' {why}" if id_ else why)

    def _change(self, effect: Effect) -> None:
        if not self._copied:
            self.view, self._copied = Ledger.from_json(copy.deepcopy(self.view.to_json())), True
        self.changes.append(effect)
        self.view.apply(effect)

    # ---- ids and records ----

    def _id(self, effect: EntityEffect, value: str | int) -> str:
        return hierarchy.normal(str(value), effect.hierarchy.separator) if effect.hierarchy else str(value)

    def _id_field(self, entity: str) -> str:
        return self.types.id_fields.get(entity, "id")

    def _mint(self, effect: EntityEffect, entity: str) -> str:
        number = self.view.created + 1
        return str(mint_like(effect.mint or f"{entity.replace('_', '-')}-1", number, self.rng))

    def _path_record(self, entity: str, path: str, sep: str) -> dict[str, Any]:
        return {self._id_field(entity): path, "name": hierarchy.name_of(path, sep), hierarchy.COMPLETE: True}

    def _fields(self, effect: EntityEffect, id_: str) -> dict[str, Any]:
        self.id = id_
        scalar_args = {k: v for k, v in self.args.items() if isinstance(v, str | int | float | bool)}
        return {**scalar_args, **{k: template_value(v, self.lookup) for k, v in effect.fields.items()}}

    # ---- the answer ----

    def answer(self, effect: EntityEffect) -> CallToolResult:
        if effect.render is not None or effect.render_item is not None:
            text = fill_slots(effect.render or "{{$items}}", lambda name: self.lookup(name, effect))
            return CallToolResult(
                content=[TextContent(type="text", text=text)], structured_content=_carried(self.request.spec, text)
            )
        if effect.kind == "list":
            records = [_shown(r) for _, r in self.items]
            body: Any = {plural(effect.entity or "item"): records, "count": len(records)}
        else:
            body = {"success": True, **_shown(self.record), **self._derived(effect)}
        return CallToolResult(content=[TextContent(type="text", text=json.dumps(body, ensure_ascii=False))])

    def lookup(
        self, name: str, effect: EntityEffect | None = None, item: tuple[str, dict[str, Any]] | None = None
    ) -> Any:
        """A slot's value: an argument, else one of the ``$``-values (config/effect_format.py)."""
        head, _, rest = name.partition(".")
        record_id, record = item if item is not None else (self.id, self.record)
        sep = effect.hierarchy.separator if effect is not None and effect.hierarchy else "/"
        if not head.startswith("$"):
            return argument_at(self.args, name)
        if head == "$id":
            return record_id
        if head == "$record":
            return record.get(rest)
        if head == "$name":
            return hierarchy.name_of(record_id, sep) if record_id else None
        if head == "$parent":
            return hierarchy.parent_of(record_id, sep) if record_id else None
        if head == "$state":
            return {**singletons(self.view), **scalars(self.view)}.get(rest)
        if head == "$derived":
            return self._derived(effect).get(rest) if effect is not None else None
        if head == "$new":
            return self._generated(rest)
        if head == "$recalled":
            return prose.with_recalled("", self.recalled)
        if head == "$clock":
            return session_clock(self.view, self.request.call_index).isoformat()
        if head == "$items" and effect is not None:
            template = effect.render_item or "{{$id}}"
            return effect.join.join(fill_slots(template, lambda n, i=i: self.lookup(n, effect, i)) for i in self.items)  # type: ignore[misc]
        return None

    def _derived(self, effect: EntityEffect | None) -> dict[str, Any]:
        return {
            name: _measure(self.view, d, self.lookup, effect) for name, d in (effect.derived if effect else {}).items()
        }

    def _generated(self, kind: str) -> Any:
        if kind not in self.generated:
            sha = f"{self.rng.getrandbits(160):040x}"
            made = {"sha": sha, "short_sha": sha[:7], "number": self.view.created + 1}
            made["uuid"] = mint_like("00000000-0000-0000-0000-000000000000", 1, self.rng)
            self.generated.update({k: v for k, v in made.items() if k not in self.generated})
        return self.generated.get(kind)


def _measure(ledger: Ledger, derived: Derived, lookup: Any, effect: EntityEffect | None) -> Any:
    """A derived value from the ledger as it is now: a count of records, or the sum of a field."""
    table = ledger.entities.get(derived.entity, {})
    if derived.under is not None:
        folder = str(template_value(derived.under, lookup))
        sep = effect.hierarchy.separator if effect is not None and effect.hierarchy else "/"
        table = {i: r for i, r in table.items() if hierarchy.parent_of(i, sep) == hierarchy.normal(folder, sep)}
    table = {i: r for i, r in table.items() if all(r.get(k) == v for k, v in derived.where.items())}
    if derived.count is not None:
        return len(table)
    field_name = str(derived.sum).split(".", 1)[1]
    values = [r.get(field_name) for r in table.values()]
    return sum(v for v in values if isinstance(v, int | float) and not isinstance(v, bool))


def _carried(spec: ToolSpec, text: str) -> dict[str, Any] | None:
    """The structured content of a text answer: a tool whose outputSchema is one text field (``{content}``, as
    the filesystem server's) carries the text in it too; any other outputSchema gets none (render is text)."""
    properties = (spec.output_schema or {}).get("properties") or {}
    strings = [k for k, v in properties.items() if isinstance(v, dict) and v.get("type") == "string"]
    return {strings[0]: text} if len(properties) == 1 and strings else None


def _shown(record: dict[str, Any]) -> dict[str, Any]:
    """A record as an answer shows it (without the ledger's own bookkeeping fields)."""
    return {k: v for k, v in record.items() if not k.startswith("$")}
