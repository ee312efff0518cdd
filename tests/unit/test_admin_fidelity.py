"""Admin API: the fidelity figures of an experiment, from the JSON it names or from its shadow calls."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import anyio
import pytest

from mcp_sim.reporting.fidelity.command import measure
from mcp_sim.state.base import Turn
from tests.hosting import experiment_file, hosted

DATA = Path(__file__).parents[1] / "data"


def ok(body: dict[str, Any]) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": json.dumps(body)}], "structuredContent": body, "isError": False}


def naming_fidelity(directory: Path, name: str, fidelity: str) -> Path:
    path = experiment_file(directory, name)
    path.write_text(path.read_text() + f"fidelity: {fidelity}\n")
    return path


async def test_figures_come_from_the_fidelity_json_the_experiment_names(tmp_path: Path) -> None:
    trajectories, tools = [DATA / "trajectories" / "time.jsonl"], [DATA / "tool_lists" / "time.tools.yaml"]
    report = await anyio.to_thread.run_sync(measure, trajectories, tools, "zero-config")  # it runs its own loop
    (tmp_path / "runs").mkdir()
    (tmp_path / "runs" / "fidelity.json").write_text(json.dumps(report))
    async with hosted(naming_fidelity(tmp_path, "desk", "runs/fidelity.json")) as (_, client):
        summary = (await client.get("/admin/experiments/desk/fidelity")).json()
        assert summary["source"] == str(tmp_path / "runs" / "fidelity.json")  # relative to the experiment file
        assert summary["figures"]["mode"] == "zero-config"
        assert summary["figures"]["tools"] == report["tools"] and summary["figures"]["overall"] == report["overall"]
        assert summary["goals"]["is_error_agreement"] == 0.95
        # The file is read at each request: the last run of `mcp-sim fidelity --json` is what shows.
        (tmp_path / "runs" / "fidelity.json").write_text(json.dumps({**report, "mode": "learn"}))
        assert (await client.get("/admin/experiments/desk/fidelity")).json()["figures"]["mode"] == "learn"
        (tmp_path / "runs" / "fidelity.json").write_text("{}")
        broken = await client.get("/admin/experiments/desk/fidelity")
        assert broken.status_code == 422
        assert "fidelity: " in broken.json()["detail"] and "not a fidelity report" in broken.json()["detail"]


async def test_figures_score_the_shadow_calls_of_the_sessions(tmp_path: Path) -> None:
    async with hosted(experiment_file(tmp_path, "desk")) as ([desk], client):
        assert (await client.get("/admin/experiments/desk/fidelity")).json()["figures"] is None  # nothing yet
        state = await desk.store.load("desk", "s")
        real = ok({"ticket_id": "T-1", "title": "printer"})
        for index, sim in enumerate([real, {"content": [{"type": "text", "text": "Error: no"}], "isError": True}]):
            state.call_count += 1
            turn = Turn(index, "get_ticket", {"ticket_id": "T-1"}, "shadow", real, trace={"shadow": {"sim": sim}})
            await desk.store.commit(state, turn)
        await desk.call("s", "list_tickets", {})  # a sim call: nothing real to compare with
        summary = (await client.get("/admin/experiments/desk/fidelity")).json()
        assert summary["source"] == "shadow runs"
        pooled = summary["figures"]["tools"]["recorded"]["get_ticket"]
        assert pooled["calls"] == 2
        assert pooled["measures"]["is_error_agreement"] == {"rate": 0.5, "hits": 1, "of": 2}
        assert set(summary["figures"]["tools"]["recorded"]) == {"get_ticket"}


# A DOM just big enough for dashboard.js: elements record tag, attributes and children; fetch never answers.
DOM_STUB = """
const vm = require("vm"), fs = require("fs");
function Node() {}
const node = (tag) => Object.assign(Object.create(Node.prototype), { tag, attrs: {}, children: [],
  setAttribute(n, v) { this.attrs[n] = v; }, addEventListener() {}, append(...c) { this.children.push(...c); },
  replaceChildren() {} });
const text = (n) => typeof n === "string" ? n : n.children.map(text).join("");
const rows = (n) => n.tag === "tr" ? [n] : (n.children || []).flatMap((c) => typeof c === "string" ? [] : rows(c));
const context = { Node, URL, URLSearchParams, console, Math, Object, Set, String, Promise,
  document: { baseURI: "http://127.0.0.1/admin/", createElement: node, getElementById: () => node("x"),
    querySelector: () => node("x") },
  sessionStorage: { getItem: () => null, setItem() {} }, location: { hash: "" }, history: {},
  fetch: () => new Promise(() => {}) };
vm.runInNewContext(fs.readFileSync(process.argv[1], "utf8") + "\\nthis.fidelityPanel = fidelityPanel;", context);
const panel = context.fidelityPanel(JSON.parse(fs.readFileSync(0, "utf8")));
console.log(JSON.stringify(rows(panel).slice(1).map((r) => [r.attrs["data-scope"],
  r.children.slice(2).map((td) => [td.children[0].children ? td.children[0].children[0].attrs.class : null,
    text(td).trim()])])));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node to run the dashboard's script")
async def test_dashboard_draws_a_bar_per_tool_and_measure(tmp_path: Path) -> None:
    async with hosted(experiment_file(tmp_path, "desk")) as ([desk], client):
        (tmp_path / "dashboard.js").write_text((await client.get("/admin/dashboard.js")).text)
        state = await desk.store.load("desk", "s")
        real = ok({"ticket_id": "T-1", "title": "printer"})
        failed = {"content": [{"type": "text", "text": "Error: no"}], "isError": True}
        for index, sim in enumerate([real, failed]):
            state.call_count += 1
            turn = Turn(index, "get_ticket", {}, "shadow", real, trace={"shadow": {"sim": sim}})
            await desk.store.commit(state, turn)
        summary = (await client.get("/admin/experiments/desk/fidelity")).content
    drawn = await anyio.run_process(["node", "-e", DOM_STUB, str(tmp_path / "dashboard.js")], input=summary)
    rows = dict(json.loads(drawn.stdout))
    assert list(rows) == ["overall", "recorded", "recorded / get_ticket"]
    agreement, structure, semantic, violations = rows["recorded / get_ticket"]
    assert agreement == ["missed", "50% 1/2"]  # goal: 95 %
    assert structure == ["met", "50% 1/2"]  # goal: 50 %
    assert semantic == ["met", "0% 0/2"]  # no goal: never red; the failed answer showed none of the known items
    assert violations == ["missed", "100% 1/1"]  # goal: at most 5 %; the failed read lost what the session knew
