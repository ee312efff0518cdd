"""The built-in simulator (``world_model.kind: schema``): no GPU, no API key, deterministic.

It reads what a tool does to entities (``ledger/effects.py``), keeps the session's ledger honest (created ids
come back in reads and lists, deletes stick, unknown ids are not found) and shapes every answer to the
tool's outputSchema, or to a JSON object named after the tool when it has none.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import Any

from mcp.types import CallToolResult, TextContent

from mcp_sim.catalog.families import is_lent
from mcp_sim.config import EntityEffect, SchemaWorldModelConfig, ToolSpec
from mcp_sim.errors import EntityNotFound
from mcp_sim.ledger import delete_flags, dispatch, id_forms, integrity, wrapped_arguments
from mcp_sim.ledger.answers import values_at
from mcp_sim.ledger.dry_runs import preview_flag
from mcp_sim.ledger.effects import EntityTypes, camel, effect_of, entity_id, name_words, plural, singular
from mcp_sim.ledger.entities import Effect, Ledger
from mcp_sim.ledger.world_state import known_values, session_clock, shown_by, singletons
from mcp_sim.outcome import Outcome
from mcp_sim.simulation.base import SimulationRequest
from mcp_sim.simulation.builtin import (
    absolute_paths,
    accumulated,
    answer_choices,
    appended,
    base64_text,
    blank_text,
    booleanish,
    catalogs,
    children,
    climbing,
    commands,
    conditional,
    confinement,
    confirmations,
    conflicts,
    containers,
    counts,
    cycles,
    date_words,
    declared,
    described,
    documents,
    echoed,
    empty_lists,
    empty_returns,
    empty_updates,
    escapes,
    files,
    filled_scopes,
    grid,
    holdings,
    implied,
    lifecycle,
    made,
    maps,
    matched,
    meaning,
    members,
    named_records,
    observing,
    one_way,
    operations,
    optional,
    outcome_fields,
    overwrite,
    paired,
    path_words,
    payloads,
    placeholders,
    planning,
    previous_values,
    prose,
    quantities,
    ranges,
    recall,
    ref_names,
    referenced,
    refused_states,
    returned,
    revisions,
    rowsets,
    searches,
    selection,
    sequence,
    sheet_names,
    signed_in,
    sql,
    sql_keys,
    stored,
    summaries,
    told_choices,
    unions,
    world_actions,
    world_reads,
    wrapped,
)
from mcp_sim.simulation.builtin.batch import simulate_batch
from mcp_sim.simulation.builtin.recent import RecentTurns
from mcp_sim.simulation.builtin.values import ValueMaker
from mcp_sim.simulation.constant import is_example_data, is_example_text
from mcp_sim.simulation.directives import item_failures
from mcp_sim.simulation.learned import AnswerShapes, Template, learn, unwrapped_body
from mcp_sim.simulation.numbering import numbered_id
from mcp_sim.simulation.render import (
    COUNTS,
    ID_KEY,
    Fill,
    carried,
    mint_like,
    next_number,
    recalled_fields,
    render,
)
from mcp_sim.state.base import Turn

Select = Callable[[list[dict[str, Any]]], list[dict[str, Any]]]  # the records a list call selects of those found


class SchemaWorldModel:
    def __init__(self, config: SchemaWorldModelConfig | None = None) -> None:
        self.config = config or SchemaWorldModelConfig(kind="schema")
        self._shapes: dict[int, AnswerShapes | None] = {}  # id(spec) -> what its examples showed
        self._recent = RecentTurns()  # each session's last window of turns, decoded once (recent.py)

    async def simulate(self, request: SimulationRequest) -> Outcome:
        # what the spec declares comes first (declared.py); a union outputSchema answers in its branches (unions.py)
        return await unions.answered(request, lambda narrowed: declared.outcome(narrowed, self._simulate))

    async def _simulate(self, request: SimulationRequest) -> Outcome:
        outcome = await self._answer(request)
        result, schema = outcome.result, request.spec.output_schema
        if result is None or result.is_error or schema is None:
            return outcome
        values = ValueMaker(schema, random.Random(request.seed), seed=request.seed)
        if not isinstance(result.structured_content, dict):
            # a tool with an outputSchema answers structured content (MCP requires it): a learned form in words
            # keeps its words, beside the object its text holds, or the schema's own (made valid below)
            said = _json_object(result)
            structured = _fitted(values, schema, said if said is not None else {})
            return replace(outcome, result=result.model_copy(update={"structured_content": structured}))
        # every rule's answer, learned forms included, leaves here valid for the tool's outputSchema
        fitted = _fitted(values, schema, result.structured_content)
        if fitted is result.structured_content:
            return outcome
        return replace(outcome, result=to_result(request.spec, fitted))

    async def _answer(self, request: SimulationRequest) -> Outcome:
        given = request.arguments  # as the agent wrote them: a learned answer's slots name these paths
        spec, arguments = wrapped_arguments.arguments_of(request.spec, request.arguments)
        if spec is not request.spec:  # ``log_attempt(params={...})``: the rules read the model's fields
            request = replace(request, spec=spec, arguments=arguments)
        routing: dict[str, Any] = {}
        if (routed := dispatch.routed(request.spec, request.arguments)) is not None:
            # ``manage_container(operation="create", containerType="task")`` is ``create_task`` (dispatch.py)
            routing = {k: v for k, v in request.arguments.items() if k not in routed[1]}
            request = replace(request, spec=routed[0], arguments=routed[1])
        effect = effect_of(request.spec)
        shapes = self.shapes(request.spec)
        told = item_failures(request.instructions)  # a perturbation's exact per-item failures
        try:
            rules = await _general_rules(request, effect, self._recent.reader(request))
            if shapes is not None and _always_failed(request.spec, shapes):  # the server's broken or strict tool
                failed = next(iter(shapes.failures.values()))
                return Outcome(result=render(failed, Fill(request.arguments)), trace={"effect": "always fails"})
            on_files = None if declared.declares(request.spec) else files.operation_of(request.spec)
            if on_files is not None:  # a spec that declares its paths says what they do (declared.py)
                answered = self._on_files(request, on_files, shapes)
                if answered is not None:
                    return answered
            line = (
                None
                if on_files or declared.declares(request.spec)
                else commands.command_line(request.spec, request.arguments)
            )
            if line is not None:  # a command line run on the session's files (commands.py)
                answered = self._on_command(request, line)
                if answered is not None:
                    return answered
                shapes = self._same_command(request.spec, line)  # another command's output is not this one's
            if told is not None and isinstance(request.arguments.get(told.argument), list):
                body, effects = simulate_batch(request, effect, told, self._one)
                result = to_result(request.spec, body)
            else:
                answer = _Answer(request, effect, self.config, shapes, rules.recalled, rules.derived, routing)
                answer.named = rules.named or []
                answer.given = given
                result, effects = answer.build()
                if rules.whole is not None and shapes is None and not result.is_error:
                    result = to_result(request.spec, rules.whole)  # state gave every field: none invented
        except EntityNotFound:
            learned = shapes.failure("not_found") if shapes else None
            if learned is None:
                raise
            return Outcome(result=render(learned, Fill(request.arguments)), trace={"effect": effect.kind})
        if not result.is_error:
            rules.changes += members.changes(request.spec, request.arguments, request.session.ledger)
        result = empty_returns.as_returned(request.spec, result)  # a Python tool's [] is no block (empty_returns.py)
        return Outcome(result=result, effects=[*effects, *rules.changes], trace={"effect": effect.kind})

    def _on_files(self, request: SimulationRequest, op: files.Operation, shapes: AnswerShapes | None) -> Outcome | None:
        """A file tool's answer from the session's file tree (files.py); None when the tree cannot tell (content
        from before the session): the general answer words it. Learned shapes word a tool that has them."""
        ledger = request.session.ledger
        seeded = files.seeded(ledger)
        for effect in seeded:  # the world's tree, once: this call sees it and persists it
            ledger.apply(effect)
        found = files.answer(request.spec.name, op, request.arguments, ledger)
        effects = [*seeded, *found.effects]
        if not found.text and not found.fields:
            if not effects:  # nothing known and nothing changed: the general answer words it
                return None
            result, more = _Answer(request, effect_of(request.spec), self.config, shapes).build()
            return Outcome(result=result, effects=[*effects, *more], trace={"effect": "files"})
        schema = request.spec.output_schema
        slot = wrapped.text_slot(schema) if found.text else None
        learned = None
        if shapes is not None and shapes.success is not None:
            learned = render(shapes.success, Fill({**request.arguments, **found.fields}))
            # a read answering in words says the file's content; a JSON form has its fields for it
            in_words = not shapes.success.is_json or wrapped.text_slot(schema) is not None
            shows = op.kind == "read" and in_words and found.text.strip()
            if shows and not learned.is_error and found.text.strip() not in _said(learned):
                learned = None  # the example's wording around another file's content: the content wins
        if learned is not None:
            result = learned
        elif slot is not None:  # a schema that wraps the one string it says (FastMCP's ``{"result": str}``)
            result = wrapped.answer(slot, found.text)
        elif schema is not None:
            values = ValueMaker(schema, random.Random(request.seed), seed=request.seed)
            result = to_result(request.spec, _fill(values, schema, found.fields))
        else:
            result = CallToolResult(content=[TextContent(type="text", text=found.text)])
        return Outcome(result=result, effects=effects, trace={"effect": "files", "files": op.kind})

    def _on_command(self, request: SimulationRequest, line: commands.CommandLine) -> Outcome | None:
        """What a command prints, in the form the tool's schema gives it; None when it is not simulated here."""
        ledger = request.session.ledger
        seeded = files.seeded(ledger)
        for effect in seeded:
            ledger.apply(effect)
        found = commands.run(line, ledger)
        if found is None:
            return None
        schema = request.spec.output_schema
        slot = wrapped.text_slot(schema)
        if slot is not None:
            result = wrapped.answer(slot, found.text)
        elif schema is not None:
            values = ValueMaker(schema, random.Random(request.seed), seed=request.seed)
            printed = {"stdout": found.text, "output": found.text, "exit_code": 0, "returncode": 0, "stderr": ""}
            result = to_result(request.spec, _fill(values, schema, printed))
        else:  # what it prints; a command that prints nothing answers no text
            result = CallToolResult(content=[TextContent(type="text", text=found.text)] if found.text else [])
        return Outcome(result=result, effects=[*seeded, *found.effects], trace={"effect": "command"})

    def _same_command(self, spec: ToolSpec, line: commands.CommandLine) -> AnswerShapes | None:
        """What the tool's examples showed for this very command (its words, where it ran), or None: a learned
        ``cat README.md`` says nothing of what ``cat todo.txt`` prints."""
        same = [e for e in spec.examples if commands.command_line(spec, e.arguments) == line]
        return learn(same) if same else None

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


