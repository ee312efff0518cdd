"""A value the server's answers can never hold is refused (ledger/closed_fields.py, builtin/answer_choices.py), and
a tool whose result model has a success flag and an error field fails inside that model (builtin/result_models.py)."""

from __future__ import annotations

from typing import Any

import pytest

from mcp_sim.config import ToolSpec
from mcp_sim.errors import InvalidArguments
from mcp_sim.ledger.closed_fields import closed_fields
from mcp_sim.ledger.effects import EntityTypes
from mcp_sim.simulation.builtin import answer_choices
from mcp_sim.simulation.builtin.result_models import failure_result, reports_failures
from tests.unit.test_recall import path_of, text

STATUS = {"enum": ["not_applied", "applied", "offer"], "type": "string"}
NULLABLE = {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None}
JOB = {
    "type": "object",
    "properties": {"id": {"type": "string"}, "status": {"$ref": "#/$defs/Status", "default": "not_applied"}},
    "required": ["id"],
}
# pydantic result models: the data, a success flag, and where a failure is said
LIST_RESULT: dict[str, Any] = {
    "$defs": {"Status": STATUS, "Job": JOB},
    "type": "object",
    "properties": {
        "success": {"type": "boolean"},
        "jobs": {"type": "array", "items": {"$ref": "#/$defs/Job"}, "default": []},
        "count": {"type": "integer", "default": 0},
        "error_message": NULLABLE,
    },
    "required": ["success"],
}
SET_RESULT: dict[str, Any] = {
    "type": "object",
    "properties": {
        "success": {"type": "boolean"},
        "id": NULLABLE,
        "status": NULLABLE,  # the argument echoed: free text, which does not open the job's status
        "error": NULLABLE,
        "message": NULLABLE,
    },
    "required": ["success"],
}
STATUS_ARGUMENT = {"type": "object", "properties": {"id": {"type": "string"}, "status": {"type": "string"}}}
LIST_JOBS = ToolSpec(name="list_jobs", input_schema=STATUS_ARGUMENT, output_schema=LIST_RESULT)
SET_STATUS = ToolSpec(name="set_application_status", input_schema=STATUS_ARGUMENT, output_schema=SET_RESULT)


def test_a_field_the_answers_list_is_closed_to_those_values() -> None:
    assert closed_fields([LIST_JOBS, SET_STATUS]) == {"status": ("not_applied", "applied", "offer")}
    assert closed_fields([SET_STATUS]) == {}  # free text alone closes nothing


def test_a_value_outside_the_answers_list_is_refused_and_one_inside_is_not() -> None:
    types = EntityTypes([LIST_JOBS, SET_STATUS])
    with pytest.raises(InvalidArguments, match=r"Invalid status: 'hired' \(use one of: not_applied, applied, offer\)"):
        answer_choices.check(SET_STATUS, {"id": "j1", "status": "hired"}, types)
    with pytest.raises(InvalidArguments):
        answer_choices.check(LIST_JOBS, {"status": ["applied", "pending"]}, types)  # a list of them too
    answer_choices.check(SET_STATUS, {"id": "j1", "status": "Applied"}, types)  # case folded
    # an argument whose own schema lists values is validation's, whatever the answers say
    own = ToolSpec(name="set", input_schema={"type": "object", "properties": {"status": {"enum": ["hired"]}}})
    answer_choices.check(own, {"status": "hired"}, types)


def test_a_result_model_with_a_flag_and_an_error_field_says_the_failure_in_it() -> None:
    assert reports_failures(LIST_RESULT) and reports_failures(SET_RESULT)
    assert not reports_failures({"type": "object", "properties": {"success": {"type": "boolean"}}})
    failed = failure_result(LIST_JOBS, "Invalid status: 'pending'")
    assert failed is not None and not failed.is_error  # an ordinary answer, as FastMCP sends a returned model
    assert failed.structured_content == {
        "success": False,
        "jobs": [],
        "count": 0,
        "error_message": "Invalid status: 'pending'",
    }
    said = failure_result(SET_STATUS, "No job exists with id 'x'.", "EntityNotFound")
    assert said is not None and said.structured_content is not None
    assert (
        said.structured_content["success"] is False and said.structured_content["error"] == "No job exists with id 'x'."
    )
    assert failure_result(ToolSpec(name="t", input_schema={}), "boom") is None


async def test_a_simulated_refusal_comes_back_in_the_tool_model() -> None:
    path = path_of(LIST_JOBS, SET_STATUS)
    refused = await path.call("s", "set_application_status", {"id": "j1", "status": "hired"})
    assert not refused.is_error and refused.structured_content is not None
    assert refused.structured_content["success"] is False and "use one of" in text(refused)
    listed = await path.call("s", "list_jobs", {"status": "applied"})
    assert listed.structured_content is not None and listed.structured_content["success"] is True
