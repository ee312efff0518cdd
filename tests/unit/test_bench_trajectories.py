"""benchmarks/trajectories: every recording is well formed, its README row tells its true counts, and the ids the
scripts captured are used again later (the referential-integrity cases the data set exists for)."""

from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from mcp_sim.catalog.specs import load_spec_file

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "trajectories"
RECORDINGS = sorted(BENCH.glob("*.jsonl"))
LINE_KEYS = {"server", "trajectory_id", "turn", "tool", "arguments", "result", "protocol_error", "latency_ms", "ts"}


def lines_of(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def readme_rows() -> dict[str, list[str]]:
    """The servers table of README.md: server name -> its cells."""
    rows: dict[str, list[str]] = {}
    for line in (BENCH / "README.md").read_text().splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.startswith("| ") and len(cells) == 9 and cells[0] not in ("server", "---"):
            rows[cells[0]] = cells
    return rows


@pytest.mark.parametrize("path", sorted(BENCH.glob("*.tools.yaml")), ids=lambda p: p.name)
def test_every_tool_list_loads_as_a_spec_of_its_server(path: Path) -> None:
    spec = load_spec_file(path)
    assert spec.tools, path
    assert path.read_text().splitlines()[1] == f"upstream: {path.name.removesuffix('.tools.yaml')}"


@pytest.mark.parametrize("path", RECORDINGS, ids=lambda p: p.name)
def test_every_recording_is_one_server_with_numbered_turns_and_a_tool_list(path: Path) -> None:
    lines = lines_of(path)
    server = path.stem
    assert (BENCH / f"{server}.tools.yaml").exists()
    turns: dict[str, list[int]] = defaultdict(list)
    for line in lines:
        assert line.keys() >= LINE_KEYS, line
        assert line["server"] == server
        assert (line["result"] is None) != (line["protocol_error"] is None), line  # exactly one of them
        turns[line["trajectory_id"]].append(line["turn"])
    assert all(numbers == list(range(1, len(numbers) + 1)) for numbers in turns.values()), turns


@pytest.mark.parametrize("path", RECORDINGS, ids=lambda p: p.name)
def test_the_readme_row_counts_what_the_recording_holds(path: Path) -> None:
    row = readme_rows().get(path.stem)
    assert row is not None, f"{path.stem} is missing from the README table"
    lines = lines_of(path)
    tools = len(load_spec_file(BENCH / f"{path.stem}.tools.yaml").tools)
    sessions = len({line["trajectory_id"] for line in lines})
    is_error = sum(1 for line in lines if line["result"] is not None and line["result"].get("isError"))
    rpc_errors = sum(1 for line in lines if line["protocol_error"] is not None)
    assert row[3:8] == [str(tools), str(sessions), str(len(lines)), str(is_error), str(rpc_errors)]


@pytest.mark.parametrize(
    "server",
    [
        "excel",
        "text_editor",
        "kanban",
        "notebook",
        "sequential_thinking",
        "obsidian",
        "redis",
        "word",
        "sqlite_records",
        "memory_bank",
        "shrimp_tasks",
        "personal_assistant",
        "chess",
        "expenses",
        "csv_editor",
        "zettelkasten",
        "habits",
        "time_tracker",
        "agent_toolkit",
        "drawio",
        "datasets",
        "flashcards",
        "crm",
        "context_keeper",
        "units",
        "python_repl",
        "shell",
        "slides",
        "graphs",
        "code_index",
    ],
)
def test_the_later_servers_have_sessions_of_8_to_20_calls_with_deliberate_mistakes(server: str) -> None:
    lines = lines_of(BENCH / f"{server}.jsonl")
    sizes = defaultdict(int)
    for line in lines:
        sizes[line["trajectory_id"]] += 1
    assert 3 <= len(sizes) <= 4 and all(8 <= n <= 20 for n in sizes.values()), sizes
    mistakes = [line for line in lines if line.get("note", "").startswith("error case:")]
    assert len({line["trajectory_id"] for line in mistakes}) >= 2


@pytest.mark.parametrize(
    "server",
    [
        "excel",
        "text_editor",
        "kanban",
        "obsidian",
        "sqlite_records",
        "shrimp_tasks",
        "personal_assistant",
        "chess",
        "expenses",
        "csv_editor",
        "zettelkasten",
        "habits",
        "agent_toolkit",
        "drawio",
        "flashcards",
        "crm",
        "context_keeper",
        "units",
        "python_repl",
        "shell",
        "slides",
        "graphs",
        "code_index",
    ],
)
def test_captured_ids_are_used_by_a_later_call_of_the_session(server: str) -> None:
    by_session: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for line in lines_of(BENCH / f"{server}.jsonl"):
        by_session[line["trajectory_id"]].append(line)
    captured = 0
    for calls in by_session.values():
        for i, line in enumerate(calls):
            for value in (line.get("captured") or {}).values():
                captured += 1
                later = [json.dumps(c["arguments"]) for c in calls[i + 1 :]]
                pattern = re.compile(rf"(?<![\w-]){re.escape(json.dumps(value))}(?![\w-])")
                assert any(pattern.search(arguments) for arguments in later), (server, line["turn"], value)
    assert captured or server == "excel"  # excel's names are the caller's own: nothing is minted
