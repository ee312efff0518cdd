"""A create answering in words names the id its server would give, and the ledger keeps it (``numbering.py``)."""

from __future__ import annotations

from typing import Any

import anyio

from mcp_sim.config import Example, ToolSpec
from mcp_sim.reporting.fidelity.measures import RecordedCall
from mcp_sim.reporting.fidelity.replay import ServerSessions, replay
from mcp_sim.simulation.numbering import numbered_id, shown_id, with_new_id


def text_result(text: str, is_error: bool = False) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": text}], "isError": is_error}


def created(id_: str, title: str = "t") -> Example:
    return Example(arguments={"title": title}, result=text_result(f"Note created successfully with ID: {id_}"))


def test_the_id_a_text_names_after_the_word_id() -> None:
    assert shown_id("Note created successfully with ID: 20260120T120000000000002") == "20260120T120000000000002"
    assert shown_id('Task "Fix" (ID: `task-7`) created') == "task-7"
    assert shown_id("Created the note") is None
    assert shown_id("Valid ids are listed") is None  # a word, not an id


def test_ids_count_up_from_the_lowest_the_examples_show_in_their_width() -> None:
    examples = [created("20260120T120000000000001"), created("20260120T120000000000000")]
    assert numbered_id(examples, 1) == "20260120T120000000000000"
    assert numbered_id(examples, 12) == "20260120T120000000000011"
    assert numbered_id([created("req-3"), created("req-4")], 1) == "req-3"


def test_ids_that_do_not_count_are_left_alone() -> None:
    uuids = [created("be1403f4-9cdc-4904-9bd7-63d2619a01c6"), created("95e96e90-b1c0-4993-8e54-a7751f38cb8b")]
    assert numbered_id(uuids, 1) is None
    failed = Example(arguments={"title": "x"}, result=text_result("Error: ID: 17 refused", is_error=True))
    assert numbered_id([failed], 1) is None
    echoed = Example(arguments={"note_id": "n-5"}, result=text_result("Updated note ID: n-5"))
    assert numbered_id([echoed], 1) is None  # the id the call gave is not one the tool made


def test_the_answer_names_the_id_the_record_holds() -> None:
    text = "Note created successfully with ID: 20260120T120000000000002"
    assert with_new_id(text, {"id": "note-1", "title": "x"}, {"title": "x"}).endswith("ID: note-1")
    assert with_new_id(text, {"title": "x"}, {"title": "x"}) == text  # no new id: the text as learned


def spec(name: str, **properties: str) -> ToolSpec:
    schema = {"type": "object", "properties": {k: {"type": v} for k, v in properties.items()}}
    return ToolSpec.model_validate({"name": name, "inputSchema": schema})


def call(session: str, index: int, tool: str, arguments: dict[str, Any], text: str) -> RecordedCall:
    return RecordedCall("notes", session, index, tool, arguments, text_result(text), None)


def test_a_later_call_finds_the_note_by_the_id_the_create_named() -> None:
    tools = [spec("create_note", title="string"), spec("update_note", note_id="string", title="string")]
    first, second = "20260120T120000000000000", "20260120T120000000000001"
    taught = [
        call("s1", 1, "create_note", {"title": "a"}, f"Note created successfully with ID: {first}"),
        call("s1", 2, "create_note", {"title": "b"}, f"Note created successfully with ID: {second}"),
        call("s1", 3, "update_note", {"note_id": first, "title": "c"}, f"Note updated successfully: {first}"),
    ]
    scored = [
        call("s2", 1, "create_note", {"title": "x"}, f"Note created successfully with ID: {first}"),
        call("s2", 2, "create_note", {"title": "y"}, f"Note created successfully with ID: {second}"),
        call("s2", 3, "update_note", {"note_id": second, "title": "z"}, f"Note updated successfully: {second}"),
    ]
    scores = anyio.run(replay, ServerSessions("notes", tools, {"s1": taught, "s2": scored}), "learn")
    assert [s.is_error_agreement for s in scores] == [True, True, True]
    assert not scores[-1].violations  # the note the second create named exists: no rejected reference
