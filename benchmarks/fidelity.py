"""Section 8: fidelity. How closely the simulator answers like real servers, as fidelity-metrics.md measures it.

Runs ``mcp-sim fidelity`` as users run it (a subprocess, ``--json``) on the recorded sessions of the repository:
``tests/data/trajectories`` (four servers, with ``tests/data/tool_lists``) and ``benchmarks/trajectories``
(``*.jsonl`` with their ``*.tools.yaml``), in ``zero-config`` mode (only the tool lists) and ``learn`` mode
(half of each server's sessions teach, the other half is scored), and tabulates the overall figures with the
counts behind them. Nothing here is timed against a baseline: the figures are scores, the seconds are context.
"""

from __future__ import annotations

import json
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio

from benchmarks.harness import SectionResult, Settings
from benchmarks.procs import ROOT
from benchmarks.stats import Table

MODES = ("zero-config", "learn")
# (pooled measure, column); violations are "at most", the others "at least"
COLUMNS = (
    ("is_error_agreement", "isError agreement"),
    ("structural_match", "structural match"),
    ("semantic", "semantic"),
    ("any_violation", "calls with a violation"),
)
GOALS = {
    "zero-config": "isError >= 95 %, structure >= 50 %, violations <= 5 %",
    "learn": "structure >= 90 %, no violation",
}


@dataclass(frozen=True)
class Recorded:
    """A set of recorded sessions and the tool lists of their servers."""

    name: str
    trajectories: list[Path]
    tools: list[Path]


def datasets() -> list[Recorded]:
    tests, bench = ROOT / "tests" / "data", ROOT / "benchmarks" / "trajectories"
    tool_lists = sorted((tests / "tool_lists").glob("*.yaml"))
    return [
        Recorded("tests/data", sorted((tests / "trajectories").glob("*.jsonl")), tool_lists),
        Recorded("benchmarks/trajectories", sorted(bench.glob("*.jsonl")), sorted(bench.glob("*.tools.yaml"))),
    ]


async def run(settings: Settings) -> SectionResult:
    table = Table(
        "Fidelity against recorded real sessions (mcp-sim fidelity, overall)",
        ["data", "mode", "scored calls", *(label for _, label in COLUMNS), "seconds"],
        notes=[f"goals, {mode}: {goal}" for mode, goal in GOALS.items()],
    )
    data: dict[str, Any] = {}
    for recorded in datasets():
        for mode in MODES:
            started = time.monotonic()
            report = await measure(recorded, mode, settings.workdir)
            seconds = time.monotonic() - started
            table.add(recorded.name, mode, *row(report), f"{seconds:.1f}")
            data[f"{recorded.name} {mode}"] = {"overall": report["overall"], "seconds": round(seconds, 2)}
    return SectionResult([table], data)


async def measure(recorded: Recorded, mode: str, workdir: Path) -> dict[str, Any]:
    """``mcp-sim fidelity`` on ``recorded`` in ``mode``: its JSON report."""
    output = workdir / f"fidelity-{recorded.name.replace('/', '_')}-{mode}.json"
    command = [sys.executable, "-m", "mcp_sim", "fidelity", *map(str, recorded.trajectories)]
    command += ["--tools", *map(str, recorded.tools), "--mode", mode, "--json", str(output)]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    await anyio.run_process(command, cwd=ROOT, env=env)  # raises with the output when the command fails
    report: dict[str, Any] = json.loads(output.read_text(encoding="utf-8"))
    return report


def row(report: dict[str, Any]) -> list[str]:
    """The overall cells of a report: scored calls, then each measure as ``rate (hits/of)``."""
    overall = report["overall"]
    return [str(overall["calls"]), *(cell(overall["measures"][measure]) for measure, _ in COLUMNS)]


def cell(tally: dict[str, Any]) -> str:
    if tally["rate"] is None:
        return "-"
    return f"{100 * tally['rate']:.1f} % ({tally['hits']}/{tally['of']})"
