from __future__ import annotations

from pathlib import Path

from mcp_sim.config import ToolSpec
from mcp_sim.routing.recordings import (
    ROOT,
    ObservationKey,
    Recordings,
    canonical_arguments,
    mutates,
    next_version,
    session_version,
    state_version,
)
from mcp_sim.state.base import Turn


def turn(index: int, tool: str, **arguments: object) -> Turn:
    return Turn(index=index, tool=tool, arguments=dict(arguments), route="record", result=None)


def test_canonical_arguments_ignore_key_order() -> None:
    assert canonical_arguments({"b": 1, "a": {"y": 2, "x": 1}}) == canonical_arguments({"a": {"x": 1, "y": 2}, "b": 1})
    assert canonical_arguments({"a": "é"}) == '{"a":"é"}'


def test_reads_keep_the_version_and_writes_move_it() -> None:
    writes = {"create_note", "delete_note"}.__contains__
    created = state_version([turn(0, "create_note", title="a")], writes)
    assert created != ROOT
    assert state_version([turn(0, "create_note", title="a"), turn(1, "get_note", id="1")], writes) == created
    assert state_version([turn(0, "get_note", id="1"), turn(1, "create_note", title="a")], writes) == created
    assert state_version([turn(0, "create_note", title="b")], writes) != created
    assert next_version(ROOT, "create_note", {"title": "a"}) == created


def test_mutates_unless_read_only_or_a_read() -> None:
    assert mutates(ToolSpec(name="create_note")) is True
    assert mutates(ToolSpec(name="echo")) is True  # unknown: assume it may change state
    assert mutates(ToolSpec(name="get_note")) is False
    assert mutates(ToolSpec(name="list_notes")) is False
    assert mutates(ToolSpec(name="echo", annotations={"readOnlyHint": True})) is False


async def test_store_serves_the_newest_observation_of_a_key(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "rec.sqlite"
    recordings = Recordings(path)
    key = ObservationKey("get_note", canonical_arguments({"id": "1"}), ROOT)
    assert await recordings.find(key) is None
    assert not path.exists()  # reads never create the file
    first = await recordings.add(key, route="record", experiment="e", session="s", call_index=0, real={"n": 1})
    second = await recordings.add(
        key, route="shadow", experiment="e", session="s", call_index=1, real={"n": 2}, sim={"n": 3}, fidelity={"f": 1}
    )
    assert second > first
    found = await recordings.find(key)
    assert found is not None and (found.real, found.sim, found.fidelity, found.route) == (
        {"n": 2},
        {"n": 3},
        {"f": 1},
        "shadow",
    )
    assert await recordings.find(ObservationKey("get_note", canonical_arguments({"id": "1"}), "other")) is None
    recordings.close()

    reopened = Recordings(path)  # persisted: a new process finds the same rows, in recording order
    assert [o.real for o in reopened.all()] == [{"n": 1}, {"n": 2}]
    reopened.close()


async def test_session_version_continues_from_the_last_recorded_turn() -> None:
    from mcp_sim.state.base import SessionState
    from mcp_sim.state.memory import MemoryStore

    writes = {"create_note"}.__contains__
    store, state = MemoryStore(), SessionState(experiment="e", key="k")
    assert await session_version(store, state, writes) == ROOT
    history = [turn(0, "create_note", title="a"), turn(1, "get_note", id="1"), turn(2, "create_note", title="b")]
    for t in history:  # turns of another route: no version in their trace, so the history is replayed
        state.call_count += 1
        await store.commit(state, t)
    assert await session_version(store, state, writes) == state_version(history, writes)

    keyed = turn(3, "create_note", title="c")
    keyed.trace = {"recording": {"version": "feedfeedfeedfeed"}}  # what this turn was keyed with
    state.call_count += 1
    await store.commit(state, keyed)
    assert await session_version(store, state, writes) == next_version(
        "feedfeedfeedfeed", "create_note", {"title": "c"}
    )
