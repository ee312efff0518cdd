"""Prose says a whole number as one (prose.py): JSON has one kind of number, so 120.0 given is 120."""

from mcp_sim.simulation.builtin import prose


def test_whole_floats_are_said_as_integers_and_fractions_kept() -> None:
    text = prose.listing("list_purchases", "purchase", [{"cost": 120.0, "tax": 2.8, "count": 3, "paid": True}])
    assert "cost: 120," in text and "tax: 2.8" in text and "count: 3" in text and "paid: True" in text
    assert "120.0" not in text
