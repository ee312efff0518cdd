"""Sheet names a workbook cannot hold (sheet_names.py), on made-up tools."""

import pytest

from mcp_sim.errors import InvalidArguments
from mcp_sim.simulation.builtin import sheet_names


def test_a_new_sheet_name_with_a_forbidden_character_or_too_long_is_refused() -> None:
    with pytest.raises(InvalidArguments, match="cannot contain"):
        sheet_names.check("add_tab", {"book": "a.ods", "new_name": "Q1/Q2"})
    with pytest.raises(InvalidArguments, match="31"):
        sheet_names.check("createWorksheet", {"title": "x" * 32})
    sheet_names.check("add_tab", {"book": "a.ods", "new_name": "Q1 - Q2"})


def test_only_the_new_name_of_a_sheet_making_tool_counts() -> None:
    sheet_names.check("rename_tab", {"book": "a.ods", "sheet": "Old/Name", "new_name": "Fine"})  # the old one
    sheet_names.check("create_chart", {"title": "Sales: Q1/Q2"})  # not a sheet
    sheet_names.check("read_tab", {"sheet": "a/b"})  # reads name no new sheet
