"""The StateStore contract, run against every store: memory, SQLite (a real file), Redis (a real server)."""

from __future__ import annotations

import json
import uuid
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import anyio
import pytest

from mcp_sim.errors import StateConflict
from mcp_sim.ledger.entities import Effect
from mcp_sim.state.base import SessionState, StateStore, Turn
from mcp_sim.state.memory import MemoryStore
from mcp_sim.state.redis import RedisStore
from mcp_sim.state.sqlite import SQLiteStore

EXP = "exp"


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


Opener = Callable[[], StateStore]


@pytest.fixture(params=["memory", "sqlite", "redis"])
def opener(request: pytest.FixtureRequest, tmp_path: Path, clock: Clock) -> Opener:
    """Opens the store under test; calling it twice gives two clients of one backend (memory: the same one)."""
    if request.param == "memory":
        shared = MemoryStore(ttl_s=60, clock=clock)
        return lambda: shared
    if request.param == "sqlite":
        return lambda: SQLiteStore(tmp_path / "state.db", ttl_s=60, clock=clock)
    url = request.getfixturevalue("redis_url")
    prefix = f"test-{uuid.uuid4().hex[:8]}:"
    return lambda: RedisStore(url, ttl_s=60, clock=clock, prefix=prefix)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def store(opener: Opener) -> AsyncIterator[StateStore]:
    opened = opener()
    yield opened
    await opened.aclose()


async def played(store: StateStore, key: str, calls: int = 2, experiment: str = EXP) -> SessionState:
    """A session with ``calls`` committed turns, each creating a ticket."""
    state = await store.load(experiment, key)
    for _ in range(calls):
        effect = Effect("create", "ticket", f"t-{state.call_count}", {"title": f"n{state.call_count}"})
        state.ledger.apply(effect)
        turn = Turn(
            index=state.call_count, tool="create_ticket", arguments={}, route="sim", result={}, effects=[effect]
        )
        state.call_count += 1
        await store.commit(state, turn)
    return state


async def test_a_new_key_loads_a_fresh_session(store: StateStore) -> None:
    state = await store.load(EXP, "new")
    assert (state.call_count, state.version, state.ledger.entities) == (0, 0, {})
    assert await store.sessions(EXP) == []


async def test_commit_keeps_state_and_history_in_order(store: StateStore) -> None:
    await played(store, "s1", calls=3)
    state = await store.load(EXP, "s1")
    assert state.call_count == 3 and state.version == 3
    assert sorted(state.ledger.entities["ticket"]) == ["t-0", "t-1", "t-2"]
    assert [t.index for t in await store.turns(EXP, "s1")] == [0, 1, 2]
    assert [t.index for t in await store.turns(EXP, "s1", start=1, limit=1)] == [1]
    assert (await store.turns(EXP, "s1"))[2].effects[0].id == "t-2"


async def test_history_reads_give_every_field_back_and_copies_callers_may_change(store: StateStore) -> None:
    # turns are decoded in one go (state/base.py turns_from_text): nothing of one turn may leak into another
    await played(store, "s1", calls=3)
    args = {"text": 'a "quoted", [bracketed] value', "n": [1, 2.5, None, True]}
    state = await store.load(EXP, "s1")
    state.call_count += 1
    await store.commit(state, Turn(3, "note", args, "sim", {"isError": True}, error={"code": -1, "message": "é"}))
    turns = await store.turns(EXP, "s1", start=2)
    assert [(t.index, t.tool) for t in turns] == [(2, "create_ticket"), (3, "note")]
    assert turns[1].arguments == args and turns[1].result == {"isError": True}
    assert turns[1].error == {"code": -1, "message": "é"} and turns[0].effects[0].record == {"title": "n2"}
    turns[1].arguments["text"] = "changed by a caller"
    assert (await store.turns(EXP, "s1", start=3))[0].arguments == args
    assert await store.turns(EXP, "s1", start=9) == []


async def test_assumed_ids_survive_a_reload(store: StateStore, opener: Opener) -> None:
    state = await store.load(EXP, "s1")
    effects = [Effect("assume", "ticket", "old-7"), Effect("delete", "ticket", "old-7")]
    for effect in effects:
        state.ledger.apply(effect)
    state.call_count += 1
    turn = Turn(index=0, tool="delete_ticket", arguments={}, route="sim", result={}, effects=effects)
    await store.commit(state, turn)
    other = opener()
    reloaded = await other.load(EXP, "s1")
    assert reloaded.ledger.assumed == {"ticket": ["old-7"]} and not reloaded.ledger.knows("ticket")
    if other is not store:
        await other.aclose()


