"""Path forms an argument's description rejects (path_words.py), on a made-up tool."""

import pytest

from mcp_sim.errors import InvalidArguments
from mcp_sim.simulation.builtin.path_words import check, refused_forms

SAID = "Path inside the space. Dot segments and absolute paths are not allowed; backslashes work."
SCHEMA = {"type": "object", "properties": {"page": {"type": "string", "description": SAID}}}


def test_only_the_forms_a_refusing_clause_names_are_checked() -> None:
    assert refused_forms(SAID) == ("absolute path", "dot segment")
    with pytest.raises(InvalidArguments, match="dot segment"):
        check("save_page", SCHEMA, {"page": "../escape.md"})
    with pytest.raises(InvalidArguments, match="absolute path"):
        check("save_page", SCHEMA, {"page": "/etc/passwd"})
    check("save_page", SCHEMA, {"page": "notes\\today.md"})  # backslashes are not refused here
    check("save_page", SCHEMA, {"page": "notes/..hidden.md"})  # a name with dots is no dot segment
    check("save_page", {"type": "object", "properties": {"page": {"type": "string"}}}, {"page": "../x"})
