"""Recorded real observations, keyed by (tool, canonical arguments, state version), in one SQLite file.

The state version says which world an observation was seen in. mcp-sim cannot look inside a real backend,
so the version is a hash chain over the session's state-changing calls so far: it starts at ``ROOT`` and
each call that may change state (anything not marked read-only, see ``mutates``) moves it to
``H(version, tool, canonical arguments)``. Replaying the same calls in the same order reaches the same
versions, so reads hit the observation recorded in the same world; reads may come in any order between
writes. Several observations under one key (a tool called twice in one world): the newest is served.

The store is independent of the session state store: a file next to the experiment (``recordings:``),
shared by experiments that name the same file. Nothing touches the disk until the first write or read.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio

from mcp_sim.config import Example, ToolSpec
from mcp_sim.errors import ConfigError
from mcp_sim.ledger.effects import effect_of
from mcp_sim.state.base import SessionState, StateStore, Turn

ROOT = "0" * 16  # the version of a fresh session
# A recorded JSON-RPC error (imported trajectories have them) is stored as the isError result an agent would
# read, with the error itself under this _meta key, so replay can answer it as the JSON-RPC error it was.
PROTOCOL_ERROR_META = "mcp-sim/protocol_error"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS observations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    tool TEXT NOT NULL,
    arguments TEXT NOT NULL,
    version TEXT NOT NULL,
    route TEXT NOT NULL,
    experiment TEXT NOT NULL,
    session TEXT NOT NULL,
    call_index INTEGER NOT NULL,
    real TEXT NOT NULL,
    sim TEXT,
    fidelity TEXT,
    recorded_at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS observations_key ON observations (tool, arguments, version);
CREATE INDEX IF NOT EXISTS observations_tool ON observations (experiment, tool, route);
"""


