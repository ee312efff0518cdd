"""``mcp-sim recordings import``: recorded trajectories into a recordings file, as ``route: record`` keys them.

Each call is stored under (tool, canonical arguments, state version) with the version chain ``route: record``
computes (routing/recordings.py), so ``route: replay`` hits these rows when an agent makes the same calls in
the same order. Which tools move the version depends on the tool list (a read-only tool does not): give the
experiment's tool list with ``--tools`` so versions match the ones replay computes; without it each tool is
judged from its name alone. A JSON-RPC error is stored as the isError result an agent reads, marked so replay
answers it as the JSON-RPC error it was. Nothing is written unless every line is good.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mcp_sim.config import ToolSpec
from mcp_sim.reporting.fidelity.command import tool_lists
from mcp_sim.reporting.fidelity.measures import RecordedCall
from mcp_sim.reporting.fidelity.trajectories import by_session, read_calls
from mcp_sim.routing.recordings import (
    ROOT,
    ObservationKey,
    Recordings,
    canonical_arguments,
    mutates,
    next_version,
    protocol_error_result,
)


@dataclass(frozen=True)
class Imported:
    """What one import stored."""

    calls: int
    sessions: int
    servers: int
    protocol_errors: int  # JSON-RPC errors, stored as marked isError results


def import_trajectories(paths: list[Path], output: Path, tools: list[Path] | None = None) -> Imported:
    calls = read_calls(paths)
    mutating = _mutating(tool_lists(tools or []))
    rows: list[tuple[ObservationKey, str, str, int, dict[str, Any]]] = []
    servers = by_session(calls)
    for server, sessions in servers.items():
        for session, session_calls in sessions.items():
            version = ROOT
            for call in session_calls:
                key = ObservationKey(call.tool, canonical_arguments(call.arguments), version)
                rows.append((key, server, session, call.index, _real(call)))
                if mutating(call.tool):
                    version = next_version(version, call.tool, call.arguments)
    recordings = Recordings(output)
    try:
        stored = recordings.add_all(rows)
    finally:
        recordings.close()
    return Imported(
        calls=stored,
        sessions=sum(len(s) for s in servers.values()),
        servers=len(servers),
        protocol_errors=sum(1 for c in calls if c.result is None),
    )


def _mutating(lists: dict[str, list[ToolSpec]]) -> Callable[[str], bool]:
    specs = {spec.name: spec for tools in lists.values() for spec in tools}

    def mutating(tool: str) -> bool:
        return mutates(specs.get(tool) or ToolSpec.model_validate({"name": tool}))

    return mutating


def _real(call: RecordedCall) -> dict[str, Any]:
    if call.result is not None:
        return call.result
    return protocol_error_result(call.protocol_error or {})
