"""The Redis session lock under overload: a lease that ran out during a call (an event loop starved), and the
bound on calls holding locks at once.

Against a real redis-server: the call is not failed for it (its write was version-checked), and a lock some
other holder took meanwhile is left to that holder."""

from __future__ import annotations

import uuid
from typing import Any

import anyio
import pytest
import redis.asyncio as aioredis

from mcp_sim.state import redis as redis_store
from mcp_sim.state.redis import RedisStore

pytestmark = pytest.mark.integration  # a real redis-server


async def test_a_lapsed_lease_does_not_fail_the_call_nor_free_the_new_holder(redis_url: str) -> None:
    prefix = f"lease-{uuid.uuid4().hex}:"
    store = RedisStore(redis_url, prefix=prefix)
    other = aioredis.Redis.from_url(redis_url, decode_responses=True)
    name = f"{prefix}lock:exp:k"
    try:
        async with store.lock("exp", "k"):
            assert await other.get(name) is not None  # held by the call
            await other.set(name, "another-holder")  # the lease ran out and someone else took the session
        assert await other.get(name) == "another-holder"  # release left the new holder's lock alone
        await other.delete(name)
        async with store.lock("exp", "k"):
            await other.delete(name)  # ran out, nobody took it
        assert await other.get(name) is None
    finally:
        await other.delete(name)
        await other.aclose()
        await store.aclose()


async def test_a_renewal_that_finds_the_lease_lost_does_not_fail_the_call(
    redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(redis_store, "LOCK_LEASE_S", 0.3)  # renewals every 0.1 s
    prefix = f"lease-{uuid.uuid4().hex}:"
    store = RedisStore(redis_url, prefix=prefix)
    other = aioredis.Redis.from_url(redis_url, decode_responses=True)
    name = f"{prefix}lock:exp:k"
    lost = anyio.Event()
    warn = redis_store.log.warning

    def noting(event: str, **fields: Any) -> None:
        warn(event, **fields)
        if "ran out while the call ran" in event:
            lost.set()

    monkeypatch.setattr(redis_store.log, "warning", noting)
    try:
        async with store.lock("exp", "k"):
            await other.delete(name)  # the lease is lost while the call runs
            with anyio.fail_after(10):  # hang guard: the next renewal notices
                await lost.wait()
        # the block ended normally: the call was not failed by its renewal
    finally:
        await other.delete(name)
        await other.aclose()
        await store.aclose()


async def test_no_more_calls_hold_session_locks_than_the_pool_has_connections(redis_url: str) -> None:
    store = RedisStore(redis_url, prefix=f"holders-{uuid.uuid4().hex}:", max_connections=2)
    holding: list[str] = []
    most = 0
    release = anyio.Event()

    async def call(key: str) -> None:
        nonlocal most
        async with store.lock("exp", key):
            holding.append(key)
            most = max(most, len(holding))
            await release.wait()
            holding.remove(key)

    try:
        with anyio.fail_after(20):  # hang guard
            async with anyio.create_task_group() as tasks:
                for key in ("a", "b", "c"):
                    tasks.start_soon(call, key)
                await anyio.wait_all_tasks_blocked()
                assert sorted(holding) == ["a", "b"]  # "c" waits in the process, holding nothing in Redis
                release.set()
        assert most == 2 and holding == []
    finally:
        await store.aclose()


async def test_one_renewal_keeps_every_held_lease(redis_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(redis_store, "LOCK_LEASE_S", 0.3)  # renewals every 0.1 s; unrenewed, a lease ends at 0.3 s
    prefix = f"renew-{uuid.uuid4().hex}:"
    store = RedisStore(redis_url, prefix=prefix)
    other = aioredis.Redis.from_url(redis_url, decode_responses=True)
    renewals: list[int] = []
    renew = store._renew_script
    enough = anyio.Event()

    async def counted(keys: list[str], args: list[Any]) -> Any:
        renewals.append(len(keys))
        if len(renewals) == 5:  # 5 renewal periods: past the lease, so only renewing kept the locks
            enough.set()
        return await renew(keys=keys, args=args)

    monkeypatch.setattr(store, "_renew_script", counted)
    try:
        with anyio.fail_after(20):  # hang guard
            async with store.lock("exp", "a"), store.lock("exp", "b"), store.lock("exp", "c"):
                await enough.wait()
                await anyio.wait_all_tasks_blocked()  # the fifth renewal has answered
                held = [await other.get(f"{prefix}lock:exp:{k}") for k in "abc"]
        assert all(held)
        assert renewals[:5] == [3] * 5  # one round trip renews all three, not one each
        assert [await other.get(f"{prefix}lock:exp:{k}") for k in "abc"] == [None] * 3  # given back
    finally:
        await other.aclose()
        await store.aclose()
