"""What the durable stores (SQLite, Redis) share: every operation on top of one versioned write.

A store supplies ``load``, ``turns`` and ``_write(state, turns, replace_history)``, which persists ``state``
with its version bumped (refusing a stale version with ``StateConflict``, see ``conflict``) and appends
``turns`` to the history, or replaces the history with them. Commit, save and the RL operations (reset,
fork, export, restore) are the same for every such store, so they live here once.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from mcp_sim.errors import StateConflict
from mcp_sim.state.base import SessionState, Turn, export_session, parse_export


def conflict(key: str, stored: int, ours: int) -> StateConflict:
    """The refusal of a write whose version is stale: someone else wrote the session since it was loaded."""
    return StateConflict(f"session {key!r} was written by someone else (version {stored}, ours {ours})")


class VersionedStore(ABC):
    """Commit, save, reset, fork, export and restore, built on ``_write``."""

    @abstractmethod
    async def load(self, experiment: str, key: str) -> SessionState: ...

    @abstractmethod
    async def turns(self, experiment: str, key: str, start: int = 0, limit: int | None = None) -> list[Turn]: ...

    @abstractmethod
    async def _write(self, state: SessionState, turns: list[Turn], replace_history: bool) -> None:
        """Persist ``state`` as version ``state.version + 1`` (or raise ``conflict``) with ``turns`` appended
        to the history, or in its place; then set ``state.version`` and ``state.updated_at``."""

    async def commit(self, state: SessionState, turn: Turn) -> None:
        if not state.ephemeral:
            await self._write(state, [turn], replace_history=False)

    async def save(self, state: SessionState) -> None:
        if not state.ephemeral:
            await self._write(state, [], replace_history=False)

    async def reset(self, experiment: str, key: str) -> None:
        await self._write((await self.load(experiment, key)).fresh(), [], replace_history=True)

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
        await self._write(state, turns, replace_history=True)
        return state.key
