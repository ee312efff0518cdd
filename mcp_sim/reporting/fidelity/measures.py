"""Per-call fidelity measures and the session scorer ("How simulator fidelity is measured", Measures).

A ``SessionScorer`` follows one recorded session in order: the runner asks it for each call's arguments (recorded,
with minted ids mapped to the simulator's), sends them to the simulator, and hands the simulated answer back to
``score``, which measures the call and then learns from it (vocabulary, established values, minted ids).

Interpretation choices (where the definition leaves room):

- *failed* is the full definition of views.py (isError, a JSON-RPC error, an ``error`` key, a failed ``status``,
  a text led by "error"): "isError agreement" compares it, since servers such as a task manager say
  ``{"status": "error"}`` without isError. The narrower reading of the parenthesis, isError or a JSON-RPC error
  only, is reported too as ``is_error_flag_agreement``. A missing answer (neither a result nor an error) failed.
- *answered* and *structural match* are measured on every call; a missing simulated answer is a mismatch with key
  overlap 0. *valid* grades the simulated answers whose isError is not true (MCP requires structuredContent then).
- *Vocabulary* and *established* values come from earlier calls only ("earlier arguments", as P's "this call's
  arguments" is set apart from them), in the simulator's frame: arguments as sent, real answers with minted ids
  mapped. Values are compared as text (views.py). A world seed with ``entities`` contributes those (its
  ``id_fields`` is configuration); its ids are the values under id-like keys and under ``id_fields``.
- *semantic* pools item counts (``semantic_hits`` of ``semantic_of``), so it is not a mean of per-call shares.
- P: "minted ids" are the simulator's ids for them; a minted id the simulator had no counterpart for is not held
  against later answers (the simulator was never told it). A value is missing when it is nowhere in the simulated
  view (whole or as a token); the check is about state, not about where it is shown.
- N: the failure says not found when its words (error message, text blocks, view strings) match *not found*
  (also ``not_found``), *does not exist*/*doesn't exist*, *no such*, the word *unknown*, or *ENOENT*, in any case.
- A: "seen before" covers earlier arguments and answers, real and simulated (an id the simulator invented once is
  charged once, where it appeared), this call's arguments and real answer, and the seed; both raw and mapped.
- R: an argument refers to the session's state when its whole value is an established id (minted, under an
  id-like key of earlier arguments or the seed) or is a one-word string of 3+ characters equal to a whole value of
  earlier arguments, minted ids or the seed (a word inside an earlier sentence is not a reference).
- *calls with any violation* is violating calls / calls with at least one opportunity, like each kind.
- Minted ids: an id of the real answer (id-like key, view.py's JSON view) that no earlier argument or answer,
  this call's arguments or the seed held. It is *mapped* when the simulated view, a success, has an id at the same
  exact path (an identical one counts). It is *reused* at the first later call whose recorded arguments use it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from jsonschema import Draft202012Validator

from mcp_sim.reporting.fidelity import ids
from mcp_sim.reporting.fidelity.views import (
    Answer,
    View,
    has_whitespace,
    item_values,
    key_overlap,
    known_values,
    shape_of,
    view_items,
    view_of,
)

Kind = Literal["P", "N", "A", "R"]
KINDS: tuple[Kind, ...] = ("P", "N", "A", "R")

_NOT_FOUND = re.compile(
    r"not[\s_-]?found|does\s*(?:not|n['\u2019]t)\s+exist|no\s+such|(?<![a-z])unknown(?![a-z])|enoent", re.IGNORECASE
)


@dataclass(frozen=True)
class RecordedCall:
    """One recorded real call: a line of a trajectory file."""

    server: str
    session: str
    index: int
    tool: str
    arguments: dict[str, Any]
    result: dict[str, Any] | None  # CallToolResult as JSON (content, structuredContent, isError)
    protocol_error: dict[str, Any] | None  # JSON-RPC error: {code, message}

    @classmethod
    def from_json(cls, line: Mapping[str, Any]) -> RecordedCall:
        """Read a trajectory line (``trajectory_id`` is the session, ``turn`` the index)."""
        return cls(
            server=str(line["server"]),
            session=str(line["trajectory_id"]),
            index=int(line["turn"]),
            tool=str(line["tool"]),
            arguments=dict(line.get("arguments") or {}),
            result=line.get("result"),
            protocol_error=line.get("protocol_error"),
        )


@dataclass(frozen=True)
class Check:
    """One integrity check on one call: whether it applied, whether it was violated, and what showed it."""

    opportunity: bool
    violated: bool = False
    evidence: tuple[str, ...] = ()


NO_OPPORTUNITY = Check(opportunity=False)


@dataclass(frozen=True)
class CallScore:
    """Every measure of one call (None where a measure does not apply)."""

    server: str
    session: str
    index: int
    tool: str
    answered: bool
    valid: bool | None
    is_error_agreement: bool
    is_error_flag_agreement: bool
    structural_match: bool
    key_overlap: float
    semantic_hits: int  # known real items the simulated view has at the same path
    semantic_of: int  # known real items (0: semantic does not apply)
    real_failed: bool
    simulated_failed: bool
    opportunities: frozenset[Kind]
    violations: frozenset[Kind]
    minted_ids: int  # new ids in the real answer
    minted_ids_mapped: int  # of them, with a simulated id at the same path
    reused_ids: int  # minted ids this call's recorded arguments use for the first time
    reused_ids_mapped: int  # of them, mapped
    evidence: Mapping[Kind, tuple[str, ...]] = field(default_factory=dict)  # what each violation rests on

    @property
    def semantic(self) -> float | None:
        """Share of the known real items the simulation reproduced, None when none were known."""
        return self.semantic_hits / self.semantic_of if self.semantic_of else None

    @property
    def any_violation(self) -> bool | None:
        """Whether any integrity check was violated, None when none had the opportunity."""
        return bool(self.violations) if self.opportunities else None

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict of the call's measures."""
        return {
            "server": self.server,
            "session": self.session,
            "index": self.index,
            "tool": self.tool,
            "answered": self.answered,
            "valid": self.valid,
            "is_error_agreement": self.is_error_agreement,
            "is_error_flag_agreement": self.is_error_flag_agreement,
            "structural_match": self.structural_match,
            "key_overlap": self.key_overlap,
            "semantic": {"rate": self.semantic, "hits": self.semantic_hits, "of": self.semantic_of},
            "real_failed": self.real_failed,
            "simulated_failed": self.simulated_failed,
            "opportunities": sorted(self.opportunities),
            "violations": sorted(self.violations),
            "minted_ids": {"minted": self.minted_ids, "mapped": self.minted_ids_mapped},
            "reused_ids": {"reused": self.reused_ids, "mapped": self.reused_ids_mapped},
            "evidence": {kind: list(values) for kind, values in sorted(self.evidence.items())},
        }


