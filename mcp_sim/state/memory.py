"""``state: memory://``: sessions in this process's RAM. For tests and throwaway runs."""

from __future__ import annotations

import copy
import json
import time
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

from mcp_sim.errors import StateConflict
from mcp_sim.state.base import SessionState, Turn, export_session, parse_export, turns_from_text
from mcp_sim.state.locks import KeyedLocks

Key = tuple[str, str]


class MemoryStore:
    """Keeps copies, so callers can never mutate stored state by accident (same as a real store).

    A copy shares only the ledger's records, which are never changed in place (``Ledger.apply`` replaces
    them): copying the tables is a C-speed dict copy per entity type, where a deep copy of every record at
    each load and save made a session's calls cost more as its world grew (benchmarks section 2)."""

    def __init__(self, ttl_s: float | None = None, clock: Callable[[], float] = time.time) -> None:
        self.ttl_s = ttl_s
        self.clock = clock
        self._states: dict[Key, SessionState] = {}
        # turns as JSON text, like the real stores keep them: a C-speed dump and load instead of a deep copy
        # each way (which cProfile found at ~6 % of a simulated call's server CPU), and the same round trip
        self._turns: dict[Key, list[str]] = {}
        self._locks = KeyedLocks()
        self._flags: dict[str, dict[str, Any]] = {}

    def lock(self, experiment: str, key: str) -> AbstractAsyncContextManager[None]:
        return self._locks.hold((experiment, key))

    async def load(self, experiment: str, key: str) -> SessionState:
        stored = self._states.get((experiment, key))
        if stored is None:
            return SessionState(experiment=experiment, key=key)
        return stored.copy()

    async def commit(self, state: SessionState, turn: Turn) -> None:
        if state.ephemeral:
            return
        await self.save(state)
        self._turns.setdefault((state.experiment, state.key), []).append(json.dumps(turn.to_json()))

    async def save(self, state: SessionState) -> None:
        if state.ephemeral:
            return
        where = (state.experiment, state.key)
        previous = self._states.get(where)
        stored = previous.version if previous is not None else 0
        if stored != state.version:
            raise StateConflict(
                f"session {state.key!r} was written by someone else (version {stored}, ours {state.version})"
            )
        state.version += 1
        state.updated_at = self.clock()
        self._states[where] = state.copy()

    async def turns(self, experiment: str, key: str, start: int = 0, limit: int | None = None) -> list[Turn]:
        history = self._turns.get((experiment, key), [])
        end = None if limit is None else start + limit
        return turns_from_text(history[start:end])

    async def sessions(self, experiment: str | None = None) -> list[str]:
        return sorted(k for (e, k) in self._states if experiment in (None, e))

    async def delete(self, experiment: str, key: str) -> bool:
        self._turns.pop((experiment, key), None)
        return self._states.pop((experiment, key), None) is not None

    async def reset(self, experiment: str, key: str) -> None:
        state = await self.load(experiment, key)
        self._turns.pop((experiment, key), None)
        await self.save(state.fresh())

    async def fork(self, experiment: str, key: str, new_keys: list[str]) -> None:
        data = await self.export(experiment, key)
        for new_key in new_keys:
            await self.restore(data, new_key)

    async def export(self, experiment: str, key: str) -> dict[str, Any]:
        if (experiment, key) not in self._states:
            raise KeyError(f"no session {key!r} in experiment {experiment!r}")
        return export_session(await self.load(experiment, key), await self.turns(experiment, key))

    async def restore(self, data: dict[str, Any], key: str | None = None) -> str:
        state, turns = parse_export(copy.deepcopy(data))
        state.key = key or state.key
        previous = self._states.get((state.experiment, state.key))
        state.version = previous.version if previous is not None else 0
        await self.save(state)
        self._turns[(state.experiment, state.key)] = [json.dumps(t.to_json()) for t in turns]
        return state.key

    async def expire(self) -> list[str]:
        if self.ttl_s is None:
            return []
        cutoff = self.clock() - self.ttl_s
        gone = []
        for experiment, key in [k for k, s in self._states.items() if s.updated_at < cutoff]:
            async with self.lock(experiment, key):  # a call in flight commits first, and refreshes the session
                state = self._states.get((experiment, key))
                if state is not None and state.updated_at < cutoff:
                    await self.delete(experiment, key)
                    gone.append(key)
        return sorted(gone)

    async def get_flags(self, experiment: str) -> dict[str, Any] | None:
        return copy.deepcopy(self._flags.get(experiment))

    async def put_flags(self, experiment: str, flags: dict[str, Any]) -> None:
        self._flags[experiment] = copy.deepcopy(flags)

    async def aclose(self) -> None:
        return None
