"""An item cannot be its own parent (cycles.py), on made-up tools."""

import pytest

from mcp_sim.errors import InvalidArguments
from mcp_sim.simulation.builtin.cycles import check


def test_an_item_made_its_own_parent_fails() -> None:
    with pytest.raises(InvalidArguments, match="own parent"):
        check("reparent_page", {"page_id": 7, "parent_id": 7})
    with pytest.raises(InvalidArguments, match="parentId"):
        check("moveTask", {"taskId": "t-2", "parentId": "t-2"})


def test_another_parent_or_no_item_is_fine() -> None:
    check("reparent_page", {"page_id": 7, "parent_id": 8})
    check("list_children", {"parent_id": 7})
    check("reparent_page", {"page_id": 7, "parent_id": None})
    check("set_flags", {"page_id": 1, "parent_visible": True})  # a boolean is no id
