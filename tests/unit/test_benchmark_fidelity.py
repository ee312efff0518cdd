"""benchmarks/fidelity.py: the fidelity section runs `mcp-sim fidelity` and tabulates its overall figures."""

from __future__ import annotations

from pathlib import Path

from benchmarks import fidelity
from benchmarks.sections import SECTIONS


def test_the_section_is_registered() -> None:
    assert "fidelity" in [section.key for section in SECTIONS]


def test_both_datasets_pair_each_recording_with_tool_lists() -> None:
    tests, bench = fidelity.datasets()
    assert tests.trajectories and tests.tools and bench.trajectories and bench.tools
    assert all(path.name.endswith(".tools.yaml") for path in bench.tools)


async def test_a_run_of_the_command_gives_the_overall_row(tmp_path: Path) -> None:
    tests = fidelity.datasets()[0]
    recorded = fidelity.Recorded("time", [p for p in tests.trajectories if p.stem == "time"], tests.tools)
    report = await fidelity.measure(recorded, "zero-config", tmp_path)
    overall = report["overall"]
    calls, agreement, structure, *_ = fidelity.row(report)
    assert calls == str(overall["calls"]) == "8"  # time.jsonl records 8 calls
    tally = overall["measures"]["is_error_agreement"]
    assert agreement == f"{100 * tally['rate']:.1f} % ({tally['hits']}/{tally['of']})"
    assert structure.endswith(f"/{overall['measures']['structural_match']['of']})")


def test_a_measure_that_never_applied_is_a_dash() -> None:
    assert fidelity.cell({"rate": None, "hits": 0, "of": 0}) == "-"
    assert fidelity.cell({"rate": 0.5, "hits": 1, "of": 2}) == "50.0 % (1/2)"
