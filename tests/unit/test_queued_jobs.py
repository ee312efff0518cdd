"""A server whose verb alone makes its one type, acts that name records by id, and ids used unseen.

``enqueue(command, cwd)`` queues a job that ``get_job`` / ``wait_job`` / ``cancel_job(job_id)`` name: the job is
made (the session's first is job 1), ``wait_job`` shows it, a cancelled job is still read and listed, and an id
the session only named (``tail_log(job_id=7)``, let through by an open world) is listed from then on without
taking the number the session's next job gets.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from mcp_sim.calls import CallPath
from mcp_sim.config import ToolSpec
from mcp_sim.ledger.effects import EntityTypes
from mcp_sim.simulation.builtin import made
from tests.unit.helpers import tools_path

JOB_ID = {"job_id": {"type": "integer"}}
ANY_OBJECT = {"type": "object", "additionalProperties": True}


def tool(name: str, properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    schema = {"type": "object", "properties": properties, "required": required}
    return {"name": name, "description": "", "inputSchema": schema, "outputSchema": ANY_OBJECT}


TOOLS = [
    tool("enqueue", {"command": {"type": "string"}, "cwd": {"type": "string"}}, ["command", "cwd"]),
    tool("get_job", JOB_ID, ["job_id"]),
    tool("wait_job", {**JOB_ID, "timeout_seconds": {"type": "number"}}, ["job_id"]),
    tool("tail_log", JOB_ID, ["job_id"]),
    tool("cancel_job", JOB_ID, ["job_id"]),
    tool("list_jobs", {"status": {"type": "string"}}, []),
]


def path_for(tmp_path: Path) -> CallPath:
    return tools_path(tmp_path, TOOLS)


def body(result: Any) -> Any:
    assert not result.is_error, result.content
    return result.structured_content if result.structured_content is not None else json.loads(result.content[0].text)


def test_a_making_verb_alone_makes_the_one_type_others_name_by_id() -> None:
    specs = [ToolSpec.model_validate(t) for t in TOOLS]
    types = EntityTypes(specs)
    assert made.made_type(specs[0], types) == ("job", "job_id")
    # with a second type named by id and made by nothing, "enqueue" says no more which one it makes
    specs.append(ToolSpec.model_validate(tool("get_lock", {"lock_id": {"type": "string"}}, ["lock_id"])))
    assert made.made_type(specs[0], EntityTypes(specs)) is None


def test_recording_a_thing_others_name_by_id_makes_it() -> None:
    """``record_bug(symptom)`` records a bug that ``update_bug`` / ``delete_bug(id)`` name: no tool creates bugs."""
    specs = [
        ToolSpec.model_validate(tool("record_bug", {"symptom": {"type": "string"}}, ["symptom"])),
        ToolSpec.model_validate(tool("update_bug", {"id": {"type": "string"}}, ["id"])),
        ToolSpec.model_validate(tool("delete_bug", {"id": {"type": "string"}}, ["id"])),
    ]
    assert made.made_type(specs[0], EntityTypes(specs)) == ("bug", "id")


def test_tracking_an_event_others_delete_by_id_makes_it() -> None:
    """``track_event(entity_type, date, data)`` tracks an event that ``delete_event(event_id)`` names; the
    ``entity_id`` it takes is another thing's id, not the event's."""
    track = {"entity_type": {"type": "string"}, "date": {"type": "string"}, "entity_id": {"type": "string"}}
    specs = [
        ToolSpec.model_validate(tool("track_event", track, ["entity_type", "date"])),
        ToolSpec.model_validate(tool("delete_event", {"event_id": {"type": "integer"}}, ["event_id"])),
    ]
    assert made.made_type(specs[0], EntityTypes(specs)) == ("event", "event_id")
    # a tool that tracks a thing by its own id reads it (``track_order(order_id)``): it makes none
    order = ToolSpec.model_validate(tool("track_order", {"order_id": {"type": "string"}}, ["order_id"]))
    cancel = ToolSpec.model_validate(tool("cancel_order", {"order_id": {"type": "string"}}, ["order_id"]))
    assert made.made_type(order, EntityTypes([order, cancel])) is None


async def test_a_queued_job_is_read_waited_on_cancelled_and_listed(tmp_path: Path) -> None:
    path = path_for(tmp_path)
    queued = body(await path.call("s", "enqueue", {"command": "make test", "cwd": "/src"}))
    assert queued["job_id"] == 1
    assert body(await path.call("s", "get_job", {"job_id": 1}))["command"] == "make test"
    # an act naming the job by id shows the job, whatever the length of its id
    assert body(await path.call("s", "wait_job", {"job_id": 1, "timeout_seconds": 5}))["command"] == "make test"
    assert not (await path.call("s", "cancel_job", {"job_id": 1})).is_error
    # cancelled, not gone: read again; a second cancel is refused, as a queue refuses it (one_way.py)
    assert body(await path.call("s", "get_job", {"job_id": 1}))["command"] == "make test"
    assert (await path.call("s", "cancel_job", {"job_id": 1})).is_error
    listed = json.dumps(body(await path.call("s", "list_jobs", {})))
    assert "make test" in listed


async def test_an_id_an_act_used_unseen_is_listed_and_keeps_its_number_out_of_the_count(tmp_path: Path) -> None:
    path = path_for(tmp_path)
    assert not (await path.call("s", "tail_log", {"job_id": 7})).is_error  # open world: it may be the server's
    listed = body(await path.call("s", "list_jobs", {}))
    assert "7" in json.dumps(listed)
    # the session's own first job is still its first: the id it only used is not one it handed out
    assert body(await path.call("s", "enqueue", {"command": "make", "cwd": "/src"}))["job_id"] == 1


def test_a_making_verb_before_no_type_makes_the_type_its_answers_carry_the_id_of() -> None:
    """``book_seats(showtime_id, seats)`` books: seats are no type, and its answer carries the ``booking_id`` that
    ``process_payment(booking_id)`` names (inside FastMCP's ``{"result": "<JSON>"}`` too)."""
    from mcp_sim.config import Example

    booked = {"booking_id": "c291790f-a396-4898-bbbb-fd8f8b89f343", "status": "pending", "seats": ["B1"]}
    wrapped = {"content": [{"type": "text", "text": "{}"}], "structuredContent": {"result": json.dumps(booked)}}
    book = ToolSpec.model_validate(
        tool("book_seats", {"showtime_id": {"type": "string"}, "seats": {"type": "array"}}, ["showtime_id", "seats"])
    ).model_copy(update={"examples": [Example(arguments={"showtime_id": "st1", "seats": ["B1"]}, result=wrapped)]})
    pay = ToolSpec.model_validate(tool("process_payment", {"booking_id": {"type": "string"}}, ["booking_id"]))
    seats = ToolSpec.model_validate(tool("get_seat_map", {"showtime_id": {"type": "string"}}, ["showtime_id"]))
    found = made.made_type(book, EntityTypes([book, pay, seats]))
    assert found is not None and found[0] == "booking"
    unseen = book.model_copy(update={"examples": []})  # nothing says which of booking and showtime it makes
    assert made.made_type(unseen, EntityTypes([unseen, pay, seats])) is None


async def test_a_made_thing_gets_an_id_written_as_its_wrapped_answers_write_them(tmp_path: Path) -> None:
    """The booking ``book_seats`` makes gets a ``booking_id`` written like the one its observed answer showed inside
    FastMCP's ``{"result": "<JSON>"}`` (a UUID, not ``booking-1``), and the ledger keeps it under that id."""
    booked = {"booking_id": "c291790f-a396-4898-bbbb-fd8f8b89f343", "status": "pending", "seats": ["B1"]}
    text = json.dumps(booked)
    book = tool("book_seats", {"showtime_id": {"type": "string"}, "seats": {"type": "array"}}, ["showtime_id", "seats"])
    del book["outputSchema"]
    wrapped = {"content": [{"type": "text", "text": text}], "structuredContent": {"result": text}}
    book["examples"] = [{"arguments": {"showtime_id": "st1", "seats": ["B1"]}, "result": wrapped}]
    tools = [
        book,
        tool("get_booking", {"booking_id": {"type": "string"}}, ["booking_id"]),
        tool("get_seat_map", {"showtime_id": {"type": "string"}}, ["showtime_id"]),
    ]
    path = tools_path(tmp_path, tools)
    answer = await path.call("s", "book_seats", {"showtime_id": "st3", "seats": ["C4", "C5"]})
    assert answer.structured_content is not None
    new_id = json.loads(answer.structured_content["result"])["booking_id"]
    assert re.fullmatch(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", new_id)
    read = body(await path.call("s", "get_booking", {"booking_id": new_id}))
    assert read["booking_id"] == new_id and read["seats"] == ["C4", "C5"]
