"""What a write costs and what a load sees, for the durable stores (SQLite file, real Redis server).

A commit sends the session's head, the ledger records that changed and the new turn, never the whole
session; a store keeps the session it wrote last and must still see another process's write.
"""

from __future__ import annotations

import json
import sqlite3
import uuid
from collections.abc import Callable
from pathlib import Path

import anyio
import pytest

from mcp_sim.errors import StartupError, StateConflict
from mcp_sim.ledger.entities import Effect
from mcp_sim.state import sqlite as sqlite_store
from mcp_sim.state.base import SessionState, Turn
from mcp_sim.state.redis import RedisStore
from mcp_sim.state.sqlite import INLINE_TURNS, SQLiteStore
from mcp_sim.state.urls import open_store_url
from mcp_sim.state.versioned import LedgerRows, VersionedStore

EXP = "exp"
Opener = Callable[[], VersionedStore]


@pytest.fixture(params=["sqlite", "redis"])
def opener(request: pytest.FixtureRequest, tmp_path: Path) -> Opener:
    """Two calls give two clients of one backend, as two processes would have."""
    if request.param == "sqlite":
        return lambda: SQLiteStore(tmp_path / "state.db")
    url = request.getfixturevalue("redis_url")
    prefix = f"test-{uuid.uuid4().hex[:8]}:"
    return lambda: RedisStore(url, prefix=prefix)


async def call(store: VersionedStore, key: str, effect: Effect) -> SessionState:
    state = await store.load(EXP, key)
    state.ledger.apply(effect)
    turn = Turn(index=state.call_count, tool="t", arguments={}, route="sim", result={}, effects=[effect])
    state.call_count += 1
    await store.commit(state, turn)
    return state


def create(i: int) -> Effect:
    return Effect("create", "item", f"i-{i}", {"name": f"item {i}", "notes": "n" * 50})


async def test_another_clients_write_is_seen_after_this_one_wrote(opener: Opener) -> None:
    mine, theirs = opener(), opener()
    try:
        await call(mine, "s", create(1))  # ``mine`` keeps its copy of version 1
        await call(theirs, "s", create(2))  # another process writes version 2
        state = await mine.load(EXP, "s")
        assert (state.version, sorted(state.ledger.entities["item"])) == (2, ["i-1", "i-2"])
        await call(mine, "s", Effect("delete", "item", "i-1"))
        seen = await theirs.load(EXP, "s")
        assert (seen.version, sorted(seen.ledger.entities["item"]), seen.ledger.deleted) == (
            3,
            ["i-2"],
            {"item": ["i-1"]},
        )
    finally:
        await mine.aclose()
        await theirs.aclose()


async def test_a_loaded_copy_changed_without_a_commit_leaves_the_session_alone(opener: Opener) -> None:
    store = opener()
    try:
        await call(store, "s", create(1))
        loaded = await store.load(EXP, "s")
        loaded.ledger.apply(create(99))
        loaded.call_count = 42  # the call failed before committing: nothing of this may stick
        again = await store.load(EXP, "s")
        assert (again.call_count, sorted(again.ledger.entities["item"])) == (1, ["i-1"])
    finally:
        await store.aclose()


async def test_a_fresh_client_reads_records_back_exactly(opener: Opener) -> None:
    store = opener()
    try:
        for i in range(5):
            await call(store, "s", create(i))
        await call(store, "s", Effect("update", "item", "i-3", {"name": "renamed"}))
        await call(store, "s", Effect("delete", "item", "i-0"))
        expected = (await store.load(EXP, "s")).ledger.to_json()
    finally:
        await store.aclose()
    cold = opener()
    try:
        assert (await cold.load(EXP, "s")).ledger.to_json() == expected
        assert expected["entities"]["item"]["i-3"]["name"] == "renamed"
    finally:
        await cold.aclose()


def test_ledger_rows_carry_only_what_changed() -> None:
    state = SessionState(EXP, "s")
    for i in range(3):
        state.ledger.apply(create(i))
    assert LedgerRows.of(state).replace  # nothing stored yet: every record
    state.stored_entities = {e: dict(t) for e, t in state.ledger.entities.items()}
    state.ledger.apply(Effect("update", "item", "i-1", {"name": "x"}))
    state.ledger.apply(Effect("delete", "item", "i-2"))
    rows = LedgerRows.of(state)
    assert (rows.replace, [(e, i) for e, i, _ in rows.upserts], rows.removed) == (
        False,
        [("item", "i-1")],
        [("item", "i-2")],
    )


async def test_a_sqlite_commit_writes_the_same_rows_at_turn_200_as_at_turn_2(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "state.db")
    try:
        changes = []
        for i in range(200):
            before = store._db.total_changes + store._inline.total_changes  # the worker's and the event loop's
            await call(store, "s", create(i))
            changes.append(store._db.total_changes + store._inline.total_changes - before)
        assert changes[1] == changes[-1] == 3  # head, one record, one turn
    finally:
        await store.aclose()


