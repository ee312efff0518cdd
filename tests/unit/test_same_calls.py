"""benchmarks/same_calls.py finds the per-call records two fidelity reports disagree on."""

from __future__ import annotations

from benchmarks.same_calls import differing


def test_equal_records_in_any_key_order_do_not_differ() -> None:
    assert differing([{"tool": "a", "valid": True}], [{"valid": True, "tool": "a"}]) == []


def test_a_changed_record_and_a_missing_one_are_named_by_index() -> None:
    before = [{"tool": "a"}, {"tool": "b"}, {"tool": "c"}]
    assert differing(before, [{"tool": "a"}, {"tool": "B"}]) == [1, 2]
