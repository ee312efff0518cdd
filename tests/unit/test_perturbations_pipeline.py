"""The runner: scope, triggers, resume, probability, and the fixed order of application."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mcp_sim.config.profiles import parse_entries
from mcp_sim.config.yamlfile import YamlDocument
from mcp_sim.perturbations.base import CallInfo
from mcp_sim.perturbations.pipeline import ProfilePipeline


def _pipeline(*entries: dict[str, Any]) -> ProfilePipeline:
    raw = list(entries)
    return ProfilePipeline(parse_entries(raw, YamlDocument(Path("inline.yaml"), raw, None), ("perturbations",)))


def _fired(pipeline: ProfilePipeline, **call: Any) -> list[str]:
    defaults: dict[str, Any] = {"tool": "list_tickets", "route": "sim", "call_index": 0, "tool_call_index": 0}
    c = defaults | call
    info = CallInfo(1, "s", c["tool"], c.get("arguments", {}), c["route"], c["call_index"], c["tool_call_index"])
    return [d["name"] or d["type"] for d in pipeline.plan(info).decisions]


def test_tool_globs_and_route_scope_entries() -> None:
    pipeline = _pipeline(
        {"type": "empty", "name": "lists", "match": {"tools": ["list_*", "search_*"]}},
        {"type": "empty", "name": "real-only", "match": {"route": "real"}},
    )
    assert _fired(pipeline) == ["lists"]
    assert _fired(pipeline, tool="get_ticket", route="real") == ["real-only"]


def test_turns_calls_and_every_are_1_based_and_anded() -> None:
    turns = _pipeline({"type": "empty", "match": {"turns": "3-"}})
    assert [bool(_fired(turns, call_index=i)) for i in range(5)] == [False, False, True, True, True]
    window = _pipeline({"type": "empty", "match": {"turns": "2-3"}})
    assert [bool(_fired(window, call_index=i)) for i in range(4)] == [False, True, True, False]
    calls = _pipeline({"type": "empty", "match": {"calls": [1, 3]}})
    assert [bool(_fired(calls, tool_call_index=i)) for i in range(4)] == [True, False, True, False]
    every = _pipeline({"type": "empty", "match": {"every": 2, "turns": "4"}})
    fired = [bool(_fired(every, call_index=3, tool_call_index=i)) for i in range(4)]
    assert fired == [False, True, False, True]
    assert not _fired(every, call_index=2, tool_call_index=1)


def test_order_is_fixed_by_type_whatever_the_profile_order() -> None:
    pipeline = _pipeline(
        {"type": "partial_failure"},
        {"type": "truncate", "max_items": 1},
        {"type": "error", "name": "second-error"},
        {"type": "latency", "ms": 0},
        {"type": "error", "name": "first-error"},
    )
    assert _fired(pipeline) == ["latency", "second-error", "first-error", "truncate", "partial_failure"]


def test_entries_roll_independently_and_compound() -> None:
    pipeline = _pipeline(
        {"type": "error", "name": "a", "probability": 0.3},
        {"type": "error", "name": "b", "probability": 0.5},
    )
    fired = [_fired(pipeline, call_index=i) for i in range(4000)]
    a = sum("a" in f for f in fired) / 4000
    b = sum("b" in f for f in fired) / 4000
    both = sum(len(f) == 2 for f in fired) / 4000
    assert abs(a - 0.3) < 0.03 and abs(b - 0.5) < 0.03 and abs(both - 0.15) < 0.03


def test_a_resumed_cursor_is_served_whatever_the_roll() -> None:
    pipeline = _pipeline({"type": "paginate", "probability": 0.0, "page_size": 1})
    assert _fired(pipeline) == []
    assert _fired(pipeline, arguments={"cursor": "pg1_abc"}) == ["paginate"]


def test_decisions_record_type_name_params_and_trigger() -> None:
    pipeline = _pipeline({"type": "error", "name": "rl", "probability": 0.999, "kind": "rate_limited"})
    info = CallInfo(1, "s", "t", {}, "sim", 0)
    [record] = pipeline.plan(info).decisions
    assert record["type"] == "error" and record["name"] == "rl"
    assert record["params"]["kind"] == "rate_limited" and record["trigger"]["probability"] == 0.999
    assert record["changed"] == {}
