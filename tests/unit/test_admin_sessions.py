"""Admin API, sessions and traces: list, show, reset, fork, delete, JSONL trace, fidelity summary."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from mcp_sim.errors import InvalidArguments
from mcp_sim.state.base import Turn
from tests.hosting import experiment_file, hosted


async def test_list_filters_by_experiment_and_age(tmp_path: Path) -> None:
    async with hosted(experiment_file(tmp_path, "desk"), experiment_file(tmp_path, "crm")) as ([desk, crm], client):
        await desk.call("d1", "create_ticket", {"title": "printer on fire"})
        await crm.call("c1", "list_tickets", {})
        everything = (await client.get("/admin/sessions")).json()
        assert {(s["experiment"], s["key"]) for s in everything} == {("desk", "d1"), ("crm", "c1")}
        only_crm = (await client.get("/admin/sessions", params={"experiment": "crm"})).json()
        assert [s["key"] for s in only_crm] == ["c1"]

        # Age is measured from the first call's start: make d1 an hour old by rewriting its history.
        exported = await desk.store.export("desk", "d1")
        exported["turns"][0]["started_at"] = time.time() - 3600
        await desk.store.delete("desk", "d1")
        await desk.store.restore(exported, "d1")
        recent = (await client.get("/admin/sessions", params={"max_age_s": 600})).json()
        assert [s["key"] for s in recent] == ["c1"]
        aged = (await client.get("/admin/sessions", params={"min_age_s": 600})).json()
        assert [s["key"] for s in aged] == ["d1"]
        assert (await client.get("/admin/sessions", params={"experiment": "nope"})).status_code == 404


async def test_show_has_turns_ledger_and_flags(tmp_path: Path) -> None:
    async with hosted(experiment_file(tmp_path, "desk")) as ([desk], client):
        await desk.call("s", "create_ticket", {"title": "printer on fire"})
        await desk.call("s", "get_ticket", {"ticket_id": "nope"})
        shown = (await client.get("/admin/sessions/desk/s")).json()
        assert shown["calls"] == 2
        assert [t["tool"] for t in shown["turns"]] == ["create_ticket", "get_ticket"]
        assert all(t["route"] == "sim" and t["decisions"] == [] for t in shown["turns"])
        assert shown["routing"] == {"default": "sim", "overrides": {}}
        assert shown["profile"] == "<none>"
        assert "printer on fire" in json.dumps(shown["ledger"])  # the created ticket is in the ledger
        assert (await client.get("/admin/sessions/desk/other")).status_code == 404


async def test_fork_copies_history_and_later_calls_diverge(tmp_path: Path) -> None:
    async with hosted(experiment_file(tmp_path, "desk")) as ([desk], client):
        await desk.call("root", "create_ticket", {"title": "one"})
        forked = await client.post("/admin/sessions/desk/root/fork", json={"count": 3})
        assert forked.status_code == 200, forked.text
        keys = forked.json()["keys"]
        assert keys == ["root.fork-1", "root.fork-2", "root.fork-3"]
        for key in keys:
            copy = (await client.get(f"/admin/sessions/desk/{key}")).json()
            assert [t["tool"] for t in copy["turns"]] == ["create_ticket"]
        await desk.call(keys[0], "list_tickets", {})
        assert (await client.get(f"/admin/sessions/desk/{keys[0]}")).json()["calls"] == 2
        assert (await client.get("/admin/sessions/desk/root")).json()["calls"] == 1

        again = (await client.post("/admin/sessions/desk/root/fork", json={"count": 1})).json()
        assert again["keys"] == ["root.fork-4"]  # numbering skips keys in use
        taken = await client.post("/admin/sessions/desk/root/fork", json={"keys": ["root.fork-1"]})
        assert taken.status_code == 409
        too_many = await client.post("/admin/sessions/desk/root/fork", json={"count": 100000})
        assert too_many.status_code == 422


async def test_reset_and_delete(tmp_path: Path) -> None:
    async with hosted(experiment_file(tmp_path, "desk")) as ([desk], client):
        await desk.call("a", "create_ticket", {"title": "one"})
        await desk.call("b", "create_ticket", {"title": "two"})
        assert (await client.post("/admin/sessions/desk/a/reset")).status_code == 204
        await desk.call("a", "list_tickets", {})
        turns = (await client.get("/admin/sessions/desk/a")).json()["turns"]
        assert [(t["index"], t["tool"]) for t in turns] == [(0, "list_tickets")]  # started afresh
        assert (await client.delete("/admin/sessions/desk/b")).status_code == 204
        assert (await client.get("/admin/sessions/desk/b")).status_code == 404
        assert (await client.delete("/admin/sessions/desk/b")).status_code == 404


async def test_trace_is_one_json_line_per_call(tmp_path: Path) -> None:
    async with hosted(experiment_file(tmp_path, "desk")) as ([desk], client):
        for n in range(3):
            await desk.call("s", "create_ticket", {"title": f"t{n}"})
        with pytest.raises(InvalidArguments):  # never reaches the session, so not in its trace
            await desk.call("s", "create_ticket", {"title": ""})
        response = await client.get("/admin/sessions/desk/s/trace")
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("application/x-ndjson")
        lines = [json.loads(line) for line in response.text.splitlines()]
        assert [(line["index"], line["arguments"]["title"]) for line in lines] == [(0, "t0"), (1, "t1"), (2, "t2")]
        assert {"route", "result", "decisions", "trace", "duration_ms", "effects"} <= set(lines[0])
        assert (await client.get("/admin/sessions/desk/none/trace")).status_code == 404


async def test_fidelity_averages_shadow_divergence_by_tool(tmp_path: Path) -> None:
    async with hosted(experiment_file(tmp_path, "desk")) as ([desk], client):
        state = await desk.store.load("desk", "s")
        for index, score in enumerate([0.2, 0.4]):
            state.call_count += 1
            turn = Turn(index, "get_ticket", {}, "shadow", None, trace={"shadow": {"divergence": score}})
            await desk.store.commit(state, turn)
        await desk.call("s", "list_tickets", {})  # no shadow: not compared
        summary = (await client.get("/admin/experiments/desk/fidelity")).json()
        assert summary["experiment"] == "desk"
        [tool] = summary["tools"]
        assert tool["tool"] == "get_ticket" and tool["compared"] == 2
        assert abs(tool["mean_divergence"] - 0.3) < 1e-9
