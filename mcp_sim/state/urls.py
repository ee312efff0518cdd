"""``state:`` URLs to stores: ``memory://``, ``sqlite:///relative.db`` or ``sqlite:////abs.db``, ``redis://host:port/db``.

Every URL takes ``?ttl=SECONDS``: sessions idle for longer are deleted (``StateStore.expire``). Without
``state:``, an experiment keeps its sessions in ``<experiment dir>/.mcp-sim/<name>.db``. Redis URLs also take
``?max_connections=N`` (the pool; default: sized from the calls the process carries at once, ``concurrency``)
and ``?pool_timeout=SECONDS`` (how long a call waits for a free connection, default 20).
"""

from __future__ import annotations

import importlib.util
import math
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from mcp_sim.errors import StartupError
from mcp_sim.state.base import StateStore


def default_url(base_dir: Path, name: str) -> str:
    safe = re.sub(r"[^A-Za-z0-9._-]+", "_", name) or "sessions"
    return f"sqlite:///{(base_dir / '.mcp-sim' / f'{safe}.db').resolve()}"  # an absolute path: four slashes


@dataclass(frozen=True)
class StoreURL:
    """A ``state:`` URL taken apart and checked, nothing opened: ``mcp-sim validate`` stops here."""

    scheme: str
    url: str  # without ``ttl``
    sqlite_path: Path | None
    ttl_s: float | None
    max_connections: int | None = None  # Redis only; None: sized from the process's concurrency
    pool_timeout_s: float = 20.0


MIN_POOL, MAX_POOL = 64, 1024  # Redis connections per process: a call holds one only for one command


def parse_store_url(url: str | None, base_dir: Path, name: str) -> StoreURL:
    """Every check ``open_store_url`` makes before it opens anything (``StartupError`` naming the problem)."""
    url = url or default_url(base_dir, name)
    if any(ord(c) < 0x20 for c in url):
        raise StartupError(f"state: {url!r} contains a control character")
    parts = urlsplit(url)
    query = dict(parse_qsl(parts.query))
    ttl_s = _ttl(url, query.pop("ttl", None))
    if parts.scheme == "memory":
        return StoreURL("memory", url, None, ttl_s)
    if parts.scheme == "sqlite":
        path = url.split("?", 1)[0][len("sqlite:///") :]
        if not path or not url.startswith("sqlite:///"):
            raise StartupError(f"state: {url!r}: expected sqlite:///relative/path.db or sqlite:////absolute/path.db")
        return StoreURL("sqlite", url, base_dir / path, ttl_s)
    if parts.scheme in ("redis", "rediss", "unix"):
        if importlib.util.find_spec("redis") is None:
            raise StartupError(f"state: {url!r} needs the redis package: pip install 'mcp-sim[redis]'")
        pool = query.pop("max_connections", None)
        max_connections = None if pool is None else int(_positive(url, "max_connections", pool, 0))
        timeout = _positive(url, "pool_timeout", query.pop("pool_timeout", None), 20.0)
        plain = urlunsplit(parts._replace(query=urlencode(query)))
        return StoreURL("redis", plain, None, ttl_s, max_connections, timeout)
    raise StartupError(f"state: unsupported store URL {url!r} (expected memory://, sqlite:///..., redis://...)")


def open_store_url(url: str | None, base_dir: Path, name: str, concurrency: int | None = None) -> StateStore:
    """The store a ``state:`` URL names; relative SQLite paths are relative to the experiment's directory.
    ``concurrency``: how many calls the process may carry at once (sizes a Redis pool)."""
    parsed = parse_store_url(url, base_dir, name)
    if parsed.scheme == "memory":
        from mcp_sim.state.memory import MemoryStore

        return MemoryStore(ttl_s=parsed.ttl_s)
    if parsed.scheme == "sqlite":
        from mcp_sim.state.sqlite import SQLiteStore

        assert parsed.sqlite_path is not None
        return SQLiteStore(parsed.sqlite_path, ttl_s=parsed.ttl_s)
    from mcp_sim.state.redis import RedisStore

    pool = parsed.max_connections or min(MAX_POOL, max(MIN_POOL, concurrency or 0))
    return RedisStore(parsed.url, ttl_s=parsed.ttl_s, max_connections=pool, pool_timeout_s=parsed.pool_timeout_s)


def _ttl(url: str, raw: str | None) -> float | None:
    if raw is None:
        return None
    try:
        ttl = float(raw)
    except ValueError:
        ttl = -1.0
    if not math.isfinite(ttl) or ttl <= 0:  # nan, inf: a session would never or instantly expire
        raise StartupError(f"state: {url!r}: ttl must be a positive number of seconds, got {raw!r}")
    return ttl


def _positive(url: str, name: str, raw: str | None, default: float) -> float:
    if raw is None:
        return default
    try:
        value = float(raw)
    except ValueError:
        value = -1.0
    if not math.isfinite(value) or value <= 0 or (name == "max_connections" and not value.is_integer()):
        kind = "a positive whole number" if name == "max_connections" else "a positive number of seconds"
        raise StartupError(f"state: {url!r}: {name} must be {kind}, got {raw!r}")
    return value
