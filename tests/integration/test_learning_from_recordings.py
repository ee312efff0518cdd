"""The recordings file an experiment names is learning material: real answers recorded from real stdio MCP
servers (``route: record``) teach the simulator their shapes on the ``sim`` route and on a ``replay`` miss."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from mcp.types import CallToolResult, TextContent

from mcp_sim.config import load_experiment
from mcp_sim.routing.recordings import Recordings
from mcp_sim.runtime import running_experiment

TESTS = Path(__file__).resolve().parents[1]
ECHO = TESTS / "servers" / "echo_upstream.py"  # answers text, no outputSchema: "real echo: <text>"
NOTES = TESTS / "fixtures" / "notes_server.py"  # "Note not found: <id>" for an unknown note


def experiment(tmp_path: Path, name: str, route: str, recordings: str) -> Path:
    path = tmp_path / f"{name}.yaml"
    path.write_text(
        f"name: {name}\nroute: {route}\nstate: memory://\nrecordings: {recordings}\n"
        "upstreams:\n"
        f"  echo: {{command: {sys.executable}, args: [{ECHO}]}}\n"
        f"  notes: {{command: {sys.executable}, args: [{NOTES}]}}\n"
    )
    return path


def text(result: CallToolResult) -> str:
    block = result.content[0]
    assert isinstance(block, TextContent)
    return block.text


async def calls(path: Path, session: str, *made: tuple[str, dict[str, Any]]) -> list[CallToolResult]:
    async with running_experiment(load_experiment(path)) as call_path:
        return [await call_path.call(session, tool, arguments) for tool, arguments in made]


async def test_sim_and_replay_misses_answer_in_the_shapes_recorded_from_the_real_servers(tmp_path: Path) -> None:
    recorded = await calls(
        experiment(tmp_path, "rec", "record", "real.sqlite"),
        "recording",
        ("echo", {"text": "hello"}),
        ("create_note", {"title": "groceries", "body": "milk"}),
        ("get_note", {"note_id": "note-7"}),
    )
    assert text(recorded[0]) == "real echo: hello"
    assert recorded[2].is_error and text(recorded[2]) == "Note not found: note-7"
    assert len(list(Recordings(tmp_path / "real.sqlite").all())) == 3

    # once the session has made a note it knows every note, so note-42 is not found (ledger/effects.py known)
    asked = (("echo", {"text": "bonjour"}), ("create_note", {"title": "x"}), ("get_note", {"note_id": "note-42"}))
    untaught = await calls(experiment(tmp_path, "plain", "sim", "nothing.sqlite"), "agent", *asked)
    assert text(untaught[0]) != "real echo: bonjour"  # without recordings: the simulator's own words
    assert untaught[2].is_error and text(untaught[2]) != "Note not found: note-42"

    simulated = await calls(experiment(tmp_path, "sim", "sim", "real.sqlite"), "agent", *asked)
    assert text(simulated[0]) == "real echo: bonjour" and not simulated[0].is_error
    assert simulated[2].is_error and text(simulated[2]) == "Note not found: note-42"

    replayed = await calls(
        experiment(tmp_path, "replay", "replay", "real.sqlite"),
        "recording",  # same session key and calls: hits; then a call never recorded
        ("echo", {"text": "hello"}),
        ("echo", {"text": "never recorded"}),
    )
    assert [text(r) for r in replayed] == ["real echo: hello", "real echo: never recorded"]
