"""Cells written by position and read back by range (grid.py), through a real call path."""

from __future__ import annotations

from mcp_sim.config import ToolSpec
from mcp_sim.ledger.entities import Ledger
from mcp_sim.simulation.builtin.grid import changes
from tests.unit.test_files import _specs, _text
from tests.unit.test_recall import path_of

BOOK = {"path": "budget.xlsx", "sheet": "Q1"}  # a sheet named like a cell is still a sheet


async def test_a_read_shows_the_cells_written_computed_or_as_formulas() -> None:
    path = path_of(*_specs("excel"))
    rows = [["item", "jan", "feb", "total"], ["rent", 1200, 1200, "=SUM(B2:C2)"], ["food", 310.5, 288, "=B3+C3"]]
    assert not (await path.call("s", "write_range", {**BOOK, "at": "A1", "rows": rows})).is_error
    await path.call("s", "write_range", {**BOOK, "at": "B5", "rows": [[1, "=B5*2"]]})
    used = await path.call("s", "read_range", BOOK)
    assert used.structured_content is not None
    assert used.structured_content["range"] == "A1:D5"
    assert set(used.structured_content) == {"range", "values"}  # optional fields nothing gave are left out
    assert used.structured_content["values"] == [
        ["item", "jan", "feb", "total"], ["rent", 1200, 1200, 2400], ["food", 310.5, 288, 598.5], [],
        [None, 1, 2]]  # fmt: skip
    column = await path.call("s", "read_range", {**BOOK, "range": "D2:D3", "mode": "formulas"})
    assert (column.structured_content or {})["values"] == [["=SUM(B2:C2)"], ["=B3+C3"]]
    await path.call("s", "clear_range", {**BOOK, "range": "C1:D3"})
    cleared = await path.call("s", "read_range", {**BOOK, "range": "A1:D2"})
    assert (cleared.structured_content or {})["values"] == [["item", "jan"], ["rent", 1200]]
    other = await path.call("s", "read_range", {"path": "budget.xlsx", "sheet": "Q2", "range": "A1:B2"})
    assert "item" not in _text(other)  # another sheet is another grid


async def test_row_zero_is_refused() -> None:
    path = path_of(*_specs("excel"))
    refused = await path.call("s", "write_range", {**BOOK, "at": "A0", "rows": [[1]]})
    assert refused.is_error and "Row 0" in _text(refused)


def test_values_that_merely_look_like_cells_change_no_grid() -> None:
    spec = ToolSpec(name="set_version", input_schema={"properties": {"tag": {"type": "string"}}})
    assert changes(spec, {"tag": "V0"}, Ledger()) == []
    lists = ToolSpec(name="add_items", input_schema={"properties": {"name": {"type": "string"}, "items": {}}})
    assert changes(lists, {"name": "A1", "items": [[1, 2]]}, Ledger()) == []  # no argument says it places
