"""record -> replay -> shadow through the real call path, against a real stdio MCP server (tests/fixtures)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from mcp import Client

from mcp_sim.calls import CallPath
from mcp_sim.cli import main
from mcp_sim.config import RouteName, load_experiment
from mcp_sim.routing.recordings import ROOT, Recordings
from mcp_sim.runtime import running_experiment
from mcp_sim.serving.mcp_server import build_server

FIXTURE = Path(__file__).parent.parent / "fixtures" / "notes_server.py"


def experiment(tmp_path: Path, route: RouteName) -> Path:
    path = tmp_path / f"{route}.yaml"
    path.write_text(
        f"name: notes-{route}\n"
        f"route: {route}\n"
        "recordings: notes.sqlite\n"
        "upstreams:\n"
        f"  notes: {{command: {sys.executable}, args: [{FIXTURE}]}}\n"
    )
    return path


async def session(path: CallPath, key: str) -> list[dict[str, Any]]:
    """The same episode every time: write, read it back, list, write again."""
    calls = [
        ("create_note", {"title": "groceries", "body": "milk"}),
        ("get_note", {"note_id": "note-1"}),
        ("list_notes", {}),
        ("create_note", {"body": "eggs", "title": "more"}),
    ]
    results = []
    for tool, arguments in calls:
        result = await path.call(key, tool, arguments)
        results.append(result.model_dump(by_alias=True, exclude_none=True, mode="json"))
    return results


async def test_record_then_replay_then_shadow(tmp_path: Path) -> None:
    async with running_experiment(load_experiment(experiment(tmp_path, "record"))) as path:
        recorded = await session(path, "rec")
        turns = await path.store.turns(path.experiment.name, "rec")
    assert recorded[1]["structuredContent"] == {"id": "note-1", "title": "groceries", "body": "milk"}
    assert [t.trace["recording"]["version"] for t in turns][:2] == [ROOT, turns[1].trace["recording"]["version"]]
    assert turns[1].trace["recording"]["version"] != ROOT  # create_note moved the state on
    assert turns[2].trace["recording"]["version"] == turns[1].trace["recording"]["version"]  # reads do not
    rows = list(Recordings(tmp_path / "notes.sqlite").all())
    assert [r.key.tool for r in rows] == ["create_note", "get_note", "list_notes", "create_note"]

    async with running_experiment(load_experiment(experiment(tmp_path, "replay"))) as path:
        replayed = await session(path, "again")
        miss = await path.call("again", "get_note", {"note_id": "note-2"})  # never read while recording
        turns = await path.store.turns(path.experiment.name, "again")
    assert replayed == recorded
    assert [t.trace.get("replay") for t in turns] == ["hit", "hit", "hit", "hit", "miss"]
    # The simulator answers the miss, consistently with what the replayed real answers created (they fed the ledger).
    assert not miss.is_error and miss.structured_content is not None
    assert miss.structured_content["id"] == "note-2" and miss.structured_content["title"] == "more"

    async with running_experiment(load_experiment(experiment(tmp_path, "shadow"))) as path:
        async with Client(build_server(path, process_key="agent")) as client:  # an in-process MCP client
            created = await client.call_tool("create_note", {"title": "shadowed"})
            missing = await client.call_tool("get_note", {"note_id": "note-99"})
        turns = await path.store.turns(path.experiment.name, "agent")
    assert created.structured_content == {"id": "note-1", "title": "shadowed", "body": ""}  # real, fresh server
    assert missing.is_error
    shadow = turns[0].trace["shadow"]
    assert shadow["sim"]["structuredContent"]["title"] == "shadowed"
    assert shadow["fidelity"]["status_match"] is True
    assert shadow["fidelity"]["sim_schema_valid"] is True
    assert shadow["fidelity"]["structure"] == 1.0  # the simulator shapes answers to the outputSchema
    assert shadow["fidelity"]["deterministic"] == 0.5  # title echoed, body invented (the id is volatile)
    assert shadow["fidelity"]["divergence"] == 0.125
    rows = list(Recordings(tmp_path / "notes.sqlite").all())
    assert [r.route for r in rows][-2:] == ["shadow", "shadow"]
    assert rows[-1].sim is not None and rows[-1].fidelity == turns[1].trace["shadow"]["fidelity"]


async def test_shadow_trace_feeds_report_and_export(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    async with running_experiment(load_experiment(experiment(tmp_path, "shadow"))) as path:
        await session(path, "ep")
        turns = await path.store.turns(path.experiment.name, "ep")
    trace = tmp_path / "ep.jsonl"
    trace.write_text("".join(json.dumps(t.to_json()) + "\n" for t in turns))

    assert main(["report", str(trace), str(tmp_path / "notes.sqlite")]) == 0
    table = capsys.readouterr().out
    overall = next(line for line in table.splitlines() if "(all)" in line)
    assert [c.strip() for c in overall.split("│")[2:6]] == ["8", "8", "0", "1.00"]  # trace + recordings, all paired

    out = tmp_path / "aw.jsonl"
    assert main(["export", str(trace), "-o", str(out)]) == 0
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["turn_idx"] for r in records] == [1, 2, 3, 4] and records[-1]["total_turns"] == 4
    assert '"body": "milk"' in records[1]["response"][-1]  # the real observation, not the simulated one
