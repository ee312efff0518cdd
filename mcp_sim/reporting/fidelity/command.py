"""``mcp-sim fidelity``: score the simulator against recorded real sessions, per tool, server and overall.

Trajectory files (JSONL, the format of ``data/trajectories``) name their server on every line (recordings
files name their experiment instead, see ``by_tool_names``); each server's
tool list comes from a spec file given with ``--tools`` whose ``upstream:`` (or file name, minus
``.tools.yaml``/``.yaml``) is the server's name. ``--worlds DIR`` holds ``<session>.json`` world seeds for
sessions that start from a known state.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio

from mcp_sim.catalog.specs import load_spec_file
from mcp_sim.config import ToolSpec
from mcp_sim.errors import ConfigError
from mcp_sim.reporting.fidelity.measures import CallScore, RecordedCall
from mcp_sim.reporting.fidelity.pooled import pool, table
from mcp_sim.reporting.fidelity.replay import Mode, ServerSessions, read_trajectories, replay
from mcp_sim.reporting.terminal import progress_bar


def tool_lists(paths: list[Path]) -> dict[str, list[ToolSpec]]:
    """server name -> its tools, from spec files."""
    found: dict[str, list[ToolSpec]] = {}
    for path in paths:
        spec_file = load_spec_file(path)
        name = spec_file.upstream or path.name.removesuffix(".yaml").removesuffix(".tools")
        found.setdefault(name, []).extend(spec_file.tools)
    return found


def by_tool_names(
    recorded: dict[str, dict[str, list[RecordedCall]]], lists: dict[str, list[ToolSpec]]
) -> dict[str, list[ToolSpec]]:
    """``lists`` plus, for a recorded server no list is named after (a recordings file names its experiment, not
    its server), the one list that has every tool the server's calls used."""
    found = dict(lists)
    for server, sessions in recorded.items():
        if server in found:
            continue
        used = {c.tool for calls in sessions.values() for c in calls}
        fitting = [name for name, specs in lists.items() if used <= {s.name for s in specs}]
        if len(fitting) == 1:
            found[server] = lists[fitting[0]]
    return found


def worlds_in(folder: Path | None) -> dict[str, Any]:
    if folder is None:
        return {}
    if not folder.is_dir():
        raise ConfigError([f"--worlds {folder}: not a directory"])
    return {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.json"))}


def measure(trajectories: list[Path], tools: list[Path], mode: Mode, worlds: Path | None = None) -> dict[str, Any]:
    """Replay and score; the pooled report (JSON-able) with every call's scores under ``calls``."""
    recorded = read_trajectories(trajectories)
    lists = by_tool_names(recorded, tool_lists(tools))
    missing = sorted(set(recorded) - set(lists))
    if missing:
        raise ConfigError([f"no tool list for server {name!r}: pass its spec file with --tools" for name in missing])
    seeds = worlds_in(worlds)
    runs = [
        ServerSessions(server, lists[server], sessions, {s: seeds[s] for s in sessions if s in seeds})
        for server, sessions in recorded.items()
    ]
    scores: list[CallScore] = []
    total = sum(len(c) for run in runs for c in run.sessions.values())
    with progress_bar() as progress:
        task = progress.add_task(f"replaying ({mode})", total=total)
        for run in runs:
            scores.extend(anyio.run(replay, run, mode, lambda: progress.advance(task)))
    report = pool(scores)
    report["mode"] = mode
    report["calls"] = [s.to_json() for s in scores]
    return report


def run(
    trajectories: list[Path],
    tools: list[Path],
    mode: Mode,
    worlds: Path | None,
    json_path: Path | None,
    html_path: Path | None,
) -> dict[str, Any]:
    report = measure(trajectories, tools, mode, worlds)
    print(f"Simulator fidelity, mode {mode}")
    print(table(report))
    if json_path is not None:
        json_path.parent.mkdir(parents=True, exist_ok=True)
        json_path.write_text(json.dumps(report, indent=2), encoding="utf-8")
        print(f"wrote {json_path}")
    if html_path is not None:
        from mcp_sim.reporting.fidelity.chart import page

        html_path.parent.mkdir(parents=True, exist_ok=True)
        html_path.write_text(page(report), encoding="utf-8")
        print(f"wrote {html_path}")
    return report
