"""Relative paths that climb out of their root (escapes.py), on made-up tools."""

import pytest

from mcp_sim.errors import InvalidArguments
from mcp_sim.simulation.builtin import escapes


def test_climbing_above_the_start_is_out_and_staying_below_is_in() -> None:
    assert escapes.climbs_out("../escape.md") and escapes.climbs_out("notes/../../x") and escapes.climbs_out("..")
    assert not escapes.climbs_out("notes/../x.md") and not escapes.climbs_out("./a/b.md")
    assert not escapes.climbs_out("/srv/root/../x.md")  # absolute: the server's roots decide


def test_only_path_and_file_name_arguments_are_refused() -> None:
    with pytest.raises(InvalidArguments, match=r"\.\./escape\.md"):
        escapes.check("shelf_write", {"shelfName": "garden", "fileName": "../escape.md", "content": "x"})
    escapes.check("change_dir", {"folder": ".."})  # moving the working directory up is valid
    escapes.check("shelf_write", {"shelfName": "garden", "fileName": "seeds/../plan.md"})
    escapes.check("post_note", {"text": "see ../README for details"})
