"""Reading recorded real calls: trajectory JSONL files and recordings files (what ``route: record`` writes).

Every line of a trajectory file is checked before anything is used, and every problem is reported with its
file and line (a user fixes them in one go); a file with any bad line is refused as a whole, so nothing is
dropped silently. A recordings file names no server: its rows carry the experiment that recorded them, which
stands in for the server (``command.py`` matches tool lists by tool names when the name is not a server's).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from mcp.types import CallToolResult
from pydantic import ValidationError

from mcp_sim.config import Example
from mcp_sim.errors import ConfigError
from mcp_sim.reporting.fidelity.measures import RecordedCall
from mcp_sim.routing.recordings import Recordings, protocol_error_of

MAX_PROBLEMS = 50  # listed; the rest are counted
RECORDINGS_SUFFIXES = (".sqlite", ".sqlite3", ".db")
_REQUIRED = {"server": str, "trajectory_id": str, "turn": int, "tool": str}


def read_calls(paths: Iterable[Path]) -> list[RecordedCall]:
    """Every recorded call of ``paths`` (trajectory JSONL or recordings files), in file order."""
    calls: list[RecordedCall] = []
    problems: list[str] = []
    for path in paths:
        if not path.is_file():
            problems.append(f"{path}: no such file")
        elif path.suffix in RECORDINGS_SUFFIXES:
            calls.extend(read_recordings(path))
        else:
            calls.extend(_read_jsonl(path, problems))
    if problems:
        shown = problems[:MAX_PROBLEMS]
        if len(problems) > MAX_PROBLEMS:
            shown.append(f"... and {len(problems) - MAX_PROBLEMS} more problems")
        raise ConfigError(shown)
    return calls


def by_session(calls: Iterable[RecordedCall]) -> dict[str, dict[str, list[RecordedCall]]]:
    """server -> session -> calls in recorded order."""
    servers: dict[str, dict[str, list[RecordedCall]]] = {}
    for call in calls:
        servers.setdefault(call.server, {}).setdefault(call.session, []).append(call)
    for sessions in servers.values():
        for session_calls in sessions.values():
            session_calls.sort(key=lambda c: c.index)
    return servers


def example_of(call: RecordedCall) -> Example | None:
    """The call as an observation the simulator learns from (a JSON-RPC error as the isError text it says)."""
    result = call.result
    if result is None and call.protocol_error:
        result = {"content": [{"type": "text", "text": str(call.protocol_error.get("message", ""))}], "isError": True}
    return None if result is None else Example(arguments=call.arguments, result=result)


def read_recordings(path: Path) -> list[RecordedCall]:
    """The rows of a recordings file as recorded calls (the experiment stands in for the server)."""
    recordings = Recordings(path)
    try:
        calls = []
        for row in recordings.rows():
            error = protocol_error_of(row.real)
            calls.append(
                RecordedCall(
                    server=row.experiment,
                    session=row.session,
                    index=row.call_index,
                    tool=row.key.tool,
                    arguments=dict(json.loads(row.key.arguments)),
                    result=None if error else row.real,
                    protocol_error=error,
                )
            )
        return calls
    finally:
        recordings.close()


def _read_jsonl(path: Path, problems: list[str]) -> list[RecordedCall]:
    calls: list[RecordedCall] = []
    seen: dict[tuple[str, str, int], int] = {}
    with path.open(encoding="utf-8", errors="replace") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            where = f"{path}:{number}"
            problem = _line_problem(line)
            if problem:
                problems.append(f"{where}: {problem}")
                continue
            call = RecordedCall.from_json(json.loads(line))
            key = (call.server, call.session, call.index)
            if key in seen:
                problems.append(
                    f"{where}: turn {call.index} of session {call.session!r} already recorded on line {seen[key]}"
                )
                continue
            seen[key] = number
            calls.append(call)
    return calls


def _line_problem(line: str) -> str | None:
    """What is wrong with one trajectory line, or None."""
    try:
        data = json.loads(line)
    except ValueError as exc:
        return f"not JSON ({exc})"
    if not isinstance(data, dict):
        return f"a line must be a JSON object, not {type(data).__name__}"
    for key, kind in _REQUIRED.items():
        value = data.get(key)
        if value is None:
            return f"missing {key!r}"
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            return f"{key!r} must be an integer, not {value!r}"
        if kind is str and not (isinstance(value, str) and value):
            return f"{key!r} must be a non-empty string, not {value!r}"
    arguments = data.get("arguments")
    if arguments is not None and not isinstance(arguments, dict):
        return f"'arguments' must be a JSON object, not {type(arguments).__name__}"
    result, error = data.get("result"), data.get("protocol_error")
    if result is None and error is None:
        return "neither 'result' nor 'protocol_error': what did the server answer?"
    if result is not None and error is not None:
        return "both 'result' and 'protocol_error': a call has one answer"
    if result is not None:
        return _result_problem(result)
    return _error_problem(error)


def _result_problem(result: Any) -> str | None:
    if not isinstance(result, dict):
        return f"'result' must be a CallToolResult object, not {type(result).__name__}"
    try:
        CallToolResult.model_validate(result)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        return f"'result' is not a CallToolResult: {where}: {first['msg']}"
    return None


def _error_problem(error: Any) -> str | None:
    if not isinstance(error, dict) or not isinstance(error.get("message"), str):
        return "'protocol_error' must be an object with a 'message' string (and a 'code')"
    code = error.get("code")
    if code is not None and (isinstance(code, bool) or not isinstance(code, int)):
        return f"'protocol_error.code' must be an integer, not {code!r}"
    return None
