"""The built-in simulator (``world_model.kind: schema``): no GPU, no API key, deterministic.

It reads what a tool does to entities (``ledger/effects.py``), keeps the session's ledger honest (created ids
come back in reads and lists, deletes stick, unknown ids are not found) and shapes every answer to the
tool's outputSchema, or to a JSON object named after the tool when it has none.
"""

from __future__ import annotations

import json
import random
from typing import Any

import jsonschema
from mcp.types import CallToolResult, TextContent

from mcp_sim.config import EntityEffect, SchemaWorldModelConfig, ToolSpec
from mcp_sim.errors import EntityNotFound
from mcp_sim.ledger.answers import values_at
from mcp_sim.ledger.effects import effect_of
from mcp_sim.ledger.entities import Effect, Ledger
from mcp_sim.ledger.world_state import known_values, session_clock, shown_by
from mcp_sim.outcome import Outcome
from mcp_sim.simulation.base import SimulationRequest
from mcp_sim.simulation.builtin import meaning, prose
from mcp_sim.simulation.builtin.batch import simulate_batch
from mcp_sim.simulation.builtin.values import ValueMaker
from mcp_sim.simulation.directives import item_failures
from mcp_sim.simulation.learned import AnswerShapes, Template, learn
from mcp_sim.simulation.render import Fill, render


class SchemaWorldModel:
    def __init__(self, config: SchemaWorldModelConfig | None = None) -> None:
        self.config = config or SchemaWorldModelConfig(kind="schema")
        self._shapes: dict[int, AnswerShapes | None] = {}  # id(spec) -> what its examples showed

    async def simulate(self, request: SimulationRequest) -> Outcome:
        effect = effect_of(request.spec)
        shapes = self.shapes(request.spec)
        told = item_failures(request.instructions)  # a perturbation's exact per-item failures
        meaning.check(request.spec.name, request.arguments)
        try:
            if told is not None and isinstance(request.arguments.get(told.argument), list):
                body, effects = simulate_batch(request, effect, told, self._one)
                result = to_result(request.spec, body)
            else:
                result, effects = _Answer(request, effect, self.config, shapes).build()
        except EntityNotFound:
            learned = shapes.failure("not_found") if shapes else None
            if learned is None:
                raise
            return Outcome(result=render(learned, Fill(request.arguments)), trace={"effect": effect.kind})
        return Outcome(result=result, effects=effects, trace={"effect": effect.kind})

    def shapes(self, spec: ToolSpec) -> AnswerShapes | None:
        """The answer shapes the spec's examples show (learned once per spec)."""
        if id(spec) not in self._shapes:
            self._shapes[id(spec)] = learn(spec.examples)
        return self._shapes[id(spec)]

    def _one(self, request: SimulationRequest, effect: EntityEffect) -> tuple[Any, list[Effect]]:
        answer = _Answer(request, effect, self.config, None)
        _, effects = answer.build()
        return answer.last_body, effects

    async def aclose(self) -> None:
        return None


