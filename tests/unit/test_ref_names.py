"""Git references named wrongly (ref_names.py), on made-up tools."""

import pytest

from mcp_sim.errors import InvalidArguments
from mcp_sim.simulation.builtin import ref_names


def test_a_reference_starting_with_a_dash_is_refused() -> None:
    with pytest.raises(InvalidArguments, match="cannot start with '-'"):
        ref_names.check("git_compare", {"repo": "/r", "target": "--output=/tmp/x"})
    ref_names.check("git_compare", {"repo": "/r", "target": "feature/login"})
    ref_names.check("post_note", {"target": "-1"})  # not a git tool


def test_a_new_branch_must_be_a_valid_ref_name() -> None:
    with pytest.raises(InvalidArguments, match="not a valid"):
        ref_names.check("git_new_branch", {"branch_name": "my feature"})
    with pytest.raises(InvalidArguments, match="not a valid"):
        ref_names.check("create_branch", {"branch": "release..2"})
    ref_names.check("git_new_branch", {"branch_name": "bugfix/stock-rounding"})
    ref_names.check("git_checkout", {"branch": "odd name"})  # not made here: the server looks it up
