"""Admin API, experiments: views, and the run-time switches of the sim-vs-real flag and the profile."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mcp.types import TextContent

from mcp_sim.calls import CallPath
from tests.hosting import ROOT, experiment_file, hosted


async def echo(path: CallPath, session: str) -> str:
    """Call ``echo`` in ``session`` and return the route the turn recorded."""
    result = await path.call(session, "echo", {"text": "hi"})
    turns = await path.store.turns(path.experiment.name, session)
    text = result.content[0]
    assert isinstance(text, TextContent)
    assert text.text.startswith("real echo") == (turns[-1].route == "real")  # the route really was taken
    return turns[-1].route


async def test_lists_experiments_in_order_first_is_default(tmp_path: Path) -> None:
    async with hosted(experiment_file(tmp_path, "desk"), experiment_file(tmp_path, "crm")) as (_, client):
        listed = (await client.get("/admin/experiments")).json()
        assert [(x["name"], x["default"]) for x in listed] == [("desk", True), ("crm", False)]
        assert listed[0]["mcp_paths"] == ["/mcp", "/experiments/desk/mcp"]
        assert listed[1]["mcp_paths"] == ["/experiments/crm/mcp"]
        shown = (await client.get("/admin/experiments/crm")).json()
        assert shown["routing"] == {"default": "sim", "overrides": {}}
        assert shown["profile"] == "<none>"
        assert {t["name"] for t in shown["tools"]} >= {"create_ticket", "get_ticket"}
        missing = await client.get("/admin/experiments/nope")
        assert missing.status_code == 404 and "desk" in missing.json()["detail"]


async def test_routing_switch_reaches_new_sessions_and_running_ones_only_on_request(tmp_path: Path) -> None:
    async with hosted(experiment_file(tmp_path, "lab", echo=True)) as ([path], client):
        assert await echo(path, "early") == "sim"

        switched = await client.patch("/admin/experiments/lab/routing", json={"tools": {"echo": "real"}})
        assert switched.status_code == 200, switched.text
        assert switched.json()["sessions_moved"] == 0
        assert switched.json()["experiment"]["routing"]["overrides"] == {"echo": "real"}

        assert await echo(path, "early") == "sim"  # a running session keeps the flags of its first call
        assert await echo(path, "late") == "real"  # a new session gets the switch

        back = await client.patch("/admin/experiments/lab/routing", json={"tools": {"echo": None}})
        assert back.json()["experiment"]["routing"]["overrides"] == {}
        assert await echo(path, "late") == "real"  # still its own flags

        moved = await client.patch(
            "/admin/experiments/lab/routing", json={"tools": {"echo": "real"}, "apply_to_running": True}
        )
        assert moved.json()["sessions_moved"] == 2
        assert await echo(path, "early") == "real"


async def test_routing_to_real_without_a_backend_is_refused(tmp_path: Path) -> None:
    async with hosted(experiment_file(tmp_path, "lab", echo=True)) as ([path], client):
        whole = await client.patch("/admin/experiments/lab/routing", json={"default": "real"})
        assert whole.status_code == 409
        assert "create_ticket" in whole.json()["detail"] and "no real backend" in whole.json()["detail"]
        one = await client.patch("/admin/experiments/lab/routing", json={"tools": {"get_*": "real"}})
        assert one.status_code == 409 and "get_ticket" in one.json()["detail"]
        typo = await client.patch("/admin/experiments/lab/routing", json={"tools": {"ecoh": "real"}})
        assert typo.status_code == 422 and "ecoh" in typo.json()["detail"]
        unknown_route = await client.patch("/admin/experiments/lab/routing", json={"default": "moon"})
        assert unknown_route.status_code == 422
        assert path.routing.default == "sim" and path.routing.overrides == ()  # nothing changed


def write_profile(directory: Path, name: str) -> None:
    """A real profile whose only entry is named after the profile, so decisions tell which one ran."""
    text = f"name: {name}\nperturbations:\n  - type: instruct\n    name: {name}\n    text: be {name}\n"
    (directory / f"{name}.yaml").write_text(text, encoding="utf-8")


def decision_of(turns: list[Any]) -> str | None:
    decisions = turns[-1].decisions
    return decisions[0]["name"] if decisions else None


async def test_profile_switch_reaches_new_sessions_and_running_ones_only_on_request(tmp_path: Path) -> None:
    async with hosted(experiment_file(tmp_path, "lab")) as ([path], client):
        write_profile(tmp_path, "flaky")
        write_profile(tmp_path, "calm")
        await path.call("early", "list_tickets", {})

        switched = await client.put("/admin/experiments/lab/profile", json={"profile": "flaky.yaml"})
        assert switched.status_code == 200, switched.text
        assert switched.json()["experiment"]["profile"] == "flaky.yaml"
        await path.call("early", "list_tickets", {})
        await path.call("late", "list_tickets", {})
        assert decision_of(await path.store.turns("lab", "early")) is None
        assert decision_of(await path.store.turns("lab", "late")) == "flaky"

        moved = await client.put(
            "/admin/experiments/lab/profile", json={"profile": "calm.yaml", "apply_to_running": True}
        )
        assert moved.json()["sessions_moved"] == 2
        await path.call("early", "list_tickets", {})
        assert decision_of(await path.store.turns("lab", "early")) == "calm"
        shown = (await client.get("/admin/sessions/lab/early")).json()
        assert shown["profile"] == "calm.yaml"


async def test_switch_to_a_paginate_profile_lists_and_accepts_its_cursor(tmp_path: Path) -> None:
    """The catalog was exposed once, at start-up: after a switch to a paginate profile, tools/list lacked the
    cursor argument and the cursor the first page handed out was refused ("Additional properties ...")."""
    async with hosted(experiment_file(tmp_path, "lab")) as ([path], client):
        switched = await client.put(
            "/admin/experiments/lab/profile", json={"profile": str(ROOT / "perturbations" / "pagination.yaml")}
        )
        assert switched.status_code == 200, switched.text
        listed = next(t for t in path.catalog.tools if t.name == "list_tickets")
        assert "cursor" in listed.input_schema["properties"]
        for i in range(7):
            await path.call("s", "create_ticket", {"title": f"t{i}"})
        first = await path.call("s", "list_tickets", {})
        assert first.structured_content is not None and len(first.structured_content["tickets"]) == 5
        cursor = first.structured_content["next_cursor"]
        second = await path.call("s", "list_tickets", {"cursor": cursor})
        assert not second.is_error, second.content
        assert second.structured_content is not None and len(second.structured_content["tickets"]) == 2
        old = await client.put("/admin/experiments/lab/profile", json={"profile": None})
        assert old.status_code == 200
        assert (
            "cursor" not in next(t for t in path.catalog.tools if t.name == "list_tickets").input_schema["properties"]
        )
        again = await path.call("s", "list_tickets", {"cursor": cursor})  # "s" keeps its profile: pages still work
        assert not again.is_error, again.content


async def test_a_profile_that_does_not_load_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    async with hosted(experiment_file(tmp_path, "lab")) as ([path], client):
        refused = await client.put("/admin/experiments/lab/profile", json={"profile": "no-such-profile.yaml"})
        assert refused.status_code == 400
        assert "no-such-profile.yaml" in refused.json()["detail"]
        assert path.profiles is not None and path.profiles.current == "<none>"
        back = await client.put("/admin/experiments/lab/profile", json={"profile": None})
        assert back.status_code == 200 and back.json()["experiment"]["profile"] == "<none>"


async def test_the_api_is_described_by_openapi_under_admin(tmp_path: Path) -> None:
    async with hosted(experiment_file(tmp_path, "lab")) as (_, client):
        schema = (await client.get("/admin/openapi.json")).json()
        assert schema["servers"] == [{"url": "/admin"}]  # "try it" in the docs page reaches the mounted API
        routing = schema["paths"]["/experiments/{name}/routing"]["patch"]
        assert "409" in routing["responses"]
        change = schema["components"]["schemas"]["RoutingChange"]["properties"]
        assert "apply_to_running" in change and change["apply_to_running"]["description"]
        docs = await client.get("/admin/docs")
        assert docs.status_code == 200 and "/admin/openapi.json" in docs.text
        redirect = await client.get("/admin")
        assert redirect.status_code in (307, 308) and redirect.headers["location"].endswith("/admin/")


async def test_a_session_flagged_real_for_a_tool_without_backend_gets_a_tool_error(tmp_path: Path) -> None:
    # Stored flags can outlive the configuration they were made for (a persistent store, a changed experiment).
    async with hosted(experiment_file(tmp_path, "lab")) as ([path], _):
        state = await path.store.load("lab", "stale")
        state.routing = {"default": "real", "overrides": {}}
        await path.store.save(state)
        result = await path.call("stale", "list_tickets", {})
        text = result.content[0]
        assert result.is_error and isinstance(text, TextContent) and "no real backend" in text.text
        [turn] = await path.store.turns("lab", "stale")
        assert turn.route == "real" and turn.trace == {"error": "BackendUnavailable"}


async def test_one_session_can_be_switched_alone(tmp_path: Path) -> None:
    async with hosted(experiment_file(tmp_path, "lab", echo=True)) as ([path], client):
        assert await echo(path, "mine") == "sim"
        assert await echo(path, "theirs") == "sim"
        switched = await client.patch("/admin/sessions/lab/mine/routing", json={"tools": {"echo": "real"}})
        assert switched.status_code == 200, switched.text
        assert switched.json()["routing"] == {"default": "sim", "overrides": {"echo": "real"}}
        assert await echo(path, "mine") == "real"
        assert await echo(path, "theirs") == "sim"
        assert await echo(path, "new") == "sim"  # the experiment's flags did not change
        refused = await client.patch("/admin/sessions/lab/mine/routing", json={"default": "real"})
        assert refused.status_code == 409
        missing = await client.patch("/admin/sessions/lab/nobody/routing", json={"default": "sim"})
        assert missing.status_code == 404
