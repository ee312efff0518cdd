"""The path of one ``tools/call``, top to bottom.

transport (serving/mcp_server.py) -> load session (seeded with the world) -> look up + validate -> plan perturbations ->
route -> backend (its answer feeds the ledger) or integrity pre-check + world model + integrity guard ->
apply plan -> commit turn -> result. Errors are raised as ``mcp_sim.errors`` and turned
into MCP only by serving/mcp_server.py; the turn is recorded either way.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import jsonschema
import referencing.exceptions
from mcp.types import CallToolResult, TextContent

from mcp_sim.backends.base import Backend
from mcp_sim.catalog import laxity
from mcp_sim.catalog.resources import SpecSurface
from mcp_sim.catalog.specs import Catalog, CatalogEntry
from mcp_sim.config import EntityEffect, Experiment, ToolSpec
from mcp_sim.errors import (
    BackendUnavailable,
    InvalidArguments,
    ProtocolError,
    SimulationFailed,
    ToolError,
    UnknownTool,
)
from mcp_sim.ledger import integrity
from mcp_sim.ledger.effects import EntityTypes, with_observed
from mcp_sim.ledger.entities import Effect, Ledger
from mcp_sim.observability import metrics
from mcp_sim.observability.logs import CallLogger
from mcp_sim.outcome import Outcome, ProgressFn
from mcp_sim.perturbations.base import CallInfo, Pipeline
from mcp_sim.perturbations.profile_book import ProfileBook
from mcp_sim.routing import flags as router
from mcp_sim.routing.auto import AutoRouter
from mcp_sim.routing.recorded import RecordedCall, RecordedRoutes
from mcp_sim.routing.recordings import ObservationKey, canonical_arguments, mutates, session_version
from mcp_sim.seeding import derive_seed
from mcp_sim.simulation import failure_forms, guard
from mcp_sim.simulation.base import SimulationRequest, WorldModel
from mcp_sim.simulation.builtin import nothing_done, result_models, unions, validators, wrapped
from mcp_sim.simulation.flag_style import flag_in_style
from mcp_sim.simulation.learned import failure_kind
from mcp_sim.simulation.render import failure_in_style, learned_failure, success_in_style
from mcp_sim.state.base import SessionState, StateStore, Turn

log = CallLogger("mcp_sim.calls")  # the per-call line: its bound logger assembled once (logs.py)


@dataclass
class CallPath:
    """Everything one experiment needs to answer calls; shared by all transports and sessions."""

    experiment: Experiment
    catalog: Catalog
    backends: dict[str, Backend]
    world_model: WorldModel
    store: StateStore
    perturbations: Pipeline  # the pipeline of new sessions; switch profiles with ``profiles.switch``
    routing: router.Routing  # the flags of new sessions; the admin API replaces it
    profiles: ProfileBook | None = field(default=None)
    world: list[Effect] = field(default_factory=list)  # the world seeds every fresh episode starts from
    types: EntityTypes | None = None  # entity types and their id fields; learned from the catalog when None
    recorded: RecordedRoutes | None = None  # record / replay / shadow routes; None: those routes fail
    unexposed: Catalog | None = None  # the catalog before any profile changed it; None: profiles never switch
    auto: AutoRouter | None = None  # decides `route: auto` per tool; None: one without a fidelity report
    surface: SpecSurface = field(default_factory=SpecSurface)  # spec files' resources and prompts (serving reads)
    _exposures: dict[int, Catalog] = field(
        default_factory=dict, init=False, repr=False
    )  # id(pipeline) -> the catalog as it lists it
    _siblings_of: tuple[Catalog | None, dict[str, list[ToolSpec]]] = field(
        default_factory=lambda: (None, {}), init=False, repr=False, compare=False
    )  # (the catalog, its specs by place): _siblings

    def __post_init__(self) -> None:
        if self.profiles is None:
            self.profiles = ProfileBook("<startup>", self.perturbations)
        if self.types is None:
            self.types = EntityTypes([e.spec for e in self.catalog])
        if self.auto is None:
            recordings = self.recorded.recordings if self.recorded else None
            real = [e.name for e in self.catalog if e.upstream in self.backends]
            self.auto = AutoRouter(self.experiment.auto, recordings, self.experiment.name, real)
        self._exposures[id(self.perturbations)] = self.catalog

    def exposed(self, pipeline: Pipeline) -> Catalog:
        """The catalog as ``pipeline`` lists it: a session validates against its own profile's tools (a switched
        profile may add a cursor argument), and a pipeline learns its tools' style when it exposes them."""
        if self.unexposed is None:
            return self.catalog
        if id(pipeline) not in self._exposures:  # pipelines live as long as the ProfileBook: ids stay theirs
            self._exposures[id(pipeline)] = pipeline.expose(self.unexposed)
        return self._exposures[id(pipeline)]

    async def call(
        self, session_key: str | None, name: str, arguments: dict[str, Any], progress: ProgressFn | None = None
    ) -> CallToolResult:
        entry = self.catalog.get(name)  # profiles change how tools are listed, never which exist
        if entry is None:
            raise UnknownTool(f"Unknown tool: '{name}'")
        if session_key is None:  # a one-request session: nothing to load, lock or keep (no lock left behind)
            state = SessionState(self.experiment.name, f"anon-{uuid.uuid4().hex}", ephemeral=True)
            self._seed_world(state)
            try:
                return await self._call_in_session(state, entry, arguments, progress)
            finally:
                await self.end_session(state.key)  # a per-session backend started for it stops with it
        async with self.store.lock(self.experiment.name, session_key):
            state = await self.store.load(self.experiment.name, session_key)
            self._seed_world(state)
            return await self._call_in_session(state, entry, arguments, progress)

    async def _call_in_session(
        self, state: SessionState, entry: CatalogEntry, arguments: dict[str, Any], progress: ProgressFn | None
    ) -> CallToolResult:
        index = state.call_count
        pipeline = self._stamp_flags(state)
        entry = self.exposed(pipeline).get(entry.name) or entry
        route = router.route(self.routing, entry.name, router.Routing.from_json(state.routing))
        invalid = self._invalid(entry, arguments, route)  # before anything runs or is committed: no turn is left
        if invalid is not None:
            refused = self._refused_in_style(entry, arguments, str(invalid)) if route == "sim" else None
            if refused is None:
                raise invalid
            return refused
        auto = await self.auto.decide(entry.name) if route == router.AUTO and self.auto else None
        route = auto.route if auto else route
        tool_index = state.tool_calls.get(entry.name, 0)
        info = CallInfo(
            self.experiment.seed, state.seed_name, entry.name, arguments, route, index, tool_index, state.cursors
        )
        plan = pipeline.plan(info)
        turn = Turn(index=index, tool=entry.name, arguments=arguments, route=route, result=None, started_at=time.time())
        started = time.perf_counter()

        async def call_next(arguments: dict[str, Any], instructions: list[str]) -> Outcome:  # as perturbed
            real = partial(self._call_real, entry, arguments, progress, state.key)
            sim = partial(self._simulate, state, entry, arguments, index, instructions, progress)
            if route == "real":
                return await real()
            if route == "sim":
                return await sim()
            return await self._call_recorded(route, state, entry, arguments, real, sim)

        try:
            outcome = await plan.run(info, call_next)
        except ToolError as exc:
            trace = exc.trace if isinstance(exc, SimulationFailed) else {}  # what the world model tried
            result = self._failure(entry, arguments, str(exc)) if route == "sim" else error_result(str(exc))
            outcome = Outcome(result=result, trace={"error": type(exc).__name__, **trace})
        except ProtocolError as exc:
            turn.error = {"code": exc.code, "message": exc.message}
            await self._commit(state, turn, None, plan.decisions, started)
            raise
        except Exception as exc:  # a bug of mcp-sim: mcp_server.py answers -32603; the history still shows it
            turn.error = {"code": -32603, "message": f"internal error: {type(exc).__name__}: {exc}"}
            await self._commit(state, turn, None, plan.decisions, started)
            raise
        if auto is not None:  # the decision and its evidence, beside the call they routed
            outcome.trace["auto"] = auto.to_json()
        await self._commit(state, turn, outcome, plan.decisions, started)
        return outcome.result

    def _stamp_flags(self, state: SessionState) -> Pipeline:
        """A session keeps the routing and profile current at its first call (admin switches reach new
        sessions; the switch request can move running ones explicitly)."""
        if state.routing is None:
            state.routing = self.routing.to_json()
        assert self.profiles is not None  # set in __post_init__
        return self.profiles.for_session(state)

    async def end_session(self, key: str) -> None:
        """The episode under ``key`` ended (reset, deleted, expired): backends release what they keep for it
        (a per-session upstream stops its process)."""
        for backend in self.backends.values():
            await backend.end_session(key)

    async def _call_real(
        self, entry: CatalogEntry, arguments: dict[str, Any], progress: ProgressFn | None, session: str
    ) -> Outcome:
        backend = self.backends.get(entry.upstream) if entry.upstream else None
        if backend is None:  # start-up checks the experiment's routes; a session flag may still ask for this
            raise BackendUnavailable(f"tool '{entry.name}' has no real backend (it comes from {entry.source})")
        result = await backend.call(entry.upstream_name, arguments, progress, session)
        return self._learn(entry, arguments, Outcome(result=result, trace={"backend": backend.name}))

    def _failure(self, entry: CatalogEntry, arguments: dict[str, Any], message: str) -> CallToolResult:
        """A simulated failure, in the tool's (or its server's) learned style when its examples show one."""
        if (nothing := nothing_done.said_nothing_done(entry.spec, arguments, message)) is not None:
            return nothing  # a delete that says it deleted nothing (nothing_done.py)
        styled = _fitting(entry.spec, failure_in_style(entry.spec, self._siblings(entry), arguments, message))
        model = result_models.failure_result(entry.spec, message)  # ``success=False`` in its own model
        if model is not None and learned_failure(entry.spec, failure_kind(message), arguments) is None:
            styled = model  # the tool's own model says how it fails, before a sibling's learned style
        result = styled or unions.failure_result(entry.spec, message)  # envelopes: unions.py
        if result is None and failure_kind(message) == "not_found":  # ``dict | None`` says "none" (wrapped.py)
            result = wrapped.absent_result(entry.spec.output_schema)
        result = result or wrapped.said_result(entry.spec.output_schema, message) or error_result(message)
        return (
            _fitting(entry.spec, failure_forms.restyled(entry.spec, self._siblings(entry), arguments, result)) or result
        )

    def _refused_in_style(self, entry: CatalogEntry, arguments: dict[str, Any], message: str) -> CallToolResult | None:
        """Arguments the schema refuses, said the way the tool's server was seen to fail (a simulated server
        refuses them as the real one fails on them); None when nothing was learned of its failures."""
        siblings = self._siblings(entry)
        if not failure_forms.refuses_in_own_form(siblings):
            return None
        plain = error_result(message)
        return _fitting(entry.spec, failure_in_style(entry.spec, siblings, arguments, message)) or _fitting(
            entry.spec, failure_forms.restyled(entry.spec, siblings, arguments, plain)
        )

    def _siblings(self, entry: CatalogEntry) -> list[ToolSpec]:
        """The specs of the tools served from the same place (one upstream, one spec file): one server's tools.
        Worked out once per place and catalog (a simulated call asks three or four times; the admin API replaces
        the catalog, never changes it), and the same list each time: nothing changes it."""
        home = entry.upstream or entry.source
        catalog = self.catalog
        if self._siblings_of[0] is not catalog:
            self._siblings_of = (catalog, {})
        found = self._siblings_of[1].get(home)
        if found is None:
            found = self._siblings_of[1][home] = [e.spec for e in catalog if (e.upstream or e.source) == home]
        return found

    def _learn(self, entry: CatalogEntry, arguments: dict[str, Any], outcome: Outcome) -> Outcome:
        """Real answers are never altered; what they show (ids created, deleted, records) feeds the ledger."""
        outcome.effects = with_observed(entry.spec, arguments, outcome.result, outcome.effects, self._types)
        outcome.trace["integrity"] = [{"learned": len(outcome.effects)}]
        return outcome

    async def ledger_of(self, session_key: str | None) -> Ledger:
        """A session's entities as its next call would see them (world seeds included), read without a lock."""
        if session_key is None:
            state = SessionState(self.experiment.name, f"anon-{uuid.uuid4().hex}", ephemeral=True)
        else:
            state = await self.store.load(self.experiment.name, session_key)
        self._seed_world(state)
        return state.ledger

    def _seed_world(self, state: SessionState) -> None:
        if not state.seeded:
            for effect in self.world:
                state.ledger.apply(effect)
            state.seeded = True

    @property
    def _types(self) -> EntityTypes:
        assert self.types is not None, "set in __post_init__"
        return self.types

    async def _call_recorded(
        self,
        route: str,
        state: SessionState,
        entry: CatalogEntry,
        arguments: dict[str, Any],
        real: Callable[[], Awaitable[Outcome]],
        sim: Callable[[], Awaitable[Outcome]],
    ) -> Outcome:
        """record / replay / shadow: keyed by tool, canonical arguments and the session's state version."""
        if self.recorded is None:
            raise ToolError(f"route '{route}' needs a recordings store, and this call path has none")
        version = await session_version(self.store, state, self._mutating)
        key = ObservationKey(entry.name, canonical_arguments(arguments), version)
        call = RecordedCall(key, self.experiment.name, state.key, state.call_count, entry.tool.output_schema)
        outcome = await self.recorded.run(route, call, real, sim)
        if outcome.trace.get("replay") == "hit":  # a recorded real answer: it feeds the ledger like a live one
            outcome = self._learn(entry, arguments, outcome)
        return outcome

    def _mutating(self, tool: str) -> bool:
        entry = self.catalog.get(tool)
        return entry is None or mutates(entry.spec)

    async def _simulate(
        self,
        state: SessionState,
        entry: CatalogEntry,
        arguments: dict[str, Any],
        index: int,
        instructions: list[str],
        progress: ProgressFn | None,
    ) -> Outcome:
        refused = integrity.precheck(entry.spec, arguments, state.ledger, self._types)
        if refused is not None:  # answered without the world model
            metrics.integrity_repair(self.experiment.name, entry.name, "not_found")
            return _not_found(*refused, lambda message: self._failure(entry, arguments, message))

        async def history(start: int) -> list[Turn]:
            return await self.store.turns(self.experiment.name, state.key, start)

        request = SimulationRequest(
            spec=entry.spec,
            arguments=arguments,
            session=state,
            call_index=index,
            seed=derive_seed(self.experiment.seed, state.seed_name, index, "world-model"),
            history=history,
            instructions=instructions,
            progress=progress,
            types=self._types,
        )
        refusal = partial(failure_in_style, entry.spec, self._siblings(entry), arguments)
        outcome = await guard.guarded(request, self.world_model.simulate, self._types, refusal)
        styled = success_in_style(entry.spec, self._siblings(entry), outcome.result, self._made(outcome.effects))
        styled = styled or failure_forms.restyled(entry.spec, self._siblings(entry), arguments, outcome.result)
        styled = styled or flag_in_style(entry.spec, self._siblings(entry), outcome.result)
        if styled is not None:  # in the envelope its server's tools answer, or the form its server fails in
            outcome.result = styled
        return outcome

    def _invalid(self, entry: CatalogEntry, arguments: dict[str, Any], route: str) -> InvalidArguments | None:
        """Why the arguments break the tool's inputSchema, or None. A simulated server lets through what its real
        one was seen to (a schema keyword an observed success broke: laxity.py)."""
        try:
            entry.check_arguments(arguments)
            return None
        except InvalidArguments as exc:
            if route != "sim":
                return exc
            unenforced = laxity.unenforced(self._siblings(entry))
            if not unenforced:
                return exc
        try:
            entry.check_arguments(arguments, unenforced)
        except InvalidArguments as exc:
            return exc
        return None

    def _made(self, effects: list[Effect]) -> dict[str, Any]:
        """The id field and id of the first record the call created (``{"todo_id": 3}``), {} when it made none."""
        for effect in effects:
            if effect.op == "create" and effect.record is not None:
                field = self._types.id_fields.get(effect.entity, "id")
                return {field: effect.record.get(field, effect.id)}
        return {}

    async def _commit(
        self,
        state: SessionState,
        turn: Turn,
        outcome: Outcome | None,
        decisions: list[dict[str, Any]],
        started: float,
    ) -> None:
        turn.duration_ms = round((time.perf_counter() - started) * 1000, 3)
        turn.decisions = decisions
        if outcome is not None:
            turn.result = outcome.result.model_dump(by_alias=True, exclude_none=True, mode="json")
            turn.effects = outcome.effects
            turn.trace = outcome.trace
            for effect in outcome.effects:
                state.ledger.apply(effect)
        state.call_count += 1
        state.tool_calls[turn.tool] = state.tool_calls.get(turn.tool, 0) + 1
        await self.store.commit(state, turn)
        outcome_name = turn.outcome
        seconds = turn.duration_ms / 1000
        metrics.observe_call(self.experiment.name, turn.tool, turn.route, outcome_name, seconds, decisions)
        log.info(
            "tool call",
            experiment=self.experiment.name,
            session=state.key,
            tool=turn.tool,
            route=turn.route,
            index=turn.index,
            outcome=outcome_name,
            latency_ms=turn.duration_ms,
            decisions=decisions,
        )


