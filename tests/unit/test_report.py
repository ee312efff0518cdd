"""``mcp-sim report``: inputs (traces, trajectories, recordings), per-tool scores, terminal table, HTML page."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mcp_sim.cli import main
from mcp_sim.errors import ConfigError
from mcp_sim.reporting import html
from mcp_sim.reporting.sources import input_files, read_file
from mcp_sim.reporting.summary import summarize
from mcp_sim.routing.recordings import ROOT, ObservationKey, Recordings

FIXTURES = Path(__file__).parents[1] / "fixtures"
TIME = FIXTURES / "trajectories" / "time.jsonl"
TIME_SIM = FIXTURES / "time_sim" / "experiment.yaml"


def ok(body: dict[str, Any]) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": json.dumps(body)}], "structuredContent": body, "isError": False}


def turn(index: int, route: str, result: dict[str, Any] | None, **trace: Any) -> dict[str, Any]:
    return {"index": index, "tool": "get_x", "arguments": {"id": "1"}, "route": route, "result": result, "trace": trace}


def write_trace(path: Path, turns: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(t) + "\n" for t in turns))
    return path


def test_trace_turns_give_real_and_sim_by_route(tmp_path: Path) -> None:
    trace = write_trace(
        tmp_path / "session-a.jsonl",
        [
            turn(
                0, "shadow", ok({"id": "r"}), shadow={"sim": ok({"id": "s"}), "fidelity": {"sim_schema_valid": False}}
            ),
            turn(1, "sim", ok({"id": "s"})),
            turn(2, "replay", ok({"id": "r"}), replay="hit"),
            turn(3, "replay", ok({"id": "s"}), replay="miss"),
            {**turn(4, "real", None), "error": {"code": -32602, "message": "bad"}},
        ],
    )
    calls = read_file(trace)
    assert [(c.real is not None, c.sim is not None) for c in calls] == [
        (True, True),
        (False, True),
        (True, False),
        (False, True),
        (True, False),
    ]
    assert {c.session for c in calls} == {"session-a"}
    assert calls[4].real == {"content": [{"type": "text", "text": "JSON-RPC error -32602: bad"}], "isError": True}
    [row, overall] = summarize(calls, lambda tool: None)
    assert (row.calls, row.pairs, row.real_errors) == (3, 1, 1)
    assert row.sim_schema_valid == 0.0  # kept from the shadow-time verdict: no schema at report time
    assert overall.calls == 3


async def test_recordings_file_is_an_input(tmp_path: Path) -> None:
    recordings = Recordings(tmp_path / "r.sqlite")
    key = ObservationKey("get_x", '{"id":"1"}', ROOT)
    await recordings.add(
        key, route="shadow", experiment="e", session="s1", call_index=0, real=ok({"a": 1}), sim=ok({"a": 2})
    )
    recordings.close()
    [call] = read_file(tmp_path / "r.sqlite")
    assert (call.session, call.tool, call.arguments, call.sim) == ("s1", "get_x", {"id": "1"}, ok({"a": 2}))
    assert input_files([tmp_path]) == [tmp_path / "r.sqlite"]


def test_bad_lines_and_missing_files_are_named(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"hello": 1}\n')
    with pytest.raises(ConfigError, match=r"bad.jsonl:1: neither a trace turn"):
        read_file(bad)
    with pytest.raises(ConfigError, match="no such file"):
        input_files([tmp_path / "absent.jsonl"])


def test_report_simulates_trajectories_and_writes_html(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "report.html"
    assert main(["report", str(TIME), "--experiment", str(TIME_SIM), "--simulate", "--html", str(page)]) == 0
    table = capsys.readouterr().out
    rows = {line.split("│")[1].strip(): line for line in table.splitlines() if line.startswith("│")}
    assert set(rows) == {"convert_time", "get_current_time", "(all)"}
    assert [cell.strip() for cell in rows["(all)"].split("│")[2:4]] == ["8", "8"]  # 8 real calls, all paired
    text = page.read_text()
    assert (
        text.startswith("<!DOCTYPE html>")
        and "<script" not in text
        and "http" not in text.replace("http://www.w3.org/2000/svg", "")
    )  # self-contained
    assert text.count("<figure") == 5 and text.count("<rect") >= 10


def test_report_without_pairs_still_counts_real_calls(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", str(FIXTURES / "trajectories")]) == 0
    overall = next(line for line in capsys.readouterr().out.splitlines() if "(all)" in line)
    assert [cell.strip() for cell in overall.split("│")[2:5]] == ["57", "0", "9"]


def test_simulate_needs_an_experiment(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", str(TIME), "--simulate"]) == 1
    assert "--simulate needs --experiment" in capsys.readouterr().err


def test_html_bars_scale_with_the_score() -> None:
    from mcp_sim.reporting.summary import ToolFidelity
    from mcp_sim.routing.divergence import Fidelity

    rows = [ToolFidelity("good", 1, 1, 0, [Fidelity(True, True, True, 1.0, 1.0)])]
    rows.append(ToolFidelity("bad", 1, 1, 0, [Fidelity(False, True, False, 0.5, 0.0)]))
    page = html.render(rows, "t")
    structure = page.split("data-measure='structure'")[1].split("</figure>")[0]
    assert "width='260.0'" in structure and "width='130.0'" in structure
    assert "#2e7d32" in structure and "#f9a825" in structure


def test_export_with_an_experiment_lists_its_tool_specs(tmp_path: Path) -> None:
    out = tmp_path / "aw.jsonl"
    assert main(["export", str(TIME), "-o", str(out), "--experiment", str(TIME_SIM)]) == 0
    record = json.loads(out.read_text().splitlines()[0])
    assert '"outputSchema"' in record["system_str"] and '"day_of_week"' in record["system_str"]


TOOL_LISTS = Path(__file__).parents[1] / "data" / "tool_lists"
TRAJECTORIES = Path(__file__).parents[1] / "data" / "trajectories"


def _bar_cells(page: str, scope: str) -> list[str]:
    """The bar cells of one row of the fidelity figures (isError, structure, semantic, violations)."""
    row = page.split("<table class='fidelity'>")[1].split(f"<td>{scope}</td>")[1].split("</tr>")[0]
    return row.split("<td>")[2:]


def test_report_shows_a_fidelity_json_as_bars_with_counts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    figures, page = tmp_path / "fidelity.json", tmp_path / "report.html"
    trajectories, tools = str(TRAJECTORIES / "memory.jsonl"), str(TOOL_LISTS / "memory.tools.yaml")
    assert main(["fidelity", trajectories, "--tools", tools, "--mode", "zero-config", "--json", str(figures)]) == 0
    assert main(["report", "--fidelity", str(figures), "--html", str(page)]) == 0
    assert "Fidelity as fidelity-metrics.md measures it" in capsys.readouterr().out
    report, text = json.loads(figures.read_text()), page.read_text()
    assert "<section id='fidelity'>" in text and "<script" not in text
    for tool, pooled in report["tools"]["memory"].items():
        cells = _bar_cells(text, f"memory / {tool}")
        agreement = pooled["measures"]["is_error_agreement"]
        assert f"{agreement['hits']}/{agreement['of']}</small>" in cells[0]  # the counts behind the percentage
        met = agreement["rate"] >= 0.95
        assert ("#3a3" if met else "#d33") in cells[0]  # green exactly where the goal is met
        violations = pooled["measures"]["any_violation"]
        if violations["rate"] is not None:
            assert ("#3a3" if violations["rate"] <= 0.05 else "#d33") in cells[3]


def test_report_scores_shadow_pairs_with_the_fidelity_measures(tmp_path: Path) -> None:
    same, other = ok({"id": "1", "title": "a"}), {"content": [{"type": "text", "text": "done"}], "isError": False}
    trace = write_trace(
        tmp_path / "s.jsonl",
        [
            turn(0, "shadow", ok({"id": "1", "title": "a"}), shadow={"sim": same}),
            turn(1, "shadow", ok({"id": "1", "title": "a"}), shadow={"sim": other}),
            turn(2, "real", ok({"id": "1"})),  # no simulated answer: not scored
        ],
    )
    page = tmp_path / "report.html"
    assert main(["report", str(trace), "--html", str(page)]) == 0
    text = page.read_text()
    assert "2 real/simulated pairs of the inputs" in text
    structure = _bar_cells(text, "recorded / get_x")[1]
    assert "50%" in structure and "1/2</small>" in structure and "#3a3" in structure  # goal: >= 50 %


def test_report_names_what_is_wrong_with_its_inputs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    not_a_report = tmp_path / "other.json"
    not_a_report.write_text('{"overall": {}}')
    assert main(["report", "--fidelity", str(not_a_report)]) == 1
    assert "not a fidelity report (no servers, tools)" in capsys.readouterr().err
    assert main(["report", "--fidelity", str(tmp_path / "absent.json")]) == 1
    assert "absent.json: no such file" in capsys.readouterr().err
    assert main(["report"]) == 1
    assert "nothing to report" in capsys.readouterr().err
