"""Counts and gauges moved on an event loop are added up for the step of the loop and written once at its end
(``observability/metrics.py``, ``_add``); an exposition writes what is pending first; outside a loop, at once."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from mcp_sim.observability import metrics


def _writes(monkeypatch: pytest.MonkeyPatch, child: Any) -> list[float]:
    """The amounts written to ``child`` from now on (still written)."""
    seen: list[float] = []
    inc = child.inc

    def spied(amount: float = 1) -> None:
        seen.append(amount)
        inc(amount)

    monkeypatch.setattr(child, "inc", spied)
    return seen


def _value(child: Any) -> float:
    return float(child._value.get())  # the written value, without an exposition (which writes what is pending)


async def test_a_gauge_up_and_down_within_a_step_is_not_written(monkeypatch: pytest.MonkeyPatch) -> None:
    gauge = metrics._child(metrics.WORLD_MODEL_QUEUE, "perf-gauge")
    writes = _writes(monkeypatch, gauge)
    with metrics.world_model_queued("perf-gauge"):
        pass
    with metrics.world_model_queued("perf-gauge"):
        await asyncio.sleep(0)  # the step ends holding one: written as +1
        assert writes == [1.0]
        assert _value(gauge) == 1
    await asyncio.sleep(0)
    assert writes == [1.0, -1.0]
    assert _value(gauge) == 0


async def test_counts_of_a_step_are_written_once_as_their_sum(monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = metrics._child(metrics.WORLD_MODEL_TOKENS, "perf-count", "prompt")
    calls = metrics._child(metrics.CALLS, "perf-count", "t", "sim", "ok")
    prompt_writes, call_writes = _writes(monkeypatch, prompt), _writes(monkeypatch, calls)
    for _ in range(3):
        metrics.world_model_tokens("perf-count", prompt=100, completion=5)
        metrics.observe_call("perf-count", "t", "sim", "ok", 0.5, [])
    assert (prompt_writes, call_writes) == ([], [])  # pending until the step ends
    await asyncio.sleep(0)
    assert (prompt_writes, call_writes) == ([300.0], [3.0])
    assert (_value(prompt), _value(calls)) == (300, 3)


async def test_an_exposition_shows_what_is_pending() -> None:
    metrics.observe_call("perf-exposed", "t", "sim", "ok", 0.5, [])
    body = metrics.exposition().decode()
    assert 'mcp_sim_calls_total{experiment="perf-exposed",outcome="ok",route="sim",tool="t"} 1.0' in body


def test_outside_an_event_loop_a_count_is_written_at_once() -> None:
    calls = metrics._child(metrics.CALLS, "perf-sync", "t", "sim", "ok")
    metrics.observe_call("perf-sync", "t", "sim", "ok", 0.5, [])
    assert _value(calls) == 1
