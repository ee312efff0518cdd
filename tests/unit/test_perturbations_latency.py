"""latency: seeded delays from the configured distribution; a slow call holds up no other session."""

from __future__ import annotations

import math
from pathlib import Path

import anyio
import pytest

from mcp_sim.perturbations.latency import LatencyParams
from tests.unit.perturb_helpers import call_path, decisions


async def test_recorded_delays_follow_the_distribution_and_the_seed(tmp_path: Path) -> None:
    entry = {"type": "latency", "distribution": "uniform", "min_ms": 0.1, "max_ms": 0.5}
    async with call_path(tmp_path, [entry], seed=9) as path:
        for _ in range(20):
            await path.call("s", "list_tickets", {})
        delays = [turn[0]["changed"]["delay_ms"] for turn in await decisions(path, "s")]
    assert all(0.1 <= d <= 0.5 for d in delays) and len(set(delays)) > 10
    async with call_path(tmp_path, [entry], seed=9) as path:
        for _ in range(20):
            await path.call("s", "list_tickets", {})
        assert [turn[0]["changed"]["delay_ms"] for turn in await decisions(path, "s")] == delays


def test_lognormal_is_capped_and_centred_on_the_median() -> None:
    params = LatencyParams(distribution="lognormal", median_ms=200, sigma=1.0, max_ms=1000)
    assert params.draw_ms(0.5, 0.0) == 200
    assert params.draw_ms(0.5, 5.0) == 1000
    assert math.isclose(params.draw_ms(0.5, -1.0), 200 / math.e)


def test_incomplete_distributions_are_rejected() -> None:
    with pytest.raises(ValueError, match="needs ms"):
        LatencyParams(distribution="fixed")
    with pytest.raises(ValueError, match="min_ms must not exceed max_ms"):
        LatencyParams(distribution="uniform", min_ms=5, max_ms=1)


async def test_a_delayed_call_does_not_hold_up_other_sessions(tmp_path: Path) -> None:
    entry = {"type": "latency", "match": {"tools": ["list_tickets"]}, "ms": 60_000}
    async with call_path(tmp_path, [entry]) as path:
        order: list[str] = []
        async with anyio.create_task_group() as tasks:

            async def slow() -> None:
                await path.call("slow-session", "list_tickets", {})
                order.append("slow")

            tasks.start_soon(slow)
            await anyio.wait_all_tasks_blocked()
            result = await path.call("other-session", "create_ticket", {"title": "meanwhile"})
            order.append("other")
            assert not result.is_error
            tasks.cancel_scope.cancel()
        assert order == ["other"], "the other session answered while the slow call was still waiting"
