"""An update's ``previous_status`` is what the session's record held before it (``previous_values.py``)."""

from __future__ import annotations

import json
from typing import Any

import anyio

from mcp_sim.config import ToolSpec
from mcp_sim.reporting.fidelity.measures import RecordedCall
from mcp_sim.reporting.fidelity.replay import ServerSessions, replay
from mcp_sim.simulation.builtin import previous_values


def spec(name: str, **properties: str) -> ToolSpec:
    schema = {"type": "object", "properties": {k: {"type": v} for k, v in properties.items()}}
    return ToolSpec.model_validate({"name": name, "inputSchema": schema})


def call(session: str, index: int, tool: str, arguments: dict[str, Any], answer: dict[str, Any]) -> RecordedCall:
    result = {"content": [{"type": "text", "text": json.dumps(answer)}], "isError": False}
    return RecordedCall("jobs", session, index, tool, arguments, result, None)


def session(name: str, url: str, first: str, second: str) -> list[RecordedCall]:
    made = {"id": "job-1", "url": url, "status": "saved"}

    def moved(to: str, was: str) -> dict[str, Any]:
        return {"success": True, "id": "job-1", "status": to, "previous_status": was}

    return [
        call(name, 1, "add_job", {"url": url}, made),
        call(name, 2, "set_job_status", {"id": "job-1", "status": first}, moved(first, "saved")),
        call(name, 3, "set_job_status", {"id": "job-1", "status": second}, moved(second, first)),
    ]


def test_a_learned_update_says_the_status_the_record_had_before_it() -> None:
    tools = [spec("add_job", url="string"), spec("set_job_status", id="string", status="string")]
    taught = session("s1", "https://jobs.example/1", "applied", "interviewing")
    scored = session("s2", "https://jobs.example/2", "rejected", "ghosted")
    scores = anyio.run(replay, ServerSessions("jobs", tools, {"s1": taught, "s2": scored}), "learn")
    second = scores[-1]
    assert second.tool == "set_job_status" and second.structural_match
    assert "P" in second.opportunities and not second.violations  # "rejected", not the example's "applied"


def test_only_fields_the_record_held_and_the_answer_names() -> None:
    existing = {"status": "open", "dueDate": "2026-01-20", "tags": ["a"]}
    keys = ["previous_status", "prevDueDate", "old_tags", "previous_owner", "status"]
    assert previous_values.before(keys, existing) == {"previous_status": "open", "prevDueDate": "2026-01-20"}


def test_a_job_saved_without_a_key_is_the_job_a_status_change_names_by_its_id() -> None:
    """``save_job_analysis`` is no create by its name, but it saves the jobs ``get_job(id)`` reads and no tool
    creates; ``set_application_status(id)`` then names that job by its opaque id though its name says another type,
    and shows the job's url and the status it had."""
    save = ToolSpec.model_validate(
        {
            "name": "save_job_analysis",
            "inputSchema": {
                "type": "object",
                "properties": {"url": {"type": "string"}, "id": {"type": "string"}},
                "required": ["url"],
            },
        }
    )
    tools = [save, spec("get_job", id="string"), spec("set_application_status", id="string", status="string")]

    def job_session(name: str, job: str, url: str) -> list[RecordedCall]:
        saved = {"success": True, "id": job, "url": url, "status": "not_applied"}
        moved = {"success": True, "id": job, "url": url, "status": "applied", "previous_status": "not_applied"}
        return [
            call(name, 1, "save_job_analysis", {"url": url}, saved),
            call(name, 2, "set_application_status", {"id": job, "status": "applied"}, moved),
        ]

    taught = job_session("s1", "afe6c7121e0341a0950dbba415a612ba", "https://careers.example/a/1")
    scored = job_session("s2", "dc81681d199e43d9801d6fc26a23858c", "https://careers.example/b/2")
    scores = anyio.run(replay, ServerSessions("jobs", tools, {"s1": taught, "s2": scored}), "learn")
    moved = scores[-1]
    assert moved.tool == "set_application_status" and moved.structural_match
    assert "P" in moved.opportunities and not moved.violations  # the url saved with this job, not the example's
