"""``mcp-sim fidelity`` end to end on the shared recorded sessions (real servers' answers)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mcp_sim.cli import main
from mcp_sim.reporting.fidelity.command import measure
from mcp_sim.reporting.fidelity.replay import read_trajectories, split_for_learning
from tests.prerequisites import missing

REPO = Path(__file__).resolve().parents[2]
SHARED = REPO / "tests" / "data" / "trajectories"  # copies of ../shared/data/trajectories
TOOL_LISTS = sorted((REPO / "tests" / "data" / "tool_lists").glob("*.tools.yaml"))


@pytest.fixture
def trajectories() -> list[Path]:
    found = sorted(SHARED.glob("*.jsonl"))
    if not found:
        missing("../shared/data/trajectories (the recorded real sessions)")
    return found


def test_every_recorded_call_is_replayed_and_scored_per_tool(trajectories: list[Path]) -> None:
    report = measure(trajectories, TOOL_LISTS, "zero-config")
    recorded = sum(1 for path in trajectories for line in path.read_text().splitlines() if line.strip())
    assert report["overall"]["calls"] == recorded == len(report["calls"])
    measures = report["overall"]["measures"]
    assert measures["answered"]["rate"] == 1.0
    assert measures["valid"]["rate"] == 1.0  # every structured answer validates against its outputSchema
    assert set(report["tools"]["time"]) == {"get_current_time", "convert_time"}


def test_learn_mode_scores_only_the_half_it_did_not_learn_from(trajectories: list[Path]) -> None:
    report = measure(trajectories, TOOL_LISTS, "learn")
    expected = 0
    for sessions in read_trajectories(trajectories).values():
        expected += len(split_for_learning(sessions)[1])
    assert report["overall"]["calls"] == expected
    # a text tool answers in the wording it showed: everything's echo is learned from its first call
    echo = report["tools"]["everything"]["echo"]["measures"]["structural_match"]
    assert echo["rate"] == 1.0


def test_the_command_writes_json_and_a_page(trajectories: list[Path], tmp_path: Path) -> None:
    out, page = tmp_path / "fidelity.json", tmp_path / "fidelity.html"
    argv = ["fidelity", *map(str, trajectories), "--tools", *map(str, TOOL_LISTS), "--json", str(out)]
    assert main([*argv, "--html", str(page)]) == 0
    assert json.loads(out.read_text())["mode"] == "zero-config"
    assert "<svg" in page.read_text() and "convert_time" in page.read_text()


def test_a_server_without_a_tool_list_is_named(trajectories: list[Path]) -> None:
    with pytest.raises(Exception, match="no tool list for server 'time'"):
        measure(trajectories, [p for p in TOOL_LISTS if "time" not in p.name], "zero-config")
