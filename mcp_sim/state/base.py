"""Session state and the StateStore Protocol every store implements."""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, cast

from pydantic_core import from_json

from mcp_sim.ledger.entities import Effect, Ledger

CallOutcome = Literal["ok", "tool_error", "protocol_error"]


@dataclass
class Turn:
    """One call of a session, as it happened: what was asked, where it went, what came back, and why."""

    index: int
    tool: str
    arguments: dict[str, Any]
    route: str
    result: dict[str, Any] | None  # the CallToolResult as JSON (by alias), None for protocol errors
    error: dict[str, Any] | None = None  # {"code": ..., "message": ...} for JSON-RPC errors
    effects: list[Effect] = field(default_factory=list)
    decisions: list[dict[str, Any]] = field(default_factory=list)  # perturbation decisions
    trace: dict[str, Any] = field(default_factory=dict)  # backend / world-model details
    started_at: float = 0.0
    duration_ms: float = 0.0

    @property
    def outcome(self) -> CallOutcome:
        """``ok``, ``tool_error`` (an ``isError`` answer) or ``protocol_error`` (a JSON-RPC error)."""
        if self.error is not None:
            return "protocol_error"
        return "tool_error" if self.result and self.result.get("isError") else "ok"

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "tool": self.tool,
            "arguments": self.arguments,
            "route": self.route,
            "result": self.result,
            "error": self.error,
            "effects": [e.to_json() for e in self.effects],
            "decisions": self.decisions,
            "trace": self.trace,
            "started_at": self.started_at,
            "duration_ms": self.duration_ms,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Turn:
        return cls(
            index=data["index"],
            tool=data["tool"],
            arguments=data["arguments"],
            route=data["route"],
            result=data.get("result"),
            error=data.get("error"),
            effects=[Effect.from_json(e) for e in data.get("effects", [])],
            decisions=data.get("decisions", []),
            trace=data.get("trace", {}),
            started_at=data.get("started_at", 0.0),
            duration_ms=data.get("duration_ms", 0.0),
        )


def turns_from_text(texts: Sequence[str] | Sequence[bytes]) -> list[Turn]:
    """Turns as the stores keep them (one JSON text each) decoded with one ``json.loads`` of them all as an
    array: the simulator reads up to 64 earlier turns per call, and the Python frames of a ``json.loads`` per
    turn cost about twice the decoding itself (benchmarks/profile_cpu.py: 10-17 % of a simulated call)."""
    if not texts:
        return []
    if isinstance(texts[0], bytes):
        joined: str | bytes = b"[" + b",".join(cast("Sequence[bytes]", texts)) + b"]"
    else:
        joined = "[" + ",".join(cast("Sequence[str]", texts)) + "]"
    return [Turn.from_json(data) for data in _json_loads(joined)]


def _json_loads(text: str | bytes) -> Any:
    """``json.loads(text)``, read by pydantic-core's parser where it can: the same values (texts the stores wrote
    with ``json.dumps``: numbers exact, escapes and surrogate pairs the same), in about half the time of the
    simulator's per-call history read. What that parser refuses and ``json.loads`` may take (the escape of a lone
    surrogate, arrays nested past 200 levels) goes to ``json.loads``, which also raises as before on a bad text."""
    try:
        return from_json(text)
    except ValueError:
        return json.loads(text)