async def test_a_second_client_sees_committed_turns(store: StateStore, opener: Opener) -> None:
    await played(store, "s1")
    other = opener()
    try:
        assert (await other.load(EXP, "s1")).call_count == 2
        assert len(await other.turns(EXP, "s1")) == 2
    finally:
        if other is not store:
            await other.aclose()


async def test_a_stale_write_is_refused_not_lost(store: StateStore) -> None:
    await played(store, "s1", calls=1)
    first, second = await store.load(EXP, "s1"), await store.load(EXP, "s1")
    first.call_count += 1
    await store.commit(first, Turn(1, "a", {}, "sim", {}))
    second.call_count += 1
    with pytest.raises(StateConflict):
        await store.commit(second, Turn(1, "b", {}, "sim", {}))
    assert [t.tool for t in await store.turns(EXP, "s1")] == ["create_ticket", "a"]


async def test_two_first_writes_of_one_new_session_keep_the_first(store: StateStore) -> None:
    """Both loaded the session before it existed (version 0): the second first write is stale."""
    first, second = await store.load(EXP, "new"), await store.load(EXP, "new")
    await store.commit(first, Turn(0, "a", {}, "sim", {}))
    with pytest.raises(StateConflict):
        await store.commit(second, Turn(0, "b", {}, "sim", {}))
    assert [t.tool for t in await store.turns(EXP, "new")] == ["a"]
    assert (await store.load(EXP, "new")).version == first.version == 1


async def test_a_write_to_a_session_deleted_meanwhile_is_refused(store: StateStore) -> None:
    await played(store, "gone", calls=1)
    loaded = await store.load(EXP, "gone")
    assert await store.delete(EXP, "gone")
    with pytest.raises(StateConflict):
        await store.commit(loaded, Turn(1, "late", {}, "sim", {}))
    assert await store.turns(EXP, "gone") == []
    assert (await store.load(EXP, "gone")).version == 0


async def test_lock_serializes_one_session_and_not_others(store: StateStore) -> None:
    async def increment() -> None:
        async with store.lock(EXP, "shared"):
            state = await store.load(EXP, "shared")
            await anyio.lowlevel.checkpoint()  # let the others run: without the lock, updates would be lost
            state.call_count += 1
            await store.save(state)

    with anyio.fail_after(20):  # a hang guard, not a timing assertion
        async with anyio.create_task_group() as tasks:
            for _ in range(10):
                tasks.start_soon(increment)
        assert (await store.load(EXP, "shared")).call_count == 10
        assert len(store._locks) == 0  # type: ignore[attr-defined]  # idle sessions leave nothing in RAM
        async with store.lock(EXP, "a"), store.lock(EXP, "b"):  # another session's lock is free meanwhile
            pass


async def test_sessions_are_listed_per_experiment(store: StateStore) -> None:
    await played(store, "b", calls=1)
    await played(store, "a", calls=1)
    await played(store, "z", calls=1, experiment="other")
    assert await store.sessions(EXP) == ["a", "b"]
    assert await store.sessions() == ["a", "b", "z"]


async def test_delete_forgets_state_and_history(store: StateStore) -> None:
    await played(store, "s1")
    assert await store.delete(EXP, "s1") is True
    assert await store.delete(EXP, "s1") is False
    assert (await store.load(EXP, "s1")).call_count == 0
    assert await store.turns(EXP, "s1") == []
    assert await store.sessions(EXP) == []


async def test_reset_starts_a_fresh_episode_keeping_routing(store: StateStore) -> None:
    state = await played(store, "s1")
    state.routing = {"default": "real", "overrides": {}}
    state.seeded = True
    await store.save(state)
    await store.reset(EXP, "s1")
    fresh = await store.load(EXP, "s1")
    assert (fresh.call_count, fresh.ledger.entities, fresh.seeded) == (0, {}, False)
    assert fresh.routing == {"default": "real", "overrides": {}}
    assert await store.turns(EXP, "s1") == []
    await played(store, "s1", calls=1)  # the episode continues normally after the reset
    assert len(await store.turns(EXP, "s1")) == 1


