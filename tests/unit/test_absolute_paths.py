"""A path its description says must be absolute (or relative) in the other form (absolute_paths.py)."""

import pytest

from mcp_sim.config import ToolSpec
from mcp_sim.errors import InvalidArguments
from mcp_sim.simulation.builtin import absolute_paths
from tests.unit.test_recall import path_of, text

SCROLLS = {
    "type": "object",
    "properties": {
        "scrolls": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"scroll_path": {"type": "string", "description": "Scroll path. Must be absolute."}},
            },
        },
        "archive": {"type": "string", "description": "Archive folder, relative paths only"},
        "shelf": {"type": "string", "description": "e.g. an absolute path like /srv/shelf"},
    },
}


def test_a_relative_path_inside_list_items_is_refused_naming_it() -> None:
    with pytest.raises(InvalidArguments, match=r"must be absolute: notes/a\.txt"):
        absolute_paths.check(
            "read_scrolls", SCROLLS, {"scrolls": [{"scroll_path": "/s/b.txt"}, {"scroll_path": "notes/a.txt"}]}
        )


def test_the_relative_only_form_refuses_an_absolute_path() -> None:
    with pytest.raises(InvalidArguments, match="archive must be relative"):
        absolute_paths.check("read_scrolls", SCROLLS, {"archive": "/srv/archive"})


def test_paths_in_the_stated_form_and_paths_described_by_example_pass() -> None:
    absolute_paths.check("read_scrolls", SCROLLS, {"scrolls": [{"scroll_path": "/s/b.txt"}], "archive": "old/2024"})
    absolute_paths.check("read_scrolls", SCROLLS, {"shelf": "shelf-3"})  # an example, not a demand
    absolute_paths.check("read_scrolls", SCROLLS, {"scrolls": [{"scroll_path": "C:\\scrolls\\a.txt"}]})


async def test_the_simulator_refuses_it_over_mcp() -> None:
    path = path_of(ToolSpec(name="read_scrolls", input_schema=SCROLLS))
    refused = await path.call("s", "read_scrolls", {"scrolls": [{"scroll_path": "notes/a.txt"}]})
    assert refused.is_error and "notes/a.txt" in text(refused)
    assert not (await path.call("s", "read_scrolls", {"scrolls": [{"scroll_path": "/s/a.txt"}]})).is_error