@dataclass
class SessionState:
    """What a store loads before a call and commits after it. History is kept apart (``StateStore.turns``)."""

    experiment: str
    key: str
    call_count: int = 0
    tool_calls: dict[str, int] = field(default_factory=dict)  # calls per tool, for perturbation triggers
    ledger: Ledger = field(default_factory=Ledger)
    cursors: dict[str, Any] = field(default_factory=dict)  # pagination remainders, by opaque cursor
    routing: dict[str, Any] | None = None  # per-session sim-vs-real flag: {"default": ..., "overrides": {...}}
    profile: str | None = None  # reference of the perturbation profile the session runs (perturbations/profile_book.py)
    seeded: bool = False  # the experiment's world seeds are in the ledger (a fresh or reset episode has none)
    version: int = 0  # writes so far: a store refuses a write whose version is stale (no lost update)
    updated_at: float = 0.0  # set by the store on every write; abandoned sessions expire after the TTL
    ephemeral: bool = False  # a one-request session (2026-07-28 without a key): never stored
    # The store's own note of the ledger records it last persisted (by reference: records are replaced, never
    # changed in place), so a write sends only the records that changed. None: write them all.
    stored_entities: dict[str, dict[str, dict[str, Any]]] | None = field(default=None, repr=False, compare=False)
    seed_as: str | None = None  # the name random decisions derive from (a shared group's); None: the key

    @property
    def seed_name(self) -> str:
        """The session name in every seed (``seeding.derive_seed``): members of a shared group share it, so
        the same calls get the same perturbation rolls and simulated answers."""
        return self.seed_as or self.key

    def to_json(self) -> dict[str, Any]:
        return {
            "experiment": self.experiment,
            "key": self.key,
            "call_count": self.call_count,
            "tool_calls": self.tool_calls,
            "ledger": self.ledger.to_json(),
            "cursors": self.cursors,
            "routing": self.routing,
            "profile": self.profile,
            "seeded": self.seeded,
            "version": self.version,
            "updated_at": self.updated_at,
            "seed_as": self.seed_as,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SessionState:
        return cls(
            experiment=data["experiment"],
            key=data["key"],
            call_count=data.get("call_count", 0),
            tool_calls=data.get("tool_calls", {}),
            ledger=Ledger.from_json(data.get("ledger", {})),
            cursors=data.get("cursors", {}),
            routing=data.get("routing"),
            profile=data.get("profile"),
            seeded=data.get("seeded", False),
            version=data.get("version", 0),
            updated_at=data.get("updated_at", 0.0),
            seed_as=data.get("seed_as"),
        )

    def copy(self) -> SessionState:
        """An independent copy, cheap: the ledger's tables are copied, its records shared (``Ledger.apply``
        replaces records, never changes them in place); a deep copy of every record made a session's calls
        cost more as its world grew."""
        ledger = self.ledger
        # a shallow copy (what copy.copy makes of a dataclass, without its __reduce_ex__ protocol: 0.5 us against
        # 2 us), then the mutable fields replaced: the memory store copies at every load and save, and
        # dataclasses.replace and two copy.deepcopy calls (of small JSON values, mostly empty) took 16 us a copy
        copied = object.__new__(type(self))
        copied.__dict__.update(self.__dict__)
        # empty tables (most of them, in most sessions) copied without a comprehension's call each
        entities, deleted, stale, assumed = ledger.entities, ledger.deleted, ledger.stale, ledger.assumed
        copied.ledger = Ledger(
            {entity: dict(table) for entity, table in entities.items()} if entities else {},
            {entity: list(ids) for entity, ids in deleted.items()} if deleted else {},
            ledger.created,
            {entity: list(ids) for entity, ids in stale.items()} if stale else {},
            {entity: list(ids) for entity, ids in assumed.items()} if assumed else {},
        )
        copied.tool_calls = dict(self.tool_calls)
        cursors, routing = self.cursors, self.routing
        copied.cursors = {} if type(cursors) is dict and not cursors else _json_copy(cursors)
        copied.routing = None if routing is None else _json_copy(routing)
        return copied

    def fresh(self) -> SessionState:
        """A new episode under the same key: empty history and ledger; routing, profile and seed identity kept."""
        return SessionState(
            self.experiment,
            self.key,
            routing=self.routing,
            profile=self.profile,
            version=self.version,
            seed_as=self.seed_as,
        )


def _json_copy(value: Any) -> Any:
    """A deep copy of a JSON value (dicts, lists, scalars) without ``copy.deepcopy``'s memo; anything else
    (never stored, but possible in memory) goes through ``copy.deepcopy``."""
    if value is None or isinstance(value, str | int | float):
        return value
    if type(value) is dict:  # a scalar value is kept without a call (what the call would return: the value)
        return {k: v if v is None or type(v) in _SCALARS else _json_copy(v) for k, v in value.items()}
    if type(value) is list:
        return [v if v is None or type(v) in _SCALARS else _json_copy(v) for v in value]
    return copy.deepcopy(value)


_SCALARS = frozenset({str, int, float, bool})


def export_session(state: SessionState, turns: list[Turn]) -> dict[str, Any]:
    """A session as one JSON document (``StateStore.export``), readable by ``StateStore.restore``."""
    return {"format": EXPORT_FORMAT, "state": state.to_json(), "turns": [t.to_json() for t in turns]}


def parse_export(data: Any) -> tuple[SessionState, list[Turn]]:
    """An export read back; ``ValueError`` naming what is wrong with anything else (a list, a cut file, ...)."""
    if not isinstance(data, dict):
        raise ValueError(f"not an mcp-sim session export: a JSON {type(data).__name__}, expected an object")
    if data.get("format") != EXPORT_FORMAT:
        raise ValueError(f"not an mcp-sim session export (format {data.get('format')!r}, expected {EXPORT_FORMAT!r})")
    state, turns = data.get("state"), data.get("turns", [])
    if not isinstance(state, dict) or not isinstance(turns, list):
        raise ValueError("a session export needs 'state' (an object) and 'turns' (a list)")
    try:
        return SessionState.from_json(state), [Turn.from_json(t) for t in turns]
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ValueError(f"a session export with a malformed state or turn: {exc!r}") from None


EXPORT_FORMAT = "mcp-sim/session@1"


class StateStore(Protocol):
    """Durable home of sessions. Calls of one session are serialized with ``lock``; sessions run in parallel.

    Writes are versioned: ``commit`` and ``save`` raise ``StateConflict`` when the stored version moved on
    since ``load`` (someone wrote without holding the lock), so an update is never lost silently.
    The contract tests in ``tests/contract/test_state_stores.py`` run against every implementation.
    """

    def lock(self, experiment: str, key: str) -> AbstractAsyncContextManager[None]:
        """Hold while loading, calling and committing one call of a session (across processes where shared)."""
        ...

    async def load(self, experiment: str, key: str) -> SessionState:
        """The session's state, or a fresh one (version 0) when the key is new."""
        ...

    async def commit(self, state: SessionState, turn: Turn) -> None:
        """Persist ``state`` (already updated by the turn) and append ``turn`` to the history, atomically.
        Bumps ``state.version``."""
        ...

    async def save(self, state: SessionState) -> None:
        """Persist ``state`` without a turn (routing flags set from outside, world seeds). Bumps the version."""
        ...

    async def turns(self, experiment: str, key: str, start: int = 0, limit: int | None = None) -> list[Turn]:
        """The session's history in call order."""
        ...

    async def sessions(self, experiment: str | None = None) -> list[str]:
        """Keys of the stored sessions, optionally of one experiment."""
        ...

    async def delete(self, experiment: str, key: str) -> bool:
        """Forget the session entirely; False when there was nothing to delete."""
        ...

    async def reset(self, experiment: str, key: str) -> None:
        """Start a fresh episode under the same key: history, ledger and cursors go, routing flags stay."""
        ...

    async def fork(self, experiment: str, key: str, new_keys: list[str]) -> None:
        """Copy one session (state and history) into new sessions, e.g. a GRPO group from one world.
        Existing sessions under ``new_keys`` are replaced."""
        ...

    async def export(self, experiment: str, key: str) -> dict[str, Any]:
        """The session (state and history) as JSON; ``KeyError`` when there is no such session."""
        ...

    async def restore(self, data: dict[str, Any], key: str | None = None) -> str:
        """Write an export back (under ``key`` or its own key, replacing what is there); returns the key."""
        ...

    async def expire(self) -> list[str]:
        """Delete sessions idle for longer than the store's TTL (none without a TTL); returns their keys."""
        ...

    async def aclose(self) -> None: ...


class FlagStore(Protocol):
    """Experiment-wide flags shared by the processes of one store (workers, replicas): the last switch wins."""

    async def get_flags(self, experiment: str) -> dict[str, Any] | None: ...

    async def put_flags(self, experiment: str, flags: dict[str, Any]) -> None: ...
