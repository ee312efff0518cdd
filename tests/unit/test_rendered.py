"""The rendered-history cache: same messages as rendering the whole history, fetching only new turns."""

from __future__ import annotations

import json

from mcp_sim.config import ToolSpec
from mcp_sim.ledger.entities import Effect
from mcp_sim.simulation.base import SimulationRequest
from mcp_sim.simulation.llm import prompts
from mcp_sim.simulation.llm.rendered import HistoryCache
from mcp_sim.state.base import SessionState, Turn
from mcp_sim.state.memory import MemoryStore

SPEC = ToolSpec(name="create_order", description="Create an order")
PROMPT = prompts.Prompt(prompts.system_text([SPEC]), budget_chars=2000)  # small: the window moves often


class Session:
    """A real MemoryStore session, with a log of which history slices the cache asked for."""

    def __init__(self, store: MemoryStore, key: str = "s1", ephemeral: bool = False) -> None:
        self.store = store
        self.state = SessionState(experiment="exp", key=key, ephemeral=ephemeral)
        self.fetched: list[int] = []

    async def add_turn(self) -> None:
        index = self.state.call_count
        text = json.dumps({"order_id": f"ord-{index}", "filler": "f" * (index * 7 % 300)})
        effects = [Effect("create", "order", f"ord-{index}", {"n": index})]
        result = {"content": [{"type": "text", "text": text}]}
        turn = Turn(index, "create_order", {"item": f"thing-{index}"}, "sim", result, effects=effects)
        self.state.call_count += 1
        await self.store.commit(self.state, turn)

    def request(self) -> SimulationRequest:
        async def history(start: int) -> list[Turn]:
            self.fetched.append(start)
            return await self.store.turns("exp", self.state.key, start)

        index = self.state.call_count
        return SimulationRequest(SPEC, {"item": f"thing-{index}"}, self.state, index, 0, history)

    def current(self) -> prompts.CurrentCall:
        return prompts.CurrentCall(self.state.call_count, "create_order", {"item": f"thing-{self.state.call_count}"})


async def test_messages_match_a_full_render_while_the_window_moves_and_only_new_turns_are_fetched() -> None:
    store, cache = MemoryStore(), HistoryCache(capacity=8)
    session = Session(store)
    summaries = set()
    for _ in range(60):
        encoded = (await cache.history(session.request())).encoded_messages(PROMPT, session.current()).json
        full = prompts.conversation(PROMPT, await store.turns("exp", "s1"), session.current())
        assert encoded == json.dumps(full), "the array joined from encoded pairs is byte for byte json.dumps"
        summaries.add(full[0]["content"])
        await session.add_turn()
    assert len(summaries) > 2, "the budget is small enough for the window to move several times"
    assert session.fetched == [0, *range(59)], "each call fetched only the turns after the cached ones"


async def test_a_session_started_again_under_the_same_key_is_rendered_from_its_new_history() -> None:
    store, cache = MemoryStore(), HistoryCache(capacity=8)
    session = Session(store)
    for _ in range(5):
        await cache.history(session.request())
        await session.add_turn()
    await store.delete("exp", "s1")
    again = Session(store)
    await again.add_turn()
    cached = json.loads((await cache.history(again.request())).encoded_messages(PROMPT, again.current()).json)
    assert cached == prompts.conversation(PROMPT, await store.turns("exp", "s1"), again.current())
    assert len(cached) == 4, "system, one earlier turn, the current call"


async def test_a_history_that_does_not_continue_the_cache_is_read_again_from_the_start() -> None:
    store, cache = MemoryStore(), HistoryCache(capacity=8)
    session = Session(store)
    for _ in range(3):
        await cache.history(session.request())
        await session.add_turn()
    other = MemoryStore()  # another process replaced the session with a longer, different history
    replaced = Session(other)
    for _ in range(5):
        await replaced.add_turn()
    session.store, session.state = other, replaced.state
    cached = json.loads((await cache.history(session.request())).encoded_messages(PROMPT, session.current()).json)
    assert cached == prompts.conversation(PROMPT, await other.turns("exp", "s1"), session.current())


async def test_the_cache_keeps_the_most_recent_sessions_and_never_keyless_ones() -> None:
    store, cache = MemoryStore(), HistoryCache(capacity=2)
    for key in ("a", "b", "c"):
        await cache.history(Session(store, key).request())
    await cache.history(Session(store, "anon", ephemeral=True).request())
    assert len(cache) == 2
    first = Session(store, "a")
    await cache.history(first.request())
    assert first.fetched == [0], "'a' was evicted: read again from the start"
