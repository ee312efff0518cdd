"""A learned answer that is its example's own data yields to what the session's state says (``constant.py``)."""

from __future__ import annotations

import json
from typing import Any

import anyio

from mcp_sim.config import Example, ToolSpec
from mcp_sim.reporting.fidelity.measures import RecordedCall
from mcp_sim.reporting.fidelity.replay import ServerSessions, replay
from mcp_sim.simulation.constant import is_example_data
from mcp_sim.simulation.learned import Template, learn


def text_result(text: str) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": text}], "isError": False}


def learned(arguments: dict[str, Any], text: str) -> Template:
    shapes = learn([Example(arguments=arguments, result=text_result(text))])
    assert shapes is not None and shapes.success is not None
    return shapes.success


def test_an_answer_carrying_nothing_of_its_call_is_the_examples_data() -> None:
    assert is_example_data(learned({"key": "user:1"}, '{"name": "Omar", "plan": "pro"}'), {"key": "cart:1"})
    assert is_example_data(learned({"query": "SELECT 7"}, "[(7, 534.0)]"), {"query": "CREATE TABLE t (a INT)"})


def test_an_answer_with_a_slot_records_or_no_arguments_is_a_form() -> None:
    assert not is_example_data(learned({"key": "user:1"}, "Value of user:1: pro"), {"key": "cart:1"})
    records = learned({"names": ["Ada"]}, json.dumps([{"name": "Ada", "kind": "person"}]))
    assert not is_example_data(records, {"names": ["Bo"]})
    assert not is_example_data(learned({}, "OK"), {})  # a call without arguments: its answer is the tool's form


def spec(name: str, **properties: str) -> ToolSpec:
    schema = {"type": "object", "properties": {k: {"type": v} for k, v in properties.items()}}
    return ToolSpec.model_validate({"name": name, "inputSchema": schema})


def call(session: str, index: int, tool: str, arguments: dict[str, Any], text: str) -> RecordedCall:
    return RecordedCall("cache", session, index, tool, arguments, text_result(text), None)


def test_a_read_answers_the_value_this_session_wrote_not_the_examples() -> None:
    tools = [spec("set", key="string", value="string"), spec("get", key="string")]
    profile = '{"name": "Omar", "plan": "pro"}'
    taught = [
        call("s1", 1, "set", {"key": "user:1", "value": profile}, "Successfully set user:1"),
        call("s1", 2, "get", {"key": "user:1"}, profile),
    ]
    scored = [
        call("s2", 1, "set", {"key": "cart:42", "value": "2"}, "Successfully set cart:42"),
        call("s2", 2, "get", {"key": "cart:42"}, "2"),
    ]
    scores = anyio.run(replay, ServerSessions("cache", tools, {"s1": taught, "s2": scored}), "learn")
    read = scores[-1]
    assert read.tool == "get" and read.structural_match
    assert "P" in read.opportunities and not read.violations  # 2, not the example's profile
