"""The small writes of concurrent calls share one SQLite transaction (``state/sqlite.py``, group commit): each call
still goes on only once its own write is committed, a stale write is refused alone, a failing one is made alone
after the group is rolled back, a busy SQLite is waited out as a group, and a cancelled call's write is made."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from mcp_sim.errors import StateConflict, StoreUnavailable
from mcp_sim.ledger.entities import Effect
from mcp_sim.state import sqlite as sqlite_store
from mcp_sim.state.base import SessionState, Turn
from mcp_sim.state.sqlite import SQLiteStore

EXP = "exp"


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SQLiteStore]:
    opened = SQLiteStore(tmp_path / "state.db")
    yield opened
    await opened.aclose()


def _begins(store: SQLiteStore) -> list[str]:
    """The event loop's connection's BEGINs, from now on."""
    seen: list[str] = []
    store._inline.set_trace_callback(lambda sql: seen.append(sql) if sql.startswith("BEGIN") else None)
    return seen


def _turn(state: SessionState, text: str = "done") -> Turn:
    effect = Effect("create", "item", f"{state.key}-{state.call_count}", {"name": text})
    state.ledger.apply(effect)
    turn = Turn(index=state.call_count, tool="t", arguments={"n": text}, route="sim", result={"text": text})
    turn.effects = [effect]
    state.call_count += 1
    return turn


def _stored(path: Path) -> dict[str, tuple[int, int]]:
    """Each session's stored (version, turns), read by another connection, as another process would."""
    with sqlite3.connect(path) as db:
        versions = dict(db.execute("SELECT key, version FROM sessions").fetchall())
        turns = dict(db.execute("SELECT key, count(*) FROM turns GROUP BY key").fetchall())
    return {key: (version, turns.get(key, 0)) for key, version in versions.items()}


async def _commit_seen(store: SQLiteStore, key: str, seen: dict[str, tuple[int, int]]) -> None:
    state = await store.load(EXP, key)
    await store.commit(state, _turn(state))
    seen[key] = _stored(store.path)[key]  # what another process finds as soon as this call goes on


async def _written(store: SQLiteStore, count: int) -> list[str]:
    """Sessions s0... written once, one after another: their next loads take the kept copies, with no wait in the
    worker thread, so their calls commit in the same step of the event loop."""
    keys = [f"s{i}" for i in range(count)]
    for key in keys:
        state = await store.load(EXP, key)
        await store.commit(state, _turn(state))
    return keys


async def test_concurrent_commits_share_one_transaction_and_each_is_committed_before_its_call_goes_on(
    store: SQLiteStore,
) -> None:
    keys = await _written(store, 10)
    begins = _begins(store)
    seen: dict[str, tuple[int, int]] = {}
    await asyncio.gather(*(_commit_seen(store, key, seen) for key in keys))
    assert begins == ["BEGIN IMMEDIATE"]
    assert seen == {key: (2, 2) for key in keys}
    for key in keys:
        loaded = await store.load(EXP, key)
        assert (loaded.version, loaded.call_count, len(loaded.ledger.entities["item"])) == (2, 2, 2)
        assert [t.index for t in await store.turns(EXP, key)] == [0, 1]


async def test_a_group_holds_at_most_group_max_writes(store: SQLiteStore, monkeypatch: pytest.MonkeyPatch) -> None:
    keys = await _written(store, 10)
    monkeypatch.setattr(sqlite_store, "GROUP_MAX", 4)
    begins = _begins(store)
    seen: dict[str, tuple[int, int]] = {}
    await asyncio.gather(*(_commit_seen(store, key, seen) for key in keys))
    assert len(begins) == 3
    assert seen == {key: (2, 2) for key in keys}


async def test_a_stale_write_is_refused_alone(store: SQLiteStore) -> None:
    await _written(store, 3)
    stale = await store.load(EXP, "s1")
    newer = await store.load(EXP, "s1")
    await store.commit(newer, _turn(newer))  # someone else wrote s1 since ``stale`` was loaded
    others = [await store.load(EXP, key) for key in ("s0", "s2")]
    outcomes = await asyncio.gather(
        *(store.commit(s, _turn(s)) for s in (others[0], stale, others[1])), return_exceptions=True
    )
    assert outcomes[0] is None and outcomes[2] is None
    assert isinstance(outcomes[1], StateConflict)
    assert _stored(store.path) == {"s0": (2, 2), "s1": (2, 2), "s2": (2, 2)}