def canonical_arguments(arguments: dict[str, Any]) -> str:
    """Sorted-key compact JSON: equal arguments give equal strings whatever their key order."""
    return json.dumps(arguments, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def mutates(spec: ToolSpec) -> bool:
    """Whether a call may change the real world. Unknown means yes: a miss is cheaper than a wrong hit."""
    if spec.annotations and spec.annotations.get("readOnlyHint") is True:
        return False
    return effect_of(spec).kind not in ("read", "list")


def next_version(version: str, tool: str, arguments: dict[str, Any]) -> str:
    digest = hashlib.sha256(f"{version}\n{tool}\n{canonical_arguments(arguments)}".encode())
    return digest.hexdigest()[:16]


def state_version(history: list[Turn], mutating: Callable[[str], bool]) -> str:
    """The version after ``history``; ``mutating(tool)`` says which tools change state."""
    version = ROOT
    for turn in history:
        if mutating(turn.tool):
            version = next_version(version, turn.tool, turn.arguments)
    return version


async def session_version(store: StateStore, state: SessionState, mutating: Callable[[str], bool]) -> str:
    """The version a session's next call sees. A turn of a recording route carries the version it was keyed
    with (``trace.recording.version``), so usually only the last turn is read; after turns of other routes
    the whole history is replayed once."""
    if state.call_count == 0:
        return ROOT
    last = await store.turns(state.experiment, state.key, start=state.call_count - 1, limit=1)
    known = last[0].trace.get("recording", {}).get("version") if last else None
    if isinstance(known, str):
        return _advance(known, last[0], mutating)
    return state_version(await store.turns(state.experiment, state.key), mutating)


def _advance(version: str, turn: Turn, mutating: Callable[[str], bool]) -> str:
    return next_version(version, turn.tool, turn.arguments) if mutating(turn.tool) else version


@dataclass(frozen=True)
class ObservationKey:
    tool: str
    arguments: str  # canonical_arguments(...)
    version: str


@dataclass(frozen=True)
class Observation:
    """One stored row: the real result, and for shadow rows the simulated one with its fidelity."""

    id: int
    key: ObservationKey
    route: str
    experiment: str
    session: str
    call_index: int
    real: dict[str, Any]
    sim: dict[str, Any] | None
    fidelity: dict[str, Any] | None


class Recordings:
    """The SQLite file of observations. Calls run in a worker thread so the event loop never waits on disk."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._db: sqlite3.Connection | None = None
        self._lock = threading.Lock()

    async def add(
        self,
        key: ObservationKey,
        *,
        route: str,
        experiment: str,
        session: str,
        call_index: int,
        real: dict[str, Any],
        sim: dict[str, Any] | None = None,
        fidelity: dict[str, Any] | None = None,
    ) -> int:
        row = (key.tool, key.arguments, key.version, route, experiment, session, call_index)
        blobs = (_dump(real), _dump(sim), _dump(fidelity), time.time())
        sql = (
            "INSERT INTO observations (tool, arguments, version, route, experiment, session, call_index,"
            " real, sim, fidelity, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        )
        return await anyio.to_thread.run_sync(self._write, sql, (*row, *blobs))

    async def find(self, key: ObservationKey) -> Observation | None:
        """The newest observation recorded under ``key``, or None (also when the file does not exist yet)."""
        if not self.path.exists():
            return None
        sql = f"SELECT {_COLUMNS} FROM observations WHERE tool = ? AND arguments = ? AND version = ? ORDER BY id DESC"
        rows = await anyio.to_thread.run_sync(self._read, sql + " LIMIT 1", (key.tool, key.arguments, key.version))
        return rows[0] if rows else None

    async def divergences(self, experiment: str, tool: str, limit: int) -> list[float]:
        """The divergence scores of the newest ``limit`` shadow runs of ``tool``, newest first (``route: auto``
        reads them as the tool's measured fidelity)."""
        if not self.path.exists():
            return []
        sql = (
            "SELECT json_extract(fidelity, '$.divergence') FROM observations WHERE experiment = ? AND tool = ?"
            " AND route = 'shadow' AND fidelity IS NOT NULL ORDER BY id DESC LIMIT ?"
        )
        rows = await anyio.to_thread.run_sync(self._scalars, sql, (experiment, tool, limit))
        return [float(value) for value in rows if isinstance(value, int | float)]

    def all(self) -> Iterator[Observation]:
        """Every observation in recording order (for report and export, which run outside the event loop)."""
        if self.path.exists():
            yield from self._read(f"SELECT {_COLUMNS} FROM observations ORDER BY id", ())

    def rows(self) -> list[Observation]:
        """Every observation in recording order; a file that is not a recordings file is a ``ConfigError``."""
        try:
            return list(self.all())
        except (sqlite3.DatabaseError, ValueError, KeyError, TypeError) as exc:
            raise ConfigError([f"{self.path}: not a recordings file ({exc})"]) from None

    def add_all(self, rows: list[tuple[ObservationKey, str, str, int, dict[str, Any]]]) -> int:
        """Store ``(key, experiment, session, call_index, real)`` rows in one transaction (``route: import``):
        all of them or, on any failure, none. Returns how many were stored."""
        sql = (
            "INSERT INTO observations (tool, arguments, version, route, experiment, session, call_index,"
            " real, sim, fidelity, recorded_at) VALUES (?, ?, ?, 'import', ?, ?, ?, ?, NULL, NULL, ?)"
        )
        now = time.time()
        params = [
            (k.tool, k.arguments, k.version, experiment, session, index, _dump(real), now)
            for k, experiment, session, index, real in rows
        ]
        with self._lock:
            db = self._connection()
            db.execute("BEGIN")
            try:
                db.executemany(sql, params)
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
        return len(params)

    def examples(self) -> dict[str, list[Example]]:
        """tool -> every real answer recorded for it, as examples the world models learn from (oldest first)."""
        found: dict[str, list[Example]] = {}
        for row in self.rows():
            found.setdefault(row.key.tool, []).append(
                Example(arguments=json.loads(row.key.arguments), result=without_protocol_error(row.real))
            )
        return found

    def close(self) -> None:
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None

    def _connection(self) -> sqlite3.Connection:
        if self._db is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")  # with WAL: safe against crashes, no fsync per row
            self._db.executescript(_SCHEMA)
        return self._db

    def _write(self, sql: str, params: tuple[Any, ...]) -> int:
        with self._lock:
            cursor = self._connection().execute(sql, params)
            return int(cursor.lastrowid or 0)

    def _scalars(self, sql: str, params: tuple[Any, ...]) -> list[Any]:
        with self._lock:
            return [row[0] for row in self._connection().execute(sql, params)]

    def _read(self, sql: str, params: tuple[Any, ...]) -> list[Observation]:
        with self._lock:
            return [_observation(row) for row in self._connection().execute(sql, params)]


_COLUMNS = "id, tool, arguments, version, route, experiment, session, call_index, real, sim, fidelity"


def _observation(row: tuple[Any, ...]) -> Observation:
    id_, tool, arguments, version, route, experiment, session, index, real, sim, fidelity = row
    key = ObservationKey(tool, arguments, version)
    return Observation(id_, key, route, experiment, session, index, json.loads(real), _load(sim), _load(fidelity))


def protocol_error_result(error: dict[str, Any]) -> dict[str, Any]:
    """How a recorded JSON-RPC error is stored: the isError result an agent reads, the error under ``_meta``."""
    message = str(error.get("message", ""))
    return {
        "content": [{"type": "text", "text": message}],
        "isError": True,
        "_meta": {PROTOCOL_ERROR_META: {"code": error.get("code"), "message": message}},
    }


def protocol_error_of(real: dict[str, Any]) -> dict[str, Any] | None:
    """The JSON-RPC error a stored result stands for, or None for an ordinary result."""
    error = (real.get("_meta") or {}).get(PROTOCOL_ERROR_META)
    return dict(error) if isinstance(error, dict) else None


def without_protocol_error(real: dict[str, Any]) -> dict[str, Any]:
    """The result without mcp-sim's own ``_meta`` mark (an example shows what the agent saw)."""
    meta = {k: v for k, v in (real.get("_meta") or {}).items() if k != PROTOCOL_ERROR_META}
    return {k: v for k, v in real.items() if k != "_meta"} | ({"_meta": meta} if meta else {})


def _dump(value: dict[str, Any] | None) -> str | None:
    return None if value is None else json.dumps(value, ensure_ascii=False)


def _load(text: str | None) -> dict[str, Any] | None:
    return None if text is None else dict(json.loads(text))