@dataclass
class _Rules:
    """What the general rules (one module each in this package) found before the call is answered."""

    changes: list[Effect]  # ledger effects beyond the tool's own (tables an SQL statement creates or drops)
    derived: dict[str, Any]  # answer fields the arguments' meaning fixes (an expression's result)
    recalled: list[dict[str, Any]]  # earlier related changes a read shows
    whole: dict[str, Any] | None = None  # an answer the session's state gives in full (a grid read), as is
    named: list[implied.Named] | None = None  # the names a listed kind no tool makes was given (implied.py)


async def _general_rules(
    request: SimulationRequest, effect: EntityEffect, history: Callable[[int], Awaitable[list[Turn]]]
) -> _Rules:
    """Checks that hold whatever the tool: each raises the ``ToolError`` a real server's answer would be."""
    name, arguments, ledger = request.spec.name, request.arguments, request.session.ledger
    described.check(name, request.spec.description or "", request.spec.input_schema, arguments)
    told_choices.check(request.spec, arguments)  # values an observed failure listed (told_choices.py)
    answer_choices.check(request.spec, arguments, request.types)  # values the answers list (answer_choices.py)
    meaning.check(name, arguments)
    conditional.check(name, request.spec.input_schema, arguments)  # required in one mode (conditional.py)
    path_words.check(name, request.spec.input_schema, arguments)  # path forms the words reject (path_words.py)
    escapes.check(name, arguments)  # a relative path climbing out of its root (escapes.py)
    absolute_paths.check(name, request.spec.input_schema, arguments)  # "must be absolute" (absolute_paths.py)
    empty_lists.check(name, request.spec.input_schema, arguments)  # a required list given empty (empty_lists.py)
    confirmations.check(name, request.spec.input_schema, arguments)  # confirm=false (confirmations.py)
    base64_text.check(name, request.spec.input_schema, arguments)  # base64 that does not decode (base64_text.py)
    booleanish.check(name, request.spec.input_schema, arguments)  # "maybe" for a boolean-or-string (booleanish.py)
    sheet_names.check(name, arguments)  # a new sheet's name a workbook cannot hold (sheet_names.py)
    ref_names.check(name, arguments)  # a git ref starting with "-" or a new one git cannot name (ref_names.py)
    cycles.check(name, arguments)  # an item made its own parent (cycles.py)
    date_words.check(name, request.spec.input_schema, arguments)  # a date in words (date_words.py)
    blank_text.check(name, request.spec.input_schema, arguments)  # required text of blanks (blank_text.py)
    quantities.check(name, request.spec.input_schema, arguments)  # qty=0, amount=-5 (quantities.py)
    empty_updates.check(request.spec, effect, arguments)  # an edit given only its record's id (empty_updates.py)
    computed = {**operations.computed(name, arguments), **meaning.derived(name, arguments, request.spec.input_schema)}
    held, changes = accumulated.derived(request.spec, arguments, ledger)  # what earlier calls gave (branches)
    changes += grid.changes(request.spec, arguments, ledger)  # cells written by position (grid.py)
    if files.operation_of(request.spec) is None:  # documents named by path that file tools do not keep
        changes += documents.changes(request.spec, arguments, ledger)
    listed, reordered = sequence.changes(request.spec, arguments, ledger)  # items kept by position (sequence.py)
    held.update(listed)
    changes += reordered
    cells = grid.shown(request.spec, arguments, ledger)  # and read back by range
    held.update(cells)
    required = set((request.spec.output_schema or {}).get("required") or ["$"])
    whole = cells if required <= set(cells) else None
    derived = {**_as_declared(computed, request.spec.output_schema), **held}
    derived.update(counts.affected(request.spec, arguments))  # how many a prose write changed (counts.py)
    words = set(re.split(r"[^a-z0-9]+", name.lower()))
    reads, writes = sql.reads_only(name, request.spec.description or ""), bool(words & sql.WRITE_WORDS)
    statements = sql_arguments(request.spec, arguments)  # none where the tool speaks Cypher, GraphQL...
    sql.malformed(name, request.spec.description or "", statements, reads)
    if (statement := sql.statement_in(statements)) is not None:
        changes += sql.effects(name, statement, ledger, reads, writes)
    earlier: list[Turn] | None = None  # the session's recent turns, read once per call and only when needed

    async def recent() -> list[Turn]:
        nonlocal earlier
        if earlier is None:
            earlier = await history(max(0, request.call_index - LOOKBACK))
        return earlier

    if statement is not None and sql_keys.inserts(statement):  # a key an earlier INSERT wrote (sql_keys.py)
        sql_keys.check(statement, await recent())
    if confinement.paths_in(arguments):
        confinement.check(name, arguments, confinement.root_of(await recent()))
    if climbing.climbs(arguments):  # root/../escape.txt (climbing.py)
        climbing.check(name, arguments, await recent())
    if conflicts.creates(name) and conflicts.names_in(arguments, name):
        conflicts.check(name, arguments, await recent())
    if files.operation_of(request.spec) is None and lifecycle.names(name, arguments):  # named things (lifecycle.py)
        lifecycle.check(name, request.spec.description or "", arguments, await recent())
        holdings.check(name, request.spec.input_schema, arguments, await recent())  # containers made here (holdings.py)
    if filled_scopes.applies(name, arguments):  # a name never written in a scope the session started
        filled_scopes.check(name, arguments, await recent())
    if refused_states.refuses_finished(request.spec.description or ""):  # a finished item's guard (refused_states.py)
        refused_states.check(name, request.spec.description or "", arguments, await recent())
    if one_way.ending(name) is not None:  # a second cancel of the same order (one_way.py)
        one_way.check(name, arguments, await recent())
    if effect.id and (guard := revisions.guard_of(request.spec.input_schema)) is not None:  # (revisions.py)
        derived.update(revisions.checked(name, guard, effect.id, arguments, await recent()))
    if overwrite.flag_of(request.spec.input_schema) is not None:  # a repeat write without its flag (overwrite.py)
        overwrite.check(name, request.spec.input_schema, arguments, await recent())
    if appended.may_show(name, arguments):  # a document's text after its create and appends (appended.py)
        derived.update(appended.shown(name, arguments, await recent()))
    if holdings.may_list(request.spec, arguments):  # the names a container holds (holdings.py)
        derived.update(holdings.listed(request.spec, arguments, await recent(), ledger))
    if effect.kind == "create" and signed_in.may_show(request.spec, arguments):  # the signed-in user (signed_in.py)
        derived.update(signed_in.creator(await recent(), request.spec, arguments))
    if effect.kind in ("none", "read", "update", "delete"):  # an item an earlier call gave inside its arguments
        items = named_records.given(arguments, await recent())
        derived.update({k: v for k, v in items.items() if k not in derived})
    if paired.stops(name):  # the running activity a stop ends shows what its start was given (paired.py)
        started = paired.running(name, await recent())
        derived.update({k: v for k, v in started.items() if k not in arguments})
    if summaries.summarises(name, effect.kind) and not effect.id:  # counts and totals of records (summaries.py)
        derived.update(summaries.summary(name, request.spec.description or "", arguments, ledger))
    if placeholders.looks_up(name, effect.kind) and any(map(placeholders.placeholder, arguments.values())):
        placeholders.check(name, effect.kind, effect.id, arguments, await recent(), ledger)  # "no_such_dir"
    elif effect.refs and any(placeholders.placeholder(arguments.get(key)) for key in effect.refs):
        placeholders.check_parents(effect.refs, arguments, await recent(), ledger)  # create_task(contact "C-0000")
    if implied.applies(effect, request.types, ledger):  # list_tags, list_rooms: the names calls gave (implied.py)
        named = implied.named(effect.entity or "", arguments, await recent())
        if named:
            return _Rules(changes, derived, [], whole, named)
    shown: list[dict[str, Any]] = []
    # a read of a record the ledger holds shows that record; recall is for state held in free text
    kept = effect.kind == "read" and bool(effect.id) and _holds(ledger, effect, arguments)
    reads_state = observing.observes(name, request.spec.description)  # by name, else by description
    if effect.kind in ("none", "list", "read") and reads_state and not sql.writes(statements) and not kept:
        shown = recall.recalled(arguments, await recent())
        # what earlier reads named and got an answer for exists too; changes come last, so they win a merge
        confirmed = referenced.confirmed(arguments, await recent())
        if effect.kind == "list" and effect.entity and ledger.knows(effect.entity) and request.types is not None:
            # a listed record the ledger holds is shown, or left out, by the list itself; of what earlier reads
            # were given, only an id names a record (another list's ``prefix`` names none)
            id_name = request.types.id_arguments.get(effect.entity) or request.types.id_fields.get(effect.entity)
            confirmed = [args for args in confirmed if any(k == id_name or ID_KEY.match(k) for k in args)]
            shown = _untracked([*confirmed, *shown], request.types, effect.entity, ledger)
        else:
            shown = [*confirmed, *shown]
    elif _acts_on_named(effect, arguments, ledger):
        shown = _related_changes(effect, arguments, await recent())
    return _Rules(changes, derived, shown, whole)


