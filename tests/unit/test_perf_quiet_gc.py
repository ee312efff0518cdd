"""A young collection waits for a quiet moment: none while a POST is in flight, one when the last is answered
(``serving/quiet_gc.py``), of the generation the collector itself would pick; answers are unchanged."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Iterator
from typing import Any

import pytest

from mcp_sim.serving import quiet_gc


@pytest.fixture
def collections(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """The generations ``gc.collect`` is asked for (nothing is collected), and counts as the test sets them."""
    asked: list[int] = []
    monkeypatch.setattr(quiet_gc.gc, "collect", lambda generation=2: asked.append(generation) or 0)
    yield asked


def _counts(monkeypatch: pytest.MonkeyPatch, counts: tuple[int, int, int], thresholds: tuple[int, int, int]) -> None:
    monkeypatch.setattr(quiet_gc.gc, "get_count", lambda: counts)
    monkeypatch.setattr(quiet_gc.gc, "get_threshold", lambda: thresholds)


async def _steps(n: int = 3) -> None:
    for _ in range(n):
        await asyncio.sleep(0)


async def test_collects_once_when_the_last_call_is_done(
    monkeypatch: pytest.MonkeyPatch, collections: list[int]
) -> None:
    _counts(monkeypatch, (quiet_gc.IDLE_MIN, 0, 0), (100_000, 10, 10))
    calls = quiet_gc.Calls()
    calls.enter()
    calls.enter()
    calls.leave()
    await _steps()
    assert collections == []  # one still in flight
    calls.leave()
    assert collections == []  # not in the step that answered: at its end
    await _steps()
    assert collections == [0]
    assert calls.in_flight == 0


async def test_no_collection_when_little_has_grown(monkeypatch: pytest.MonkeyPatch, collections: list[int]) -> None:
    _counts(monkeypatch, (quiet_gc.IDLE_MIN - 1, 0, 0), (100_000, 10, 10))
    calls = quiet_gc.Calls()
    calls.enter()
    calls.leave()
    await _steps()
    assert collections == []


async def test_a_call_that_arrives_before_the_collection_puts_it_off(
    monkeypatch: pytest.MonkeyPatch, collections: list[int]
) -> None:
    _counts(monkeypatch, (quiet_gc.IDLE_MIN, 0, 0), (100_000, 10, 10))
    calls = quiet_gc.Calls()
    calls.enter()
    calls.leave()
    calls.enter()  # in the same step: the scheduled collection finds it in flight
    await _steps()
    assert collections == []
    calls.leave()
    await _steps()
    assert collections == [0]


async def test_no_collection_while_the_collector_is_off(
    monkeypatch: pytest.MonkeyPatch, collections: list[int]
) -> None:
    _counts(monkeypatch, (quiet_gc.IDLE_MIN, 0, 0), (100_000, 10, 10))
    monkeypatch.setattr(quiet_gc.gc, "isenabled", lambda: False)
    calls = quiet_gc.Calls()
    calls.enter()
    calls.leave()
    await _steps()
    assert collections == []


@pytest.mark.parametrize(
    ("counts", "generation"),
    [((50, 0, 0), 0), ((50, 10, 0), 0), ((50, 11, 0), 1), ((50, 11, 11), 2), ((50, 0, 11), 2)],
)
def test_the_generation_is_the_oldest_past_its_threshold(
    monkeypatch: pytest.MonkeyPatch, counts: tuple[int, int, int], generation: int
) -> None:
    _counts(monkeypatch, counts, (100, 10, 10))
    assert quiet_gc.oldest_due() == generation


def test_the_young_threshold_follows_the_calls_in_flight_once_settled(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(quiet_gc.gc, "get_count", lambda: (0, 0, 0))  # no quiet collection due: thresholds only
    thresholds = gc.get_threshold()
    calls = quiet_gc.Calls()
    try:
        calls.enter()
        assert gc.get_threshold() == thresholds  # start-up: the collector's own thresholds are left alone
        calls.settle(50_000)
        assert gc.get_threshold() == (50_000 + quiet_gc.PER_CALL, *thresholds[1:])
        calls.enter()
        calls.enter()
        assert gc.get_threshold() == (50_000 + 3 * quiet_gc.PER_CALL, *thresholds[1:])
        for _ in range(3):
            calls.leave()
        assert gc.get_threshold() == (50_000, *thresholds[1:])  # the older generations' rhythm kept
        assert calls.in_flight == 0
    finally:
        gc.set_threshold(*thresholds)


def test_settled_hands_the_young_threshold_to_the_calls(monkeypatch: pytest.MonkeyPatch) -> None:
    from mcp_sim.serving import host

    calls = quiet_gc.Calls()
    monkeypatch.setattr(quiet_gc, "CALLS", calls)
    thresholds = gc.get_threshold()
    try:
        host.settled()
        assert calls.young == host.YOUNG_THRESHOLD
        assert gc.get_threshold() == (host.YOUNG_THRESHOLD, *thresholds[1:])
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)


def test_a_real_collection_frees_a_cycle() -> None:
    """Not mocked: what ``collect`` asks for is a real collection that frees garbage in cycles."""

    class Node:
        other: Any = None

    gc.collect()
    a, b = Node(), Node()
    a.other, b.other = b, a
    del a, b
    calls = quiet_gc.Calls()
    assert calls.in_flight == 0
    assert gc.collect(quiet_gc.oldest_due()) + gc.collect() >= 2


async def test_every_post_is_counted_in_and_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """The endpoint counts a POST in before it reads it and out however it ends (answered, refused, raised)."""
    from mcp_sim.serving import response_modes

    seen: list[int] = []

    class Spy(quiet_gc.Calls):
        def enter(self) -> None:
            super().enter()
            seen.append(self.in_flight)

    spy = Spy()
    monkeypatch.setattr(quiet_gc, "CALLS", spy)
    modes = object.__new__(response_modes.ResponseModes)
    modes.legacy_sse = None
    scope = {"type": "http", "method": "POST", "headers": [(b"content-type", b"text/plain")]}
    sent: list[Any] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"{}", "more_body": False}

    async def send(message: Any) -> None:
        sent.append(message)

    await modes(scope, receive, send)  # refused: not JSON
    assert seen == [1]
    assert spy.in_flight == 0
    assert sent and sent[0]["status"] >= 400


def test_without_an_asyncio_loop_the_quiet_collection_is_made_at_once(
    monkeypatch: pytest.MonkeyPatch, collections: list[int]
) -> None:
    # an app served on another event loop (trio) has no asyncio loop to put the collection at the end of a step
    _counts(monkeypatch, (quiet_gc.IDLE_MIN, 0, 0), (100_000, 10, 10))
    calls = quiet_gc.Calls()
    calls.enter()
    calls.leave()
    assert collections == [0]
