"""A list's bounds select the records whose field lies between them (simulation/builtin/ranges.py)."""

from __future__ import annotations

from mcp_sim.config import ToolSpec
from mcp_sim.simulation.builtin.ranges import bounds, within
from tests.unit.test_recall import path_of, text


def test_bounds_name_their_field_and_end() -> None:
    month = bounds({"start_date": "2026-02-01", "end_date": "2026-02-28"})
    assert within({"date": "2026-02-14"}, month) and within({"date": "2026-02-28T09:00"}, month)  # inclusive
    assert not within({"date": "2026-03-01"}, month) and not within({"created_at": "2026-01-31 23:00"}, month)
    prices = bounds({"min_price": 10, "price_max": "20"})
    assert within({"price": 10}, prices) and not within({"price": 20.5}, prices)
    assert not within({"published_at": "2026-01-10"}, bounds({"published_after": "2026-01-14"}))
    assert not within({"due_date": "2026-02-01"}, bounds({"due_before": "2026-01-31"}))


def test_what_cannot_be_compared_selects_nothing_away() -> None:
    assert within({"title": "no date"}, bounds({"since": "2026-01-01"}))  # no field to bound
    assert within({"date": "2026-02-14"}, bounds({"start_date": "03/01/2026"}))  # not ISO: says nothing here
    assert bounds({"max_results": 5, "unread_only": True}) == []  # a limit and a flag are no bounds


ADD = ToolSpec(
    name="add_expense",
    input_schema={"type": "object", "properties": {"date": {"type": "string"}, "amount": {"type": "number"}}},
)
LIST = ToolSpec(
    name="list_expenses",
    input_schema={"type": "object", "properties": {"start_date": {"type": "string"}, "end_date": {"type": "string"}}},
)


async def test_a_list_between_two_dates_shows_the_records_of_those_days() -> None:
    path = path_of(ADD, LIST)
    for day, amount in (("2026-01-28", 300), ("2026-02-02", 45), ("2026-02-14", 80), ("2026-03-01", 1200)):
        await path.call("s", "add_expense", {"date": day, "amount": amount})
    shown = text(await path.call("s", "list_expenses", {"start_date": "2026-02-01", "end_date": "2026-02-28"}))
    header, *listed = shown.splitlines()[:3]  # then the earlier changes the read recalls (recall.py)
    assert header == "2 expense:" and "amount: 45" in listed[0] and "amount: 80" in listed[1]
