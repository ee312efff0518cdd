"""``state: redis://host:port/db``: sessions in Redis, shared by any number of mcp-sim processes.

A session's calls are serialized across processes by a Redis lock (renewed while a call runs) and every
write is a Lua script that checks the session's version first: if a lock lease ever ran out, the late
writer gets ``StateConflict`` instead of overwriting a newer turn. Different sessions never wait on each
other. Keys: ``<prefix>s:<exp>:<key>`` (hash: state, version), ``<prefix>t:<exp>:<key>`` (list of turns),
``<prefix>i:<exp>`` (sorted set of keys by last write), ``<prefix>experiments`` (set).
"""

from __future__ import annotations

import json
import os
import socket
import time
import uuid
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import anyio
import redis.asyncio as aioredis
from redis.exceptions import RedisError

from mcp_sim.errors import StoreUnavailable
from mcp_sim.state.base import SessionState, Turn
from mcp_sim.state.locks import KeyedLocks
from mcp_sim.state.versioned import VersionedStore, conflict

# KEYS: state, turns, index, experiments. ARGV: expected version, state json, now, key, ttl, experiment,
# replace history (0/1), turns... Returns the new version, or -1 - stored version on a conflict.
_WRITE = """
local stored = tonumber(redis.call('HGET', KEYS[1], 'version') or '0')
if stored ~= tonumber(ARGV[1]) then return -1 - stored end
if ARGV[7] == '1' then redis.call('DEL', KEYS[2]) end
redis.call('HSET', KEYS[1], 'state', ARGV[2], 'version', stored + 1)
for i = 8, #ARGV do redis.call('RPUSH', KEYS[2], ARGV[i]) end
redis.call('ZADD', KEYS[3], ARGV[3], ARGV[4])
redis.call('SADD', KEYS[4], ARGV[6])
local ttl = tonumber(ARGV[5])
if ttl > 0 then redis.call('EXPIRE', KEYS[1], ttl); redis.call('EXPIRE', KEYS[2], ttl) end
return stored + 1
"""

# Compare-and-delete of a lock whose holder is known dead. KEYS: lock. ARGV: the dead holder's token.
_BREAK = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""

LOCK_LEASE_S = 10.0  # renewed every third of it while the call runs; a holder that died elsewhere frees it after this
LOCK_POLL_S = 0.005
_HOST = socket.gethostname()
_INSTANCE = uuid.uuid4().hex  # this process: a restarted one may get the same pid (pid 1 in a container)


