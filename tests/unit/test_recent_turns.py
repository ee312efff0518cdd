"""The general rules' window of recent turns (builtin/recent.py): the store's turns, read once per turn."""

from __future__ import annotations

import time

import pytest

from mcp_sim.config import ToolSpec
from mcp_sim.ledger.entities import Effect
from mcp_sim.simulation.base import SimulationRequest
from mcp_sim.simulation.builtin import recent as recent_module
from mcp_sim.simulation.builtin.recent import RecentTurns
from mcp_sim.state.base import SessionState, Turn
from mcp_sim.state.memory import MemoryStore

SPEC = ToolSpec(name="create_item", description="Create an item")
WINDOW = 8


class Session:
    """A MemoryStore session, with a log of the history slices asked of the store."""

    def __init__(self, store: MemoryStore, key: str = "s1") -> None:
        self.store = store
        self.state = SessionState(experiment="exp", key=key)
        self.fetched: list[int] = []

    async def add_turn(self, name: str | None = None) -> None:
        index = self.state.call_count
        effects = [Effect("create", "item", f"i-{index}", {"name": name or f"n{index}"})]
        turn = Turn(index, "create_item", {"name": name or f"n{index}"}, "sim", {"content": []}, effects=effects)
        turn.started_at = time.time()
        self.state.call_count += 1
        await self.store.commit(self.state, turn)

    def request(self) -> SimulationRequest:
        async def history(start: int) -> list[Turn]:
            self.fetched.append(start)
            return await self.store.turns("exp", self.state.key, start)

        return SimulationRequest(SPEC, {}, self.state, self.state.call_count, 0, history)

    async def window(self, recent: RecentTurns) -> list[Turn]:
        start = max(0, self.state.call_count - WINDOW)
        return await recent.reader(self.request())(start)


async def test_the_window_is_the_stores_and_only_turns_since_are_fetched() -> None:
    store, recent = MemoryStore(), RecentTurns()
    session = Session(store)
    for _ in range(30):
        start = max(0, session.state.call_count - WINDOW)
        assert await session.window(recent) == await store.turns("exp", "s1", start)
        await session.add_turn()
    # after the first reads, each call asks for the last kept turn (to check) and the one committed since
    assert session.fetched == [0, *(i - 2 for i in range(2, 30))]  # the first call has none to ask for
    # the next call, then a second read in that same call: the kept window, checked against its last turn
    session.fetched.clear()
    assert await session.window(recent) == await store.turns("exp", "s1", 30 - WINDOW)
    assert await session.window(recent) == await store.turns("exp", "s1", 30 - WINDOW)
    assert session.fetched == [28, 29]  # the turn kept last, then (same call) just the check of it


async def test_a_history_replaced_or_a_write_without_a_turn_reads_afresh() -> None:
    store, recent = MemoryStore(), RecentTurns()
    session, other = Session(store), Session(store, "s2")
    for _ in range(12):
        await session.add_turn()
        await other.add_turn(f"other{other.state.call_count}")
    await session.window(recent)
    # the session replaced by another's history of the same length and version: its turns are the other's
    await store.restore(await store.export("exp", "s2"), "s1")
    session.state = await store.load("exp", "s1")
    await session.add_turn()
    session.state = await store.load("exp", "s1")
    assert await session.window(recent) == await store.turns("exp", "s1", 13 - WINDOW)
    assert (await session.window(recent))[0].arguments == {"name": "other5"}
    # a save without a turn (a routing flag): the version moved more than the calls, so read afresh
    await store.save(session.state)
    session.fetched.clear()
    assert await session.window(recent) == await store.turns("exp", "s1", 13 - WINDOW)
    assert session.fetched == [13 - WINDOW]
    # a reset: an empty history
    await store.reset("exp", "s1")
    session.state = await store.load("exp", "s1")
    assert await session.window(recent) == []


async def test_past_the_bound_windows_are_dropped_and_read_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(recent_module, "MAX_TURNS", 10)  # two sessions' windows of 8 do not fit
    store, recent = MemoryStore(), RecentTurns()
    sessions = [Session(store, "s1"), Session(store, "s2")]
    for _ in range(12):
        for session in sessions:
            start = max(0, session.state.call_count - WINDOW)
            assert await session.window(recent) == await store.turns("exp", session.state.key, start)
            await session.add_turn()
    assert recent._kept <= 10
