"""Recorded sessions from disk, in one shape: ``ObservedCall``s grouped by session, in call order.

Three inputs are understood, and a directory means every such file below it:

- trace JSONL (``*.jsonl``): one ``Turn.to_json()`` per line, optionally with a ``session`` key (the
  admin API's trace export). The real observation is the result of a ``real``, ``record`` or ``shadow``
  turn; a ``shadow`` turn also carries the simulated one (``trace.shadow.sim``); a ``sim`` turn only that.
- recorded trajectories (``*.jsonl``): one call per line with ``trajectory_id``, ``turn``, ``tool``,
  ``arguments``, ``result`` or ``protocol_error`` (the format of ``data/trajectories``).
- recordings (``*.sqlite``): the file the record and shadow routes write.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mcp_sim.errors import ConfigError
from mcp_sim.routing.recordings import Recordings

REAL_ROUTES = ("real", "record", "shadow")


@dataclass
class ObservedCall:
    """One call of a recorded session: what was asked, what reality and the simulator answered."""

    session: str
    tool: str
    arguments: dict[str, Any]
    real: dict[str, Any] | None  # a CallToolResult as JSON; protocol errors become isError results
    sim: dict[str, Any] | None = None
    fidelity: dict[str, Any] | None = None  # scored when the call was made (shadow), if it was
    server: str | None = None


def input_files(paths: list[Path]) -> list[Path]:
    """The files to read, directories expanded (sorted, so reports are stable)."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found.extend(sorted(p for p in path.rglob("*") if p.suffix in (".jsonl", ".sqlite")))
        elif path.exists():
            found.append(path)
        else:
            raise ConfigError([f"{path}: no such file or directory"])
    return found


def read_file(path: Path) -> list[ObservedCall]:
    if path.suffix == ".sqlite":
        return read_recordings(path)
    calls = []
    with path.open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if line.strip():
                calls.append(_parse_line(path, number, line))
    return calls


def read_recordings(path: Path) -> list[ObservedCall]:
    recordings = Recordings(path)
    try:
        return [
            ObservedCall(o.session, o.key.tool, json.loads(o.key.arguments), o.real, o.sim, o.fidelity)
            for o in recordings.all()
        ]
    finally:
        recordings.close()


def by_session(calls: list[ObservedCall]) -> dict[str, list[ObservedCall]]:
    sessions: dict[str, list[ObservedCall]] = {}
    for call in calls:
        sessions.setdefault(call.session, []).append(call)
    return sessions


def _parse_line(path: Path, number: int, line: str) -> ObservedCall:
    try:
        data = json.loads(line)
        if "trajectory_id" in data:
            return _from_trajectory(data)
        if "route" in data:
            return _from_turn(data, default_session=path.stem)
    except (ValueError, KeyError, TypeError) as exc:
        raise ConfigError([f"{path}:{number}: not a trace or trajectory line ({exc!r})"]) from None
    raise ConfigError([f"{path}:{number}: neither a trace turn (route) nor a trajectory call (trajectory_id)"])


def _from_trajectory(data: dict[str, Any]) -> ObservedCall:
    real = data.get("result") or protocol_error_result(data.get("protocol_error"))
    return ObservedCall(str(data["trajectory_id"]), data["tool"], data["arguments"], real, server=data.get("server"))


def from_turn(data: dict[str, Any], session: str) -> ObservedCall:
    """One stored turn (``Turn.to_json()``) of ``session``: its real and simulated answers, by route."""
    return _from_turn(data, session)


def _from_turn(data: dict[str, Any], default_session: str) -> ObservedCall:
    route, trace = data["route"], data.get("trace") or {}
    observed = data.get("result") or protocol_error_result(data.get("error"))
    shadow = trace.get("shadow") or {}
    session = str(data.get("session") or default_session)
    if route == "replay":  # a hit served a recorded real observation, a miss a simulated one
        route = "real" if trace.get("replay") == "hit" else "sim"
    real = observed if route in REAL_ROUTES else None
    sim = shadow.get("sim") if route == "shadow" else (observed if route == "sim" else None)
    return ObservedCall(session, data["tool"], data["arguments"], real, sim, shadow.get("fidelity"))


def protocol_error_result(error: dict[str, Any] | None) -> dict[str, Any] | None:
    """A JSON-RPC error as the agent would read it, so it can be scored and exported like a tool error."""
    if not error:
        return None
    text = f"JSON-RPC error {error.get('code')}: {error.get('message')}"
    return {"content": [{"type": "text", "text": text}], "isError": True}
