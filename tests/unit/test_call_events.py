"""The one structured log event per call carries what an operator needs to follow a session."""

from __future__ import annotations

from pathlib import Path

from structlog.testing import capture_logs

from tests.hosting import experiment_file, hosted


async def test_one_event_per_call_with_session_tool_route_latency_decisions_outcome(tmp_path: Path) -> None:
    async with hosted(experiment_file(tmp_path, "logged")) as ([path], _):
        with capture_logs() as events:
            await path.call("s1", "create_ticket", {"title": "a"})
            await path.call("s1", "get_ticket", {"ticket_id": "t-missing"})
    calls = [e for e in events if e["event"] == "tool call"]
    assert [(e["session"], e["tool"], e["route"], e["index"]) for e in calls] == [
        ("s1", "create_ticket", "sim", 0),
        ("s1", "get_ticket", "sim", 1),
    ]
    assert all(e["experiment"] == "logged" and e["decisions"] == [] for e in calls)
    assert all(isinstance(e["latency_ms"], float) and e["latency_ms"] >= 0 for e in calls)
    assert calls[0]["outcome"] == "ok"
    assert calls[1]["outcome"] in {"ok", "tool_error"}
