"""An item cannot be its own parent, nor an edge run from an item to itself (cycles.py), on made-up tools."""

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


@pytest.mark.parametrize(
    ("tool", "arguments"),
    [
        ("manage_dependency", {"operation": "create", "fromId": "a0", "toId": "a0", "type": "BLOCKS"}),
        ("add_dependency", {"issue": "SHOP-1", "depends_on": "SHOP-1"}),
        ("create_relation", {"source": "Ada", "target": "Ada", "relation": "knows"}),
        ("link_notes", {"source_id": 4, "target_id": 4}),
        ("add_dependency", {"task_id": 2, "depends_on_id": 2}),
    ],
)
def test_an_edge_from_an_item_to_itself_fails(tool: str, arguments: dict[str, object]) -> None:
    with pytest.raises(InvalidArguments, match="itself"):
        check(tool, arguments)


def test_edges_between_two_items_and_tools_that_draw_no_edge_are_fine() -> None:
    check("add_dependency", {"task_id": 1, "depends_on_id": 2})
    check("manage_dependency", {"fromId": "a0", "toId": "b1"})
    check("convert_volume", {"from_unit": "cup", "to_unit": "cup"})  # no edge: a conversion
    check("copy_file", {"source": "a.txt", "target": "a.txt"})  # not a graph's edge (the server says what it does)