class _Answer:
    """One simulated answer; a class so each kind of effect reads as a short method. The ledger decision
    (which record, which effects) is made first; ``_present`` then renders it in the tool's shape."""

    def __init__(
        self,
        request: SimulationRequest,
        effect: EntityEffect,
        config: SchemaWorldModelConfig,
        shapes: AnswerShapes | None,
    ) -> None:
        self.request = request
        self.spec = request.spec
        self.args = request.arguments
        self.effect = effect
        self.entity = effect.entity or request.spec.name
        self.ledger: Ledger = request.session.ledger
        self.config = config
        self.shapes = shapes
        self.rng = random.Random(request.seed)
        self.values = ValueMaker(  # seeded values (scalars, singletons) and the session clock: world_state.py
            request.spec.output_schema or {},
            self.rng,
            seed=request.seed,
            clock=session_clock(self.ledger, request.call_index),
            known=known_values(self.ledger),
        )
        self.last_body: Any = None  # the JSON body of the answer (batches nest it per item)

    def build(self) -> tuple[CallToolResult, list[Effect]]:
        kind = self.effect.kind
        if kind in ("read", "update", "delete") and self.effect.id and self.effect.id in self.args:
            return getattr(self, f"_{kind}")(str(self.args[self.effect.id]))  # type: ignore[no-any-return]
        if kind == "create":
            return self._create()
        if kind == "list":
            return self._list(), []
        shown = shown_by(
            self.ledger, self.spec.name, self.spec.description, self.args
        )  # get_balance shows the seeded balance
        return self._present({"success": True, **shown, **self.args}), []

    def _create(self) -> tuple[CallToolResult, list[Effect]]:
        id_field = self.effect.id or "id"
        named = values_at(self.args, id_field) if "." in id_field or "[]" in id_field else []
        if named:  # client-named entities (memory's entities[].name): the arguments carry the ids
            return self._present(dict(self.args), mint=True), []  # the integrity guard learns them from the answer
        new_id = self._new_id(id_field)
        record = {id_field: new_id, **self.args}
        result = self._present(record, mint=True)
        body = self.last_body
        stored = {**(body if isinstance(body, dict) else {}), **record}
        return result, [Effect("create", self.entity, new_id, stored)]

    def _read(self, id_: str) -> tuple[CallToolResult, list[Effect]]:
        return self._present(self._existing(id_)), []

    def _update(self, id_: str) -> tuple[CallToolResult, list[Effect]]:
        changes = {k: v for k, v in self.args.items() if k != self.effect.id}
        record = {**self._existing(id_), **changes}
        return self._present(record), [Effect("update", self.entity, id_, changes)]

    def _delete(self, id_: str) -> tuple[CallToolResult, list[Effect]]:
        self._existing(id_)
        result = self._present({"success": True, "deleted": True, self.effect.id or "id": id_})
        return result, [Effect("delete", self.entity, id_)]

    def _list(self) -> CallToolResult:
        filters = {k: v for k, v in self.args.items() if not isinstance(v, dict | list)}
        records = [r for r in self.ledger.records(self.entity) if _matches(r, filters)]
        learned = self.shapes.success if self.shapes else None
        schema = self.spec.output_schema
        if learned is not None:
            return self._learned(learned, {}, mint=False)
        if schema is None:
            body: Any = {f"{self.entity}s": records, "total": len(records)}
            return self._text(prose.listing(self.spec.name, self.entity, records), body)
        self.last_body = self._shape_list(schema, records)
        return to_result(self.spec, self.last_body)

    def _present(self, record: dict[str, Any], mint: bool = False) -> CallToolResult:
        """The answer showing ``record``: in the learned shape, else the outputSchema, else prose."""
        learned = self.shapes.success if self.shapes else None
        if learned is not None:
            return self._learned(learned, record, mint)
        schema = self.spec.output_schema
        if schema is not None:
            self.last_body = _fill(self.values, schema, record)
            return to_result(self.spec, self.last_body)
        return self._text(prose.sentence(self.spec.name, self.effect.kind, self.entity, record), record)

    def _learned(self, template: Template, record: dict[str, Any], mint: bool) -> CallToolResult:
        fill = Fill(self.args, self._records, record, mint, self.ledger.created + 1, self.rng)
        result = render(template, fill)
        self.last_body = result.structured_content if result.structured_content is not None else record
        return result

    def _records(self, keys: set[str]) -> list[dict[str, Any]]:
        """The ledger's records a list item with these keys shows: the tool's own type, else the type whose
        records share the most keys with the item (``read_graph`` listing entities and relations)."""
        own = self.ledger.records(self.entity)
        if own or not keys:
            return own
        best = max(
            (t for t in self.ledger.entities if not t.startswith("$")),  # $scalar, $singleton: world_state.py
            key=lambda t: len(keys & set(next(iter(self.ledger.entities[t].values()), {}))),
            default=None,
        )
        return self.ledger.records(best) if best is not None else []

    def _text(self, text: str, body: Any) -> CallToolResult:
        self.last_body = body
        return CallToolResult(content=[TextContent(type="text", text=text)])

    def _existing(self, id_: str) -> dict[str, Any]:
        record = self.ledger.get(self.entity, id_)
        if record is not None:
            return record
        if self.effect.lenient:
            return {self.effect.id or "id": id_}
        state = "was deleted" if self.ledger.is_deleted(self.entity, id_) else "does not exist"
        raise EntityNotFound(f"{self.entity} '{id_}' not found: it {state}")

    def _new_id(self, id_field: str) -> Any:
        number = self.ledger.created + 1
        while self.ledger.exists(self.entity, f"{self.entity.replace('_', '-')}-{number}") or self.ledger.is_deleted(
            self.entity, f"{self.entity.replace('_', '-')}-{number}"
        ):
            number += 1  # a seeded or observed entity already has this number
        schema = ((self.spec.output_schema or {}).get("properties") or {}).get(id_field, {})
        if schema.get("type") == "integer":
            return number
        if schema.get("format") == "uuid":
            return str(self.values.make(schema))
        return f"{self.entity.replace('_', '-')}-{number}"

    def _shape_list(self, schema: dict[str, Any], records: list[dict[str, Any]]) -> Any:
        body = self.values.make(schema)
        props = schema.get("properties") or {}
        array_key = next((k for k, s in props.items() if self.values.resolve(s).get("type") == "array"), None)
        if array_key is None or not isinstance(body, dict):
            return body
        item_schema = self.values.resolve(props[array_key]).get("items", {})
        body[array_key] = [_fill(self.values, item_schema, r) for r in records]
        for key in ("total", "count", "total_count", "totalCount"):
            if key in body and isinstance(body[key], int):
                body[key] = len(records)
        return body


def _fill(values: ValueMaker, schema: dict[str, Any], record: dict[str, Any], parent: str = "") -> Any:
    """A value for ``schema`` that uses the record's fields wherever they fit. Inside an object under key
    ``source``, the argument ``source_timezone`` (or ``sourceTimezone``) fills its ``timezone``."""
    schema = values.resolve(schema)
    if "properties" not in schema:
        return values.make(schema)
    out: dict[str, Any] = {}
    for key, sub in (schema.get("properties") or {}).items():
        known = _known(record, key, parent)
        if known is not None and jsonschema.Draft202012Validator(values.resolve(sub)).is_valid(known):
            out[key] = known
        elif values.resolve(sub).get("type") == "object" and "properties" in values.resolve(sub):
            out[key] = _fill(values, sub, record, key)
        else:
            out[key] = values.make(sub, key, 1)
    return out


def _known(record: dict[str, Any], key: str, parent: str) -> Any:
    if parent:
        for name in (f"{parent}_{key}", f"{parent}{key[:1].upper()}{key[1:]}"):
            if name in record:
                return record[name]
    return record.get(key)


def _matches(record: dict[str, Any], filters: dict[str, Any]) -> bool:
    return all(record.get(k) == v for k, v in filters.items() if k in record)


def to_result(spec: ToolSpec, body: Any) -> CallToolResult:
    """Structured content plus its JSON as text when the tool declares an outputSchema; JSON text otherwise."""
    text = json.dumps(body, ensure_ascii=False)
    structured = body if spec.output_schema is not None else None
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=structured)
