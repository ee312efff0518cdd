"""Per-session locks (state/locks.py): one call of a key at a time, first come first served, nothing kept."""

from __future__ import annotations

import anyio
import pytest

from mcp_sim.state.locks import KeyedLocks

A = ("exp", "a")
B = ("exp", "b")


async def test_calls_of_one_key_run_one_at_a_time_in_arrival_order() -> None:
    locks = KeyedLocks()
    order: list[str] = []
    inside = 0

    async def call(name: str) -> None:
        nonlocal inside
        async with locks.hold(A):
            inside += 1
            assert inside == 1, "two calls of one key at once"
            order.append(name)
            await anyio.sleep(0.01)
            inside -= 1

    async with anyio.create_task_group() as tasks:
        for name in "xyz":
            tasks.start_soon(call, name)
            await anyio.sleep(0.001)  # x, then y, then z arrive
    assert order == ["x", "y", "z"]
    assert len(locks) == 0, "no entry is kept once nobody holds or waits"


async def test_different_keys_run_in_parallel() -> None:
    locks = KeyedLocks()
    both = anyio.Event()
    entered = 0

    async def call(key: tuple[str, str]) -> None:
        nonlocal entered
        async with locks.hold(key):
            entered += 1
            if entered == 2:
                both.set()
            with anyio.fail_after(5):
                await both.wait()

    async with anyio.create_task_group() as tasks:
        tasks.start_soon(call, A)
        tasks.start_soon(call, B)
    assert len(locks) == 0


async def test_a_waiter_cancelled_leaves_no_entry_and_a_failure_releases_the_lock() -> None:
    locks = KeyedLocks()

    async def waiter() -> None:
        with anyio.move_on_after(0.01):
            async with locks.hold(A):
                pytest.fail("entered a held lock")

    async with locks.hold(A):
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(waiter)
        assert len(locks) == 1, "only the holder is left"
    assert len(locks) == 0
    with pytest.raises(ValueError):
        async with locks.hold(A):
            raise ValueError("a call failed")
    with anyio.fail_after(1):
        async with locks.hold(A):  # free again
            pass
    assert len(locks) == 0
