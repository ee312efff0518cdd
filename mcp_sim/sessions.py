"""RL operations on stored sessions: list, show, episode, reset, fork, export, restore, delete.

    from mcp_sim.sessions import open_sessions

    async with open_sessions("experiment.yaml") as sessions:
        keys = await sessions.fork("warmup", n=8, seed="shared")  # a GRPO group: one world, the same rolls
        keys = await sessions.create("g1", n=8)          # g1.1 .. g1.8, fresh from the world seed
        await sessions.reset("episode-3")               # a fresh episode under the same key
        episode = await sessions.episode("episode-3")   # final ledger, calls, counts: what a reward reads

Each operation holds the session's lock (across processes with Redis), so it never interleaves with a call
being served. The CLI (``mcp-sim sessions ...``) and the admin API call these.
"""

from __future__ import annotations

import builtins
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from mcp_sim.config import load_experiment
from mcp_sim.state.base import SessionState, StateStore, parse_export
from mcp_sim.state.episode import Episode, episode_of
from mcp_sim.state.keys import checked_key
from mcp_sim.state.urls import open_store_url

# shared: every member of a group derives its random decisions from one name, so the same calls get the same
# perturbation rolls and simulated answers; distinct: each member from its own key.
GroupSeed = Literal["shared", "distinct"]


@dataclass(frozen=True)
class SessionSummary:
    key: str
    calls: int
    entities: int
    deleted: int
    updated_at: float


class Sessions:
    """The sessions of one experiment in one store."""

    def __init__(self, store: StateStore, experiment: str, seed: int = 0) -> None:
        self.store = store
        self.experiment = experiment
        self.seed = seed  # the experiment's seed, reported in episodes

    async def list(self) -> list[SessionSummary]:
        return [await self.summary(key) for key in await self.store.sessions(self.experiment)]

    async def summary(self, key: str) -> SessionSummary:
        state = await self.store.load(self.experiment, key)
        ledger = state.ledger
        live = sum(len(t) for t in ledger.entities.values())
        gone = sum(len(d) for d in ledger.deleted.values())
        return SessionSummary(key, state.call_count, live, gone, state.updated_at)

    async def show(self, key: str) -> dict[str, Any]:
        """State and history as JSON (the export), for people."""
        return await self.export(key)

    async def episode(self, key: str) -> Episode:
        """The episode as a reward function reads it (``mcp_sim.state.episode``); ``KeyError`` when there is no
        such session."""
        async with self.store.lock(self.experiment, key):
            state = await self.store.load(self.experiment, key)
            if state.version == 0:
                raise KeyError(f"no session {key!r} in experiment {self.experiment!r}")
            return episode_of(state, await self.store.turns(self.experiment, key), self.seed)

    async def reset(self, key: str) -> None:
        checked_key(key)
        async with self.store.lock(self.experiment, key):
            await self.store.reset(self.experiment, key)

    async def fork(
        self, key: str, new_keys: builtins.list[str] | None = None, n: int = 0, seed: GroupSeed = "distinct"
    ) -> builtins.list[str]:
        """Copy ``key`` into ``new_keys`` and into ``n`` new sessions named ``<key>.fork-<i>`` (the first free
        numbers); returns the new keys. Keys already in use are refused (``ValueError``), as the admin API refuses
        them: a fork never overwrites. ``seed``: see ``GroupSeed``."""
        _check_seed(seed)
        for new_key in new_keys or []:
            checked_key(new_key)
        async with self.store.lock(self.experiment, key):
            source = await self.store.load(self.experiment, key)
            if source.version == 0:
                raise KeyError(f"no session {key!r} in experiment {self.experiment!r}")
            existing = set(await self.store.sessions(self.experiment))
            keys = list(new_keys or []) + member_keys(f"{key}.fork-", n, existing)
            if not keys:
                raise ValueError("fork: name the new sessions or give n > 0")
            if len(set(keys)) != len(keys) or key in keys:
                raise ValueError(f"fork: the new keys must be distinct and differ from {key!r}")
            taken = sorted(set(keys) & existing)
            if taken:
                raise ValueError(f"fork keys must be new (already used: {', '.join(taken)})")
            await self.store.fork(self.experiment, key, keys)
        for new_key in keys:
            async with self.store.lock(self.experiment, new_key):
                state = await self.store.load(self.experiment, new_key)
                state.seed_as = source.seed_name if seed == "shared" else None
                await self.store.save(state)
        return keys

    async def create(self, name: str, n: int, seed: GroupSeed = "distinct") -> builtins.list[str]:
        """``n`` fresh sessions ``<name>.1`` .. ``<name>.<n>`` that start from the world seed at their first call
        (a group of episodes from one world); with ``seed="shared"`` they all derive their rolls from ``name``.
        Refuses names already in use."""
        _check_seed(seed)
        if n < 1:
            raise ValueError(f"create: n must be at least 1, not {n}")
        keys = [checked_key(f"{name}.{i}") for i in range(1, n + 1)]
        taken = sorted(set(keys) & set(await self.store.sessions(self.experiment)))
        if taken:
            raise ValueError(f"create: sessions {', '.join(taken)} already exist (delete them or pick another name)")
        for key in keys:
            async with self.store.lock(self.experiment, key):
                await self.store.save(SessionState(self.experiment, key, seed_as=name if seed == "shared" else None))
        return keys

    async def export(self, key: str) -> dict[str, Any]:
        checked_key(key)
        async with self.store.lock(self.experiment, key):
            return await self.store.export(self.experiment, key)

    async def restore(self, data: Any, key: str | None = None) -> str:
        """Write an export back under ``key`` (or its own); ``ValueError`` for anything but an export."""
        parse_export(data)  # a JSON list, a cut file, a foreign document: say so before touching the store
        target = checked_key(key or str(data["state"].get("key", "")))
        data = {**data, "state": {**data["state"], "experiment": self.experiment}}
        async with self.store.lock(self.experiment, target):
            return await self.store.restore(data, target or None)

    async def delete(self, key: str) -> bool:
        checked_key(key)
        async with self.store.lock(self.experiment, key):
            return await self.store.delete(self.experiment, key)


def member_keys(prefix: str, n: int, existing: set[str]) -> builtins.list[str]:
    """``n`` keys ``<prefix><i>`` with the lowest numbers not in ``existing``."""
    keys: builtins.list[str] = []
    i = 0
    while len(keys) < n:
        i += 1
        if (candidate := f"{prefix}{i}") not in existing:
            keys.append(candidate)
    return keys


def _check_seed(seed: str) -> None:
    if seed not in ("shared", "distinct"):
        raise ValueError(f"seed must be 'shared' or 'distinct', not {seed!r}")


@asynccontextmanager
async def open_sessions(experiment_path: Path | str) -> AsyncIterator[Sessions]:
    """The sessions of an experiment file, in the store its ``state:`` names (no upstream is started)."""
    loaded = load_experiment(Path(experiment_path))
    experiment = loaded.experiment
    store = open_store_url(experiment.state, loaded.base_dir, experiment.name)
    try:
        yield Sessions(store, experiment.name, experiment.seed)
    finally:
        await store.aclose()
