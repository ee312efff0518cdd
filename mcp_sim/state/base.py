"""Session state and the StateStore Protocol every store implements."""

from __future__ import annotations

from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from typing import Any, Protocol

from mcp_sim.state.entities import Effect, Ledger


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
    ephemeral: bool = False  # a one-request session (2026-07-28 without a key): never stored

    def to_json(self) -> dict[str, Any]:
        return {
            "experiment": self.experiment,
            "key": self.key,
            "call_count": self.call_count,
            "tool_calls": self.tool_calls,
            "ledger": self.ledger.to_json(),
            "cursors": self.cursors,
            "routing": self.routing,
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
        )


class StateStore(Protocol):
    """Durable home of sessions. Calls of one session are serialized with ``lock``; sessions run in parallel.

    The contract tests in ``tests/contract/test_state_stores.py`` run against every implementation.
    """

    def lock(self, experiment: str, key: str) -> AbstractAsyncContextManager[None]:
        """Hold while loading, calling and committing one call of a session."""
        ...

    async def load(self, experiment: str, key: str) -> SessionState:
        """The session's state, or a fresh one when the key is new."""
        ...

    async def commit(self, state: SessionState, turn: Turn) -> None:
        """Persist ``state`` (already updated by the turn) and append ``turn`` to the history, atomically."""
        ...

    async def save(self, state: SessionState) -> None:
        """Persist ``state`` without a turn (routing flags set from outside, world seeds)."""
        ...

    async def turns(self, experiment: str, key: str, start: int = 0, limit: int | None = None) -> list[Turn]:
        """The session's history in call order."""
        ...

    async def sessions(self, experiment: str | None = None) -> list[str]:
        """Keys of the stored sessions, optionally of one experiment."""
        ...

    async def delete(self, experiment: str, key: str) -> None: ...

    async def fork(self, experiment: str, key: str, new_keys: list[str]) -> None:
        """Copy one session (state and history) into new sessions, e.g. a GRPO group from one world."""
        ...

    async def aclose(self) -> None: ...
