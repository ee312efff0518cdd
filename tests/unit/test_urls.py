"""``state:`` URLs to stores."""

from __future__ import annotations

from pathlib import Path

import pytest

from mcp_sim.errors import StartupError
from mcp_sim.state.memory import MemoryStore
from mcp_sim.state.redis import RedisStore
from mcp_sim.state.sqlite import SQLiteStore
from mcp_sim.state.urls import open_store_url


async def test_without_state_sessions_go_to_a_sqlite_file_next_to_the_experiment(tmp_path: Path) -> None:
    store = open_store_url(None, tmp_path, "my exp")
    assert isinstance(store, SQLiteStore) and store.path == tmp_path / ".mcp-sim" / "my_exp.db"
    assert store._db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    await store.aclose()


@pytest.mark.parametrize(
    ("url", "where"),
    [("sqlite:///data/s.db", "data/s.db"), ("sqlite:///{tmp}/abs.db?ttl=30", "abs.db")],
)
async def test_sqlite_paths_are_relative_to_the_experiment_or_absolute(tmp_path: Path, url: str, where: str) -> None:
    store = open_store_url(url.format(tmp=tmp_path), tmp_path, "x")
    assert isinstance(store, SQLiteStore) and store.path == tmp_path / where
    assert store.ttl_s == (30 if "ttl" in url else None)
    await store.aclose()


async def test_memory_and_redis_urls_take_a_ttl(tmp_path: Path) -> None:
    assert isinstance(open_store_url("memory://", tmp_path, "x"), MemoryStore)
    redis = open_store_url("redis://127.0.0.1:1/2?ttl=3600", tmp_path, "x")
    assert isinstance(redis, RedisStore) and redis.ttl_s == 3600 and redis.url == "redis://127.0.0.1:1/2"
    await redis.aclose()


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("postgres://x", "unsupported store URL"),
        ("memory://?ttl=-1", "ttl must be a positive"),
        ("sqlite://x.db", "expected sqlite:///"),
    ],
)
def test_bad_urls_say_what_is_expected(tmp_path: Path, url: str, message: str) -> None:
    with pytest.raises(StartupError, match=message):
        open_store_url(url, tmp_path, "x")
