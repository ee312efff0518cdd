"""``state: redis://host:port/db``: sessions in Redis, shared by any number of mcp-sim processes.

A session's calls are serialized across processes by a Redis lock (renewed while a call runs) and every
write is a Lua script that checks the session's version first: if a lock lease ever ran out, the late
writer gets ``StateConflict`` instead of overwriting a newer turn. Different sessions never wait on each
other. Keys: ``<prefix>s:<exp>:<key>`` (hash: state head, version, wid = write id), ``<prefix>t:<exp>:<key>``
(list of turns), ``<prefix>r:<exp>:<key>`` (hash of ledger records, field ``<entity> NUL <id>``),
``<prefix>i:<exp>`` (sorted set of keys by last write), ``<prefix>experiments`` (set), ``<prefix>f:<exp>``
(experiment-wide flags, serving/flag_sync.py). A write sends the
head, the records that changed and the new turn (versioned.py); a load of a session this process wrote
last is one small round trip that only compares the write id. The scripts of a call's two round trips (lock and
load, write) that concurrent calls run in one step of the event loop leave together in the next, as one pipeline
on one connection (``_pipelined``): one round trip and one connection for the group instead of one each; every
call still waits for its own script's answer.

Connections: a blocking pool sized from the calls the process must carry (``max_connections``, from the
``?max_connections=`` URL parameter or the experiment's concurrency): a call holds a connection only for
one command, and when every connection is busy it waits for one (``?pool_timeout=``, default 20 s) instead
of failing with "Too many connections". As many calls of one process as the pool has connections hold a
session lock at once; more wait in the process before taking theirs (no lease runs out while they wait).
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import time
import uuid
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import anyio
import redis.asyncio as aioredis
import structlog
from redis.exceptions import NoScriptError, RedisError

from mcp_sim.errors import StoreUnavailable
from mcp_sim.state.base import SessionState, Turn, turns_from_text
from mcp_sim.state.locks import KeyedLocks
from mcp_sim.state.versioned import HOT_SESSIONS, LedgerRows, VersionedStore, conflict, from_stored, head_json

log = structlog.get_logger("mcp_sim.state.redis")

# KEYS: state, turns, index, experiments, records, session lock. ARGV: expected version, head json, now, key, ttl,
# experiment, replace history (0/1), replace records (0/1), write id, n upserted, n removed, lock token to give
# back with the write ("" keeps the lock), then n pairs (field, record json), n removed fields, turns...
# Returns {new version, turns in the history}, or -1 - stored version on a conflict (the lock is then kept).
_WRITE = """
local stored = tonumber(redis.call('HGET', KEYS[1], 'version') or '0')
if stored ~= tonumber(ARGV[1]) then return -1 - stored end
if ARGV[7] == '1' then redis.call('DEL', KEYS[2]) end
if ARGV[8] == '1' then redis.call('DEL', KEYS[5]) end
redis.call('HSET', KEYS[1], 'state', ARGV[2], 'version', stored + 1, 'wid', ARGV[9])
local upserted, removed = tonumber(ARGV[10]), tonumber(ARGV[11])
local i = 13
for _ = 1, upserted do redis.call('HSET', KEYS[5], ARGV[i], ARGV[i + 1]); i = i + 2 end
for _ = 1, removed do redis.call('HDEL', KEYS[5], ARGV[i]); i = i + 1 end
for j = i, #ARGV do redis.call('RPUSH', KEYS[2], ARGV[j]) end
redis.call('ZADD', KEYS[3], ARGV[3], ARGV[4])
redis.call('SADD', KEYS[4], ARGV[6])
local ttl = tonumber(ARGV[5])
if ttl > 0 then
  redis.call('EXPIRE', KEYS[1], ttl); redis.call('EXPIRE', KEYS[2], ttl); redis.call('EXPIRE', KEYS[5], ttl)
end
if ARGV[12] ~= '' and redis.call('GET', KEYS[6]) == ARGV[12] then redis.call('DEL', KEYS[6]) end
return {stored + 1, redis.call('LLEN', KEYS[2])}
"""

# Compare-and-delete of a lock: a holder known dead (broken), or our own given back. KEYS: lock. ARGV: token.
_BREAK = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""

# Keep the leases of every lock a process holds, in one round trip. KEYS: locks. ARGV: lease in ms, then each
# lock's token. For each lock 1 when renewed, 0 when it is no longer ours.
_RENEW = """
local kept = {}
for i, name in ipairs(KEYS) do
  if redis.call('GET', name) == ARGV[i + 1] then kept[i] = redis.call('PEXPIRE', name, ARGV[1]) else kept[i] = 0 end
