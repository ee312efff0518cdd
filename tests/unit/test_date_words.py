"""A date-formatted argument written in words fails as the server's parser would (date_words.py)."""

import pytest

from mcp_sim.errors import InvalidArguments
from mcp_sim.simulation.builtin.date_words import check

SCHEMA = {
    "type": "object",
    "properties": {
        "due": {"type": "string", "format": "date-time"},
        "day": {"type": "string", "format": "date"},
        "label": {"type": "string"},
    },
}


def test_a_date_in_words_fails() -> None:
    with pytest.raises(InvalidArguments, match=r"isoformat.*'next friday'"):
        check("book_slot", SCHEMA, {"due": "next friday"})
    with pytest.raises(InvalidArguments, match="day"):
        check("book_slot", SCHEMA, {"day": "today"})


def test_written_dates_and_other_arguments_pass() -> None:
    check("book_slot", SCHEMA, {"due": "2026-03-01T09:30:00", "day": "01/03/2026"})  # a form the server may take
    check("book_slot", SCHEMA, {"label": "tomorrow"})  # no format declared
    check("book_slot", SCHEMA, {"due": ""})  # nothing written: the schema's own checks decide
    check("book_slot", SCHEMA, {"due": None})


NAMED = {
    "type": "object",
    "properties": {
        k: {"type": "string"}
        for k in ("target_date", "due_before", "start", "startTime", "date", "due_note", "since", "format")
    },
}


@pytest.mark.parametrize("name", ["target_date", "due_before", "start", "startTime"])
def test_an_argument_named_as_a_date_is_one_without_a_format(name: str) -> None:
    with pytest.raises(InvalidArguments, match=name):
        check("pin_recipe", NAMED, {name: "next monday"})


def test_named_dates_take_the_words_servers_parse_and_other_names_take_any() -> None:
    check("log_completion", NAMED, {"date": "yesterday", "start": "today", "due_before": "Tomorrow"})
    check("create_task", NAMED, {"due_note": "next Tuesday", "since": "before-reindex", "format": "csv"})
