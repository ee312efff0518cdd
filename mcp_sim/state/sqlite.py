"""``state: sqlite:///path.db``: sessions in one SQLite file (WAL), the default store.

The stdlib driver runs in a worker thread (one at a time: SQLite has one writer anyway), so the event loop
never waits on a lock or a checkpoint's fsync. Each write is one transaction that checks the session's version
first, so two processes sharing the file cannot lose an update; a committed turn survives a crash of the process.

A small write (a call's turn, its head row and a few ledger records) is made on the event loop instead, on a
connection that never waits (``timeout=0``) and never checkpoints: in WAL mode with ``synchronous=NORMAL`` a
commit is a few writes to the WAL file and no fsync, cheaper than the hop to the worker thread and back (the
hop was ~10 % of a forwarded call's server CPU). When SQLite is busy (another writer: the worker thread, another
worker process) the write is tried again a few times over ~31 ms without blocking the event loop, then goes to the
worker thread as before, which waits its turn (SQLite's busy handler sleeps there, and the process's other store
calls queue behind it: under two workers' bursts that was 0.2-0.6 s a write). Since that connection never
checkpoints, every ``CHECKPOINT_EVERY``-th small write (about SQLite's own 1,000 pages of WAL) has the worker
thread checkpoint it (``PASSIVE``: waiting for no reader or writer).
The small writes of concurrent calls share a transaction (group commit): a call's write joins the writes made
in the same step of the event loop, and they are made together in the next step, at most ``GROUP_MAX`` a
transaction, before any of their calls goes on (each call still waits until its own write is committed). A
commit was about half of a small write's CPU (BEGIN IMMEDIATE, COMMIT's WAL frames and lock work, once per call:
stop 40 of issue 15). A write refused as stale is refused alone (it changed nothing); any other failure in a
group rolls the group back and makes each of its writes alone, as before; a group that finds SQLite busy is
tried again as a group over the same pauses, then each write goes to the worker thread.
A short history read (at most ``INLINE_TURNS`` turns) is made on the event loop too.
A write touches the session's small head row, one row per ledger record that changed and one row per new
turn (versioned.py): its cost does not grow with the session.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractAsyncContextManager, contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import anyio

from mcp_sim.errors import StartupError, StateConflict, StoreUnavailable
from mcp_sim.state.base import SessionState, Turn, turns_from_text
from mcp_sim.state.locks import KeyedLocks
from mcp_sim.state.versioned import LedgerRows, VersionedStore, conflict, from_stored, head_json

T = TypeVar("T")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (
    experiment TEXT NOT NULL, key TEXT NOT NULL, version INTEGER NOT NULL, updated_at REAL NOT NULL,
    state TEXT NOT NULL, PRIMARY KEY (experiment, key));
CREATE TABLE IF NOT EXISTS turns (
    experiment TEXT NOT NULL, key TEXT NOT NULL, idx INTEGER NOT NULL, turn TEXT NOT NULL,
    PRIMARY KEY (experiment, key, idx));
CREATE TABLE IF NOT EXISTS records (
    experiment TEXT NOT NULL, key TEXT NOT NULL, entity TEXT NOT NULL, id TEXT NOT NULL, record TEXT NOT NULL,
    PRIMARY KEY (experiment, key, entity, id));
CREATE TABLE IF NOT EXISTS flags (experiment TEXT PRIMARY KEY, flags TEXT NOT NULL);
"""
_S = "experiment=? AND key=?"
_UPDATE_HEAD = f"UPDATE sessions SET version=?, updated_at=?, state=?, write_id=? WHERE {_S} AND version=?"
_INSERT_HEAD = "INSERT INTO sessions (experiment, key, version, updated_at, state, write_id) VALUES (?, ?, ?, ?, ?, ?)"


