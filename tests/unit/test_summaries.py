"""Summary tools count and total the records the session wrote (summaries.py), on made-up tools."""

from typing import Any

from mcp_sim.config import ToolSpec
from mcp_sim.ledger.entities import Effect, Ledger
from mcp_sim.simulation.builtin import summaries
from tests.unit.test_recall import path_of

PURCHASE = {"type": "object", "properties": {"day": {"type": "string"}, "cost": {"type": "number"},
            "shop": {"type": "string"}, "labels": {"type": "array", "items": {"type": "string"}}}}  # fmt: skip
RANGE = {"type": "object", "properties": {"from_day": {"type": "string"}, "to_day": {"type": "string"},
         "shop": {"type": "string"}}}  # fmt: skip


def _ledger(*records: dict[str, Any]) -> Ledger:
    ledger = Ledger()
    for n, record in enumerate(records, 1):
        ledger.apply(Effect("create", "purchase", f"purchase-{n}", {"id": f"purchase-{n}", **record}))
    return ledger


def test_only_summary_tools_that_name_no_record_summarise() -> None:
    assert summaries.summarises("summarize", "none") and summaries.summarises("get_statistics", "read")
    assert summaries.summarises("projectSummary", "none")
    assert not summaries.summarises("summarize", "create") and not summaries.summarises("list_purchases", "list")


def test_counts_totals_per_category_and_list_values_of_the_selected_records() -> None:
    ledger = _ledger(
        {"day": "2026-01-03", "cost": 42.5, "shop": "Corner", "labels": ["food"], "note": "weekly shop"},
        {"day": "2026-01-12", "cost": 18.9, "shop": "Corner", "labels": ["food", "treat"]},
        {"day": "2026-02-01", "cost": 120.0, "shop": "Power Co", "labels": ["bills"]},
    )
    shown = summaries.summary("summarize", "Sum up purchases by shop.", {"from_day": "2026-01-01",
                              "to_day": "2026-01-31"}, ledger)  # fmt: skip
    assert shown["count"] == 2 and shown["total_cost"] == 61.4  # February's purchase is out of range
    assert shown["by_shop"] == [{"shop": "Corner", "count": 2, "total_cost": 61.4}]
    assert shown["labels"] == ["food", "treat"]
    assert "by_note" not in shown  # a record's own words are no category
    one_shop = summaries.summary("summarize", "Sum up purchases.", {"shop": "power co"}, ledger)
    assert one_shop["count"] == 1 and one_shop["total_cost"] == 120.0


def test_a_tool_mentioning_no_type_the_session_holds_shows_nothing() -> None:
    ledger = _ledger({"day": "2026-01-03", "cost": 5})
    assert summaries.summary("get_statistics", "Statistics of numerical columns.", {}, ledger) == {}


def test_several_types_are_summarised_under_their_plural() -> None:
    ledger = _ledger({"day": "2026-01-03", "cost": 5, "shop": "Corner"})
    ledger.apply(Effect("create", "calendar_event", "e-1", {"title": "Review", "room": "R2"}))
    shown = summaries.summary("get_dashboard", "Purchases and upcoming events", {}, ledger)
    assert shown["purchases"]["total_cost"] == 5 and shown["calendar_events"]["by_room"] == [{"room": "R2", "count": 1}]


async def test_a_prose_summary_names_the_totals_the_session_wrote() -> None:
    summarize = ToolSpec(name="summarize", description="Summarize purchases by shop.", input_schema=RANGE)
    path = path_of(ToolSpec(name="add_purchase", input_schema=PURCHASE), summarize)
    await path.call("s", "add_purchase", {"day": "2026-01-03", "cost": 120.0, "shop": "Power Co"})
    await path.call("s", "add_purchase", {"day": "2026-03-03", "cost": 7.5, "shop": "Corner"})
    text = (await path.call("s", "summarize", {"from_day": "2026-01-01", "to_day": "2026-01-31"})).content[0]
    assert text.type == "text" and "Power Co" in text.text and "total_cost: 120," in text.text
    assert "Corner" not in text.text  # outside the range asked
