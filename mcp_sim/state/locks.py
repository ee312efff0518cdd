"""Per-session locks inside one process, dropped when nobody holds or waits for them.

A long-running server sees many sessions: keeping one lock per session ever seen would grow without bound,
so an entry lives only while some call of that session is in flight.

Taking a free lock does not yield to the event loop (``anyio.Lock(fast_acquire=True)``): every call takes
its session's lock, nearly always free, and the yield was a trip through the event loop per call that let
no waiting call of the same session in (a taken lock still queues its waiters first come, first served).
"""

from __future__ import annotations

from types import TracebackType

import anyio

Key = tuple[str, str]


class KeyedLocks:
    """``async with locks.hold(key)``: calls of one key run one at a time, different keys in parallel."""

    def __init__(self) -> None:
        self._held: dict[Key, tuple[anyio.Lock, int]] = {}

    def hold(self, key: Key) -> Held:
        return Held(self, key)

    def __len__(self) -> int:
        return len(self._held)

    def _enter(self, key: Key) -> anyio.Lock:
        entry = self._held.get(key)
        lock, users = entry if entry is not None else (anyio.Lock(fast_acquire=True), 0)
        self._held[key] = (lock, users + 1)
        return lock

    def _leave(self, key: Key) -> None:
        lock, users = self._held[key]
        if users == 1:
            del self._held[key]
        else:
            self._held[key] = (lock, users - 1)


class Held:
    """One holding of a key's lock (``KeyedLocks.hold``); a plain async context manager, not a generator."""

    __slots__ = ("_key", "_lock", "_locks")

    def __init__(self, locks: KeyedLocks, key: Key) -> None:
        self._locks = locks
        self._key = key
        self._lock: anyio.Lock | None = None

    async def __aenter__(self) -> None:
        lock = self._locks._enter(self._key)
        try:
            await lock.acquire()
        except BaseException:  # cancelled while waiting: no longer a user of the key
            self._locks._leave(self._key)
            raise
        self._lock = lock

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, traceback: TracebackType | None
    ) -> None:
        lock, self._lock = self._lock, None
        assert lock is not None, "released a lock not held"
        try:
            lock.release()
        finally:
            self._locks._leave(self._key)
