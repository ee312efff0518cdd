"""A stop shows what the start of its running activity was given (paired.py)."""

from __future__ import annotations

from typing import Any

from mcp_sim.config import ToolSpec
from mcp_sim.simulation.builtin import paired
from tests.unit.test_recall import path_of, text, turn

STRING = {"type": "string"}


def test_which_names_stop_a_pair() -> None:
    assert paired.stops("stop_timer") and paired.stops("end_session") and paired.stops("clock_out")
    assert not paired.stops("start_timer") and not paired.stops("clock_in") and not paired.stops("get_timer")


def test_the_running_activity_is_the_latest_start_no_stop_followed() -> None:
    earlier = [
        turn(1, "start_timer", {"project": "Website"}),
        turn(2, "stop_timer", {}),
        turn(3, "start_timer", {"project": "Billing"}),
        turn(4, "start_recording", {"name": "call"}),
    ]
    assert paired.running("stop_timer", earlier) == {"project": "Billing"}
    assert paired.running("stop_timer", earlier[:2]) == {}  # stopped already
    assert paired.running("stop_recording", earlier) == {"name": "call"}
    assert paired.running("stop_timer", [turn(1, "start_timer", {"project": "x"}, failed=True)]) == {}
    assert paired.running("clock_out", [turn(1, "clock_in", {"employee": "Ana"})]) == {"employee": "Ana"}


async def test_a_stop_answers_with_the_started_activity() -> None:
    schema: dict[str, Any] = {"type": "object", "properties": {"project": STRING, "task": STRING, "notes": STRING}}
    path = path_of(ToolSpec(name="start_timer", input_schema=schema), ToolSpec(name="stop_timer", input_schema=schema))
    await path.call("s", "start_timer", {"project": "Website", "task": "Landing page"})
    answer = text(await path.call("s", "stop_timer", {"notes": "hero done"}))
    assert "Website" in answer and "Landing page" in answer and "hero done" in answer
    assert "Website" not in text(await path.call("s", "stop_timer", {}))  # nothing runs any more
