"""MemoryStore copies: what a caller does to a loaded state reaches the store only through save/commit."""

from __future__ import annotations

from mcp_sim.ledger.entities import Effect
from mcp_sim.state.base import SessionState, Turn
from mcp_sim.state.memory import MemoryStore


def turn(index: int) -> Turn:
    return Turn(index=index, tool="t", arguments={}, route="sim", result={"content": []})


async def test_changes_to_a_loaded_state_stay_out_of_the_store_until_committed() -> None:
    store = MemoryStore()
    state = SessionState(experiment="e", key="k")
    state.ledger.apply(Effect("create", "item", "a", {"v": 1}))
    state.ledger.apply(Effect("delete", "item", "gone"))
    state.call_count = 1
    await store.commit(state, turn(0))
    state.ledger.apply(Effect("update", "item", "a", {"v": 99}))  # the caller's object, after the commit

    loaded = await store.load("e", "k")
    assert loaded.ledger.get("item", "a") == {"v": 1}
    loaded.ledger.apply(Effect("update", "item", "a", {"v": 2}))
    loaded.ledger.apply(Effect("create", "item", "b", {"v": 3}))
    loaded.ledger.apply(Effect("create", "item", "gone", {"v": 4}))  # takes 'gone' off the deleted list
    loaded.cursors["c"] = {"rest": [1]}
    again = await store.load("e", "k")
    assert again.ledger.get("item", "a") == {"v": 1} and again.ledger.get("item", "b") is None
    assert again.ledger.is_deleted("item", "gone") and again.cursors == {} and again.call_count == 1

    loaded.call_count = 2
    await store.commit(loaded, turn(1))
    loaded.cursors["c"]["rest"].append(2)
    latest = await store.load("e", "k")
    assert latest.ledger.get("item", "a") == {"v": 2} and latest.ledger.get("item", "b") == {"v": 3}
    assert not latest.ledger.is_deleted("item", "gone") and latest.cursors == {"c": {"rest": [1]}}
    assert again.ledger.get("item", "a") == {"v": 1}, "a copy loaded earlier does not see later commits"
    assert len(await store.turns("e", "k")) == 2
