"""The history window, its ledger summary, and per-call entity hints."""

from __future__ import annotations

from mcp_sim.ledger.entities import Effect, Ledger
from mcp_sim.simulation.llm.history import entity_hints, summarise, window_start
from mcp_sim.state.base import Turn


def test_window_is_stable_until_the_budget_overflows_then_halves() -> None:
    sizes = [100] * 30
    starts = [window_start(sizes[:n], 1_000) for n in range(1, 31)]
    assert starts[:10] == [0] * 10  # 10 turns fit exactly
    assert starts[10] == 6  # 11th overflows: drop down to half the budget (5 kept)
    assert starts[11:15] == [6] * 4  # then nothing moves until the next overflow
    assert starts == sorted(starts)


def test_the_newest_turn_stays_even_when_alone_over_budget() -> None:
    assert window_start([50, 5_000], 1_000) == 1


def test_summary_replays_effects_of_dropped_turns_only() -> None:
    created = Turn(0, "create_user", {"name": "Ada"}, "sim", None, effects=[Effect("create", "user", "u1", {"n": 1})])
    gone = Turn(1, "create_user", {}, "sim", None, effects=[Effect("create", "user", "u2", {})])
    deleted = Turn(2, "delete_user", {"id": "u2"}, "sim", None, effects=[Effect("delete", "user", "u2")])
    text = summarise([created, gone, deleted])
    assert text.startswith("# Session so far (turns 1-3, summarised)")
    assert 'user u1: {"n": 1}' in text
    assert "Deleted (calls on them fail with not found): user u2." in text
    assert "create_user x2, delete_user x1" in text


def test_hints_name_existing_and_deleted_ids_in_nested_arguments() -> None:
    ledger = Ledger()
    ledger.apply(Effect("create", "user", "u1", {"name": "Ada"}))
    ledger.apply(Effect("create", "user", "u2", {}))
    ledger.apply(Effect("delete", "user", "u2"))
    hints = entity_hints(ledger, {"filter": {"ids": ["u1", "u2"]}, "flag": True, "other": "x"})
    assert hints == [
        'user u1 exists: {"name": "Ada"}',
        "user u2 was deleted: calls on it must fail with a not-found error",
    ]


def test_max_turns_bounds_the_window_and_moves_it_in_blocks() -> None:
    sizes = [100] * 200
    starts = [window_start(sizes[:n], 10**9, max_turns=8) for n in range(1, 201)]
    kept = [n - start for n, start in zip(range(1, 201), starts, strict=True)]
    assert max(kept) == 8 and min(kept[8:]) == 4  # between half the bound and the bound, however long
    assert starts == sorted(starts)
    assert sorted(set(starts)) == list(range(0, 200, 5))  # moves once per 5 turns (9th: drop to 4), not each turn


def test_summary_lists_the_most_recent_records_and_counts_the_rest() -> None:
    turns = [
        Turn(i, "create_user", {}, "sim", None, effects=[Effect("create", "user", f"u{i}", {"i": i})])
        for i in range(50)
    ]
    text = summarise(turns, max_records=3)
    assert "Entities that exist: 50 user" in text
    assert "47 earlier ones not listed" in text
    assert [line.split(":")[0] for line in text.splitlines() if line.startswith("- user")] == [
        "- user u47",
        "- user u48",
        "- user u49",
    ]
    assert len(summarise(turns * 10, max_records=3)) < len(text) + 10  # does not grow with the session
