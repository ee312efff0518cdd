"""``state:`` URLs to stores: ``memory://``, ``sqlite:///relative.db`` or ``sqlite:////abs.db``, ``redis://host:port/db``.

Every URL takes ``?ttl=SECONDS``: sessions idle for longer are deleted (``StateStore.expire``). Without
``state:``, an experiment keeps its sessions in ``<experiment dir>/.mcp-sim/<name>.db``.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from mcp_sim.errors import StartupError
from mcp_sim.state.base import StateStore


def default_url(base_dir: Path, name: str) -> str:
    safe = re.sub(r"[^A-Za-z0-9._-]+", "_", name) or "sessions"
    return f"sqlite:///{(base_dir / '.mcp-sim' / f'{safe}.db').resolve()}"  # an absolute path: four slashes


def open_store_url(url: str | None, base_dir: Path, name: str) -> StateStore:
    """The store a ``state:`` URL names; relative SQLite paths are relative to the experiment's directory."""
    url = url or default_url(base_dir, name)
    parts = urlsplit(url)
    query = dict(parse_qsl(parts.query))
    ttl_s = _ttl(url, query.pop("ttl", None))
    if parts.scheme == "memory":
        from mcp_sim.state.memory import MemoryStore

        return MemoryStore(ttl_s=ttl_s)
    if parts.scheme == "sqlite":
        from mcp_sim.state.sqlite import SQLiteStore

        path = url.split("?", 1)[0][len("sqlite:///") :]
        if not path or not url.startswith("sqlite:///"):
            raise StartupError(f"state: {url!r}: expected sqlite:///relative/path.db or sqlite:////absolute/path.db")
        return SQLiteStore(base_dir / path, ttl_s=ttl_s)
    if parts.scheme in ("redis", "rediss", "unix"):
        from mcp_sim.state.redis import RedisStore

        return RedisStore(urlunsplit(parts._replace(query=urlencode(query))), ttl_s=ttl_s)
    raise StartupError(f"state: unsupported store URL {url!r} (expected memory://, sqlite:///..., redis://...)")


def _ttl(url: str, raw: str | None) -> float | None:
    if raw is None:
        return None
    try:
        ttl = float(raw)
    except ValueError:
        ttl = -1.0
    if ttl <= 0:
        raise StartupError(f"state: {url!r}: ttl must be a positive number of seconds, got {raw!r}")
    return ttl
