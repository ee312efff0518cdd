"""A delete of a record that is not there says it deleted nothing when the tool has a way to say so
(nothing_done.py); other deletes fail as not found."""

from __future__ import annotations

import json
from typing import Any

from mcp_sim.calls import CallPath
from mcp_sim.catalog.specs import catalog_of
from mcp_sim.config import Example, Experiment, ToolSpec
from mcp_sim.perturbations.base import NoPerturbations
from mcp_sim.routing.flags import Routing
from mcp_sim.simulation.builtin.simulator import SchemaWorldModel
from mcp_sim.state.memory import MemoryStore

BY_ID = {"type": "object", "properties": {"contact_id": {"type": "integer"}}, "required": ["contact_id"]}
NAME = {"type": "object", "properties": {"name": {"type": "string"}}}


def text(body: str) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": body}], "isError": False}


def path(delete: ToolSpec) -> CallPath:
    create = ToolSpec(name="create_contact", input_schema=NAME)
    read = ToolSpec(name="get_contact", input_schema=BY_ID)
    experiment = Experiment.model_validate({"name": "deletes", "seed": 1, "state": "memory://"})
    catalog = catalog_of([create, read, delete], "t")
    return CallPath(experiment, catalog, {}, SchemaWorldModel(), MemoryStore(), NoPerturbations(), Routing("sim"))


async def test_a_delete_returning_bool_says_false_for_a_missing_record() -> None:
    flag = {"type": "object", "properties": {"result": {"type": "boolean"}}, "required": ["result"]}
    calls = path(ToolSpec(name="delete_contact", input_schema=BY_ID, output_schema=flag))
    await calls.call("s", "create_contact", {"name": "Ana"})
    missing = await calls.call("s", "delete_contact", {"contact_id": 99})
    assert not missing.is_error and missing.structured_content == {"result": False}


async def test_a_delete_seen_answering_a_bare_true_answers_false_in_the_same_form() -> None:
    seen = [Example(arguments={"contact_id": 3}, result=text("true"))]
    calls = path(ToolSpec(name="delete_contact", input_schema=BY_ID, examples=seen))
    await calls.call("s", "create_contact", {"name": "Ana"})
    missing = await calls.call("s", "delete_contact", {"contact_id": 99})
    assert not missing.is_error and missing.content[0].text == "false"  # type: ignore[union-attr]


async def test_a_delete_seen_saying_it_deleted_nothing_says_so_again() -> None:
    seen = [
        Example(arguments={"contact_id": 3}, result=text('{"deleted": true, "id": 3}')),
        Example(arguments={"contact_id": 8}, result=text('{"deleted": false, "id": 8}')),
    ]
    calls = path(ToolSpec(name="delete_contact", input_schema=BY_ID, examples=seen))
    await calls.call("s", "create_contact", {"name": "Ana"})
    missing = await calls.call("s", "delete_contact", {"contact_id": 99})
    assert not missing.is_error
    assert missing.content[0].text == '{"deleted": false, "id": 99}'  # type: ignore[union-attr]


async def test_a_delete_reporting_what_it_deleted_says_it_deleted_nothing_in_the_same_layout() -> None:
    seen = [Example(arguments={"contact_id": 3}, result=text('{"deleted":true,"id":3}'))]
    calls = path(ToolSpec(name="delete_contact", input_schema=BY_ID, examples=seen))
    await calls.call("s", "create_contact", {"name": "Ana"})
    missing = await calls.call("s", "delete_contact", {"contact_id": 99})
    assert not missing.is_error and json.loads(missing.content[0].text) == {"deleted": False, "id": 99}  # type: ignore[union-attr]


async def test_a_delete_reporting_a_count_of_rows_says_zero() -> None:
    said = '{\n  "success": true,\n  "deleted_id": 3,\n  "rows_affected": 1\n}'
    calls = path(ToolSpec(name="delete_contact", input_schema=BY_ID, examples=[Example(arguments={"contact_id": 3},
                 result=text(said))]))  # fmt: skip
    await calls.call("s", "create_contact", {"name": "Ana"})
    missing = await calls.call("s", "delete_contact", {"contact_id": 99})
    assert not missing.is_error
    assert missing.content[0].text == '{\n  "success": true,\n  "deleted_id": 99,\n  "rows_affected": 0\n}'  # type: ignore[union-attr]


async def test_a_delete_seen_failing_as_not_found_keeps_failing() -> None:
    seen = [
        Example(arguments={"contact_id": 3}, result=text('{"deleted": true, "id": 3}')),
        Example(arguments={"contact_id": 8}, result={**text("Contact 8 not found"), "isError": True}),
    ]
    calls = path(ToolSpec(name="delete_contact", input_schema=BY_ID, examples=seen))
    await calls.call("s", "create_contact", {"name": "Ana"})
    assert (await calls.call("s", "delete_contact", {"contact_id": 99})).is_error


async def test_a_delete_with_no_way_to_say_nothing_fails_as_not_found() -> None:
    for said in ('{"success": true, "id": 3}', "Deleted contact 3"):  # ``success`` is said by failures too
        calls = path(ToolSpec(name="delete_contact", input_schema=BY_ID,
                              examples=[Example(arguments={"contact_id": 3}, result=text(said))]))  # fmt: skip
        await calls.call("s", "create_contact", {"name": "Ana"})
        assert (await calls.call("s", "delete_contact", {"contact_id": 99})).is_error