class SQLiteStore(VersionedStore):
    def __init__(self, path: Path | str, ttl_s: float | None = None, clock: Callable[[], float] = time.time) -> None:
        self.path = Path(path)
        self.ttl_s = ttl_s
        self.clock = clock
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            # autocommit mode: every write below opens its own explicit transaction
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None, timeout=30)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL: durable across process crashes
            self._db.executescript(_SCHEMA)
            columns = [row[1] for row in self._db.execute("PRAGMA table_info(sessions)")]
            if "write_id" not in columns:  # files written before hot copies (versioned.py) had no write id
                self._db.execute("ALTER TABLE sessions ADD COLUMN write_id TEXT")
            # the event loop's writer of small writes (see the module docstring): never waits, never checkpoints
            self._inline = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None, timeout=0)
            self._inline.execute("PRAGMA synchronous=NORMAL")
            self._inline.execute("PRAGMA wal_autocheckpoint=0")
            # the event loop's reads (the one-row check of a hot copy, short history reads) are made on that same
            # connection (timeout 0: it never waits for a lock, it leaves the read to the worker thread instead).
            # A connection's page cache is dropped whenever another connection has written: a reader of its own
            # read the session's pages again (from the WAL, a pread each) after every call's write, while the
            # writer's cache holds the pages it wrote. No transaction stays open on it between its synchronous
            # uses (a write is BEGIN ... COMMIT or ROLLBACK without an await), so its reads see every commit.
            self._reader = self._inline
        except (OSError, sqlite3.Error) as exc:  # a file that is not a database, a folder, no permission
            raise StartupError(f"state: cannot open {self.path} as an SQLite session store: {exc}") from None
        self._init_hot()
        self._worker = anyio.CapacityLimiter(1)
        self._locks = KeyedLocks()
        self._writes = 0  # small writes made on the event loop: every CHECKPOINT_EVERY-th checkpoints
        self._checkpoint_due = False  # a group passed a multiple of CHECKPOINT_EVERY: its first call to go on runs it
        self._group: list[_Grouped] = []  # small writes of this step of the event loop, made together in the next

    async def _run(self, fn: Callable[..., T], *args: Any) -> T:
        try:
            return await anyio.to_thread.run_sync(fn, *args, limiter=self._worker)
        except sqlite3.Error as exc:  # disk full, file replaced underneath: nothing was recorded
            raise StoreUnavailable(f"SQLite session store {self.path}: {exc}") from None

    def lock(self, experiment: str, key: str) -> AbstractAsyncContextManager[None]:
        # the keyed lock's own context manager, as the memory store hands out: a generator-based wrapper around it
        # cost every call two more frames on entry and exit (contextlib's __aenter__/__aexit__ and the generator)
        return self._locks.hold((experiment, key))

    async def _load(self, experiment: str, key: str, known_write: str | None) -> SessionState | None:
        if known_write is not None:
            unchanged = self._unchanged(experiment, key, known_write)
            if unchanged is not None:
                return None if unchanged else await self._run(self._load_now, experiment, key, None)
        return await self._run(self._load_now, experiment, key, known_write)

    def _unchanged(self, experiment: str, key: str, known_write: str) -> bool | None:
        """Whether the session's stored write id is still ``known_write``, read on the event loop: in WAL mode a
        reader never waits for writers, and one indexed SELECT costs less than the hop to the worker thread
        (profiled on the real route: the hop was most of a call's load). None when SQLite is busy."""
        try:
            row = self._reader.execute(f"SELECT write_id FROM sessions WHERE {_S}", (experiment, key)).fetchone()
        except sqlite3.Error:
            return None
        return row is not None and row[0] == known_write

    async def turns(self, experiment: str, key: str, start: int = 0, limit: int | None = None) -> list[Turn]:
        """A short read (a call's look at the turns committed since its last one) is made on the event loop's
        reader, as ``_unchanged`` is; a long one (an export, a history page) in the worker thread."""
        sql = "SELECT turn FROM turns WHERE experiment=? AND key=? ORDER BY idx LIMIT ? OFFSET ?"
        short = limit is not None and limit <= INLINE_TURNS
        peek = self._read_inline(sql, experiment, key, limit if short else INLINE_TURNS + 1, start)
        if peek is not None and (short or len(peek) <= INLINE_TURNS):  # all there is (fewer than asked for)
            return turns_from_text([r[0] for r in peek])
        rows = await self._run(self._all, sql, experiment, key, -1 if limit is None else limit, start)
        return turns_from_text([r[0] for r in rows])

    def _read_inline(self, sql: str, *args: Any) -> list[Any] | None:
        """Rows read on the event loop (WAL: a reader never waits for a writer); None when SQLite is busy."""
        try:
            return self._reader.execute(sql, args).fetchall()
        except sqlite3.Error:
            return None

    async def sessions(self, experiment: str | None = None) -> list[str]:
        if experiment is None:
            rows = await self._run(self._all, "SELECT key FROM sessions ORDER BY key")
        else:
            rows = await self._run(self._all, "SELECT key FROM sessions WHERE experiment=? ORDER BY key", experiment)
        return [r[0] for r in rows]

    async def _delete_stored(self, experiment: str, key: str) -> bool:
        return await self._run(self._delete, experiment, key)

    async def expire(self) -> list[str]:
        if self.ttl_s is None:
            return []
        cutoff = self.clock() - self.ttl_s
        rows = await self._run(self._all, "SELECT experiment, key FROM sessions WHERE updated_at < ?", cutoff)
        gone = []
        for experiment, key in rows:
            async with self.lock(experiment, key):  # a call in flight commits first, and refreshes the session
                if await self._run(self._delete, experiment, key, cutoff):
                    self._hot.drop(experiment, key)
                    gone.append(key)
        return sorted(gone)

    async def get_flags(self, experiment: str) -> dict[str, Any] | None:
        row = await self._run(self._one, "SELECT flags FROM flags WHERE experiment=?", experiment)
        return None if row is None else dict(json.loads(row[0]))

    async def put_flags(self, experiment: str, flags: dict[str, Any]) -> None:
        await self._run(self._one, "INSERT OR REPLACE INTO flags VALUES (?, ?)", experiment, _dumps(flags))

    async def aclose(self) -> None:
        if self._group:  # writes waiting for the next step: made before the connection closes
            self._flush()
        self._inline.close()  # also the reader
        await self._run(self._db.close)

    async def _write(
        self, state: SessionState, rows: LedgerRows, turns: list[Turn], replace_history: bool, write_id: str
    ) -> None:
        small = not replace_history and len(turns) <= 1 and len(rows.upserts) + len(rows.removed) <= INLINE_ROWS
        if small:
            made = await self._grouped(state, rows, turns, write_id)
            if made is None:  # not on asyncio's loop (trio): each write alone, on the event loop when it can be
                # another writer holds SQLite's lock for a moment: try again soon, rather than wait in the worker
                # thread, whose busy handler sleeps with this process's other store calls queued behind it
                for pause in BUSY_PAUSES_S:
                    if self._write_inline(state, rows, turns, write_id):
                        made = True
                        self._count_writes(1)
                        break
                    await anyio.sleep(pause)
            if made:
                if self._checkpoint_due:
                    self._checkpoint_due = False
                    await self._run(self._checkpoint)
                return
        await self._run(self._write_now, self._db, state, rows, turns, replace_history, write_id)

    def _count_writes(self, made: int) -> None:
        before, self._writes = self._writes, self._writes + made
        if before // CHECKPOINT_EVERY != self._writes // CHECKPOINT_EVERY:
            self._checkpoint_due = True

    async def _grouped(self, state: SessionState, rows: LedgerRows, turns: list[Turn], write_id: str) -> bool | None:
        """The write made in a group with the other small writes of this step of the event loop (see the module
        docstring); False when SQLite stayed busy through every try (nothing was written: the caller writes it
        in the worker thread), None on an event loop other than asyncio's. Raises what the write alone would
        have raised."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # another event loop (trio)
            return None
        one = _Grouped(state, rows, turns, write_id, loop.create_future())
        if not self._group:
            loop.call_soon(self._flush)
        self._group.append(one)
        # A call cancelled while its write waits still has it made, before it goes on: the flush was queued before
        # the cancelled call's wake-up (as each write was made at once before, and the session's lock is given
        # back only after). A group waiting out a busy SQLite leaves out the cancelled calls' writes, as that wait
        # was cancellable before too.
        return await one.done

    def _tried_alone(self, state: SessionState, rows: LedgerRows, turns: list[Turn], write_id: str) -> bool:
        if self._write_inline(state, rows, turns, write_id):
            self._count_writes(1)
            return True
        return False

    def _flush(self) -> None:
        """Make the writes grouped in this step, ``GROUP_MAX`` a transaction."""
        group, self._group = self._group, []
        for start in range(0, len(group), GROUP_MAX):
            self._flush_group(group[start : start + GROUP_MAX], 0)

    def _flush_group(self, group: list[_Grouped], tries: int) -> None:
        """One transaction for ``group``; SQLite busy: tried again after ``BUSY_PAUSES_S[tries]``."""
        db = self._inline
        try:
            self._begin(db)
        except _Busy:
            if tries < len(BUSY_PAUSES_S):
                asyncio.get_running_loop().call_later(BUSY_PAUSES_S[tries], self._retry_group, group, tries + 1)
            else:
                for one in group:
                    _settle(one.done, False)  # each to the worker thread, which waits its turn
            return
        except sqlite3.Error as exc:
            failed = StoreUnavailable(f"SQLite session store {self.path}: {exc}")
            for one in group:
                _settle(one.done, failed)
            return
        made: list[tuple[_Grouped, int, float]] = []
        refused: list[tuple[_Grouped, StateConflict]] = []
        try:
            for one in group:
                try:
                    version, now = self._apply(db, one.state, one.rows, one.turns, False, one.write_id)
                except StateConflict as exc:  # refused before it changed anything: the others go on
                    refused.append((one, exc))
                    continue
                made.append((one, version, now))
            db.execute("COMMIT")
        except BaseException as failure:
            # any other failure: nothing of the group stays, and each write is made alone, as it was before
            with suppress(sqlite3.Error):
                db.execute("ROLLBACK")
            if not isinstance(failure, Exception):  # KeyboardInterrupt and the like: nothing was written
                for one in group:
                    _settle(one.done, StoreUnavailable(f"SQLite session store {self.path}: {failure!r}"))
                raise
            for one in group:
                try:
                    _settle(one.done, self._tried_alone(one.state, one.rows, one.turns, one.write_id))
                except Exception as alone:
                    _settle(one.done, alone)
            return
        self._count_writes(len(made))
        for one, version, now in made:
            one.state.version, one.state.updated_at = version, now
            _settle(one.done, True)
        for one, stale in refused:
            _settle(one.done, stale)

    def _retry_group(self, group: list[_Grouped], tries: int) -> None:
        waiting = [one for one in group if not one.done.done()]  # a call cancelled during the pause writes nothing
        if waiting:
            self._flush_group(waiting, tries)

    def _write_inline(self, state: SessionState, rows: LedgerRows, turns: list[Turn], write_id: str) -> bool:
        """A small write on the event loop's own connection; False when SQLite is busy (nothing was written)."""
        try:
            self._write_now(self._inline, state, rows, turns, False, write_id)
        except _Busy:
            return False
        except sqlite3.Error as exc:
            raise StoreUnavailable(f"SQLite session store {self.path}: {exc}") from None
        return True

    # ---- in the worker thread (and ``_write_now`` on the event loop's connection for small writes) ----

    @contextmanager
    def _transaction(self, db: sqlite3.Connection | None = None) -> Iterator[None]:
        db = db or self._db
        self._begin(db)
        try:
            yield
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def _begin(self, db: sqlite3.Connection) -> None:
        try:
            db.execute("BEGIN IMMEDIATE")  # take the write lock before reading anything
        except sqlite3.OperationalError as exc:
            if (
                db is self._inline and exc.sqlite_errorcode & 0xFF in _BUSY
            ):  # the worker thread's connection waits instead
                raise _Busy from None
            raise

    def _checkpoint(self) -> None:
        """What SQLite's automatic checkpoint does after a commit, for the event loop's writes (whose connection
        never checkpoints): copy the WAL into the database as far as no reader needs it, waiting for nobody."""
        self._db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()

    def _one(self, sql: str, *args: Any) -> Any:
        return self._db.execute(sql, args).fetchone()

    def _all(self, sql: str, *args: Any) -> list[Any]:
        return self._db.execute(sql, args).fetchall()

    def _load_now(self, experiment: str, key: str, known_write: str | None) -> SessionState | None:
        where = (experiment, key)
        if known_write is not None:
            row = self._db.execute(f"SELECT write_id FROM sessions WHERE {_S}", where).fetchone()
            if row is not None and row[0] == known_write:
                return None
        self._db.execute("BEGIN")  # head and records from one snapshot of the file
        try:
            row = self._db.execute(f"SELECT state FROM sessions WHERE {_S}", where).fetchone()
            found = self._db.execute(f"SELECT entity, id, record FROM records WHERE {_S}", where).fetchall()
        finally:
            self._db.execute("COMMIT")
        if row is None:
            return SessionState(experiment=experiment, key=key)
        records: dict[str, dict[str, Any]] = {}
        for entity, id_, record in found:
            records.setdefault(entity, {})[id_] = json.loads(record)
        return from_stored(json.loads(row[0]), records)

    def _write_now(
        self,
        db: sqlite3.Connection,
        state: SessionState,
        rows: LedgerRows,
        turns: list[Turn],
        replace_history: bool,
        write_id: str,
    ) -> None:
        # the transaction as _transaction makes it, written out: every call's commit came here, and the generator
        # context manager added its frames (contextlib's __enter__/__exit__, the generator) to each
        self._begin(db)
        try:
            version, now = self._apply(db, state, rows, turns, replace_history, write_id)
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
        state.version, state.updated_at = version, now

    def _apply(
        self,
        db: sqlite3.Connection,
        state: SessionState,
        rows: LedgerRows,
        turns: list[Turn],
        replace_history: bool,
        write_id: str,
    ) -> tuple[int, float]:
        """One write's statements, in the caller's transaction; its version and time. A stale version raises
        ``conflict`` before anything is changed."""
        where = (state.experiment, state.key)
        version, now = state.version + 1, self.clock()
        head = _dumps(head_json(state, version, now))
        # the version check and the head in one statement: the row moves on only from the version we loaded
        # (a call's write was five statements and two empty ones between BEGIN and COMMIT, now two)
        updated = db.execute(_UPDATE_HEAD, (version, now, head, write_id, *where, state.version)).rowcount
        if not updated:
            row = db.execute(f"SELECT version FROM sessions WHERE {_S}", where).fetchone()
            stored = 0 if row is None else row[0]
            if stored != state.version or row is not None:
                raise conflict(state.key, stored, state.version)
            db.execute(_INSERT_HEAD, (*where, version, now, head, write_id))  # the session's first write
        if replace_history:
            db.execute(f"DELETE FROM turns WHERE {_S}", where)
        if rows.replace:
            db.execute(f"DELETE FROM records WHERE {_S}", where)
        if rows.upserts:
            db.executemany(
                "INSERT OR REPLACE INTO records VALUES (?, ?, ?, ?, ?)",
                [(*where, entity, id_, _dumps(record)) for entity, id_, record in rows.upserts],
            )
        if rows.removed:
            db.executemany(
                f"DELETE FROM records WHERE {_S} AND entity=? AND id=?", [(*where, e, i) for e, i in rows.removed]
            )
        if turns:
            db.executemany(
                "INSERT INTO turns VALUES (?, ?, ?, ?)", [(*where, t.index, _dumps(t.to_json())) for t in turns]
            )
        return version, now

    def _delete(self, experiment: str, key: str, stale_before: float | None = None) -> bool:
        """Delete a session and its history; with ``stale_before``, only if it was not written since."""
        where = (experiment, key)
        with self._transaction():
            if stale_before is not None:
                sql = "SELECT 1 FROM sessions WHERE experiment=? AND key=? AND updated_at < ?"
                if self._db.execute(sql, (*where, stale_before)).fetchone() is None:
                    return False
            self._db.execute("DELETE FROM turns WHERE experiment=? AND key=?", where)
            self._db.execute("DELETE FROM records WHERE experiment=? AND key=?", where)
            return self._db.execute("DELETE FROM sessions WHERE experiment=? AND key=?", where).rowcount > 0


