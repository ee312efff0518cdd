"""A property its description requires in one mode of another (conditional.py), on a made-up tool."""

import pytest

from mcp_sim.errors import InvalidArguments
from mcp_sim.simulation.builtin.conditional import check

PURGE = {
    "type": "object",
    "properties": {
        "record": {"type": "string"},
        "how": {"type": "string", "enum": ["archive", "shred"]},
        "confirm_record": {"type": "string", "description": "Required when shredding (how=shred), as a check"},
        "note": {"type": "string", "description": "Required for audits."},
    },
}


def test_the_mode_that_requires_it_without_it_fails() -> None:
    with pytest.raises(InvalidArguments, match="confirm_record is required when how is 'shred'"):
        check("purge_record", PURGE, {"record": "r1", "how": "shred"})


def test_another_mode_or_the_property_given_or_no_enum_named_passes() -> None:
    check("purge_record", PURGE, {"record": "r1", "how": "archive"})
    check("purge_record", PURGE, {"record": "r1"})
    check("purge_record", PURGE, {"record": "r1", "how": "shred", "confirm_record": "r1"})


PLACE = {
    "type": "object",
    "properties": {
        "before": {"type": "integer", "description": "Line to insert before (mutually exclusive with 'after')"},
        "after": {"type": "integer", "description": "Line to insert after"},
    },
}


def test_two_properties_that_exclude_each_other_given_together_fail() -> None:
    with pytest.raises(InvalidArguments, match="before and after are mutually exclusive"):
        check("insert_lines", PLACE, {"before": 3, "after": 5})
    check("insert_lines", PLACE, {"before": 3})
    check("insert_lines", PLACE, {"after": 0})  # zero is given, and alone
