"""runtime.py: the background work of a running experiment."""

from __future__ import annotations

import anyio

from mcp_sim.errors import StoreUnavailable
from mcp_sim.runtime import expire_abandoned
from mcp_sim.state.memory import MemoryStore


class FlakyStore(MemoryStore):
    """A store whose first expiry pass fails as Redis does when it is briefly unreachable."""

    def __init__(self) -> None:
        super().__init__(ttl_s=60)
        self.passes = 0
        self.second_pass = anyio.Event()

    async def expire(self) -> list[str]:
        self.passes += 1
        if self.passes == 1:
            raise StoreUnavailable("Redis session store: Error 111 connecting to 127.0.0.1:1. Connection refused.")
        self.second_pass.set()
        return await super().expire()


async def test_expiry_loop_survives_a_store_outage() -> None:
    """The loop runs in the experiment's task group: one failed pass used to take the whole server down."""
    store = FlakyStore()
    async with anyio.create_task_group() as tasks:
        tasks.start_soon(expire_abandoned, store, None, 0.0)
        await store.second_pass.wait()
        tasks.cancel_scope.cancel()
    assert store.passes >= 2
