"""The Redis store sends the lock-and-load and write scripts of concurrent calls run in one step of the event loop as
one pipeline (``state/redis.py``, ``_pipelined``): each call still gets its own answer (a stale write is refused
alone), and a server that lost its scripts has them loaded again."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest
import redis.asyncio as aioredis

from mcp_sim.errors import StateConflict
from mcp_sim.ledger.entities import Effect
from mcp_sim.state.base import SessionState, Turn
from mcp_sim.state.redis import RedisStore

EXP = "exp"


@pytest.fixture
async def store(redis_url: str) -> AsyncIterator[RedisStore]:
    opened = RedisStore(redis_url, prefix=f"test-{uuid.uuid4().hex[:8]}:")
    yield opened
    await opened.aclose()


def _groups(store: RedisStore, monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The groups sent from now on, each as the names of its scripts ("write" or "lock")."""
    seen: list[list[str]] = []
    send = store._send

    async def spied(group: list[Any]) -> None:
        seen.append(["write" if one.script is store._write_script else "lock" for one in group])
        await send(group)

    monkeypatch.setattr(store, "_send", spied)
    return seen


def _turn(state: SessionState) -> Turn:
    effect = Effect("create", "item", f"{state.key}-{state.call_count}", {"name": "x"})
    state.ledger.apply(effect)
    turn = Turn(index=state.call_count, tool="t", arguments={}, route="sim", result={}, effects=[effect])
    state.call_count += 1
    return turn


async def _call(store: RedisStore, key: str) -> SessionState:
    async with store.lock(EXP, key):
        state = await store.load(EXP, key)
        await store.commit(state, _turn(state))
    return state


async def _stored(store: RedisStore, key: str) -> tuple[int, int]:
    """(version, turns) as another client reads them."""
    other = aioredis.Redis.from_url(store.url, decode_responses=True)
    try:
        version = await other.hget(store._k("s", EXP, key), "version")
        turns = await other.llen(store._k("t", EXP, key))
    finally:
        await other.aclose()
    return int(version or 0), int(turns)


async def test_concurrent_calls_send_their_scripts_in_one_pipeline_each(
    store: RedisStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    keys = [f"s{i}" for i in range(8)]
    groups = _groups(store, monkeypatch)
    states = await asyncio.gather(*(_call(store, key) for key in keys))
    assert groups == [["lock"] * 8, ["write"] * 8]
    assert [s.version for s in states] == [1] * 8
    assert [await _stored(store, key) for key in keys] == [(1, 1)] * 8
    groups.clear()
    again = await asyncio.gather(*(_call(store, key) for key in keys))  # the kept copies are current: no decode
    assert groups == [["lock"] * 8, ["write"] * 8]
    assert [(s.version, s.call_count, len(s.ledger.entities["item"])) for s in again] == [(2, 2, 2)] * 8
    assert [await _stored(store, key) for key in keys] == [(2, 2)] * 8
    assert [len(await store.turns(EXP, key)) for key in keys] == [2] * 8


async def test_a_stale_write_in_a_pipeline_is_refused_alone(store: RedisStore) -> None:
    await asyncio.gather(*(_call(store, f"s{i}") for i in range(3)))
    stale = await store.load(EXP, "s1")
    await _call(store, "s1")  # someone else wrote s1 since ``stale`` was loaded
    others = [await store.load(EXP, key) for key in ("s0", "s2")]
    outcomes = await asyncio.gather(
        *(store.commit(s, _turn(s)) for s in (others[0], stale, others[1])), return_exceptions=True
    )
    assert outcomes[0] is None and outcomes[2] is None
    assert isinstance(outcomes[1], StateConflict)
    assert [await _stored(store, f"s{i}") for i in range(3)] == [(2, 2), (2, 2), (2, 2)]


async def test_a_server_that_lost_its_scripts_gets_them_again(store: RedisStore) -> None:
    await asyncio.gather(*(_call(store, f"s{i}") for i in range(4)))
    await store._redis.script_flush()
    states = await asyncio.gather(*(_call(store, f"s{i}") for i in range(4)))
    assert [s.version for s in states] == [2] * 4
    assert [await _stored(store, f"s{i}") for i in range(4)] == [(2, 2)] * 4
