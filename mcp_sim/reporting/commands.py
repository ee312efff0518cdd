"""``mcp-sim report`` and ``mcp-sim export``: read recorded sessions, then score or convert them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
from rich.console import Console

from mcp_sim.config import LoadedExperiment
from mcp_sim.errors import StartupError
from mcp_sim.reporting import agentworld, html, paired
from mcp_sim.reporting.fidelity import table
from mcp_sim.reporting.sources import ObservedCall, by_session, input_files, read_file
from mcp_sim.reporting.summary import SchemaOf, summarize
from mcp_sim.reporting.terminal import LEGEND, fidelity_table, progress_bar


def read_all(paths: list[Path]) -> list[ObservedCall]:
    files = input_files(paths)
    calls: list[ObservedCall] = []
    with progress_bar() as progress:
        task = progress.add_task("reading", total=len(files))
        for path in files:
            calls.extend(read_file(path))
            progress.advance(task)
    return calls


def report(
    paths: list[Path],
    console: Console,
    loaded: LoadedExperiment | None = None,
    simulate: bool = False,
    html_path: Path | None = None,
    fidelity_path: Path | None = None,
) -> int:
    """Print the per-tool fidelity tables; write the HTML page too when asked. Returns the number of pairs.

    The figures of fidelity-metrics.md come from ``fidelity_path`` (a ``mcp-sim fidelity --json`` file) when
    given, else from the real/simulated pairs of the inputs (shadow runs, ``--simulate``), when there are any.
    """
    if not paths and fidelity_path is None:
        raise StartupError("nothing to report: give traces, trajectories or recordings, or --fidelity FILE")
    if simulate and loaded is None:
        raise StartupError("--simulate needs --experiment: its world model answers the recorded calls")
    calls = read_all(paths)
    if simulate and loaded is not None:
        _simulate(loaded, calls)
    schema_of = _schemas(loaded)
    rows = summarize(calls, schema_of) if calls else []
    names = [str(p) for p in paths] or [str(fidelity_path)]
    title = f"Simulator fidelity: {', '.join(names)}"
    if rows:
        console.print(fidelity_table(rows, title))
        console.print(LEGEND, style="dim")
    figures, source = _figures(calls, schema_of, fidelity_path)
    if figures is not None:
        console.print(f"Fidelity as fidelity-metrics.md measures it ({source})", style="bold")
        console.print(table(figures), markup=False, highlight=False, soft_wrap=True)
    if html_path is not None:
        html_path.parent.mkdir(parents=True, exist_ok=True)
        html_path.write_text(html.render(rows, title, figures, source), encoding="utf-8")
        console.print(f"wrote {html_path}")
    return rows[-1].pairs if rows else 0


def _figures(
    calls: list[ObservedCall], schema_of: SchemaOf, fidelity_path: Path | None
) -> tuple[dict[str, Any] | None, str]:
    """The pooled figures and where they come from: the fidelity JSON given, else the pairs of the inputs."""
    if fidelity_path is not None:
        return paired.load(fidelity_path), str(fidelity_path)
    pairs = [c for c in calls if c.real is not None and c.sim is not None]
    schemas = {tool: schema_of(tool) for tool in {c.tool for c in pairs}}
    return paired.pooled_pairs(calls, schemas), f"{len(pairs)} real/simulated pairs of the inputs"


def export_agentworld(paths: list[Path], output: Path, loaded: LoadedExperiment | None) -> int:
    """Write one record per real call; returns how many were written."""
    sessions = by_session(read_all(paths))
    system = _system_text(loaded)
    written = 0
    output.parent.mkdir(parents=True, exist_ok=True)
    with output.open("w", encoding="utf-8") as out, progress_bar() as progress:
        task = progress.add_task("exporting", total=len(sessions))
        for session, calls in sessions.items():
            for record in agentworld.records(session, calls, system):
                out.write(json.dumps(record, ensure_ascii=False) + "\n")
                written += 1
            progress.advance(task)
    return written


def _simulate(loaded: LoadedExperiment, calls: list[ObservedCall]) -> None:
    from mcp_sim.reporting.simulate import simulate

    with progress_bar() as progress:
        task = progress.add_task("simulating", total=len(calls))
        anyio.run(simulate, loaded, calls, lambda: progress.advance(task))


def _schemas(loaded: LoadedExperiment | None) -> SchemaOf:
    if loaded is None:
        return lambda tool: None
    from mcp_sim.reporting.simulate import exposed_name, offline_catalog

    catalog = offline_catalog(loaded)

    def schema_of(tool: str) -> dict[str, Any] | None:
        entry = catalog.get(exposed_name(catalog, tool))
        return entry.tool.output_schema if entry else None

    return schema_of


def _system_text(loaded: LoadedExperiment | None) -> str | None:
    """The experiment's world-model system text: its tools, and its own template and demonstrations if set."""
    if loaded is None:
        return None
    from mcp_sim.config import OpenAIWorldModelConfig
    from mcp_sim.reporting.simulate import offline_catalog

    config = loaded.experiment.world_model
    template = demonstrations = None
    if isinstance(config, OpenAIWorldModelConfig):
        template = _read(loaded, config.system_prompt)
        demonstrations = _read(loaded, config.demonstrations)
    specs = [entry.spec for entry in offline_catalog(loaded)]
    return agentworld.system_text(specs, template, demonstrations or "")


def _read(loaded: LoadedExperiment, relative: str | None) -> str | None:
    return None if relative is None else loaded.resolve(relative).read_text(encoding="utf-8")
