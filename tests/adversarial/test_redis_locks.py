"""Issue 13, stale Redis locks: a holder killed with -9 no longer delays its session's next call until the
lease runs out; a live holder in another process is still waited for. Real redis-server, real processes."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap

import anyio
import pytest

from mcp_sim.state.redis import RedisStore

HOLDER = textwrap.dedent(
    """
    import sys, anyio
    from mcp_sim.state import redis as store_module
    store_module.LOCK_LEASE_S = 3600.0  # a lease of an hour: only breaking the lock can free it in time
    async def main():
        store = store_module.RedisStore(sys.argv[1], prefix=sys.argv[2])
        async with store.lock("exp", "episode"):
            print("held", flush=True)
            await anyio.sleep(3600)
    anyio.run(main)
    """
)


def hold_in_another_process(url: str, prefix: str) -> subprocess.Popen[str]:
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, url, prefix], stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None
    assert holder.stdout.readline().strip() == "held"
    return holder


async def test_a_lock_left_by_a_killed_process_is_broken_at_once(redis_url: str) -> None:
    holder = hold_in_another_process(redis_url, "kill9:")
    holder.send_signal(signal.SIGKILL)
    holder.wait()
    store = RedisStore(redis_url, prefix="kill9:")
    try:
        with anyio.fail_after(30):  # a hang guard: the lease left behind is an hour
            async with store.lock("exp", "episode"):
                state = await store.load("exp", "episode")
        assert state.version == 0
    finally:
        await store.aclose()
        holder.stdout.close()  # type: ignore[union-attr]


async def test_a_live_holder_in_another_process_is_waited_for(redis_url: str) -> None:
    holder = hold_in_another_process(redis_url, "live:")
    store = RedisStore(redis_url, prefix="live:")
    try:
        with anyio.move_on_after(1) as waited:
            async with store.lock("exp", "episode"):
                pytest.fail("took a lock its live holder still has")
        assert waited.cancelled_caught
    finally:
        holder.terminate()
        holder.wait()
        holder.stdout.close()  # type: ignore[union-attr]
        await store.aclose()