def error_result(message: str) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=message)], is_error=True)


def _not_found(
    violation: integrity.Violation, effect: EntityEffect, styled: Callable[[str], CallToolResult]
) -> Outcome:
    """Answered without the world model: the arguments name an entity this session does not have. In the
    tool's (or its server's) learned style when examples show one (``styled``)."""
    trace = {"integrity": [{"check": "arguments", "violations": [violation.to_json()]}]}
    plain = integrity.not_found(effect, violation)
    text = "".join(getattr(block, "text", "") for block in plain.content)
    return Outcome(result=styled(text) if text else plain, trace=trace)


def _fitting(spec: ToolSpec, result: CallToolResult | None) -> CallToolResult | None:
    """``result`` when it may stand as the tool's answer: an answer without isError must carry structured
    content that fits the outputSchema (a sibling's ``{"ok": false, "error": ...}`` is no answer of a tool that
    returns ``{"result": dict | None}``, whose own way of saying "none" comes next); None otherwise."""
    schema = spec.output_schema
    if result is None or result.is_error or schema is None:
        return result
    if result.structured_content is None:
        return None  # a tool with an outputSchema answers structured content (MCP requires it): a text form cannot
    try:
        return result if validators.check_for(schema, schema)(result.structured_content) else None
    except (jsonschema.exceptions.SchemaError, referencing.exceptions.Unresolvable):
        return None
