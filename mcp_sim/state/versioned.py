"""What the durable stores (SQLite, Redis) share: every operation on top of one versioned write.

A store supplies ``_load`` (the session, unless the caller's copy is still current), ``turns``, ``_write``
and ``_delete_stored``. A write persists the session's *head* (everything but the ledger's records, small)
with its version bumped (refusing a stale version with ``StateConflict``, see ``conflict``), the ledger
records that changed since the last write (``LedgerRows``), and appends ``turns`` to the history (or
replaces the history with them). Nothing grows with the session's age on the hot path: the history is
appended, never rewritten, and the ledger travels as a delta.

A store also keeps the sessions it wrote last (``HotSessions``): ``load`` asks the backend only whether the
session's *write id* (a random token of each write) is still the one it wrote; if so, the kept copy is the
session and nothing is decoded. Another process writing the session changes the write id, so the next
load reads it whole: correct across processes, fast when one process serves a session's calls in a row.
Commit, save and the RL operations (reset, fork, export, restore) are the same for every such store.
"""

from __future__ import annotations

import os
from abc import ABC, abstractmethod
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from mcp_sim.errors import StateConflict
from mcp_sim.ledger.entities import Ledger
from mcp_sim.state.base import SessionState, Turn, export_session, parse_export

Record = dict[str, Any]
HOT_SESSIONS = 10_000  # sessions whose last written state a store keeps in RAM (oldest dropped first)


def conflict(key: str, stored: int, ours: int) -> StateConflict:
    """The refusal of a write whose version is stale: someone else wrote the session since it was loaded."""
    return StateConflict(f"session {key!r} was written by someone else (version {stored}, ours {ours})")


@dataclass
class LedgerRows:
    """The ledger records one write sends: all of them (``replace``), or those changed since the last write."""

    replace: bool
    upserts: list[tuple[str, str, Record]]  # (entity type, id, record)
    removed: list[tuple[str, str]]

    @classmethod
    def of(cls, state: SessionState) -> LedgerRows:
        tables, before = state.ledger.entities, state.stored_entities
        if before is None:
            return cls(True, [(e, i, r) for e, table in tables.items() for i, r in table.items()], [])
        upserts: list[tuple[str, str, Record]] = []
        removed: list[tuple[str, str]] = []
        for entity, table in tables.items():
            old = before.get(entity, {})
            upserts += [(entity, i, r) for i, r in table.items() if old.get(i) is not r]  # replaced, never edited
            removed += [(entity, i) for i in old.keys() - table.keys()]
        for entity in before.keys() - tables.keys():
            removed += [(entity, i) for i in before[entity]]
        return cls(False, upserts, removed)


def head_json(state: SessionState, version: int, updated_at: float) -> dict[str, Any]:
    """The session without its ledger records (they are stored one row per record)."""
    ledger = state.ledger
    return {
        **state.to_json(),
        "ledger": {
            "deleted": ledger.deleted,
            "created": ledger.created,
            "stale": ledger.stale,
            "assumed": ledger.assumed,
        },
        "version": version,
        "updated_at": updated_at,
    }


def from_stored(head: dict[str, Any], records: dict[str, dict[str, Record]]) -> SessionState:
    """A session from its head and its record rows. A head written before records had rows of their own
    carries them inline: they are used, and the next write stores them as rows."""
    state = SessionState.from_json(head)
    if "entities" in head.get("ledger", {}):
        return state
    old = state.ledger
    state.ledger = Ledger(records, old.deleted, old.created, old.stale, old.assumed)
    state.stored_entities = _snapshot(state.ledger)
    return state


def _snapshot(ledger: Ledger) -> dict[str, dict[str, Record]]:
    return {entity: dict(table) for entity, table in ledger.entities.items()}