# Earlier turns the general rules read (recall, conflicts, confinement): bounds a call's cost in long sessions,
# so turn 500 costs what turn 64 does; agents repeat names and paths within far fewer calls than this
LOOKBACK = 64


_PARENT_FIELDS = ("parent_id", "parentId", "parent")  # a record's field naming another of its own type above it
MIN_OPAQUE_ID = 8  # characters of an id taken to name one thing whatever its type (``_owner_of``)
MIN_FAILURES = 2  # observed calls, all failed alike, before a tool is taken to fail whatever it is given


def _untracked(
    shown: list[dict[str, Any]], types: EntityTypes | None, entity: str | None, ledger: Ledger
) -> list[dict[str, Any]]:
    """The recalled changes of a list that name no record of the listed type the ledger holds (live, deleted, or
    assumed to exist).
    ``put_object(key="tmp/a.bin")`` then ``list_objects(prefix="site/")``: the ledger's object is left out by the
    prefix, or gone after a delete; the put's arguments shown beside the listing would bring it back."""
    if types is None or entity is None:
        return shown
    field = types.id_arguments.get(entity) or types.id_fields.get(entity)
    seen = {*ledger.entities.get(entity, ()), *ledger.deleted.get(entity, ()), *ledger.assumed.get(entity, ())}
    return [args for args in shown if field not in args or entity_id(args[field]) not in seen]


def _always_failed(spec: ToolSpec, shapes: AnswerShapes) -> bool:
    """Whether every observed call of the tool failed, in one way, and there were at least two: a report that
    always divides by zero, a move parser that refuses every move. Such a tool fails again; answering it with a
    success the server never gave teaches a tool that does not exist. One failed call (a deliberate mistake) says
    nothing of the others."""
    return shapes.success is None and len(shapes.failures) == 1 and len(spec.examples) >= MIN_FAILURES


def sql_arguments(spec: ToolSpec, arguments: dict[str, Any]) -> dict[str, Any]:
    """The arguments that may hold SQL: none for a tool that names another query language (sql.py)."""
    return {} if sql.other_language(spec.description or "", spec.input_schema) else arguments


def _acts_on_named(effect: EntityEffect, arguments: dict[str, Any], ledger: Ledger) -> bool:
    """Whether the call is an act, or an update of a record the ledger does not hold (an SQL write aside): its
    answer shows what earlier changes said of the things it names, as a read's does."""
    if sql.writes(arguments):
        return False
    return effect.kind in _ACTING or (effect.kind == "update" and not (effect.id and _holds(ledger, effect, arguments)))


_ACTING = frozenset({"none", "create", "delete"})


def _related_changes(effect: EntityEffect, arguments: dict[str, Any], earlier: list[Turn]) -> list[dict[str, Any]]:
    """The arguments of the earlier changes that share a term with this call's (recall.py). A field an update sets
    anew is its own, not the earlier value; an act's earlier arguments are history (the code it ran before,
    not a value it replaces)."""
    sets = arguments if effect.kind == "update" else {}  # a create or delete names other records than earlier ones
    shown = [{k: v for k, v in args.items() if sets.get(k, v) == v} for args in recall.related(arguments, earlier)]
    return [args for args in shown if args]


def _holds(ledger: Ledger, effect: EntityEffect, arguments: dict[str, Any]) -> bool:
    # a record the session only assumed (an update of an id it never saw) holds the update's fields alone: what
    # else the read shows is in earlier free text, so recall still runs for it
    entity, ids = effect.entity or "", values_at(arguments, effect.id or "")
    assumed = set(ledger.assumed.get(entity, ()))
    known = [str(i) for i in ids if isinstance(i, str | int)]
    return bool(ids) and all(ledger.exists(entity, i) and i not in assumed for i in known)


