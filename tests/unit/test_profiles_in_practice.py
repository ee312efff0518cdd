"""Profiles as users meet them: schema_drift under a validating SDK client, ready profile names, switches that
survive a restart."""

from __future__ import annotations

import json
from pathlib import Path

from mcp import Client

from mcp_sim.config import load_experiment
from mcp_sim.config.profiles import ready_profiles
from mcp_sim.serving.host import running_experiments
from mcp_sim.serving.mcp_server import build_server
from tests.hosting import TICKETS, hosted

DRIFT = """perturbations:
  - type: schema_drift
    match: {tools: ["get_ticket"]}
    rename: {title: name, created_at: createdAt}
    drop: [status]
"""


async def test_drifted_structured_content_passes_the_sdk_clients_validation(tmp_path: Path) -> None:
    path = tmp_path / "desk.yaml"
    path.write_text(f"name: desk\ntools: [{TICKETS}]\nstate: memory://\n{DRIFT}")
    async with running_experiments([load_experiment(path)]) as [desk]:
        client = Client(build_server(desk, process_key="p"), mode="legacy", cache=None)
        async with client:
            created = await client.call_tool("create_ticket", {"title": "printer on fire"})
            # The SDK client validates structuredContent against the listed outputSchema and raises on a mismatch.
            ticket = created.structured_content["id"]  # type: ignore[index]
            got = await client.call_tool("get_ticket", {"ticket_id": ticket})
            listed = next(t for t in (await client.list_tools()).tools if t.name == "get_ticket")
    assert not got.is_error and got.structured_content is not None
    assert got.structured_content["name"] == "printer on fire"
    assert "title" not in got.structured_content and "status" not in got.structured_content
    schema = listed.output_schema or {}
    assert schema["required"] == ["id", "priority"] and schema["properties"]["name"] == {"type": "string"}


async def test_ready_profile_names_work_in_files_and_in_the_admin_switch(tmp_path: Path) -> None:
    assert {"hostile", "flaky", "pagination"} <= set(ready_profiles())
    path = tmp_path / "desk.yaml"
    path.write_text(f"name: desk\ntools: [{TICKETS}]\nperturbations: flaky\n")
    assert load_experiment(path).profile is not None
    async with hosted(path) as (_, client):
        switched = await client.put("/admin/experiments/desk/profile", json={"profile": "hostile"})
        assert switched.status_code == 200, switched.text
        assert switched.json()["experiment"]["profile"] == "hostile"
        missing = await client.put("/admin/experiments/desk/profile", json={"profile": "hostlie"})
        assert missing.status_code == 400 and "hostlie" in missing.text


async def test_a_profile_switch_survives_a_restart_until_the_file_changes(tmp_path: Path) -> None:
    path = tmp_path / "desk.yaml"
    path.write_text(f"name: desk\ntools: [{TICKETS}]\nperturbations: flaky\n")
    async with hosted(path) as (_, client):
        assert (await client.put("/admin/experiments/desk/profile", json={"profile": "slow"})).status_code == 200
    async with hosted(path) as ([desk], client):
        assert (await client.get("/admin/experiments/desk")).json()["profile"] == "slow"
        await desk.call("s", "list_tickets", {})
        assert (await desk.store.load("desk", "s")).profile == "slow"  # new sessions get it
    kept = json.loads((tmp_path / ".mcp-sim" / "desk.profile.json").read_text())
    assert kept == {"profile": "slow", "file_profile": "flaky"}
    path.write_text(f"name: desk\ntools: [{TICKETS}]\nperturbations: pagination\n")  # the user edited the file
    async with hosted(path) as (_, client):
        assert (await client.get("/admin/experiments/desk")).json()["profile"] == "pagination"


def test_an_installed_package_finds_the_ready_profiles_where_the_environment_says(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    (tmp_path / "calm.yaml").write_text("perturbations: []\n", encoding="utf-8")
    env = {**os.environ, "MCP_SIM_PROFILE_DIR": str(tmp_path)}
    code = "from mcp_sim.config.profiles import ready_profiles; print(ready_profiles())"
    shown = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert shown.stdout.strip() == "['calm']"
