"""Per-session locks inside one process, dropped when nobody holds or waits for them.

A long-running server sees many sessions: keeping one lock per session ever seen would grow without bound,
so an entry lives only while some call of that session is in flight.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import anyio


class KeyedLocks:
    """``async with locks.hold(key)``: calls of one key run one at a time, different keys in parallel."""

    def __init__(self) -> None:
        self._held: dict[tuple[str, str], tuple[anyio.Lock, int]] = {}

    @asynccontextmanager
    async def hold(self, key: tuple[str, str]) -> AsyncIterator[None]:
        lock, users = self._held.get(key, (anyio.Lock(), 0))
        self._held[key] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._held[key]
            if users == 1:
                del self._held[key]
            else:
                self._held[key] = (lock, users - 1)

    def __len__(self) -> int:
        return len(self._held)
