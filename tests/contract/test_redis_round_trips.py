"""What one call costs the Redis store: round trips per call on a session this process serves, and reads of the
history answered from the turns it wrote last, only while nobody else has written the session. Real redis-server."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
import redis.asyncio as aioredis

from mcp_sim.state.base import Turn
from mcp_sim.state.redis import RedisStore

pytestmark = pytest.mark.integration  # a real redis-server


def turn(index: int) -> Turn:
    return Turn(index=index, tool="t", arguments={"n": index}, route="sim", result=None)


def counting(store: RedisStore, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    commands: list[str] = []
    send = store._redis.execute_command

    async def counted(*args: Any, **options: Any) -> Any:
        commands.append(str(args[0]))
        return await send(*args, **options)  # type: ignore[no-untyped-call]

    monkeypatch.setattr(store._redis, "execute_command", counted)
    return commands


async def test_a_call_costs_two_round_trips_on_a_session_this_process_wrote(
    redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    prefix = f"trips-{uuid.uuid4().hex}:"
    store = RedisStore(redis_url, prefix=prefix)
    other = aioredis.Redis.from_url(redis_url, decode_responses=True)
    try:
        for index in range(3):
            if index == 1:  # the first call loaded the scripts into Redis
                commands = counting(store, monkeypatch)
            async with store.lock("exp", "k"):
                state = await store.load("exp", "k")
                await store.commit(state, turn(index))
        assert commands == ["EVALSHA"] * 4  # per call: take the lock with the load, write with the give-back
        assert await other.get(f"{prefix}lock:exp:k") is None
        assert [t.index for t in await store.turns("exp", "k")] == [0, 1, 2]
        assert (await store.load("exp", "k")).version == 3
    finally:
        await other.aclose()
        await store.aclose()


async def test_history_since_the_last_call_is_read_without_a_round_trip_until_another_writer(
    redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    prefix = f"tail-{uuid.uuid4().hex}:"
    store, other = RedisStore(redis_url, prefix=prefix), RedisStore(redis_url, prefix=prefix)
    try:
        for index in range(3):
            async with store.lock("exp", "k"):
                await store.commit(await store.load("exp", "k"), turn(index))
        commands = counting(store, monkeypatch)
        async with store.lock("exp", "k"):
            state = await store.load("exp", "k")
            assert [t.arguments for t in await store.turns("exp", "k", 1)] == [{"n": 1}, {"n": 2}]
            assert [t.index for t in await store.turns("exp", "k", 0, 2)] == [0, 1]
            assert await store.turns("exp", "k", 3) == []
            await store.commit(state, turn(3))
        assert commands == ["EVALSHA"] * 2  # the reads cost nothing
        async with other.lock("exp", "k"):  # another process appends a turn
            await other.commit(await other.load("exp", "k"), turn(4))
        async with store.lock("exp", "k"):
            state = await store.load("exp", "k")
            assert [t.index for t in await store.turns("exp", "k", 3)] == [3, 4]  # its turn: read from Redis
            await store.commit(state, turn(5))
        assert commands[2:] == ["EVALSHA", "LRANGE", "EVALSHA"]  # lock and load, the read, the give-back
        assert [t.index for t in await store.turns("exp", "k")] == [0, 1, 2, 3, 4, 5]  # outside a call: Redis
    finally:
        await other.aclose()
        await store.aclose()