@dataclass(frozen=True)
class _Real:
    """The real answer of the call being scored, as recorded and in the simulator's frame (ids mapped)."""

    raw: View | None
    answer: Answer


class SessionScorer:
    """Scores one recorded session's calls, in order, against the simulator's answers to them."""

    def __init__(self, output_schemas: Mapping[str, Mapping[str, Any] | None], seed: Any = None) -> None:
        """``output_schemas``: tool -> outputSchema (None or absent: none). ``seed``: the world seed as JSON."""
        self._validators = {tool: _validator(schema) for tool, schema in output_schemas.items() if schema is not None}
        self._ids = ids.IdMap()
        self._minted: dict[str, bool] = {}  # real minted id -> whether it could be mapped
        self._reused: set[str] = set()
        state = seed.get("entities", seed) if isinstance(seed, Mapping) else seed
        self._vocabulary = set(item_values(state))  # semantic: what the session knew
        self._established = set(item_values(state))  # P: what the session set up (no real answers)
        self._references = {ids.scalar_text(value) for value in scalars(state)}  # R: whole established values
        self._id_values = set(ids.id_values(state) | seed_id_fields(seed))  # R: established ids
        self._real_seen = set(known_values(state))  # minting: what was known on the real side
        self._seen = set(self._real_seen)  # A: what either side had shown

    def arguments_for(self, call: RecordedCall) -> dict[str, Any]:
        """The recorded arguments with minted ids mapped to the simulator's."""
        mapped: dict[str, Any] = self._ids.apply(call.arguments)
        return mapped

    def score(
        self, call: RecordedCall, simulated: Mapping[str, Any] | None, simulated_error: Mapping[str, Any] | None
    ) -> CallScore:
        """Measure one call (the next of the session), then learn from it for the calls after it.

        ``simulated`` is the simulator's CallToolResult as MCP JSON (``content``, ``structuredContent``,
        ``isError``), ``simulated_error`` its JSON-RPC error (``{code, message}``); None for what did not happen.
        """
        arguments = self.arguments_for(call)
        real = self._real(call)
        sim = Answer.of(simulated, simulated_error)
        paired = self._pair(self._new_ids(real, call, arguments), sim)
        checks = self._checks(call, arguments, real, sim, minted_any=bool(paired))
        reused = self._reuse(call.arguments)
        self._reused.update(reused)
        semantic_hits, semantic_of = self._semantic(real.answer.view, sim.view)
        real_shape, sim_shape = shape_of(real.answer.view), shape_of(sim.view)
        score = CallScore(
            server=call.server,
            session=call.session,
            index=call.index,
            tool=call.tool,
            answered=sim.answered,
            valid=self._valid(call.tool, simulated, sim),
            is_error_agreement=real.answer.failed == sim.failed,
            is_error_flag_agreement=real.answer.flagged == sim.flagged,
            structural_match=real_shape is not None and real_shape == sim_shape,
            key_overlap=key_overlap(real_shape, sim_shape),
            semantic_hits=semantic_hits,
            semantic_of=semantic_of,
            real_failed=real.answer.failed,
            simulated_failed=sim.failed,
            opportunities=frozenset(kind for kind, check in checks.items() if check.opportunity),
            violations=frozenset(kind for kind, check in checks.items() if check.violated),
            minted_ids=len(paired),  # distinct by value: one id shown twice is minted once
            minted_ids_mapped=sum(simulated_id is not None for simulated_id in paired.values()),
            reused_ids=len(reused),
            reused_ids_mapped=sum(self._minted[real_id] for real_id in reused),
            evidence={kind: check.evidence for kind, check in checks.items() if check.violated},
        )
        self._learn(call, arguments, real, sim, paired)
        return score

    # -- the real answer and its minted ids ---------------------------------------------------------------------

    def _real(self, call: RecordedCall) -> _Real:
        raw = view_of(call.result, call.protocol_error)
        mapped = None if raw is None else View(self._ids.apply(raw.value), raw.is_json)
        return _Real(raw, Answer.from_view(call.result, call.protocol_error, mapped))

    def _new_ids(
        self, real: _Real, call: RecordedCall, arguments: Mapping[str, Any]
    ) -> dict[str, tuple[ids.ExactPath, ids.Scalar]]:
        view = real.answer.view
        if view is None or not view.is_json:
            return {}
        return ids.minted(view.value, self._real_seen | known_values(call.arguments) | known_values(arguments))

    def _pair(
        self, new_ids: Mapping[str, tuple[ids.ExactPath, ids.Scalar]], sim: Answer
    ) -> dict[ids.Scalar, ids.Scalar | None]:
        """Each new real id -> the simulated id at the same path (None when the simulation has none there)."""
        view = sim.view
        simulated = view.value if view is not None and view.is_json and not sim.failed else None
        return {real_id: ids.counterpart(simulated, path) for path, real_id in new_ids.values()}

    # -- measures -----------------------------------------------------------------------------------------------

    def _valid(self, tool: str, simulated: Mapping[str, Any] | None, sim: Answer) -> bool | None:
        validator = self._validators.get(tool)
        if validator is None or simulated is None or not sim.answered or simulated.get("isError") is True:
            return None
        structured = simulated.get("structuredContent")
        return structured is not None and validator.is_valid(structured)

    def _semantic(self, real: View | None, simulated: View | None) -> tuple[int, int]:
        known = {item for item in view_items(real) if item[1] in self._vocabulary}
        if real is not None and not real.is_json:
            anywhere = known_values(simulated.value) if simulated is not None else frozenset()
            return sum(value in anywhere for _, value in known), len(known)
        return len(known & view_items(simulated)), len(known)

    # -- integrity ----------------------------------------------------------------------------------------------

    def _checks(
        self, call: RecordedCall, arguments: Mapping[str, Any], real: _Real, sim: Answer, *, minted_any: bool
    ) -> dict[Kind, Check]:
        return {
            "P": self._persistence(real.answer, sim, arguments),
            "N": not_found(real.answer, sim),
            "A": self._invented(real, sim, call, arguments, minted_any=minted_any),
            "R": self._rejected_reference(real.answer, sim, arguments),
        }

    def _persistence(self, real: Answer, sim: Answer, arguments: Mapping[str, Any]) -> Check:
        if real.failed or real.view is None:
            return NO_OPPORTUNITY
        shown = (item_values(real.view.value) & self._established) - known_values(arguments)
        if not shown:
            return NO_OPPORTUNITY
        present = known_values(sim.view.value) if sim.view is not None else frozenset()
        missing = tuple(sorted(shown - present))
        return Check(opportunity=True, violated=bool(missing), evidence=missing)

    def _invented(
        self, real: _Real, sim: Answer, call: RecordedCall, arguments: Mapping[str, Any], *, minted_any: bool
    ) -> Check:
        if sim.failed or minted_any:
            return NO_OPPORTUNITY
        view = sim.view
        simulated_ids = ids.id_values(view.value) if view is not None and view.is_json else frozenset()
        seen = self._seen | known_values(call.arguments) | known_values(arguments)
        seen |= _view_values(real.raw) | _view_values(real.answer.view)
        invented = tuple(sorted(simulated_ids - seen))
        return Check(opportunity=True, violated=bool(invented), evidence=invented)

    def _rejected_reference(self, real: Answer, sim: Answer, arguments: Mapping[str, Any]) -> Check:
        if real.failed:
            return NO_OPPORTUNITY
        references = tuple(sorted({ids.scalar_text(value) for value in scalars(arguments) if self._refers(value)}))
        if not references:
            return NO_OPPORTUNITY
        return Check(opportunity=True, violated=sim.failed, evidence=references if sim.failed else ())

    def _refers(self, value: ids.Scalar) -> bool:
        if ids.scalar_text(value) in self._id_values:
            return True
        one_word = isinstance(value, str) and len(value) >= 3 and not has_whitespace(value)
        return one_word and value in self._references

    def _reuse(self, recorded_arguments: Mapping[str, Any]) -> list[str]:
        fresh = [real_id for real_id in self._minted if real_id not in self._reused]
        return [real_id for real_id in fresh if ids.mentions(recorded_arguments, real_id)]

    # -- learning -----------------------------------------------------------------------------------------------

    def _learn(
        self,
        call: RecordedCall,
        arguments: Mapping[str, Any],
        real: _Real,
        sim: Answer,
        paired: Mapping[ids.Scalar, ids.Scalar | None],
    ) -> None:
        for real_id, simulated_id in paired.items():
            self._minted[ids.scalar_text(real_id)] = simulated_id is not None
            if simulated_id is not None:
                self._ids.add(real_id, simulated_id)
                established = ids.scalar_text(simulated_id)
                self._established.add(established)
                self._references.add(established)
                self._id_values.add(established)
        self._vocabulary |= item_values(arguments)
        self._established |= item_values(arguments)
        self._references |= {ids.scalar_text(value) for value in scalars(arguments)}
        self._id_values |= ids.id_values(arguments)
        # The real answer again, with this call's minted ids mapped too: later real answers will be.
        remapped = None if real.raw is None else self._ids.apply(real.raw.value)
        self._vocabulary |= item_values(remapped)
        real_side = known_values(call.arguments) | known_values(arguments) | _view_values(real.raw)
        self._real_seen |= real_side | known_values(remapped)
        self._seen |= self._real_seen | _view_values(sim.view)