async def test_a_sqlite_hot_session_loads_while_the_worker_thread_is_busy(tmp_path: Path) -> None:
    """The check of a kept copy reads on the event loop: a call does not queue behind other sessions' writes
    for it (the hop to the worker thread was most of a real-route call's load). Another client's write is
    still seen, through the worker, once it is free."""
    store, other = SQLiteStore(tmp_path / "state.db"), SQLiteStore(tmp_path / "state.db")
    try:
        await call(store, "s", create(1))
        async with store._worker:  # every statement of the worker thread waits behind this
            with anyio.fail_after(10):  # a guard against hanging, not a timing assertion
                kept = await store.load(EXP, "s")
        assert kept.version == 1
        await store.save(kept)  # version 2; the store keeps its copy again
        await call(other, "s", create(2))  # version 3, written by another client
        seen = await store.load(EXP, "s")
        assert (seen.version, sorted(seen.ledger.entities["item"])) == (3, ["i-1", "i-2"])
    finally:
        await store.aclose()
        await other.aclose()


async def test_a_small_sqlite_write_is_made_on_the_event_loop_and_a_busy_one_waits_in_the_worker(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A call's commit does not hop to the worker thread (the hop cost more than the write); the WAL, which the
    event loop's connection never checkpoints, is checkpointed by the worker thread past a size; with the write
    lock taken elsewhere the commit waits for it (retries, then the worker thread) without failing or blocking
    the event loop."""
    monkeypatch.setattr(sqlite_store, "CHECKPOINT_EVERY", 8)
    store = SQLiteStore(tmp_path / "state.db")
    wal = tmp_path / "state.db-wal"
    try:
        await call(store, "s", create(0))
        async with store._worker:  # a hop to the worker thread would wait behind this
            with anyio.fail_after(10):  # a guard against hanging, not a timing assertion
                for i in range(1, 5):
                    await call(store, "s", create(i))
        biggest = 0
        for i in range(5, 64):
            await call(store, "s", create(i))
            biggest = max(biggest, wal.stat().st_size)
        assert store._db.total_changes == 0, "every small write was made on the event loop's connection"
        frames = store._db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        assert frames[1] == frames[2], "the WAL was checkpointed up to its end by the worker"
        assert biggest < 300_000, "the WAL was reused, not grown by every write"
        holder = sqlite3.connect(tmp_path / "state.db", isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")  # another process writing
        done = anyio.Event()

        async def commit_late() -> None:
            await call(store, "s", create(100))
            done.set()

        async with anyio.create_task_group() as tasks:
            tasks.start_soon(commit_late)
            await anyio.sleep(0.2)
            assert not done.is_set(), "the commit waits for the lock"
            holder.execute("COMMIT")
            holder.close()
            with anyio.fail_after(10):
                await done.wait()
        fresh = SQLiteStore(tmp_path / "state.db")
        try:
            state = await fresh.load(EXP, "s")
            assert state.call_count == 65
            assert len(state.ledger.entities["item"]) == 65
            assert [t.index for t in await fresh.turns(EXP, "s")] == list(range(65))
        finally:
            await fresh.aclose()
    finally:
        await store.aclose()


async def test_a_short_sqlite_history_read_is_made_on_the_event_loop_and_a_long_one_in_the_worker(
    tmp_path: Path,
) -> None:
    store = SQLiteStore(tmp_path / "state.db")
    try:
        for i in range(INLINE_TURNS + 5):
            await call(store, "s", create(i))
        async with store._worker:  # a hop to the worker thread would wait behind this
            with anyio.fail_after(10):  # a guard against hanging, not a timing assertion
                since = await store.turns(EXP, "s", INLINE_TURNS)
                page = await store.turns(EXP, "s", 2, limit=3)
        assert [t.index for t in since] == list(range(INLINE_TURNS, INLINE_TURNS + 5))
        assert [t.index for t in page] == [2, 3, 4]
        everything = await store.turns(EXP, "s")  # more than INLINE_TURNS: read whole, in the worker thread
        assert [t.index for t in everything] == list(range(INLINE_TURNS + 5))
        assert [t.index for t in await store.turns(EXP, "s", 1, limit=INLINE_TURNS + 2)] == list(
            range(1, INLINE_TURNS + 3)
        )
    finally:
        await store.aclose()


async def test_the_event_loops_sqlite_reads_share_its_writers_connection_and_see_every_write(tmp_path: Path) -> None:
    """The event loop reads on the connection it writes small writes on (whose page cache holds what it wrote):
    no transaction is left open on it by a write, a refused write or a busy one, so each read sees every commit,
    this store's and another client's."""
    store, other = SQLiteStore(tmp_path / "state.db"), SQLiteStore(tmp_path / "state.db")
    try:
        assert store._reader is store._inline
        await call(store, "s", create(1))
        assert not store._inline.in_transaction
        await call(other, "s", create(2))  # another process writes version 2 and turn 1
        assert [t.index for t in await store.turns(EXP, "s", 0, limit=4)] == [0, 1]
        state = await store.load(EXP, "s")
        assert (state.version, sorted(state.ledger.entities["item"])) == (2, ["i-1", "i-2"])
        stale = await other.load(EXP, "s")
        await call(store, "s", create(3))  # version 3
        stale.call_count += 1
        with pytest.raises(StateConflict):  # refused on the other client's writer connection: rolled back
            await other.commit(stale, Turn(index=2, tool="t", arguments={}, route="sim", result={}))
        assert not other._inline.in_transaction
        holder = sqlite3.connect(tmp_path / "state.db", isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")  # the write lock taken elsewhere: the next small write is refused busy

        async def release() -> None:
            await anyio.sleep(0.01)
            holder.execute("COMMIT")
            holder.close()

        async with anyio.create_task_group() as tasks:
            tasks.start_soon(release)
            with anyio.fail_after(10):  # a guard against hanging, not a timing assertion
                await call(store, "s", create(4))  # busy at first, written once the lock is free
        assert not store._inline.in_transaction
        assert [t.index for t in await other.turns(EXP, "s", 0, limit=8)] == [0, 1, 2, 3]
        seen = await other.load(EXP, "s")
        assert (seen.version, len(seen.ledger.entities["item"])) == (4, 4)
    finally:
        await store.aclose()
        await other.aclose()


async def test_a_sqlite_file_from_before_record_rows_still_loads(tmp_path: Path) -> None:
    """Sessions written when the head carried the ledger whole: read, and moved to rows at the next write."""
    path = tmp_path / "old.db"
    db = sqlite3.connect(path)
    db.executescript(
        "CREATE TABLE sessions (experiment TEXT NOT NULL, key TEXT NOT NULL, version INTEGER NOT NULL,"
        " updated_at REAL NOT NULL, state TEXT NOT NULL, PRIMARY KEY (experiment, key));"
        "CREATE TABLE turns (experiment TEXT NOT NULL, key TEXT NOT NULL, idx INTEGER NOT NULL, turn TEXT NOT NULL,"
        " PRIMARY KEY (experiment, key, idx));"
    )
    old = SessionState(EXP, "s", call_count=1, version=1)
    old.ledger.apply(create(1))
    db.execute("INSERT INTO sessions VALUES (?, ?, 1, 0, ?)", (EXP, "s", json.dumps(old.to_json())))
    db.commit()
    db.close()
    store = SQLiteStore(path)
    try:
        assert sorted((await store.load(EXP, "s")).ledger.entities["item"]) == ["i-1"]
        await call(store, "s", create(2))
    finally:
        await store.aclose()
    reopened = SQLiteStore(path)
    try:
        assert sorted((await reopened.load(EXP, "s")).ledger.entities["item"]) == ["i-1", "i-2"]
        head = reopened._db.execute("SELECT state FROM sessions").fetchone()[0]
        assert "entities" not in json.loads(head)["ledger"]
    finally:
        await reopened.aclose()


async def test_more_calls_at_once_than_redis_connections_all_succeed(redis_url: str) -> None:
    """A pool smaller than the calls in flight makes calls wait for a connection, never fail."""
    store = RedisStore(redis_url, prefix=f"test-{uuid.uuid4().hex[:8]}:", max_connections=4)
    failures: list[BaseException] = []

    async def session(n: int) -> None:
        try:
            async with store.lock(EXP, f"s{n}"):
                await call(store, f"s{n}", create(n))
        except Exception as exc:  # collected: the assertion names them
            failures.append(exc)

    try:
        async with anyio.create_task_group() as tasks:
            for n in range(300):
                tasks.start_soon(session, n)
        assert failures == []
        assert len(await store.sessions(EXP)) == 300
    finally:
        await store.aclose()


def test_redis_pool_is_sized_from_the_calls_carried_and_the_url(tmp_path: Path) -> None:
    sized = open_store_url("redis://127.0.0.1:1/0", tmp_path, "x", concurrency=2048)
    named = open_store_url("redis://127.0.0.1:1/0?max_connections=7&pool_timeout=3", tmp_path, "x", concurrency=2048)
    assert isinstance(sized, RedisStore) and isinstance(named, RedisStore)
    assert (sized.max_connections, named.max_connections) == (1024, 7)
    with pytest.raises(StartupError, match="max_connections must be a positive whole number, got '0'"):
        open_store_url("redis://127.0.0.1:1/0?max_connections=0", tmp_path, "x")
    with pytest.raises(StartupError, match="pool_timeout must be a positive number of seconds"):
        open_store_url("redis://127.0.0.1:1/0?pool_timeout=soon", tmp_path, "x")