class HotSessions:
    """The last written copy of recent sessions, by write id. ``take`` hands a copy out exclusively (the
    caller may change it); a write puts the new state back."""

    def __init__(self, capacity: int = HOT_SESSIONS) -> None:
        self.capacity = capacity
        self._kept: OrderedDict[tuple[str, str], tuple[str, SessionState]] = OrderedDict()

    def take(self, experiment: str, key: str) -> tuple[str, SessionState] | None:
        return self._kept.pop((experiment, key), None)

    def write_id(self, experiment: str, key: str) -> str | None:
        """The write id of the kept copy, without taking it."""
        kept = self._kept.get((experiment, key))
        return kept[0] if kept else None

    def put(self, state: SessionState, write_id: str) -> None:
        self._kept[(state.experiment, state.key)] = (write_id, state.copy())
        while len(self._kept) > self.capacity:
            self._kept.popitem(last=False)

    def drop(self, experiment: str, key: str) -> None:
        self._kept.pop((experiment, key), None)


class VersionedStore(ABC):
    """Load through the hot copies; commit, save, reset, fork, export and restore, built on ``_write``."""

    _hot: HotSessions

    def _init_hot(self, capacity: int = HOT_SESSIONS) -> None:
        self._hot = HotSessions(capacity)

    @abstractmethod
    async def _load(self, experiment: str, key: str, known_write: str | None) -> SessionState | None:
        """The stored session (a fresh one, version 0, when there is none), or None when its write id is
        ``known_write``: the caller's copy is current."""

    @abstractmethod
    async def turns(self, experiment: str, key: str, start: int = 0, limit: int | None = None) -> list[Turn]: ...

    @abstractmethod
    async def _write(
        self, state: SessionState, rows: LedgerRows, turns: list[Turn], replace_history: bool, write_id: str
    ) -> None:
        """Persist ``state``'s head as version ``state.version + 1`` (or raise ``conflict``) under
        ``write_id``, apply ``rows``, and append ``turns`` to the history or put them in its place; then set
        ``state.version`` and ``state.updated_at``."""

    @abstractmethod
    async def _delete_stored(self, experiment: str, key: str) -> bool: ...

    async def load(self, experiment: str, key: str) -> SessionState:
        hot = self._hot.take(experiment, key)
        stored = await self._load(experiment, key, hot[0] if hot else None)
        if stored is None:
            assert hot is not None  # _load answers None only for a write id it was given
            return hot[1]
        return stored

    async def _persist(self, state: SessionState, turns: list[Turn], replace_history: bool) -> None:
        write_id = os.urandom(16).hex()  # opaque, 128 random bits (uuid4().hex: 122 of them, 2 us against 0.6 us)
        await self._write(state, LedgerRows.of(state), turns, replace_history, write_id)
        state.stored_entities = _snapshot(state.ledger)
        self._hot.put(state, write_id)

    async def delete(self, experiment: str, key: str) -> bool:
        self._hot.drop(experiment, key)
        return await self._delete_stored(experiment, key)

    async def commit(self, state: SessionState, turn: Turn) -> None:
        if not state.ephemeral:
            await self._persist(state, [turn], replace_history=False)

    async def save(self, state: SessionState) -> None:
        if not state.ephemeral:
            await self._persist(state, [], replace_history=False)

    async def reset(self, experiment: str, key: str) -> None:
        await self._persist((await self.load(experiment, key)).fresh(), [], replace_history=True)

    async def fork(self, experiment: str, key: str, new_keys: list[str]) -> None:
        data = await self.export(experiment, key)
        for new_key in new_keys:
            await self.restore(data, new_key)

    async def export(self, experiment: str, key: str) -> dict[str, Any]:
        state = await self.load(experiment, key)
        if state.version == 0:
            raise KeyError(f"no session {key!r} in experiment {experiment!r}")
        return export_session(state, await self.turns(experiment, key))

    async def restore(self, data: dict[str, Any], key: str | None = None) -> str:
        state, turns = parse_export(data)
        state.key = key or state.key
        state.version = (await self.load(state.experiment, state.key)).version
        await self._persist(state, turns, replace_history=True)
        return state.key
