"""A required text argument given as blanks fails as a server that strips it would (blank_text.py)."""

import pytest

from mcp_sim.errors import InvalidArguments
from mcp_sim.simulation.builtin.blank_text import check

SCHEMA = {
    "type": "object",
    "properties": {
        "front": {"type": "string"},
        "back": {"type": ["string", "null"]},
        "note": {"type": "string"},
        "code": {"type": "string", "pattern": "^\\s*$"},
        "count": {"type": "integer"},
    },
    "required": ["front", "back", "code", "count"],
}


def test_required_text_of_blanks_fails_naming_the_argument() -> None:
    with pytest.raises(InvalidArguments, match="back is required"):
        check("add_card", SCHEMA, {"front": "HTTP 404 means?", "back": "  ", "code": "", "count": 1})
    with pytest.raises(InvalidArguments, match="front"):
        check("add_card", SCHEMA, {"front": "\n\t", "back": "Not Found", "code": "", "count": 1})


def test_required_empty_text_fails_unless_it_is_a_payload_stored_as_given() -> None:
    with pytest.raises(InvalidArguments, match="back is required"):
        check("add_card", SCHEMA, {"front": "Q", "back": "", "code": "", "count": 1})
    search = {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]}
    with pytest.raises(InvalidArguments, match="query is required"):
        check("search_entries", search, {"query": ""})
    for payload in ("content", "new_body", "fileContent"):
        write = {"type": "object", "properties": {"path": {"type": "string"}, payload: {"type": "string"}}}
        write["required"] = ["path", payload]
        check("write_file", write, {"path": "empty.txt", payload: ""})  # an empty file is made on purpose
        with pytest.raises(InvalidArguments, match="path is required"):
            check("write_file", write, {"path": " ", payload: ""})


def test_empty_optional_and_constrained_text_passes() -> None:
    check("add_card", SCHEMA, {"front": "Q", "back": "A", "note": "   ", "code": "  ", "count": 1})  # optional; pattern
    check("add_card", SCHEMA, {"front": "Q", "back": None, "code": "", "count": 0})
    check("add_card", SCHEMA, {"front": "Q", "back": "A", "note": "", "code": "", "count": 0})


def test_a_required_field_of_a_record_sent_in_a_list_is_held_to_the_same_rule() -> None:
    entity = {"type": "object", "properties": {"name": {"type": "string"}, "note": {"type": "string"}}}
    entity["required"] = ["name"]
    schema = {"type": "object", "properties": {"entities": {"type": "array", "items": entity}}}
    check("create_entities", schema, {"entities": [{"name": "Ana", "note": " "}]})  # an optional field: as given
    with pytest.raises(InvalidArguments, match=r"entities\[1\]\.name is required and cannot be blank"):
        check("create_entities", schema, {"entities": [{"name": "Ana"}, {"name": "  "}]})