class RedisStore(VersionedStore):
    def __init__(
        self, url: str, ttl_s: float | None = None, clock: Callable[[], float] = time.time, prefix: str = "mcp-sim:"
    ) -> None:
        self.url = url
        self.ttl_s = ttl_s
        self.clock = clock
        self.prefix = prefix
        self._redis = aioredis.Redis.from_url(url, decode_responses=True)
        self._write_script = self._redis.register_script(_WRITE)
        self._break_script = self._redis.register_script(_BREAK)
        self._locks = KeyedLocks()

    def _k(self, kind: str, experiment: str, key: str = "") -> str:
        return f"{self.prefix}{kind}:{experiment}:{key}" if key else f"{self.prefix}{kind}:{experiment}"

    @asynccontextmanager
    async def lock(self, experiment: str, key: str) -> AsyncIterator[None]:
        async with self._locks.hold((experiment, key)):  # waiters of this process queue here, not in Redis
            lock = self._redis.lock(
                self._k("lock", experiment, key), timeout=LOCK_LEASE_S, sleep=0.005, thread_local=False
            )
            async with _translated():
                await self._acquire(lock)
            try:
                async with anyio.create_task_group() as renewing:
                    renewing.start_soon(_renew, lock)
                    yield
                    renewing.cancel_scope.cancel()
            except BaseExceptionGroup as group:  # the call's own error, not wrapped by the renewal task group
                raise group.exceptions[0] if len(group.exceptions) == 1 else group from None
            finally:
                async with _translated():
                    await lock.release()

    async def _acquire(self, lock: Any) -> None:
        """Take the lock; a lock left by a process of this host that is gone (``kill -9``) is broken at once
        instead of waiting out its lease, which delayed that session's next call by up to the lease."""
        token = f"{_HOST}|{os.getpid()}|{_INSTANCE}|{uuid.uuid4().hex}"
        tries = 0
        while not await lock.acquire(blocking=False, token=token):
            if tries % 20 == 0:  # at once, then every ~0.1 s: the holder may die while we wait
                holder = await self._redis.get(lock.name)
                if holder is not None and _orphaned(str(holder)):
                    await self._break_script(keys=[lock.name], args=[holder])
                    continue
            tries += 1
            await anyio.sleep(LOCK_POLL_S)

    async def load(self, experiment: str, key: str) -> SessionState:
        async with _translated():
            raw = await self._redis.hget(self._k("s", experiment, key), "state")
        if raw is None:
            return SessionState(experiment=experiment, key=key)
        return SessionState.from_json(json.loads(raw))

    async def turns(self, experiment: str, key: str, start: int = 0, limit: int | None = None) -> list[Turn]:
        end = -1 if limit is None else start + limit - 1
        async with _translated():
            raw = await self._redis.lrange(self._k("t", experiment, key), start, end)
        return [Turn.from_json(json.loads(t)) for t in raw]

    async def sessions(self, experiment: str | None = None) -> list[str]:
        async with _translated():
            experiments = [experiment] if experiment else await self._experiments()
            keys = [str(k) for e in experiments for k in await self._redis.zrange(self._k("i", e), 0, -1)]
        return sorted(keys)

    async def _experiments(self) -> list[str]:
        return sorted(str(e) for e in await self._redis.smembers(f"{self.prefix}experiments"))

    async def delete(self, experiment: str, key: str) -> bool:
        async with _translated():
            removed = await self._redis.delete(self._k("s", experiment, key), self._k("t", experiment, key))
            await self._redis.zrem(self._k("i", experiment), key)
        return bool(removed)

    async def expire(self) -> list[str]:
        if self.ttl_s is None:
            return []
        cutoff = self.clock() - self.ttl_s
        gone: list[str] = []
        async with _translated():
            for experiment in await self._experiments():
                for key in await self._redis.zrangebyscore(self._k("i", experiment), "-inf", f"({cutoff}"):
                    async with self.lock(experiment, str(key)):  # a call in flight commits first (and refreshes)
                        score = await self._redis.zscore(self._k("i", experiment), str(key))
                        if score is not None and score < cutoff:
                            await self.delete(experiment, str(key))
                            gone.append(str(key))
        return sorted(gone)

    async def aclose(self) -> None:
        await self._redis.aclose()

    async def _write(self, state: SessionState, turns: list[Turn], replace_history: bool) -> None:
        now = self.clock()
        new = {**state.to_json(), "version": state.version + 1, "updated_at": now}
        where = [self._k(kind, state.experiment, state.key) for kind in ("s", "t")]
        keys = [*where, self._k("i", state.experiment), f"{self.prefix}experiments"]
        ttl = 0 if self.ttl_s is None else max(1, int(self.ttl_s * 2))  # backstop; expire() does the work
        args: list[str | int | float] = [
            state.version,
            _dumps(new),
            now,
            state.key,
            ttl,
            state.experiment,
            int(replace_history),
        ]
        async with _translated():
            result = int(await self._write_script(keys=keys, args=[*args, *(_dumps(t.to_json()) for t in turns)]))
        if result < 0:
            raise conflict(state.key, -1 - result, state.version)
        state.version, state.updated_at = result, now


def _orphaned(token: str) -> bool:
    """Whether a lock token names a holder known to be dead: a process of this host that no longer runs,
    or an earlier process that had this process's pid. Tokens of other hosts are never judged."""
    host, _, rest = token.partition("|")
    pid_text, _, rest = rest.partition("|")
    instance = rest.partition("|")[0]
    if host != _HOST or not pid_text.isdigit():
        return False
    pid = int(pid_text)
    if pid == os.getpid():
        return instance != _INSTANCE
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:  # alive, another user's
        return False
    return False


async def _renew(lock: Any) -> None:
    while True:
        await anyio.sleep(LOCK_LEASE_S / 3)
        await lock.reacquire()


@asynccontextmanager
async def _translated() -> AsyncIterator[None]:
    try:
        yield
    except RedisError as exc:
        raise StoreUnavailable(f"Redis session store: {exc}") from exc


def _dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"))
