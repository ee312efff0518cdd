"""``mcp-sim learn``: what recordings show, written as a spec file that teaches the simulator the same shapes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mcp_sim.catalog.specs import load_spec_file
from mcp_sim.cli import main
from mcp_sim.reporting.fidelity.command import measure
from mcp_sim.reporting.fidelity.replay import read_trajectories, split_for_learning
from mcp_sim.reporting.fidelity.trajectories import example_of
from mcp_sim.simulation.learned import learn

REPO = Path(__file__).resolve().parents[2]
BENCH = REPO / "benchmarks" / "trajectories"


def taught_half(server: str, tmp_path: Path) -> tuple[Path, set[tuple[str, int]]]:
    """The sessions learn mode teaches from, as a trajectory file, and the (session, turn) pairs it scores."""
    source = BENCH / f"{server}.jsonl"
    taught, scored = split_for_learning(read_trajectories([source])[server])
    taught_turns = {(c.session, c.index) for c in taught}
    lines = [x for x in source.read_text().splitlines() if x.strip()]
    kept = [x for x in lines if (json.loads(x)["trajectory_id"], json.loads(x)["turn"]) in taught_turns]
    path = tmp_path / f"{server}.taught.jsonl"
    path.write_text("\n".join(kept) + "\n")
    return path, scored


@pytest.mark.parametrize(
    "server", ["git", "sqlite", "knowledge_graph", "todo_txt", "bfcl_twitter_vehicle", "bfcl_file_system_twitter"]
)
def test_the_written_spec_scores_like_learning_from_the_same_recordings(server: str, tmp_path: Path) -> None:
    taught, scored = taught_half(server, tmp_path)
    recordings, spec = tmp_path / "taught.sqlite", tmp_path / "tool_specs" / f"{server}.yaml"
    tools = str(BENCH / f"{server}.tools.yaml")
    assert main(["recordings", "import", str(taught), "-o", str(recordings), "--tools", tools]) == 0
    assert main(["learn", str(recordings), "-o", str(spec), "--tools", tools]) == 0

    trajectories = [BENCH / f"{server}.jsonl"]
    learned = measure(trajectories, [BENCH / f"{server}.tools.yaml"], "learn")
    shipped = measure(trajectories, [spec], "shipped")
    by_call = {(c["session"], c["index"]): c for c in shipped["calls"]}
    assert len(learned["calls"]) == len(scored) > 0
    for call in learned["calls"]:
        assert by_call[(call["session"], call["index"])] == call  # every measure, structure included


def test_examples_cover_each_form_once_and_teach_what_all_calls_teach(tmp_path: Path) -> None:
    spec_path = tmp_path / "git.yaml"
    source = BENCH / "git.jsonl"
    assert main(["learn", str(source), "-o", str(spec_path), "--tools", str(BENCH / "git.tools.yaml")]) == 0
    written = spec_path.read_text()
    assert "#   answers: text Created branch '{{branch_name}}' from '{{base_branch}}'" in written
    assert "#   already exists: text Error executing tool git_create_branch" in written
    spec_file = load_spec_file(spec_path)
    assert spec_file.upstream == "git"
    calls = [c for sessions in read_trajectories([source]).values() for cs in sessions.values() for c in cs]
    total = 0
    for spec in spec_file.tools:
        observed = [e for c in calls if c.tool == spec.name and (e := example_of(c)) is not None]
        assert learn(spec.examples) == learn(observed), spec.name
        assert "serverInfo" not in json.dumps([e.result for e in spec.examples])
        total += len(spec.examples)
    assert 0 < total < len(calls)


def test_a_tool_missing_from_the_tool_lists_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = BENCH / "git.jsonl"
    out = tmp_path / "x.yaml"
    assert main(["learn", str(source), "-o", str(out), "--tools", str(BENCH / "sqlite.tools.yaml")]) == 1
    assert "tool 'git_status' was observed but is in none of the --tools lists" in capsys.readouterr().err
    assert not out.exists()


def test_a_tool_never_observed_is_written_with_its_siblings_examples_and_says_so(tmp_path: Path) -> None:
    taught, _ = taught_half("todo_txt", tmp_path)
    spec_path = tmp_path / "todo.yaml"
    assert main(["learn", str(taught), "-o", str(spec_path), "--tools", str(BENCH / "todo_txt.tools.yaml")]) == 0
    written = spec_path.read_text()
    assert "# filter_by_project: never observed; answers like its sibling filter_by_priority" in written
    assert "these examples are filter_by_priority's, words swapped (priority -> project)" in written
    spec = next(s for s in load_spec_file(spec_path).tools if s.name == "filter_by_project")
    assert spec.examples and all("project" in e.arguments and "priority" not in e.arguments for e in spec.examples)
