"""A required list given empty names nothing to act on (empty_lists.py), on made-up tools."""

import pytest

from mcp_sim.config import ToolSpec
from mcp_sim.errors import InvalidArguments
from mcp_sim.simulation.builtin import empty_lists
from tests.unit.test_recall import path_of, text

PURGE = {
    "type": "object",
    "properties": {
        "crates": {"type": "array", "items": {"type": "string"}, "description": "Crates to purge"},
        "labels": {"type": "array", "items": {"type": "string"}},
    },
    "required": ["crates"],
}


def test_an_empty_required_list_is_refused_naming_the_argument() -> None:
    with pytest.raises(InvalidArguments, match="crates"):
        empty_lists.check("purge_crates", PURGE, {"crates": []})


def test_a_filled_list_and_an_empty_optional_list_pass() -> None:
    empty_lists.check("purge_crates", PURGE, {"crates": ["c1"]})
    empty_lists.check("purge_crates", PURGE, {"crates": ["c1"], "labels": []})


@pytest.mark.parametrize(
    "allowance",
    [{"minItems": 0}, {"default": []}, {"description": "Crates to purge; empty for all crates"}],
)
def test_a_schema_or_description_that_allows_empty_is_believed(allowance: dict[str, object]) -> None:
    schema = {**PURGE, "properties": {"crates": {"type": "array", **allowance}}}
    empty_lists.check("purge_crates", schema, {"crates": []})


async def test_the_simulator_refuses_it_over_mcp() -> None:
    path = path_of(ToolSpec(name="purge_crates", input_schema=PURGE))
    refused = await path.call("s", "purge_crates", {"crates": []})
    assert refused.is_error and "crates" in text(refused)
    assert not (await path.call("s", "purge_crates", {"crates": ["c1"]})).is_error