async def test_a_write_failing_in_a_group_fails_alone_and_the_others_are_made(store: SQLiteStore) -> None:
    await _written(store, 3)
    states = [await store.load(EXP, f"s{i}") for i in range(3)]
    broken = _turn(states[1])
    broken.index = 0  # the history already has a turn 0: the INSERT fails (a primary key)
    outcomes = await asyncio.gather(
        store.commit(states[0], _turn(states[0])),
        store.commit(states[1], broken),
        store.commit(states[2], _turn(states[2])),
        return_exceptions=True,
    )
    assert outcomes[0] is None and outcomes[2] is None
    assert isinstance(outcomes[1], StoreUnavailable)
    assert _stored(store.path) == {"s0": (2, 2), "s1": (1, 1), "s2": (2, 2)}  # nothing of the failed write stays


async def test_a_busy_sqlite_is_waited_out_as_a_group(store: SQLiteStore) -> None:
    await _written(store, 3)
    other = sqlite3.connect(store.path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another process holds the write lock
    begins = _begins(store)
    loop = asyncio.get_running_loop()
    loop.call_later(0.002, other.execute, "COMMIT")  # for about 2 ms: within the retries' pauses (31 ms)
    seen: dict[str, tuple[int, int]] = {}
    await asyncio.gather(*(_commit_seen(store, f"s{i}", seen) for i in range(3)))
    other.close()
    assert seen == {f"s{i}": (2, 2) for i in range(3)}
    assert 2 <= len(begins) <= 1 + len(sqlite_store.BUSY_PAUSES_S)  # refused, then tried again as one group


async def test_writes_busy_past_every_pause_go_to_the_worker_thread(store: SQLiteStore) -> None:
    other = sqlite3.connect(store.path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    begins = _begins(store)
    asyncio.get_running_loop().call_later(0.2, other.execute, "COMMIT")  # past the 31 ms of pauses
    states = [await store.load(EXP, f"s{i}") for i in range(3)]
    await asyncio.gather(*(store.commit(s, _turn(s)) for s in states))
    other.close()
    # the group was tried once and after each pause, then each write went to the worker thread (its own connection)
    assert len(begins) == 1 + len(sqlite_store.BUSY_PAUSES_S)
    assert _stored(store.path) == {f"s{i}": (1, 1) for i in range(3)}


async def test_a_call_cancelled_while_its_write_waits_has_it_made_first(store: SQLiteStore) -> None:
    state = await store.load(EXP, "s")
    task = asyncio.ensure_future(store.commit(state, _turn(state)))
    await asyncio.sleep(0)  # the write waits for the next step
    assert store._group
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert _stored(store.path) == {"s": (1, 1)}
    assert store._group == []
    again = await store.load(EXP, "s")  # the stored session, not a stale copy
    assert (again.version, again.call_count) == (1, 1)


async def test_grouped_writes_still_checkpoint(store: SQLiteStore, monkeypatch: pytest.MonkeyPatch) -> None:
    keys = await _written(store, 10)
    monkeypatch.setattr(sqlite_store, "CHECKPOINT_EVERY", 4)
    checkpoints: list[int] = []
    monkeypatch.setattr(store, "_checkpoint", lambda: checkpoints.append(store._writes))
    store._writes = 0
    await asyncio.gather(*(_commit_seen(store, key, {}) for key in keys))
    assert checkpoints == [10]  # one group of ten passed two multiples of four: one checkpoint after it
    await asyncio.gather(*(_commit_seen(store, key, {}) for key in keys[:2]))
    assert checkpoints == [10, 12]


async def test_closing_the_store_makes_the_writes_still_waiting(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "closing.db")
    state = await store.load(EXP, "s")
    task = asyncio.ensure_future(store.commit(state, _turn(state)))
    await asyncio.sleep(0)
    assert store._group
    await store.aclose()
    await task
    assert _stored(store.path) == {"s": (1, 1)}
