"""``mcp-sim recordings import``: trajectories into the recordings file ``route: replay`` and fidelity read."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from mcp.types import TextContent

from mcp_sim.cli import main
from mcp_sim.config import load_experiment
from mcp_sim.errors import ConfigError, ProtocolError
from mcp_sim.reporting.fidelity.command import measure
from mcp_sim.routing.recordings import ROOT, Recordings
from mcp_sim.runtime import running_experiment

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "tests" / "data"
BENCH = REPO / "benchmarks" / "trajectories"
ZONES = {"source_timezone": "UTC", "target_timezone": "Asia/Tokyo"}


def line(turn: int, tool: str, arguments: object, result: object = None, error: object = None) -> str:
    return json.dumps(
        {"server": "notes", "trajectory_id": "s1", "turn": turn, "tool": tool, "arguments": arguments}
        | {"result": result, "protocol_error": error}
    )


def text(value: str, is_error: bool = False) -> dict[str, object]:
    return {"content": [{"type": "text", "text": value}], "isError": is_error}


def test_every_bad_line_is_named_with_its_file_and_line_and_nothing_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text(
        "\n".join(
            [
                line(1, "get", {"id": "a"}, text("ok")),
                "not json",
                '{"server": "notes", "turn": 2, "tool": "get"}',
                line(3, "get", ["a"], text("ok")),
                line(4, "get", {}),
                line(5, "get", {}, {"content": "x"}),
                line(1, "get", {"id": "b"}, text("again")),
                line(6, "get", {}, None, {"code": "x", "message": "m"}),
            ]
        )
        + "\n"
    )
    out = tmp_path / "r.sqlite"
    assert main(["recordings", "import", str(bad), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert f"{bad}:2: not JSON" in err
    assert f"{bad}:3: missing 'trajectory_id'" in err
    assert f"{bad}:4: 'arguments' must be a JSON object, not list" in err
    assert f"{bad}:5: neither 'result' nor 'protocol_error'" in err
    assert f"{bad}:6: 'result' is not a CallToolResult: content" in err
    assert f"{bad}:7: turn 1 of session 's1' already recorded on line 1" in err
    assert f"{bad}:8: 'protocol_error.code' must be an integer" in err
    assert f"{bad}:1:" not in err
    assert not out.exists()


def test_imported_rows_are_keyed_like_record_and_json_rpc_errors_are_kept(tmp_path: Path) -> None:
    source = DATA / "trajectories" / "memory.jsonl"
    out = tmp_path / "r.sqlite"
    assert main(["recordings", "import", str(source), "-o", str(out), "--tools", str(DATA / "tool_lists")]) == 1
    # a folder is not a tool list: refused, nothing written
    assert not out.exists()
    tools = [str(DATA / "tool_lists" / "memory.tools.yaml")]
    assert main(["recordings", "import", str(source), "-o", str(out), "--tools", *tools]) == 0
    rows = Recordings(out).rows()
    lines = [json.loads(x) for x in source.read_text().splitlines() if x.strip()]
    assert len(rows) == len(lines)
    assert sorted((r.session, r.call_index, r.key.tool) for r in rows) == sorted(
        (x["trajectory_id"], x["turn"], x["tool"]) for x in lines
    )
    first = rows[0]
    assert first.key.version == ROOT and first.route == "import" and first.experiment == "memory"
    pairs = [(a, b) for a, b in itertools.pairwise(rows) if a.session == b.session]
    reads = [b.key.version == a.key.version for a, b in pairs if a.key.tool in ("read_graph", "search_nodes")]
    writes = [b.key.version != a.key.version for a, b in pairs if a.key.tool.startswith(("create_", "delete_"))]
    assert reads and all(reads)  # a read-only call leaves the state version where it was, as replay computes it
    assert writes and all(writes)

    errors = tmp_path / "errors.jsonl"
    errors.write_text(line(1, "add", {"n": 1}, None, {"code": -32603, "message": "Entity x not found"}) + "\n")
    assert main(["recordings", "import", str(errors), "-o", str(tmp_path / "e.sqlite")]) == 0
    (row,) = Recordings(tmp_path / "e.sqlite").rows()
    assert row.real["isError"] is True and row.real["content"][0]["text"] == "Entity x not found"


async def test_replay_serves_imported_calls_and_their_json_rpc_errors(tmp_path: Path) -> None:
    recorded = tmp_path / "time.jsonl"
    calls = [
        line(1, "get_current_time", {"timezone": "UTC"}, text('{"timezone": "UTC", "datetime": "2026-01-01T00:00"}')),
        line(2, "convert_time", ZONES | {"time": "25:99"}, None, {"code": -32602, "message": "Invalid time"}),
    ]
    recorded.write_text("\n".join(calls) + "\n")
    tools = DATA / "tool_lists" / "time.tools.yaml"
    assert main(["recordings", "import", str(recorded), "-o", str(tmp_path / "rec.sqlite"), "--tools", str(tools)]) == 0
    experiment = tmp_path / "replay.yaml"
    experiment.write_text(
        f"name: time-replay\nroute: replay\nrecordings: rec.sqlite\nstate: memory://\ntools: [{tools}]\n"
    )
    async with running_experiment(load_experiment(experiment)) as path:
        hit = await path.call("agent", "get_current_time", {"timezone": "UTC"})
        with pytest.raises(ProtocolError) as raised:
            await path.call("agent", "convert_time", ZONES | {"time": "25:99"})
    assert isinstance(hit.content[0], TextContent) and '"datetime": "2026-01-01T00:00"' in hit.content[0].text
    assert raised.value.code == -32602 and raised.value.message == "Invalid time"


def test_fidelity_scores_a_recordings_file_like_the_trajectories_it_came_from(tmp_path: Path) -> None:
    trajectories = [BENCH / "sqlite.jsonl", BENCH / "calculator.jsonl"]
    tools = [BENCH / "sqlite.tools.yaml", BENCH / "calculator.tools.yaml"]
    out = tmp_path / "r.sqlite"
    assert main(["recordings", "import", *map(str, trajectories), "-o", str(out), "--tools", *map(str, tools)]) == 0
    from_jsonl = measure(trajectories, tools, "learn")
    from_file = measure([out], tools, "learn")
    assert from_file["overall"]["calls"] == from_jsonl["overall"]["calls"] > 0
    assert [c["structural_match"] for c in from_file["calls"]] == [c["structural_match"] for c in from_jsonl["calls"]]


def test_a_recordings_file_that_names_its_experiment_is_scored_with_the_tool_list_that_has_its_tools(
    tmp_path: Path,
) -> None:
    from mcp_sim.routing.recordings import ObservationKey, canonical_arguments

    out = tmp_path / "exp.recordings.sqlite"
    answer = text('{"timezone": "UTC", "datetime": "2026-01-01T00:00:00+00:00", "is_dst": false}')
    key = ObservationKey("get_current_time", canonical_arguments({"timezone": "UTC"}), ROOT)
    recordings = Recordings(out)
    recordings.add_all([(key, "my-experiment", "episode-1", 0, answer)])  # as route: record names it
    recordings.close()
    tools = [DATA / "tool_lists" / "time.tools.yaml", DATA / "tool_lists" / "memory.tools.yaml"]
    report = measure([out], tools, "zero-config")
    assert report["overall"]["calls"] == 1 and report["calls"][0]["server"] == "my-experiment"
    with pytest.raises(ConfigError, match="no tool list for server 'my-experiment'"):
        measure([out], [DATA / "tool_lists" / "memory.tools.yaml"], "zero-config")