async def test_fork_copies_one_world_into_independent_sessions(store: StateStore) -> None:
    await played(store, "root")
    await store.fork(EXP, "root", ["g1", "g2"])
    for key in ("g1", "g2"):
        copy = await store.load(EXP, key)
        assert (copy.key, copy.call_count) == (key, 2)
        assert sorted(copy.ledger.entities["ticket"]) == ["t-0", "t-1"]
        assert len(await store.turns(EXP, key)) == 2
    g1 = await store.load(EXP, "g1")
    g1.ledger.apply(Effect("delete", "ticket", "t-0"))
    g1.call_count += 1
    await store.commit(g1, Turn(2, "delete_ticket", {}, "sim", {}))
    assert "t-0" in (await store.load(EXP, "g2")).ledger.entities["ticket"]
    assert "t-0" in (await store.load(EXP, "root")).ledger.entities["ticket"]
    assert len(await store.turns(EXP, "g2")) == 2


async def test_export_is_json_and_restores_elsewhere(store: StateStore) -> None:
    await played(store, "s1")
    exported = json.loads(json.dumps(await store.export(EXP, "s1")))
    assert exported["state"]["call_count"] == 2 and len(exported["turns"]) == 2
    assert await store.restore(exported, "copy") == "copy"
    copy = await store.load(EXP, "copy")
    assert copy.ledger.to_json() == (await store.load(EXP, "s1")).ledger.to_json()
    with pytest.raises(KeyError):
        await store.export(EXP, "missing")
    with pytest.raises(ValueError, match="not an mcp-sim session export"):
        await store.restore({"state": {}})


async def test_abandoned_sessions_expire_after_the_ttl(store: StateStore, clock: Clock) -> None:
    await played(store, "old")
    clock.now += 61
    await played(store, "recent")
    clock.now += 30
    assert await store.expire() == ["old"]
    assert await store.sessions(EXP) == ["recent"]
    assert (await store.load(EXP, "old")).call_count == 0


async def test_expire_spares_a_session_whose_call_is_in_flight(store: StateStore, clock: Clock) -> None:
    """A session idle past the TTL gets a call: expiry must not delete it under the call (whose commit then
    failed with StateConflict, a JSON-RPC error to the agent), and after the commit it is fresh again."""
    await played(store, "busy")
    clock.now += 61
    async with anyio.create_task_group() as tg, store.lock(EXP, "busy"):
        state = await store.load(EXP, "busy")
        tg.start_soon(store.expire)
        await anyio.wait_all_tasks_blocked()
        state.call_count += 1
        await store.commit(state, Turn(state.call_count - 1, "get_ticket", {}, "sim", {}))
    assert await store.sessions(EXP) == ["busy"]
    assert (await store.load(EXP, "busy")).call_count == 3


async def test_an_ephemeral_session_is_never_stored(store: StateStore) -> None:
    state = await store.load(EXP, "anon")
    state.ephemeral = True
    state.call_count = 1
    await store.commit(state, Turn(0, "t", {}, "sim", {}))
    assert await store.sessions(EXP) == []


async def test_two_redis_clients_share_one_session_without_lost_updates(redis_url: str) -> None:
    """Like two mcp-sim processes: each client has its own connection pool and in-process locks."""
    prefix = f"test-{uuid.uuid4().hex[:8]}:"
    clients = [RedisStore(redis_url, prefix=prefix), RedisStore(redis_url, prefix=prefix)]

    async def increment(store: RedisStore) -> None:
        async with store.lock(EXP, "shared"):
            state = await store.load(EXP, "shared")
            await anyio.lowlevel.checkpoint()
            state.call_count += 1
            await store.commit(state, Turn(state.call_count - 1, "t", {}, "sim", {}))

    with anyio.fail_after(30):  # hang guard
        async with anyio.create_task_group() as tasks:
            for i in range(20):
                tasks.start_soon(increment, clients[i % 2])
    assert (await clients[0].load(EXP, "shared")).call_count == 20
    assert [t.index for t in await clients[1].turns(EXP, "shared")] == list(range(20))
    for client in clients:
        await client.aclose()


async def test_an_error_inside_the_lock_comes_out_as_itself(store: StateStore) -> None:
    """Regression: the Redis lock's renewal task group wrapped the call's error in an ExceptionGroup."""
    with pytest.raises(StateConflict):
        async with store.lock(EXP, "s1"):
            raise StateConflict("raised inside")
    async with store.lock(EXP, "s1"):  # and the lock was released
        pass
