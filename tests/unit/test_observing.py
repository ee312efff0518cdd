"""Whether a tool reads state, from its name or its description (observing.py)."""

from __future__ import annotations

from mcp_sim.simulation.builtin.observing import observes


def test_a_tool_named_by_nouns_whose_description_opens_with_what_it_shows_is_a_view() -> None:
    assert observes("food_day", "One day's food (default today): items by meal, totals, goals")
    assert observes("exercise_history", "Per-session history for one exercise, newest first")
    assert observes("stale", "The reconciliation worklist: all stale tasks.")
    assert observes("prs", "All-time records (heaviest weight, best estimated 1RM) for one exercise")


def test_a_name_with_a_verb_or_a_description_that_says_what_to_do_is_no_view() -> None:
    assert not observes("retire", "The decision slice is retired: status spec -> retired")  # a verb in the name
    assert not observes("grade_card", "Record a review of a card.")
    assert not observes("narrator_thought", "Private log for your next move; never show it to the user.")
    assert not observes("fail_job", "Report a unit you could not do, with the reason.")