class _Answer:
    """One simulated answer; a class so each kind of effect reads as a short method. The ledger decision
    (which record, which effects) is made first; ``_present`` then renders it in the tool's shape."""

    def __init__(
        self,
        request: SimulationRequest,
        effect: EntityEffect,
        config: SchemaWorldModelConfig,
        shapes: AnswerShapes | None,
        recalled: list[dict[str, Any]] | None = None,
        derived: dict[str, Any] | None = None,
        routing: dict[str, Any] | None = None,
    ) -> None:
        self.request = request
        self.routing = routing or {}  # the operation (and type) a dispatching tool's call gave (dispatch.py)
        self.derived = derived or {}  # answer fields the arguments' meaning fixes (meaning.py)
        self.recalled = recalled or []  # what earlier calls established that this read shows (recall.py)
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
        self.named: list[implied.Named] = []  # the names a listed kind no tool makes was given (implied.py)
        # the arguments as the agent wrote them, before a model wrapping them was read (``params={...}``)
        self.given: dict[str, Any] = request.arguments

    def build(self) -> tuple[CallToolResult, list[Effect]]:
        kind = self.effect.kind
        if kind in ("create", "update", "delete") and (flag := preview_flag(self.spec, self.args)) is not None:
            # a preview (dry_run=true, also by default) says what the call would do, that it was only a preview,
            # and changes nothing: no id is minted (ledger/dry_runs.py)
            named = named_records.fields(self.args, self.ledger)
            return self._present({"success": True, **named, **self.args, flag: True, **self.derived}), []
        if kind in ("read", "update", "delete") and self.effect.id and self.effect.id in self.args:
            given_id = self.args[self.effect.id]  # a name (``id_or_name``) stands for the record it names
            id_ = named_records.named_id(self.entity, given_id, self.ledger) or str(given_id)
            return getattr(self, f"_{kind}")(id_)  # type: ignore[no-any-return]
        if kind in ("update", "delete") and self.entity and matched.selects(self.args):
            return self._matched()  # update_records(table, data, conditions): each record they select (matched.py)
        planned = None if self.shapes or self.spec.output_schema else self._planned()  # plan_trip(stops)
        if planned is not None:
            return self._text(json.dumps(planned.body), planned.body), planned.effects
        changed = world_actions.change(self.spec.name, self.args, self.ledger, self.request.types, kind)
        if changed is not None:  # the seeded world it changes (world_actions.py): fill_fuel_tank, add_to_watchlist
            return self._present({"success": True, **self.args, **changed.shown, **self.derived}), changed.effects
        if kind == "none" and self.request.types is not None:
            making = made.made_type(self.spec, self.request.types)  # place_order makes an order (made.py)
            if making is not None:
                return self._made(*making)
        if kind == "create":
            return self._create()
        if kind == "list" or (kind == "read" and self._reads_all()):
            return self._list(), []
        world_reads.check(self.spec.name, self.args, self.ledger)  # a name the seeded world does not hold
        shown = shown_by(self.ledger, self.spec.name, self.spec.description, self.args)  # get_balance: the balance
        given = echoed.with_records(self.effect, self.entity, self.args, self.ledger)  # a batch update's records
        shown.update(planning.children(self.args, self.ledger))  # a planned parent's items (planning.py)
        named = named_records.fields(self.args, self.ledger, {**self._bare_id(), **self.effect.refs})
        if (whole := self._world_record(shown)) is not None:
            return whole, self._referenced()
        return self._present({"success": True, **named, **shown, **given, **self.derived}), self._referenced()

    def _world_record(self, shown: dict[str, Any]) -> CallToolResult | None:
        """A read of one record the world seed holds (``get_account_info``: the ``account_info`` singleton) that only
        a sibling lent its shape (``catalog/families.py``): the record itself, carried as the server carries JSON.
        The sibling's fields (a stock's price beside an account's balance) are another record's, none of this one's."""
        learned = self.shapes.success if self.shapes else None
        lent_only = bool(self.spec.examples) and all(is_lent(e) for e in self.spec.examples)
        if learned is None or not learned.is_json or not lent_only or len(shown) != 1:
            return None
        [(name, record)] = shown.items()
        if not isinstance(record, dict) or not record or singletons(self.ledger).get(name) != record:
            return None  # only a record the seed holds whole (not a path's or a plan's items)
        self.last_body = record
        return carried(learned, record)

    def _matched(self) -> tuple[CallToolResult, list[Effect]]:
        """A write naming its records by criteria: each record the scope and criteria select is written."""
        id_field = (self.request.types.id_fields if self.request.types else {}).get(self.entity, "id")
        ids = matched.selected(self.ledger.entities.get(self.entity, {}), self.args, id_field)
        fields = matched.changes(self.args)
        if self.effect.kind == "update":
            effects = [Effect("update", self.entity, id_, fields) for id_ in ids]
        else:
            effects = [Effect("delete", self.entity, id_) for id_ in ids]
        if ids or counts.AFFECTED not in self.derived:  # counted; a key no record the session knows holds is one
            self.derived = {**self.derived, counts.AFFECTED: len(ids)}  # from before it (the open world): its form
        return self._present({"success": True, **self.args}), effects

    def _bare_id(self) -> dict[str, str]:
        """``reopen(id=3)`` on a server whose one made type its tools name by a bare ``id`` (``show(id)``,
        ``close(id)`` take tasks) acts on that type's record: the type says which table, so ``3`` is no
        ambiguous one-character name."""
        types = self.request.types
        if self.effect.kind != "none" or "id" not in self.args or types is None:
            return {}
        named = [entity for entity in types.created if types.id_arguments.get(entity) == "id"]
        return {"id": named[0]} if len(named) == 1 else {}

    def _referenced(self) -> list[Effect]:
        """An act on ids the session never saw (``invoices_extract(invoice_id)``), let through by an open world: they
        exist from now on, so a list of their type shows them and a later read finds them."""
        found = []
        for path, entity in self.effect.refs.items():
            for value in values_at(self.args, path):
                id_ = str(value) if isinstance(value, str | int) and not isinstance(value, bool) else None
                if id_ and not self.ledger.exists(entity, id_) and not self.ledger.is_deleted(entity, id_):
                    found.append(Effect("assume", entity, id_))
        return found

    def _plural(self) -> bool:
        """Whether the tool's name ends in a plural and the call names no record of its type by id: it reads many."""
        noun = name_words(self.spec)[-1]
        return noun != singular(noun) and not (self.effect.id and self.effect.id in self.args)

    def _reads_all(self) -> bool:
        """A read of a plural naming no record of the type the session holds (``get_tasks(fields="standard")``)
        answers in sentences with them all, as a list does; one with a schema or a learned form has its own, and
        ``read_note(path)`` or ``get(key)`` name their one record by another argument."""
        if self.shapes is not None or self.spec.output_schema is not None or not self.entity:
            return False
        return self._plural() and bool(self.ledger.records(self.entity))

    def _planned(self) -> planning.Plan | None:
        types = self.request.types
        return None if types is None else planning.plan(self.spec.name, self.effect, self.args, self.ledger, types)

    def _made(self, entity: str, id_field: str) -> tuple[CallToolResult, list[Effect]]:
        """An action's answer as the create of the thing it makes, carrying what it was made from. Its id is in the
        field its observed answers show it in: ``place_order`` answering ``{"id": "ord_..."}`` keeps the order under
        that id, not under a second one it would mint for readers' ``order_id`` (a later ``cancel_order`` of the id
        the agent was shown found nothing, and answered the example's order)."""
        self.entity = entity
        self.effect = EntityEffect(kind="create", entity=entity, id=id_field, refs=self.effect.refs, unknown="allow")
        own = self.request.types.id_fields.get(entity, "id") if self.request.types else "id"
        # ``book_seats`` answering ``{"booking_id": ...}`` keeps the booking under that key: an id minted under
        # another (``id``) left the answer's ``booking_id`` an invented one the ledger never held
        keys = (id_field, own, f"{entity}_id", camel(f"{entity}_id"))
        shown = next((key for key in keys if self._shown_id(key) is not None), None)
        if shown is not None and shown != id_field:
            self.effect = EntityEffect(kind="create", entity=entity, id=shown, refs=self.effect.refs, unknown="allow")
        return self._create(made.made_from(self.args, self.ledger))

    def _create(self, made_from: dict[str, Any] | None = None) -> tuple[CallToolResult, list[Effect]]:
        id_field = self.effect.id or "id"
        named = values_at(self.args, id_field) if "." in id_field or "[]" in id_field else []
        if named:  # client-named entities (memory's entities[].name): the arguments carry the ids
            return self._present(self._new_only(id_field), mint=True), []  # the guard learns them from the answer
        chosen = self.args.get(id_field)  # the caller named it (``create_graph(graph_id)``): that is its id
        if chosen is None and "id" not in self.effect.refs:  # ``create_presentation(id)`` answering its
            chosen = self.args.get("id")  # ``presentation_id``: a bare ``id`` no other type claims is the new one's
        if not isinstance(chosen, str | int) or isinstance(chosen, bool) or chosen == "":
            chosen = None
        new_id = chosen if chosen is not None else self._counted_id() or self._new_id(id_field)
        # an id inside an envelope (created_ids.py: ``todo.id``, ``data.recipe_id``) is the record's own field
        given = {**_told_defaults(self.spec.input_schema, self.args), **self.args}
        record = {id_field.rsplit(".", 1)[-1]: new_id, **(made_from or {}), **given}
        result = self._present(record if chosen is not None or self._tells_id() else given, mint=True)
        stored = payloads.flattened({**_record_in(self.last_body, self.entity), **record})  # data={...}: columns
        return result, [Effect("create", self.entity, str(new_id), stored)]  # 1 and "1" are one id

    def _tells_id(self) -> bool:
        """Whether a create's answer shows the id it minted. A tool returning any ``dict`` (an outputSchema that is
        only "an object") shows it only when some tool names the type by an id; otherwise the id is the ledger's
        own key (a slide added by ``add_slide`` and later taken by ``slide_index``), and an ``id`` field invents
        what the server never says. Declared and learned shapes have their own place for it; prose tells it."""
        schema = self.spec.output_schema
        if self.shapes is not None or schema is None or self.request.types is None:
            return True
        is_open = wrapped.is_open_object(schema) or wrapped.object_slot(schema, self.values.resolve) is not None
        return not is_open or self.entity in self.request.types.named_by_id

    def _id_key(self) -> str:
        """The record's own field that holds a created entity's id (``todo.id`` -> ``id``)."""
        return (self.effect.id or "id").rsplit(".", 1)[-1]

    def _counted_id(self) -> str | None:
        """The id a create answering in learned words gives its new entity, numbered as its examples (numbering.py)."""
        learned = self.shapes.success if self.shapes else None
        if learned is None or learned.is_json:
            return None
        counted = numbered_id(self.spec.examples, next_number(self.ledger, self.entity))
        return None if counted is None or self.ledger.exists(self.entity, counted) else counted

    def _new_only(self, id_field: str) -> dict[str, Any]:
        """The arguments of a batch create without the items whose names exist already: such servers skip
        them (a name is created once, and its record is not overwritten), as their batch deletes skip names
        that are gone."""
        batch, _, leaf = id_field.partition("[].")
        items = self.args.get(batch)
        if not leaf or not isinstance(items, list):
            return dict(self.args)
        fresh = [i for i in items if not (isinstance(i, dict) and self.ledger.exists(self.entity, str(i.get(leaf))))]
        return {**self.args, batch: fresh}

    def _read(self, id_: str) -> tuple[CallToolResult, list[Effect]]:
        record = self._existing(id_)
        empty = self.shapes.success.empty if self.shapes and self.shapes.success else None
        if empty is not None and not self.ledger.exists(self.entity, id_):
            # the tool answered a record it did not hold with nothing (``{"result": null}``), not a failure
            return self._learned(empty, {}, False), []
        types = self.request.types or EntityTypes([])
        shown = {k: v for k, v in children.of(self.entity, id_, self.ledger, types).items() if k not in record}
        if self._in_words():  # a task's dependencies and dependants, a line each (children.linked)
            self.recalled = [*self.recalled, *children.linked(self.entity, id_, self.ledger)]
        return self._present({**record, **shown}), self._assumed(id_)  # with what points at it (children.py)

    def _acts_on_given(self) -> bool:
        """An act on a record the call names by id (``advance(containerType, id, version)``) makes nothing: the ids
        its answer shows are that record's and its neighbours', which no argument gave are unknown here, not new
        ids minted on every call (an action that makes a thing is ``made.py``'s create)."""
        return self.effect.kind == "none" and any(
            ID_KEY.match(key) and isinstance(value, str | int) and not isinstance(value, bool)
            for key, value in self.args.items()
        )

    def _in_words(self) -> bool:
        """Whether the answer is prose: no learned shape, no outputSchema, no description saying JSON."""
        no_shape = self.shapes is None or self.shapes.success is None
        return no_shape and self.spec.output_schema is None and returned.returned(self.spec.description) is None

    def _update(self, id_: str) -> tuple[CallToolResult, list[Effect]]:
        if delete_flags.deletes(self.args):  # update_task(id, delete=true) (delete_flags.py)
            return self._delete(id_)
        existing = self._existing(id_)
        # ``expected_revision`` is the change's precondition, not a field it sets (revisions.py)
        changes = {k: v for k, v in self.args.items() if k != self.effect.id and not revisions.is_guard(k)}
        lines = containers.items_after(self.spec, self.effect, self.args, existing)
        if lines is not None:  # add_to_cart: a line more in the cart, not the cart's fields overwritten
            changes = {containers.ITEMS: lines}
        # ``previous_status``: what the record held before this change (previous_values.py)
        was = previous_values.before(previous_values.shown_keys(self.spec, self.shapes), existing)
        record = {**existing, **changes, **was}
        return self._present(record), [*self._assumed(id_), Effect("update", self.entity, id_, changes)]

    def _delete(self, id_: str) -> tuple[CallToolResult, list[Effect]]:
        # the answer names what it deleted (its title, its text), as servers confirm a delete
        record = {k: v for k, v in self._existing(id_).items() if not _nested(v)}
        result = self._present({**record, "success": True, "deleted": True, self.effect.id or "id": id_})
        return result, [*self._assumed(id_), Effect("delete", self.entity, id_), *self._descendants(id_)]

    def _descendants(self, id_: str) -> list[Effect]:
        """Deletes of the records below a deleted one of the same type: a subtask whose ``parent_id`` names the
        deleted task goes with it, and its own subtasks too, as task servers delete a tree (a later update of a
        grandchild answers not found). Only a parent field of the record's own type (``parent_id``, ``parentId``,
        ``parent``) says it is a tree; a record naming another type's record is left."""
        table = self.ledger.entities.get(self.entity, {})
        gone: set[str] = {id_}
        below: list[Effect] = []
        while True:
            found = [
                other
                for other, record in table.items()
                if other not in gone and any(str(record.get(k)) in gone for k in _PARENT_FIELDS if record.get(k))
            ]
            if not found:
                return below
            gone.update(found)
            below.extend(Effect("delete", self.entity, other) for other in found)

    def _assumed(self, id_: str) -> list[Effect]:
        """An id the open world let through unseen is used from now on (updated, deleted), without telling the
        session which others of its type exist (``Ledger.knows``)."""
        seen = self.ledger.exists(self.entity, id_) or self.ledger.is_deleted(self.entity, id_)
        return [] if seen else [Effect("assume", self.entity, id_)]

    def _list(self) -> CallToolResult:
        filters = self._filters()
        if self.effect.entity is None:  # filter_by_project: the records whose fields the criteria name
            self.entity = self._fitting_type({n for k in filters for n in (k, plural(k))}) or self.entity
        # each with its id, also those the session only updated (their id is the ledger's key alone)
        bounded = ranges.bounds(self.args)  # start_date, max_price (ranges.py)
        shown = [r for r in self._identified(self.entity) if _matches(r, filters) and ranges.within(r, bounded)]
        records = [self._as_told(r) for r in shown] or implied.records(self.named, self.entity, self._item_keys())
        learned = self.shapes.success if self.shapes else None
        if learned is not None and is_example_text(learned, self.args, listing=True):
            learned = None  # another session's records in words: this session's, said as prose says them
        schema = self.spec.output_schema
        if learned is not None:  # the records the call selects, as the schema's answer shows them
            return self._learned(learned, {}, False, self._selected)
        slot = wrapped.text_slot(schema, self.values.resolve)
        if schema is None or slot is not None:  # prose, bare or as the one string a schema wraps (wrapped.py)
            body: Any = {plural(self.entity): records, "total": len(records)}
            text = prose.listing(self.spec.name, self.entity, records) if records or not self.recalled else ""
            text = prose.with_recalled(text, self.recalled)
            if schema is None and (said := returned.returned(self.spec.description)) is not None:
                # "a list of issue dicts", "Dict with items, total_count" (returned.py)
                # a key the call's arguments name is theirs (``inbox_id`` of ``get_email_links(inbox_id)``)
                given = {k: v for k, v in self.args.items() if k in said.keys and not isinstance(v, dict | list)}
                answer = returned.body(said, given, self.entity, records, lists=True) if said.keys else records
                if isinstance(answer, list) and returned.from_python(self.spec.input_schema):
                    self.last_body = answer  # a Python tool's list: a text block per item, as the SDK sends it
                    blocks = [TextContent(type="text", text=json.dumps(r, indent=2, default=str)) for r in answer]
                    return CallToolResult(content=list(blocks))
                return self._text(json.dumps(answer, default=str), answer)
            return self._text(text, body) if slot is None else self._wrapped(slot, text, body)
        if wrapped.is_open_object(schema):
            self.last_body = {plural(self.entity): records, "count": len(records)}
        elif slot := wrapped.object_slot(schema, self.values.resolve):
            self.last_body = {plural(self.entity): records, "count": len(records)}
            return to_result(self.spec, {slot: self.last_body})
        elif slot := wrapped.records_slot(schema, self.values.resolve):
            self.last_body = records
            return to_result(self.spec, {slot: records})
        else:
            self.last_body = self._shape_list(schema, records)
            if isinstance(self.last_body, dict):  # what the session's state fixes (sequence.py) wins
                self.last_body.update({k: v for k, v in self.derived.items() if k in self.last_body})
        return to_result(self.spec, self.last_body)

    def _filters(self) -> dict[str, Any]:
        """The criteria a listing call gives: its plain arguments, and the fields of a criteria object
        (``conditions={"member_id": 3}``, payloads.py)."""
        filters = {k: v for k, v in self.args.items() if not isinstance(v, dict | list)}
        filters.update(payloads.criteria(self.args))
        return filters

    def _selected(self, found: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The records a listing call selects among ``found``: by its criteria, its name's words and its search."""
        filters, bounded = self._filters(), ranges.bounds(self.args)
        fitting = [r for r in found if _matches(r, filters) and ranges.within(r, bounded)]
        return searches.searched(selection.by_name(self.spec.name, self.args, fitting), self.args, self._ranks())

    def _ranks(self) -> bool:
        """Whether the tool's search ranks by relevance, as its description or its query's says, or as the scores its
        observed answers gave their results show (searches.py)."""
        props = self.spec.input_schema.get("properties") or {}
        said = [str(p.get("description") or "") for k, p in props.items() if k in searches.SEARCH_ARGUMENTS]
        learned = self.shapes.success if self.shapes else None
        scored = learned is not None and learned.is_json and searches.shows_scores(learned.body)
        return scored or searches.ranks("\n".join([self.spec.description or "", *said]))

    def _present(self, record: dict[str, Any], mint: bool = False) -> CallToolResult:
        """The answer showing ``record``: in the learned shape, else the outputSchema, else prose."""
        learned = self.shapes.success if self.shapes else None
        record = {**record, **self.derived}  # what the arguments' meaning and the session's history fix
        if learned is not None and is_example_data(learned, self.args) and self._state_answers():
            learned = None  # the example's own data: what the session stored, or no rows (constant.py)
        if (
            learned is not None
            and self.effect.kind == "read"
            and is_example_text(learned, self.args, listing=self._plural())
        ):
            # another session's record in words: this session's, said as prose says it; a read of a plural
            # (``get_reviews(page_id)``) lists, so its words were the example's records around the one filter it echoes
            learned = None
        if learned is not None:  # a field the example showed, the earlier change this read recalls gives
            # a read naming no record (``read_records(table, conditions)``) selects its list as a list does
            select = self._selected if self.effect.kind == "read" and self.effect.id not in self.args else None
            return self._learned(learned, {**recalled_fields(self.recalled), **record}, mint, select)
        schema = self.spec.output_schema
        if (slot := wrapped.text_slot(schema, self.values.resolve)) and _known(record, slot, "") is None:
            return self._wrapped(slot, *self._prose(record))  # a function returning str (wrapped.py)
        slot = wrapped.number_slot(schema, self.values.resolve) if mint and self.effect.kind == "create" else None
        if slot and _known(record, slot, "") is None and isinstance(new := record.get(self._id_key()), int):
            self.last_body = record  # the record the ledger keeps, not the one number said (wrapped.py)
            return to_result(self.spec, {slot: new})  # a create answering one integer: the id it gave
        if (slot := wrapped.flag_slot(schema, self.values.resolve)) and _known(record, slot, "") is None:
            self.last_body = record
            return to_result(self.spec, {slot: True})  # a function returning bool said the call worked (wrapped.py)
        if schema is not None and wrapped.is_open_object(schema):
            self.last_body = self._open_body({**self._recalled_values(), **record})
            return to_result(self.spec, self.last_body)
        if slot := wrapped.object_slot(schema, self.values.resolve):  # ``{"result": {...}}``: the same, wrapped
            self.last_body = self._open_body({**self._recalled_values(), **record})
            return to_result(self.spec, {slot: self.last_body})
        if schema is not None and self.effect.kind == "read" and not self.args:
            # a read that names nothing (read_graph) shows everything the session holds, as a list does
            self.last_body = self._shape_list(schema, [])
            return to_result(self.spec, self.last_body)
        if schema is not None:
            known = {k: v for earlier in self.recalled for k, v in earlier.items()}  # the latest write wins
            known = {k: _current(v, self.ledger, self.request.types) for k, v in known.items()}
            self.last_body = _fill(self.values, schema, {**known, **record})
            return to_result(self.spec, self.last_body)
        if (said := returned.returned(self.spec.description)) is not None:  # "Returns the issue as a dict"
            made_id = record.get(self._id_key()) if mint else None
            types = self.request.types
            if mint and types is not None and self.entity not in types.named_by_id:
                # a move made on a board: no tool names moves by id, so the server says none (``_tells_id``)
                made_id, record = None, {k: v for k, v in record.items() if k != self._id_key()}
            records = self.ledger.records(self.entity) if self.entity else []
            answer = returned.body(said, record, self.entity, records, made_id)
            return self._text(json.dumps(answer, default=str), record)
        return self._text(*self._prose(record))

    def _recalled_values(self) -> dict[str, Any]:
        """What earlier related changes gave (recall.py), for an answer of any keys (a Python tool's ``dict``): their
        plain values by name, ids left out (an earlier call's reference is not this answer's, and may name a
        record deleted since); the call's own record wins over them."""
        return {k: v for k, v in recalled_fields(self.recalled).items() if not ID_KEY.match(k)}

    def _prose(self, record: dict[str, Any]) -> tuple[str, Any]:
        """The text answer showing ``record`` and the body the ledger observes from it."""
        if (value := stored.read_back(self.args, self.recalled)) is not None:  # get(key) after set (stored.py)
            return value, record
        if rowsets.returns_no_rows(self.spec.name, sql_arguments(self.spec, self.args)):  # CREATE TABLE: []
            return rowsets.EMPTY_ROWS, []
        text = prose.sentence(self.spec.name, self.effect.kind, self.entity, record)
        return prose.with_recalled(text, self.recalled), record

    def _state_answers(self) -> bool:
        """Whether the session's state answers this call (``_present``'s answers after the learned one)."""
        written = stored.read_back(self.args, self.recalled) is not None
        return written or rowsets.returns_no_rows(self.spec.name, sql_arguments(self.spec, self.args))

    def _open_body(self, record: dict[str, Any]) -> dict[str, Any]:
        """An answer for an outputSchema that is any object (a Python tool returning ``dict``): the record's own
        fields at the top, as most such tools in the recordings answer (``{"graph_id": ..., "deleted": true}``, a
        contact's fields), not nested under its type's name (``{"todo": {...}}``, todo_txt's form); every call
        but a read says it succeeded."""
        fields = {k: v for k, v in record.items() if k != "success"}
        if self.effect.kind in ("none", "delete") or not self.effect.entity:
            return {"success": True, **fields}
        if self.effect.kind == "create":
            fields = self._own_id_key(fields)
        return fields if self.effect.kind == "read" else {"success": True, **fields}

    def _own_id_key(self, fields: dict[str, Any]) -> dict[str, Any]:
        """A create's envelope names the id it made as the server's other tools take it: ``{"success": true,
        "character_id": ...}`` when reads and updates take ``character_id``, ``{"number": 1}`` when they take
        ``number`` (``adr_update(number)``). In the recordings no envelope beside ``success`` says a bare ``id``: that
        is the record's own field, and a record is not an envelope."""
        types, key = self.request.types, self._id_key()
        named = types.id_arguments.get(self.entity) if types is not None and self.entity else None
        numbered = named is not None and named.endswith(("number", "Number"))
        if (
            named is None
            or named == key
            or key not in fields
            or named in fields
            or not (ID_KEY.match(named) or numbered)
        ):
            return fields
        return {(named if k == key else k): v for k, v in fields.items()}

    def _complete(self, schema: dict[str, Any], body: dict[str, Any]) -> None:
        """A list shows every record it selects, so the paging beside it says there is no next page: a generated
        ``has_more: true`` with a cursor sends an agent paging through nothing (forced pagination is a
        perturbation's, perturbations/paginate.py)."""
        props = schema.get("properties") or {}
        required = set(schema.get("required") or [])
        for key in list(body):
            word = key.replace("_", "").lower()
            if word in _MORE_WORDS and isinstance(body[key], bool):
                body[key] = False
            elif word in _CURSOR_WORDS and body[key] is not None:
                if self.values.fits(props.get(key) or {}, None):
                    body[key] = None
                elif key not in required:
                    del body[key]

    def _learned(
        self, template: Template, record: dict[str, Any], mint: bool, select: Select | None = None
    ) -> CallToolResult:
        """The answer in the learned shape; ``select``: which records the call selects, for its answer's first
        list (the listed type: ``search_nodes`` selects entities; the relations beside them are not searched)."""
        selects = [select]

        def records(keys: set[str]) -> list[dict[str, Any]]:
            return self._records(keys, selects.pop() if selects else None)

        number = next_number(self.ledger, self.entity)  # numbered per type, as a server's table numbers its rows
        # a learned answer echoing the operation says this call's (``"action": "update"``), not a recalled one's
        # the learned slots name the arguments as the example's call wrote them: ``params.problem_name`` too
        arguments = {**self.given, **self.args, **self.routing}
        fill = Fill(arguments, records, record, mint, number, self.rng, universe=self._records)
        # a read, list, update or delete shows only what exists: an id the example showed is not this entity's
        fill.unknown_ids = self.effect.kind in ("read", "list", "update", "delete") or self._acts_on_given()
        fill.one = select is None or self.effect.kind != "read"  # read_records(table): rows, not one record's
        fill.names = self._names_named()
        properties = self.spec.input_schema.get("properties") or {}
        fill.given_defaults = {k: p["default"] for k, p in properties.items() if isinstance(p, dict) and "default" in p}
        id_field = self.effect.id or ""
        if self.effect.kind == "create" and "[]." in id_field:
            # a create of client-named entities answers only the new ones, as such servers do: a name that
            # exists is neither shown as made nor overwritten (memory's create_entities)
            leaf = id_field.rsplit(".", 1)[-1]
            fill.exists = lambda item: (
                isinstance(item, dict)
                and item.get(leaf) is not None
                and self.ledger.exists(self.entity, str(item[leaf]))
            )
        elif "[]." in id_field:  # an item naming an entity the session holds shows the fields it leaves out
            leaf = id_field.rsplit(".", 1)[-1]
            fill.held = lambda item: (
                self.ledger.get(self.entity, str(item.get(leaf))) or {} if isinstance(item, dict) else {}
            )
        result = render(template, fill)  # made valid for the outputSchema on the way out (SchemaWorldModel)
        self.last_body = result.structured_content if result.structured_content is not None else record
        prose_only = result.structured_content is None and len(result.content) == 1 and not result.is_error
        block = result.content[0] if prose_only else None
        if self.recalled and isinstance(block, TextContent) and not _is_json(block.text):
            # a read in the tool's own words, then what earlier changes established (recall.py)
            result.content = [TextContent(type="text", text=prose.with_recalled(block.text, self.recalled))]
        return result

    def _names_named(self) -> list[str]:
        """The names of the records the call names by id, for the quoted names of a learned text answer: its own
        record (a read, update or delete), then those its references name (``log_cook(recipe_id)``'s recipe)."""
        named = [(self.entity, v) for v in values_at(self.args, self.effect.id)] if self.effect.id else []
        if self.effect.kind == "create" or not self.entity:
            named = []
        named += [(entity, v) for path, entity in self.effect.refs.items() for v in values_at(self.args, path)]
        names = []
        for entity, value in named:
            record = self.ledger.get(entity, entity_id(value)) if isinstance(value, str | int) else None
            name = next((record[k] for k in _NAME_FIELDS if isinstance(record.get(k), str)), None) if record else None
            if name and name != str(value):
                names.append(name)
        return names

    def _records(self, keys: set[str], select: Select | None = None) -> list[dict[str, Any]]:
        """The ledger's records a list item with these keys shows, those the call ``select``s: the tool's own
        type, else the type whose records share the most keys with the item (``read_graph`` listing entities
        and relations)."""
        chosen = select or (lambda found: found)
        own = [self._named_as_shown(r, keys, self.entity) for r in self._identified(self.entity)]
        if not own and self.named:  # a kind no tool makes: the names the session gave it (implied.py)
            return implied.records(self.named, self.entity, keys)
        if own or not keys:
            return chosen(own)

        def likeness(entity: str) -> float:  # shared keys over all keys: relations {from, to} beat entities
            sample = set(next(iter(self.ledger.entities[entity].values()), {}))
            # ids alone say nothing: any record has one, and an order and a balance both name their account
            own = {k for k in keys & sample if not ID_KEY.match(k)}
            return len(keys & sample) / len(keys | sample) if own else 0.0

        best = max((t for t in self.ledger.entities if not t.startswith("$")), key=likeness, default=None)  # $scalar
        if best is None or likeness(best) <= 0:
            return chosen(self._catalog(keys))
        return chosen([self._named_as_shown(r, keys, best) for r in self._identified(best)])

    def _catalog(self, keys: set[str]) -> list[dict[str, Any]]:
        """A listing's (or a read's list's) items of a kind no tool creates, as its own answers showed them
        (catalogs.py)."""
        types = self.request.types
        if (
            self.effect.kind not in ("list", "read")
            or types is None
            or self.entity is None
            or self.entity in types.created
        ):
            return []
        return catalogs.shown(self.spec, keys, self.args)

    def _named_as_shown(self, record: dict[str, Any], keys: set[str], entity: str) -> dict[str, Any]:
        """A record with its id also under the name the type's tools take it by (or ``<type>_id``), when the learned
        item shows that key (``card_id`` for a card kept under ``id``): else every item shows the example's id."""
        types = self.request.types
        named = [f"{entity}_id", camel(f"{entity}_id")]  # what an item calls its record's id, no tool saying
        argument = (types.id_arguments.get(entity) if types else None) or next((k for k in named if k in keys), None)
        id_field = types.id_fields.get(entity, "id") if types else "id"
        if id_field in record and "id" in keys and "id" not in record:
            record = {"id": record[id_field], **record}  # kept as ``message_id``, listed as ``id`` (``_item_id``)
        if argument is None or argument not in keys or argument in record or id_field not in record:
            return record
        return {**record, argument: record[id_field]}

    def _item_keys(self) -> set[str]:
        """The fields of the first list item the outputSchema declares (none without a schema)."""
        schema = self.values.resolve(self.spec.output_schema or {})
        for sub in (schema.get("properties") or {}).values():
            inner = self.values.resolve(sub)
            if inner.get("type") == "array":
                return set(self.values.resolve(inner.get("items") or {}).get("properties") or {})
        return set(self.values.resolve(schema.get("items") or {}).get("properties") or {})

    def _as_told(self, record: dict[str, Any]) -> dict[str, Any]:
        """A listed record without the key the simulator gave it (``project-1``) when no tool names its type by
        an id: the agent was never told it (``_tells_id``), and the real server has no such field to show."""
        types = self.request.types
        if types is None or self.entity in types.named_by_id:
            return record
        id_field = types.id_fields.get(self.entity, "id")
        own_key = re.fullmatch(rf"{re.escape(self.entity.replace('_', '-'))}-\d+", str(record.get(id_field)))
        return {k: v for k, v in record.items() if k != id_field} if own_key else record

    def _identified(self, entity: str) -> list[dict[str, Any]]:
        """The type's records, each with its id under the type's id field (an entity the session only updated
        or assumed has its id as the ledger's key alone)."""
        id_field = (self.request.types.id_fields if self.request.types else {}).get(entity)
        return [
            record if id_field is None or id_field in record else {id_field: id_, **record}
            for id_, record in self.ledger.entities.get(entity, {}).items()
        ]

    def _item_id(self, record: dict[str, Any], fields: set[str]) -> dict[str, Any]:
        """A listed record with its id under the key the list's items name it by: a message ``send_message`` made
        as ``{"message_id": 1}`` is listed by ``read_messages`` as ``{"id": 1}``, not under an invented id."""
        id_field = (self.request.types.id_fields if self.request.types else {}).get(self.entity)
        if id_field is None or id_field not in record:
            return record
        keys = ("id", f"{self.entity}_id", f"{camel(self.entity)}Id")
        missing = [k for k in keys if k in fields and k not in record]
        return {missing[0]: record[id_field], **record} if missing else record

    def _fitting(self, fields: set[str]) -> list[dict[str, Any]]:
        """The records of the ledger type whose records share the most of these fields (none: [])."""
        best = self._fitting_type(fields)
        return self.ledger.records(best) if best is not None else []

    def _fitting_type(self, fields: set[str]) -> str | None:
        """The ledger type whose records share the most of these fields (None when no type shares one)."""
        best, overlap = None, 0
        for entity, table in self.ledger.entities.items():
            if entity.startswith("$"):
                continue  # $scalar, $singleton: the world's values, no records (ledger/world_state.py)
            sample = next(iter(table.values()), {})
            shared = len(fields & set(sample))
            if shared > overlap:
                best, overlap = entity, shared
        return best

    def _text(self, text: str, body: Any) -> CallToolResult:
        self.last_body = body
        return CallToolResult(content=[TextContent(type="text", text=text)])

    def _wrapped(self, slot: str, text: str, body: Any) -> CallToolResult:
        self.last_body = body
        return wrapped.answer(slot, text)

    def _existing(self, id_: str) -> dict[str, Any]:
        record = self.ledger.get(self.entity, id_)
        if record is not None:
            return record
        owner = self._owner_of(id_)
        if owner is not None:  # the one record anywhere under this id: the call acts on it, as its type
            self.entity = owner
            return self.ledger.get(owner, id_) or {}
        types = self.request.types or EntityTypes([])
        why = integrity.refused(self.entity, id_, self.ledger, types, integrity.policy_of(self.effect))
        if why is None:  # an open world, or a tool that accepts any id: the answer names it as the type does
            return {types.id_fields.get(self.entity, "id"): id_, self.effect.id or "id": id_}
        raise EntityNotFound(f"{self.entity} '{id_}' not found: it {why}")

    def _owner_of(self, id_: str) -> str | None:
        """The type of the one record the session holds under an opaque id this call's type does not hold.
        ``save_job_analysis`` made job ``4f63ae...``; ``set_application_status(id="4f63ae...")`` names it, though
        the tool's name says another type. A number or a short name (``1``, ``main``) could be any type's; an id
        of letters and digits (a UUID, ``ord_kRoAW2``) is one thing's, wherever the session met it."""
        if len(id_) < MIN_OPAQUE_ID or id_.isdigit() or not any(c.isdigit() for c in id_):
            return None
        owners = [entity for entity, table in self.ledger.entities.items() if id_ in table and entity != self.entity]
        return owners[0] if len(owners) == 1 else None

    def _new_id(self, id_field: str) -> Any:
        # numbered per type, as a server's tables (and trackers' keys) are: the first task is task-1 whatever came
        # before it; ids the session only assumed are the server's, not numbers it handed out
        number = len(self.ledger.seen_ids(self.entity)) + 1
        while self.ledger.exists(self.entity, f"{self.entity.replace('_', '-')}-{number}") or self.ledger.is_deleted(
            self.entity, f"{self.entity.replace('_', '-')}-{number}"
        ):
            number += 1  # a seeded or observed entity already has this number
        schema = ((self.spec.output_schema or {}).get("properties") or {}).get(id_field, {})
        types = self.request.types
        numbered = self.effect.kind == "create" and wrapped.number_slot(self.spec.output_schema) is not None
        if schema.get("type") == "integer" or numbered or (types is not None and self.entity in types.integer_ids):
            # numbered by the server, one count per type as a database's keys are: 1, 2, 3
            # ids the session only assumed (read unseen) are the server's, not numbers this session handed out
            count = len(self.ledger.seen_ids(self.entity))
            while self.ledger.exists(self.entity, str(count + 1)) or self.ledger.is_deleted(
                self.entity, str(count + 1)
            ):
                count += 1
            return count + 1
        if schema.get("format") == "uuid":
            return str(self.values.make(schema))
        if (shown := self._shown_id(id_field)) is not None:  # as the tool's observed creates wrote theirs
            made = mint_like(shown, number, self.rng)
            if not self.ledger.exists(self.entity, str(made)) and not self.ledger.is_deleted(self.entity, str(made)):
                return made
        return id_forms.fitting(f"{self.entity.replace('_', '-')}-{number}", number, self.rng, self._id_schemas())

    def _shown_id(self, id_field: str) -> str | int | None:
        """The id an observed successful answer of this create showed in ``id_field`` (at the top or in its one
        record: ``{"success": true, "knowledge": {"id": "055f743a-..."}}``), or None: a server that hands out
        UUIDs or counts (``42``) is simulated handing out the same, not ``knowledge-1``."""
        learned = self.shapes.success if self.shapes else None
        if learned is None or not learned.is_json or self.effect.kind != "create":
            return None
        for example in self.spec.examples:
            body = unwrapped_body(example.result)
            records = [body, *[v for v in body.values() if isinstance(v, dict)]] if isinstance(body, dict) else []
            for record in records:
                value = record.get(id_field.rsplit(".", 1)[-1])  # note.id: the envelope's record holds it
                if isinstance(value, str | int) and not isinstance(value, bool) and value != "":
                    return value
        return None

    def _id_schemas(self) -> list[dict[str, Any]]:
        """The schemas of the arguments other tools take this type's ids in (``EntityTypes.id_schemas``)."""
        return (self.request.types.id_schemas if self.request.types else {}).get(self.entity, [])

    def _shape_list(self, schema: dict[str, Any], records: list[dict[str, Any]]) -> Any:
        """The list answer: every array of records in the schema shows the session's records of the type that
        fits it (the tool's own for the first, else the type whose records share the most fields with the
        item, as ``read_graph`` shows entities and relations), filtered by the call's search terms. Never
        invented records: an array nothing fits is empty."""
        mapped = maps.keyed(self.values.resolve(schema), records, lambda sub, name: self.values.make(sub, name, 1))
        if mapped is not None:  # {"budget.xlsx": 5499}: the records by name (maps.py)
            return mapped
        body = self.values.make(schema)
        if isinstance(body, dict):
            self._arrays_shown(schema, body, [records])
        return body

    def _arrays_shown(self, schema: dict[str, Any], body: dict[str, Any], own: list[list[dict[str, Any]]]) -> None:
        """Each array of ``body`` (an object of ``schema``), and those of the objects inside it (``{"data":
        {"matches": [...], "count": 1}}``), as in ``_shape_list``; ``own``: the tool's records, until the first
        array takes them. A count beside an array is its length."""
        props = schema.get("properties") or {}
        arrays = [k for k, s in props.items() if k in body and self.values.resolve(s).get("type") == "array"]
        for key in arrays:
            item_schema = self.values.resolve(props[key]).get("items", {})
            fields = set(self.values.resolve(item_schema).get("properties") or {})
            shown = [self._item_id(r, fields) for r in own.pop()] if own and own[0] else self._fitting(fields)
            own.clear()
            body[key] = [_fill(self.values, item_schema, r) for r in searches.searched(shown, self.args, self._ranks())]
        if arrays:
            for key in body:
                if COUNTS.fullmatch(key) and isinstance(body[key], int) and not isinstance(body[key], bool):
                    body[key] = len(body[arrays[0]])
            self._complete(schema, body)
        for key, sub in props.items():
            inner = self.values.resolve(sub)
            if isinstance(body.get(key), dict) and inner.get("type") == "object":
                self._arrays_shown(inner, body[key], own)


_NAME_FIELDS = ("name", "title", "label", "subject", "display_name", "displayName")  # how a record is named


def _fill(values: ValueMaker, schema: dict[str, Any], record: dict[str, Any], parent: str = "") -> Any:
    """A value for ``schema`` that uses the record's fields wherever they fit. Inside an object under key
    ``source``, the argument ``source_timezone`` (or ``sourceTimezone``) fills its ``timezone``."""
    schema = values.resolve(schema)
    if "properties" not in schema:
        if wrapped.is_open_object(schema) and record:  # any keys (a Python function's ``dict``): the record itself
            return {k: v for k, v in record.items() if k != "success"}
        return values.make(schema)
    out: dict[str, Any] = {}
    for key, sub in (schema.get("properties") or {}).items():
        known = _known(record, key, parent)
        if not optional.shown(schema, key, known):  # left out when nothing gives it a value (optional.py)
            continue
        if (
            isinstance(known, int | float)
            and not isinstance(known, bool)
            and values.resolve(sub).get("type") == "string"
        ):
            known = str(known)  # a calculator's result as the text its schema says
        if known is not None and values.fits(sub, known):
            out[key] = known
        elif (
            known is None
            and not outcome_fields.is_error_field(key)
            and (nested := _nullable_record(values, sub, record))
        ):
            out[key] = _fill(values, nested, record, key)  # ``entry: EntryOut | None``: the record it acted on
        elif known is None and key not in (schema.get("required") or []) and optional.defaulted(schema, key):
            out[key] = values.defaulted(sub, key)  # a pydantic field nothing set: its default (optional.py)
        elif values.resolve(sub).get("type") == "object" and "properties" in values.resolve(sub):
            out[key] = _fill(values, sub, record, key)
        elif (batch := _batch_answered(values, sub, record)) is not None:
            out[key] = batch
        elif _open_items(values, sub):
            out[key] = []  # ``list[dict]``, ``list[str]`` with nothing of the session's to show: none, not invented
        else:
            out[key] = values.make(sub, key, 1)
    return out


def _nullable_record(values: ValueMaker, schema: dict[str, Any], record: dict[str, Any]) -> dict[str, Any] | None:
    """The object branch of a ``Model | None`` field when the record holds one of its fields. A pydantic answer's
    optional record (``entry: EntryOut | None = None``, ``job: Job | None``) is null only when the call found
    nothing; an answer that worked shows the record it acted on there (a term read by its lemma alone shows that
    lemma's entry), not the default. An error field's model (``error: ErrorInfo | None``) stays null."""
    branches = [
        values.resolve(b) for b in (values.resolve(schema).get("anyOf") or values.resolve(schema).get("oneOf") or [])
    ]
    objects = [b for b in branches if b.get("properties")]
    if len(objects) != 1 or not any(b.get("type") == "null" for b in branches):
        return None
    return objects[0] if set(objects[0]["properties"]) & set(record) else None


def _open_items(values: ValueMaker, schema: dict[str, Any]) -> bool:
    """Whether ``schema`` is a list of any objects (nothing says what a generated item would hold), or of plain
    values (file names, tags: generated ones would be invented names), that may be empty."""
    resolved = values.resolve(schema)
    items = resolved.get("items") if resolved.get("type") == "array" else None
    if not isinstance(items, dict) or resolved.get("minItems", 0) > 0:
        return False
    item = values.resolve(items)
    return wrapped.is_open_object(item) or item.get("type") in ("string", "integer", "number")


def _fitted(values: ValueMaker, schema: dict[str, Any], body: dict[str, Any]) -> dict[str, Any]:
    """A learned answer made valid for the outputSchema, field by field: an argument's text in a boolean or
    number field is converted when it says one ("true", "3"), else the field gets a value of its type. The
    same body when it is valid already."""
    if values.fits(schema, body):
        return body
    resolved = values.resolve(schema)
    properties = resolved.get("properties") or {}
    fixed = dict(body)
    for key, sub in properties.items():
        if key in fixed and not values.fits(sub, fixed[key]):
            converted = _converted(fixed[key], values.resolve(sub).get("type"))
            fixed[key] = converted if converted is not None and values.fits(sub, converted) else values.make(sub, key)
    # an example of another tool (a sibling's form) may lack a field this schema requires, or carry one it forbids
    for key in resolved.get("required") or []:
        if key not in fixed and key in properties:
            fixed[key] = values.make(properties[key], key)
    if resolved.get("additionalProperties") is False:
        fixed = {k: v for k, v in fixed.items() if k in properties}
    return fixed


def _converted(value: Any, kind: Any) -> Any:
    if not isinstance(value, str):
        return None
    if kind == "boolean" and value.lower() in ("true", "false"):
        return value.lower() == "true"
    if kind in ("number", "integer"):
        try:
            number = float(value)
        except ValueError:
            return None
        return int(number) if kind == "integer" and number.is_integer() else number
    return None


def _batch_answered(values: ValueMaker, schema: dict[str, Any], record: dict[str, Any]) -> list[Any] | None:
    """An answer array of per-item results for a batch argument: one result per item given, each filled from
    its item (``observations[{entityName, contents}]`` -> ``results[{entityName, addedObservations}]``);
    None when no batch argument shares a field with the result items."""
    schema = values.resolve(schema)
    item_schema = values.resolve(schema.get("items") or {}) if schema.get("type") == "array" else {}
    fields = set(item_schema.get("properties") or {})
    if not fields:
        return None
    for value in record.values():
        batch = isinstance(value, list) and value and all(isinstance(i, dict) for i in value)
        if batch and fields & {k for i in value for k in i}:
            return [_fill(values, item_schema, _with_carried(i, item_schema)) for i in value]
    return None


def _with_carried(item: dict[str, Any], item_schema: dict[str, Any]) -> dict[str, Any]:
    """The batch item, plus its one list of strings under the result's own list-of-strings field: what was
    added is what the item carried (``contents`` -> ``addedObservations``)."""
    carried = [v for v in item.values() if isinstance(v, list) and v and all(isinstance(x, str) for x in v)]
    lists = [k for k, s in (item_schema.get("properties") or {}).items() if s.get("type") == "array" and k not in item]
    if len(carried) == 1 and len(lists) == 1:
        return {**item, lists[0]: carried[0]}
    return item


def _nested(value: Any) -> bool:
    """A value holding objects (a batch's items): a delete's answer names the record, not what it holds."""
    return isinstance(value, dict) or (isinstance(value, list) and any(isinstance(v, dict | list) for v in value))


def _current(value: Any, ledger: Ledger, types: EntityTypes | None) -> Any:
    """Records an earlier call's arguments showed, as the ledger now holds them: an entity created with two
    observations shows the third one added since; a deleted one is no longer shown."""
    if not isinstance(value, list) or types is None:
        return value
    current: list[Any] = []
    for item in value:
        match = _ledger_match(item, ledger, types) if isinstance(item, dict) else None
        if match is None:
            current.append(item)
        elif not ledger.is_deleted(*match):
            current.append({**item, **(ledger.get(*match) or {})})
    return current


def _ledger_match(item: dict[str, Any], ledger: Ledger, types: EntityTypes) -> tuple[str, str] | None:
    for entity, id_field in types.id_fields.items():
        id_ = item.get(id_field)
        if isinstance(id_, str | int) and (ledger.exists(entity, str(id_)) or ledger.is_deleted(entity, str(id_))):
            return entity, str(id_)
    return None


def _record_in(body: Any, entity: str) -> dict[str, Any]:
    """The record a create's answer shows: the object under the type's name (``{"success": true, "todo":
    {...}}``), else the answer's own fields without its status; a one-string answer holding JSON, that JSON's."""
    if not isinstance(body, dict):
        return {}
    if len(body) == 1 and isinstance(text := next(iter(body.values())), str) and text.lstrip().startswith("{"):
        try:  # FastMCP's ``{"result": "<JSON>"}``: the record is the JSON the one string holds
            return _record_in(json.loads(text), entity)
        except ValueError:
            return {}
    inner = body.get(entity)
    if isinstance(inner, dict):
        return inner
    return {k: v for k, v in body.items() if k != "success"}


def _as_declared(fields: dict[str, Any], schema: dict[str, Any] | None) -> dict[str, Any]:
    """Numbers as text where the outputSchema says the field is a string (a calculator's ``result: "4"``)."""
    declared = (schema or {}).get("properties") or {}
    return {
        k: str(v) if isinstance(v, int | float) and (declared.get(k) or {}).get("type") == "string" else v
        for k, v in fields.items()
    }


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


def _known(record: dict[str, Any], key: str, parent: str) -> Any:
    if parent:
        for name in (f"{parent}_{key}", f"{parent}{key[:1].upper()}{key[1:]}"):
            if name in record:
                return record[name]
    return record.get(key)


def _matches(record: dict[str, Any], filters: dict[str, Any]) -> bool:
    """Every criterion the record has a field for holds: equal, part of its text (``_within``), or one of its list
    (``project`` in ``projects``). Criteria it has no field for (``include_completed``) say nothing."""
    for key, wanted in filters.items():
        if key in record and record[key] != wanted and not _within(key, wanted, record[key]):
            return False
        many = record.get(plural(key))
        if key not in record and isinstance(many, list) and wanted not in many:
            return False
    return True


def _within(key: str, wanted: Any, value: Any) -> bool:
    """A text criterion found in the record's text of several words, whatever its case: servers filter names by
    part of them (``patient_name="putr"`` lists Nadia Putri and Raka Putra, ``company="brightwave"`` Brightwave
    Labs). A value of one word is a code (``CAM-0417``, a status) that only an equal criterion names; an id is one
    thing's; and a criterion of fewer than three characters is in too many names."""
    if not isinstance(wanted, str) or not isinstance(value, str) or ID_KEY.match(key) or " " not in value.strip():
        return False
    return len(wanted.strip()) >= MIN_PART and wanted.strip().casefold() in value.casefold()


MIN_PART = 3  # characters of a text criterion that may match part of a name

# paging fields beside a list, without "_" and lower-cased (``has_more``, ``hasMore``; ``next_cursor``)
_MORE_WORDS = frozenset({"hasmore", "more", "truncated", "istruncated", "hasnext", "hasnextpage"})
_CURSOR_WORDS = frozenset({"nextcursor", "cursor", "nextpagetoken", "pagetoken", "nextpage", "nextoffset", "next"})


def _said(result: CallToolResult) -> str:
    """Everything an answer says in words: its text blocks and the strings of its structured content."""
    texts = [b.text for b in result.content if isinstance(b, TextContent)]
    return "\n".join([*texts, json.dumps(result.structured_content, ensure_ascii=False)])


def _json_object(result: CallToolResult) -> dict[str, Any] | None:
    """The JSON object an answer's one text block holds, or None."""
    texts = [block.text for block in result.content if isinstance(block, TextContent)]
    if len(texts) != 1:
        return None
    try:
        parsed = json.loads(texts[0])
    except ValueError:
        return None
    return parsed if isinstance(parsed, dict) else None


def _told_defaults(schema: dict[str, Any], arguments: dict[str, Any]) -> dict[str, Any]:
    """The text defaults a create's inputSchema declares for the arguments the call left out: the record the server
    makes holds them (``adr_create(type="architecture")``, ``task_create(status="To Do")``), and a later read or
    list shows them. Text only: a number or flag default is mostly an option of the call (``limit``, ``dry_run``)."""
    return {
        name: prop["default"]
        for name, prop in (schema.get("properties") or {}).items()
        if name not in arguments and isinstance(prop, dict) and isinstance(prop.get("default"), str) and prop["default"]
    }


def to_result(spec: ToolSpec, body: Any) -> CallToolResult:
    """Structured content plus its JSON as text when the tool declares an outputSchema; JSON text otherwise."""
    text = json.dumps(body, ensure_ascii=False)
    structured = body if spec.output_schema is not None else None
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=structured)