def _view_values(view: View | None) -> frozenset[str]:
    return frozenset() if view is None else known_values(view.value)


def not_found(real: Answer, sim: Answer) -> Check:
    """N: the real call failed saying the thing is not there; violated when the simulated call succeeded."""
    said = _NOT_FOUND.search(real.text) if real.failed else None
    if said is None:
        return NO_OPPORTUNITY
    return Check(opportunity=True, violated=not sim.failed, evidence=(said.group(0),) if not sim.failed else ())


def scalars(value: Any) -> Iterator[ids.Scalar]:
    """Every string and number leaf of a JSON value, whole (empty strings left out)."""
    if isinstance(value, Mapping):
        for child in value.values():
            yield from scalars(child)
    elif isinstance(value, list):
        for child in value:
            yield from scalars(child)
    elif ids.is_scalar(value) and value != "":
        yield value


def seed_id_fields(seed: Any) -> frozenset[str]:
    """Ids a world seed names through ``id_fields`` (``{entity: name}``: entities are known by name)."""
    if not isinstance(seed, Mapping):
        return frozenset()
    fields, entities = seed.get("id_fields"), seed.get("entities")
    if not isinstance(fields, Mapping) or not isinstance(entities, Mapping):
        return frozenset()
    found: set[str] = set()
    for entity_type, id_field in fields.items():
        records = entities.get(entity_type)
        for record in records if isinstance(records, list) else []:
            value = record.get(id_field) if isinstance(record, Mapping) else None
            if ids.is_scalar(value):
                found.add(ids.scalar_text(value))
    return frozenset(found)


def _validator(schema: Mapping[str, Any]) -> Draft202012Validator:
    # Why check here: a broken outputSchema would otherwise fail (or pass) every call of the tool silently.
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)
