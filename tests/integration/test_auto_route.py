"""``route: auto`` on the real call path: a real stdio MCP server (tests/fixtures/notes_server.py), shadow runs
stored in a real recordings file, and the admin API showing the decision and its evidence."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from tests.hosting import hosted

pytestmark = pytest.mark.integration

NOTES = Path(__file__).parent.parent / "fixtures" / "notes_server.py"


def experiment(tmp_path: Path, auto: str, route: str = "auto") -> Path:
    path = tmp_path / "notes.yaml"
    path.write_text(
        "name: notes\n"
        f"route: {route}\n"
        "routes: {create_note: auto}\n"
        "recordings: notes.sqlite\n"
        f"auto: {auto}\n"
        "upstreams:\n"
        f"  notes: {{command: {sys.executable}, args: [{NOTES}]}}\n",
        encoding="utf-8",
    )
    return path


async def test_a_tool_goes_real_then_flips_to_sim_as_its_shadow_fidelity_crosses_the_threshold(tmp_path: Path) -> None:
    # recheck_every 2: every other call of a decided tool runs shadow, so the measurement goes on
    policy = "{threshold: 0.9, min_samples: 2, window: 2, recheck_every: 2}"
    async with hosted(experiment(tmp_path, policy, route="sim")) as ([path], admin):
        # Without a body the real server answers body "" and the simulator invents one: divergence 0.125
        # (tests/integration/test_recorded_routes.py), fidelity 0.875. With a body, both echo it: fidelity 1.
        for arguments in ({"title": "a"}, {"title": "b"}, {"title": "c", "body": "x"}):
            await path.call("ep", "create_note", arguments)
        shown = (await admin.get("/admin/experiments/notes/auto")).json()
        for arguments in ({"title": "d", "body": "y"}, {"title": "e", "body": "z"}):
            await path.call("ep", "create_note", arguments)
        turns = await path.store.turns("notes", "ep")
        after = (await admin.get("/admin/experiments/notes/auto")).json()

    autos: list[dict[str, Any]] = [turn.trace["auto"] for turn in turns]
    assert [turn.route for turn in turns] == ["shadow", "shadow", "real", "shadow", "sim"]
    assert [a["decided"] for a in autos] == [False, False, True, True, True]
    assert autos[2]["evidence"] == {"source": "shadow", "samples": 2, "fidelity": 0.875, "shadow_samples": 2}
    assert autos[3]["recheck"] is True  # the 4th call re-measures the real-routed tool in shadow
    assert autos[4]["evidence"]["fidelity"] == 0.9375  # newest 2 runs: 0 and 0.125 divergence
    assert "0.938 over 2 shadow calls >= threshold 0.9" in autos[4]["reason"]

    assert shown["threshold"] == 0.9 and [t["tool"] for t in shown["tools"]] == ["create_note"]
    assert (shown["tools"][0]["route"], shown["tools"][0]["last_call_route"]) == ("real", "real")
    decided = after["tools"][0]
    assert (decided["route"], decided["decided"], decided["flagged"]) == ("sim", True, None)
    assert decided["evidence"]["fidelity"] == 0.9375


async def test_a_tool_without_a_real_backend_is_simulated_and_flagged(tmp_path: Path) -> None:
    path_file = tmp_path / "desk.yaml"
    tickets = Path(__file__).parents[2] / "tool_specs" / "tickets.yaml"
    path_file.write_text(f"name: desk\nroute: auto\ntools: [{tickets}]\n", encoding="utf-8")
    async with hosted(path_file) as ([path], admin):  # start-up accepts auto without any real backend
        await path.call("ep", "create_ticket", {"title": "Printer on fire"})
        turns = await path.store.turns("desk", "ep")
        shown = (await admin.get("/admin/experiments/desk/auto")).json()
    assert turns[0].route == "sim"
    assert turns[0].trace["auto"]["flagged"] == "no real backend to measure against: simulated without evidence"
    flagged = {tool["tool"]: tool["flagged"] for tool in shown["tools"]}
    assert flagged["create_ticket"] is not None and len(flagged) > 1  # every auto-routed tool is listed