@dataclass(eq=False)
class _Grouped:
    """A small write waiting for its group's transaction; ``done`` is True once committed, False when SQLite stayed
    busy (nothing written), or the write's own exception."""

    state: SessionState
    rows: LedgerRows
    turns: list[Turn]
    write_id: str
    done: asyncio.Future[bool]


def _settle(done: asyncio.Future[bool], outcome: bool | BaseException) -> None:
    if done.done():  # its call was cancelled
        return
    if isinstance(outcome, BaseException):
        done.set_exception(outcome)
    else:
        done.set_result(outcome)


class _Busy(Exception):
    """The event loop's connection found SQLite's write lock taken: nothing was written."""


_BUSY = (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
INLINE_ROWS = 16  # ledger rows a write may carry and still be made on the event loop
INLINE_TURNS = 16  # turns a history read may return and still be made on the event loop
CHECKPOINT_EVERY = 256  # small writes (3-4 pages each) between checkpoints; SQLite's own default is 1,000 pages
GROUP_MAX = 64  # small writes a transaction: ~1/64 of the commit's cost each, SQLite's lock held ~2 ms at most
BUSY_PAUSES_S = (0.0005, 0.001, 0.002, 0.004, 0.008, 0.016)  # a busy small write is tried again after each (31 ms)


# json.dumps with any argument builds a JSONEncoder per call (about 1.7 us); one encoder, the same text
_dumps = json.JSONEncoder(separators=(",", ":")).encode
