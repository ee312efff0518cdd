"""``state: memory://``: sessions in this process's RAM. For tests and throwaway runs."""

from __future__ import annotations

import copy
import dataclasses
from collections import defaultdict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import anyio

from mcp_sim.state.base import SessionState, Turn
from mcp_sim.state.entities import Ledger


class MemoryStore:
    """Keeps copies, so callers can never mutate stored state by accident (same as a real store).

    A copy shares only the ledger's records, which are never changed in place (``Ledger.apply`` replaces
    them): copying the tables is a C-speed dict copy per entity type, where copying every record (a deep
    copy, or a JSON round trip) made each call cost more as the session's world grew."""

    def __init__(self) -> None:
        self._states: dict[tuple[str, str], SessionState] = {}
        self._turns: dict[tuple[str, str], list[Turn]] = defaultdict(list)
        self._locks: dict[tuple[str, str], anyio.Lock] = {}

    @asynccontextmanager
    async def lock(self, experiment: str, key: str) -> AsyncIterator[None]:
        lock = self._locks.setdefault((experiment, key), anyio.Lock())
        async with lock:
            yield

    async def load(self, experiment: str, key: str) -> SessionState:
        stored = self._states.get((experiment, key))
        if stored is None:
            return SessionState(experiment=experiment, key=key)
        return _copy(stored)

    async def commit(self, state: SessionState, turn: Turn) -> None:
        if state.ephemeral:
            return
        await self.save(state)
        self._turns[(state.experiment, state.key)].append(Turn.from_json(copy.deepcopy(turn.to_json())))

    async def save(self, state: SessionState) -> None:
        if not state.ephemeral:
            self._states[(state.experiment, state.key)] = _copy(state)

    async def turns(self, experiment: str, key: str, start: int = 0, limit: int | None = None) -> list[Turn]:
        history = self._turns.get((experiment, key), [])
        end = None if limit is None else start + limit
        return [Turn.from_json(copy.deepcopy(t.to_json())) for t in history[start:end]]

    async def sessions(self, experiment: str | None = None) -> list[str]:
        return sorted(k for (e, k) in self._states if experiment in (None, e))

    async def delete(self, experiment: str, key: str) -> None:
        self._states.pop((experiment, key), None)
        self._turns.pop((experiment, key), None)
        self._locks.pop((experiment, key), None)

    async def fork(self, experiment: str, key: str, new_keys: list[str]) -> None:
        source = await self.load(experiment, key)
        history = await self.turns(experiment, key)
        for new_key in new_keys:
            source.key = new_key
            await self.save(source)
            self._turns[(experiment, new_key)] = [Turn.from_json(t.to_json()) for t in history]

    async def aclose(self) -> None:
        return None


def _copy(state: SessionState) -> SessionState:
    ledger = state.ledger
    tables = {entity: dict(table) for entity, table in ledger.entities.items()}
    deleted = {entity: list(ids) for entity, ids in ledger.deleted.items()}
    return dataclasses.replace(
        state,
        ledger=Ledger(tables, deleted, ledger.created),
        cursors=copy.deepcopy(state.cursors),
        routing=copy.deepcopy(state.routing),
    )