end
return kept
"""

LOCK_LEASE_S = 10.0  # renewed every third of it while the call runs; a holder that died elsewhere frees it after this
LOCK_POLL_S = 0.005
_HOST = socket.gethostname()
_INSTANCE = uuid.uuid4().hex  # this process: a restarted one may get the same pid (pid 1 in a container)

# The session as of a load. KEYS: state, records. ARGV: the write id the caller holds (or ""). {1} when it is
# current, else {0, head json or nil, record fields and values...}.
_LOAD = """
if ARGV[1] ~= '' and redis.call('HGET', KEYS[1], 'wid') == ARGV[1] then return {1} end
local head = redis.call('HGET', KEYS[1], 'state')
if not head then return {0} end
local out = {0, head}
for _, v in ipairs(redis.call('HGETALL', KEYS[2])) do out[#out + 1] = v end
return out
"""

# Take the session lock and load the session in one round trip (a call's first two steps). KEYS: state, records,
# lock. ARGV: write id (as _LOAD), token, lease in ms. {2, holder} when someone else holds the lock, else _LOAD's.
_LOCK_AND_LOAD = (
    """
if not redis.call('SET', KEYS[3], ARGV[2], 'NX', 'PX', ARGV[3]) then
  return {2, redis.call('GET', KEYS[3]) or ''}
end
"""
    + _LOAD
)


@dataclass
class _Held:
    """A session lock this process holds: its Redis key and token, the load that came with taking it (by the
    write id it was asked with), whether the call's commit gave it back already, whether a renewal found it lost."""

    name: str
    token: str
    prefetched: tuple[str, list[Any]] | None = None
    give_back_with_write: bool = False
    released: bool = False
    lost: bool = False  # a renewal found it taken: said once
    tail_current: bool = False  # the load found this process's last write current: its kept tail is the history's


@dataclass(eq=False)
class _Queued:
    """A script call waiting for its pipeline (``RedisStore._pipelined``)."""

    script: Any  # a registered script (redis-py's AsyncScript)
    keys: list[str]
    args: list[Any]
    reply: asyncio.Future[Any]


TAIL_TURNS = 64  # of a session's history, the turns this process wrote last that it keeps to answer reads
DEFAULT_MAX_CONNECTIONS = 256  # when nothing says how many calls the process carries at once
POOL_TIMEOUT_S = 20.0


class RedisStore(VersionedStore):
    def __init__(
        self,
        url: str,
        ttl_s: float | None = None,
        clock: Callable[[], float] = time.time,
        prefix: str = "mcp-sim:",
        max_connections: int = DEFAULT_MAX_CONNECTIONS,
        pool_timeout_s: float = POOL_TIMEOUT_S,
    ) -> None:
        self.url = url
        self.ttl_s = ttl_s
        self.clock = clock
        self.prefix = prefix
        self.max_connections = max_connections
        pool = aioredis.BlockingConnectionPool.from_url(
            url, decode_responses=True, max_connections=max_connections, timeout=pool_timeout_s
        )
        self._redis = aioredis.Redis.from_pool(pool)  # owns the pool: aclose() closes its connections
        self._write_script = self._redis.register_script(_WRITE)
        self._break_script = self._redis.register_script(_BREAK)
        self._renew_script = self._redis.register_script(_RENEW)
        self._load_script = self._redis.register_script(_LOAD)
        self._lock_and_load_script = self._redis.register_script(_LOCK_AND_LOAD)
        self._locks = KeyedLocks()
        self._held: dict[tuple[str, str], _Held] = {}
        self._tails: OrderedDict[tuple[str, str], tuple[int, list[str]]] = OrderedDict()
        self._renewing: asyncio.TimerHandle | None = None
        self._renewing_loop: asyncio.AbstractEventLoop | None = None
        self._renewals: set[asyncio.Task[None]] = set()
        self._holders: anyio.Semaphore | None = None
        self._queued: list[_Queued] = []  # scripts run in this step of the event loop, sent in the next
        self._sending: set[asyncio.Task[None]] = set()
        self._init_hot()

    def _k(self, kind: str, experiment: str, key: str = "") -> str:
        return f"{self.prefix}{kind}:{experiment}:{key}" if key else f"{self.prefix}{kind}:{experiment}"

    @asynccontextmanager
    async def lock(self, experiment: str, key: str) -> AsyncIterator[None]:
        """Hold the session across processes. Per call this costs two round trips, not four: taking the lock also
        loads the session (the ``load`` that follows uses it), and the call's ``commit`` gives the lock back in its
        write script. Leases are renewed together (``_renew_held``), not by a task per call."""
        async with self._locks.hold((experiment, key)), self._holding():  # waiters queue here, not in Redis
            held = _Held(self._k("lock", experiment, key), f"{_HOST}|{os.getpid()}|{_INSTANCE}|{uuid.uuid4().hex}")
            await self._take(held, experiment, key, self._hot.write_id(experiment, key))
            self._held[(experiment, key)] = held
            try:
                yield
            finally:
                del self._held[(experiment, key)]
                if not held.released:
                    await _give_back(self._break_script, held)

    def _holding(self) -> anyio.Semaphore:
        """At most ``max_connections`` calls of this process hold session locks at once; the others wait here,
        holding nothing. Without it, 2,500 calls at once on one process all took their lock, then queued for the
        pool's connections and for the CPU while their leases and the pool timeout ran out (errors, not waits)."""
        if self._holders is None:  # made in the event loop that uses it
            self._holders = anyio.Semaphore(self.max_connections)
        return self._holders

    async def _take(self, held: _Held, experiment: str, key: str, known_write: str | None) -> None:
        """Take the lock, loading the session in the same script. A lock left by a process of this host that is
        gone (``kill -9``) is broken at once instead of waiting out its lease, which delayed that session's next
        call by up to the lease."""
        keys = [self._k("s", experiment, key), self._k("r", experiment, key), held.name]
        tries = 0
        while True:
            lease_ms = int(LOCK_LEASE_S * 1000)
            async with _translated():
                reply = await self._pipelined(
                    self._lock_and_load_script, keys, [known_write or "", held.token, lease_ms]
                )
                if int(reply[0]) != 2:
                    break
                holder = str(reply[1])
                if tries % 20 == 0 and holder and _orphaned(holder):  # at once, then every ~0.1 s
                    await self._break_script(keys=[held.name], args=[holder])
                    continue
            tries += 1
            await anyio.sleep(LOCK_POLL_S)
        held.prefetched, held.released, held.lost = (known_write or "", list(reply)), False, False
        self._renew_later()

    def _renew_later(self) -> None:
        """One timer per process renews every lease it holds: a call waiting seconds under a burst (the world
        model, the CPU) no longer costs a renewal round trip and a task of its own every third of the lease."""
        loop = asyncio.get_running_loop()
        if self._renewing is None or self._renewing_loop is not loop:  # a timer of a loop that ended never fires
            self._renewing, self._renewing_loop = loop.call_later(LOCK_LEASE_S / 3, self._start_renewal), loop

    def _start_renewal(self) -> None:
        self._renewing = None
        task = asyncio.get_running_loop().create_task(self._renew_held())
        self._renewals.add(task)  # a strong reference until it ends
        task.add_done_callback(self._renewals.discard)

    async def _renew_held(self) -> None:
        """Keep the leases of the locks held now. A renewal that fails does not fail a call (its write is
        version-checked): a lease already lost is logged and not renewed again, a Redis hiccup is retried next
        period."""
        held = [h for h in self._held.values() if not h.released]
        if not held:
            return
        try:
            kept = await self._renew_script(
                keys=[h.name for h in held], args=[int(LOCK_LEASE_S * 1000), *(h.token for h in held)]
            )
        except RedisError as exc:
            log.warning("session lock renewal failed; retrying", locks=len(held), problem=str(exc))
            kept = [1] * len(held)
        for one, renewed in zip(held, kept, strict=True):
            if not renewed and not one.lost:
                one.lost = True
                log.warning("session lock lease ran out while the call ran", lock=one.name, lease_s=LOCK_LEASE_S)
        if any(not h.released for h in self._held.values()):
            self._renew_later()

    async def _retaken(self, experiment: str, key: str) -> _Held | None:
        """The lock this call holds on the session, taken again if its commit gave it back and the call goes on
        using the store (the next write is version-checked either way)."""
        held = self._held.get((experiment, key))
        if held is not None and held.released:
            await self._take(held, experiment, key, None)
            held.prefetched = None
        return held

    async def _load(self, experiment: str, key: str, known_write: str | None) -> SessionState | None:
        held = await self._retaken(experiment, key)
        if held is not None and held.prefetched is not None and held.prefetched[0] == (known_write or ""):
            reply, held.prefetched = held.prefetched[1], None  # loaded when the lock was taken
        else:
            keys = [self._k("s", experiment, key), self._k("r", experiment, key)]
            async with _translated():
                reply = await self._load_script(keys=keys, args=[known_write or ""])
        if held is not None:
            held.tail_current = int(reply[0]) == 1
        if int(reply[0]) == 1:
            return None
        if len(reply) < 2:
            return SessionState(experiment=experiment, key=key)
        records: dict[str, dict[str, Any]] = {}
        fields = reply[2:]
        for field, value in zip(fields[::2], fields[1::2], strict=True):
            entity, _, id_ = str(field).partition("\0")
            records.setdefault(entity, {})[id_] = json.loads(value)
        return from_stored(json.loads(reply[1]), records)

    async def turns(self, experiment: str, key: str, start: int = 0, limit: int | None = None) -> list[Turn]:
        kept = self._kept_turns(experiment, key, start, limit)
        if kept is not None:
            return turns_from_text(kept)
        end = -1 if limit is None else start + limit - 1
        async with _translated():
            raw = await self._redis.lrange(self._k("t", experiment, key), start, end)
        return turns_from_text([str(t) for t in raw])  # decode_responses: text already

    def _kept_turns(self, experiment: str, key: str, start: int, limit: int | None) -> list[str] | None:
        """The history from ``start`` out of the turns this process wrote last, when a call holding the session
        found that write current (nobody has appended since, and the lock keeps it so): the world model's read
        of the turns since its previous call costs no round trip. None when the kept turns do not cover it."""
        held = self._held.get((experiment, key))
        tail = self._tails.get((experiment, key))
        if held is None or not held.tail_current or held.released or tail is None or start < tail[0]:
            return None
        texts = tail[1][start - tail[0] :]
        return texts if limit is None else texts[:limit]

    def _keep_tail(
        self, experiment: str, key: str, length: int, texts: list[str], before: tuple[int, list[str]] | None
    ) -> None:
        """After a write: the history has ``length`` turns and ends with ``texts``; ``before`` is what was kept
        before the write (None when the write replaced the history)."""
        where = (experiment, key)
        if before is not None and before[0] + len(before[1]) == length - len(texts):
            texts = before[1] + texts  # this process wrote the turns just before these too
        texts = texts[-TAIL_TURNS:]
        self._tails[where] = (length - len(texts), texts)
        while len(self._tails) > HOT_SESSIONS:
            self._tails.popitem(last=False)

    async def sessions(self, experiment: str | None = None) -> list[str]:
        async with _translated():
            experiments = [experiment] if experiment else await self._experiments()
            keys = [str(k) for e in experiments for k in await self._redis.zrange(self._k("i", e), 0, -1)]
        return sorted(keys)

    async def _experiments(self) -> list[str]:
        return sorted(str(e) for e in await self._redis.smembers(f"{self.prefix}experiments"))

    async def _delete_stored(self, experiment: str, key: str) -> bool:
        self._tails.pop((experiment, key), None)
        async with _translated():
            where = [self._k(kind, experiment, key) for kind in ("s", "t", "r")]
            removed = await self._redis.delete(*where)
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
                            await self.delete(experiment, str(key))  # drops the hot copy too
                            gone.append(str(key))
        return sorted(gone)

    async def get_flags(self, experiment: str) -> dict[str, Any] | None:
        async with _translated():
            raw = await self._redis.get(self._k("f", experiment))
        return None if raw is None else dict(json.loads(raw))

    async def put_flags(self, experiment: str, flags: dict[str, Any]) -> None:
        async with _translated():
            await self._redis.set(self._k("f", experiment), _dumps(flags))

    async def aclose(self) -> None:
        if self._renewing is not None:
            self._renewing.cancel()
        for task in list(self._renewals):
            task.cancel()
        if self._queued:  # scripts waiting for the next step: sent now
            self._send_queued()
        if self._sending:  # scripts on their way: answered before the connections close
            await asyncio.gather(*self._sending, return_exceptions=True)
        await self._redis.aclose()

    async def _write(
        self, state: SessionState, rows: LedgerRows, turns: list[Turn], replace_history: bool, write_id: str
    ) -> None:
        held = await self._retaken(state.experiment, state.key)
        give_back = held is not None and held.give_back_with_write
        now = self.clock()
        version = state.version + 1
        where = [self._k(kind, state.experiment, state.key) for kind in ("s", "t")]
        keys = [
            *where,
            self._k("i", state.experiment),
            f"{self.prefix}experiments",
            self._k("r", state.experiment, state.key),
            held.name if held is not None else self._k("lock", state.experiment, state.key),
        ]
        ttl = 0 if self.ttl_s is None else max(1, int(self.ttl_s * 2))  # backstop; expire() does the work
        args: list[str | int | float] = [
            state.version,
            _dumps(head_json(state, version, now)),
            now,
            state.key,
            ttl,
            state.experiment,
            int(replace_history),
            int(rows.replace),
            write_id,
            len(rows.upserts),
            len(rows.removed),
            held.token if give_back and held is not None else "",
        ]
        for entity, id_, record in rows.upserts:
            args += [f"{entity}\0{id_}", _dumps(record)]
        args += [f"{entity}\0{id_}" for entity, id_ in rows.removed]
        texts = [_dumps(t.to_json()) for t in turns]
        args += texts
        before = self._tails.pop((state.experiment, state.key), None)  # kept again once the write has landed
        async with _translated():
            reply = await self._pipelined(self._write_script, keys, args)
        if not isinstance(reply, list):
            raise conflict(state.key, -1 - int(reply), state.version)
        result = int(reply[0])
        self._keep_tail(state.experiment, state.key, int(reply[1]), texts, None if replace_history else before)
        if give_back and held is not None:
            held.released = True  # the lock's exit has nothing left to give back, nor the renewals to renew
        state.version, state.updated_at = result, now

    async def _pipelined(self, script: Any, keys: list[str], args: list[Any]) -> Any:
        """``script(keys=keys, args=args)``, sent with the other scripts run in this step of the event loop in one
        pipeline (not a transaction: each script is atomic on its own, and each call gets its own reply or error).
        A call cancelled while its script waits has it sent all the same, as a cancelled script call could have
        sent it before."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # another event loop (trio): alone
            return await script(keys=keys, args=args)
        one = _Queued(script, keys, args, loop.create_future())
        if not self._queued:
            loop.call_soon(self._send_queued)
        self._queued.append(one)
        return await one.reply

    def _send_queued(self) -> None:
        group, self._queued = self._queued, []
        task = asyncio.get_running_loop().create_task(self._send(group))
        self._sending.add(task)  # a strong reference until it ends
        task.add_done_callback(self._sending.discard)

    async def _send(self, group: list[_Queued]) -> None:
        try:
            if len(group) == 1:
                only = group[0]
                replies: list[Any] = [await only.script(keys=only.keys, args=only.args)]
            else:
                pipe = self._redis.pipeline(transaction=False)
                for one in group:
                    pipe.evalsha(one.script.sha, len(one.keys), *one.keys, *one.args)
                replies = await pipe.execute(raise_on_error=False)
                for i, one in enumerate(group):
                    if isinstance(replies[i], NoScriptError):  # a server that lost its scripts: this loads it again
                        replies[i] = await one.script(keys=one.keys, args=one.args)
        except BaseException as exc:  # the connection failed (or the task was cancelled): every script of the group
            for one in group:
                if not one.reply.done():
                    one.reply.set_exception(exc if isinstance(exc, Exception) else RedisError(repr(exc)))
            if not isinstance(exc, Exception):
                raise
            return
        for one, answer in zip(group, replies, strict=True):
            if one.reply.done():  # its call was cancelled
                continue
            if isinstance(answer, Exception):
                one.reply.set_exception(answer)
            else:
                one.reply.set_result(answer)

    async def commit(self, state: SessionState, turn: Turn) -> None:
        """A call's last step: its write gives the session lock back (one round trip less per call)."""
        held = self._held.get((state.experiment, state.key))
        if held is not None:
            held.give_back_with_write = True
        try:
            await super().commit(state, turn)
        finally:
            if held is not None:
                held.give_back_with_write = False


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


async def _give_back(release: Any, held: _Held) -> None:
    """Give the lock back. A lease that ran out meanwhile (an event loop starved for longer than the renewal
    period under overload) is not the call's failure: its write was version-checked (``_WRITE``), so it either
    landed on the version it read or was refused as a conflict. The compare-and-delete leaves a lock another
    holder took since then alone."""
    try:
        released = await release(keys=[held.name], args=[held.token])
    except RedisError as exc:
        raise StoreUnavailable(f"Redis session store: {exc}") from exc
    if not released:
        log.warning("session lock lease ran out before the call ended", lock=held.name, lease_s=LOCK_LEASE_S)


@asynccontextmanager
async def _translated() -> AsyncIterator[None]:
    try:
        yield
    except RedisError as exc:
        hint = ""
        if "No connection available" in str(exc):  # BlockingConnectionPool timed out waiting
            hint = " (every pooled connection stayed busy: raise ?max_connections= or ?pool_timeout= in the state URL)"
        raise StoreUnavailable(f"Redis session store: {exc}{hint}") from exc


# json.dumps with any argument builds a JSONEncoder per call (about 1.7 us); one encoder, the same text
_dumps = json.JSONEncoder(separators=(",", ":")).encode
