"""``mcp-sim export --format agentworld`` on the recorded real sessions in tests/fixtures/trajectories."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from mcp_sim.cli import main
from mcp_sim.reporting import agentworld
from mcp_sim.reporting.sources import ObservedCall

TRAJECTORIES = Path(__file__).parents[1] / "fixtures" / "trajectories"
TURN = re.compile(r"\A### Turn (\d+)\n\*\*Action:\*\*\n```json\n(.*)\n```\Z", re.DOTALL)
KEYS = {"id", "task", "system_str", "prompt", "response", "turn_idx", "total_turns", "server"}


def trajectories() -> dict[str, list[dict[str, Any]]]:
    sessions: dict[str, list[dict[str, Any]]] = {}
    for path in sorted(TRAJECTORIES.glob("*.jsonl")):
        for line in path.read_text().splitlines():
            call = json.loads(line)
            sessions.setdefault(call["trajectory_id"], []).append(call)
    return sessions


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    out = tmp_path_factory.mktemp("export") / "agentworld.jsonl"
    assert main(["export", "--format", "agentworld", str(TRAJECTORIES), "-o", str(out)]) == 0
    return [json.loads(line) for line in out.read_text().splitlines()]


def test_one_record_per_real_call(exported: list[dict[str, Any]]) -> None:
    sessions = trajectories()
    assert len(exported) == sum(len(calls) for calls in sessions.values()) == 57
    assert {r["id"].split("#")[0] for r in exported} == set(sessions)


def test_records_have_the_agentworldbench_shape(exported: list[dict[str, Any]]) -> None:
    sessions = trajectories()
    for record in exported:
        assert set(record) == KEYS and record["task"] == "mcp"
        session = sessions[record["id"].split("#")[0]]
        k = record["turn_idx"]
        assert record["total_turns"] == len(session) and 1 <= k <= len(session)
        assert len(record["prompt"]) == len(record["response"]) == k  # history + the turn to predict, no future
        for j, (prompt, response) in enumerate(zip(record["prompt"], record["response"], strict=True)):
            match = TURN.match(prompt)
            assert match is not None and int(match.group(1)) == j + 1
            call = session[j]
            assert json.loads(match.group(2)) == {"name": call["tool"], "arguments": call["arguments"]}
            assert response.startswith(agentworld.OBSERVATION + "\n")
        assert "# Tools" in record["system_str"] and record["server"] == session[0]["server"]


def test_observation_is_the_real_text(exported: list[dict[str, Any]]) -> None:
    sum_turn = next(r for r in exported if r["id"] == "everything_features#2")
    assert sum_turn["response"][-1] == "**Environment Observation:**\nThe sum of 2 and 40 is 42."
    structured = ObservedCall("s", "t", {}, {"content": [], "structuredContent": {"a": 1}})
    assert agentworld.observation_text(0, structured) == '{"a": 1}'


def test_records_use_the_world_model_prompt_texts(exported: list[dict[str, Any]]) -> None:
    """Exported data must look exactly like what the LLM world model is prompted with."""
    from mcp_sim.simulation.llm import prompts
    from mcp_sim.state.base import Turn

    record = next(r for r in exported if r["id"] == "time_queries#2")
    first = json.loads(TRAJECTORIES.joinpath("time.jsonl").read_text().splitlines()[0])
    assert record["prompt"][0] == prompts.action_text(0, first["tool"], first["arguments"])
    turn = Turn(index=0, tool=first["tool"], arguments=first["arguments"], route="real", result=first["result"])
    assert record["response"][0] == "**Environment Observation:**\n" + prompts.observation_text(turn)
    assert record["system_str"].startswith(prompts.SYSTEM_TEMPLATE.split("{tool_definitions}")[0])


def test_evaluation_harness_reads_history_then_current_turn(exported: list[dict[str, Any]]) -> None:
    """Rebuild the chat the way AgentWorldBench's eval does (turn_idx - 1 pairs, then the current action)."""
    record = next(r for r in exported if r["id"] == "memory_kg_lifecycle#3")
    t = record["turn_idx"] - 1
    messages = [{"role": "system", "content": record["system_str"]}]
    for j in range(t):
        messages += [
            {"role": "user", "content": record["prompt"][j]},
            {"role": "assistant", "content": record["response"][j]},
        ]
    messages.append({"role": "user", "content": record["prompt"][t]})
    assert [m["role"] for m in messages] == ["system", "user", "assistant", "user", "assistant", "user"]
    assert messages[-1]["content"].startswith("### Turn 3\n")
    assert '"name": "add_observations"' in messages[-1]["content"]


def test_tools_seen_lists_every_argument_name() -> None:
    calls = [
        ObservedCall("s", "get", {"a": 1}, {}),
        ObservedCall("s", "get", {"b": 2}, {}),
        ObservedCall("s", "put", {}, {}),
    ]
    seen = agentworld.tools_seen(calls)
    assert [(t.name, t.input_schema) for t in seen] == [
        ("get", {"type": "object", "properties": {"a": {}, "b": {}}}),
        ("put", {"type": "object", "properties": {}}),
    ]
