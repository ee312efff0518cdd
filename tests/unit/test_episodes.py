"""Episodes: the admin API, Python and the CLI give the same stable JSON a reward function reads."""

from __future__ import annotations

import json
from pathlib import Path

import anyio
import pytest

from mcp_sim.cli import main
from mcp_sim.sessions import open_sessions
from mcp_sim.state.episode import Episode
from tests.hosting import TICKETS, hosted

PROFILE = """perturbations:
  - type: paginate
    name: pages
    match: {tools: ["list_tickets"]}
    page_size: 2
  - type: latency
    name: lag
    match: {tools: ["get_ticket"]}
    distribution: fixed
    ms: 1
"""


def experiment(tmp_path: Path) -> Path:
    path = tmp_path / "desk.yaml"
    path.write_text(f"name: desk\nseed: 11\ntools: [{TICKETS}]\nstate: sqlite:///desk.db\n{PROFILE}")
    return path


async def play(tmp_path: Path) -> tuple[dict[str, object], Path]:
    """An episode: three tickets, one deleted, a miss, a list that pages and one that fits one page."""
    path = experiment(tmp_path)
    async with hosted(path) as ([desk], client):
        ids = []
        for title in ("one", "two", "three"):
            created = await desk.call("ep", "create_ticket", {"title": title})
            ids.append(created.structured_content["id"])  # type: ignore[index]
        await desk.call("ep", "list_tickets", {})  # 3 tickets, pages of 2: paginate changes the answer
        await desk.call("ep", "delete_ticket", {"ticket_id": ids[0]})
        await desk.call("ep", "get_ticket", {"ticket_id": ids[0]})  # deleted: not found (tool error)
        await desk.call("ep", "delete_ticket", {"ticket_id": ids[1]})
        await desk.call("ep", "list_tickets", {})  # 1 ticket: paginate triggers but changes nothing
        response = await client.get("/admin/sessions/desk/ep/episode")
        assert response.status_code == 200, response.text
        assert (await client.get("/admin/sessions/desk/nope/episode")).status_code == 404
        return response.json(), path


async def test_episode_has_final_ledger_calls_counts_and_seed(tmp_path: Path) -> None:
    episode, _ = await play(tmp_path)
    Episode.model_validate(episode)  # the documented model, unknown keys rejected
    assert episode["format"] == "mcp-sim/episode@1"
    assert episode["seed"] == {"experiment_seed": 11, "session": "ep", "shared": False}
    tickets = episode["entities"]["ticket"]  # type: ignore[index]
    assert [t["fields"]["title"] for t in tickets] == ["three"]
    assert len(episode["deleted"]["ticket"]) == 2  # type: ignore[index]
    calls = episode["calls"]
    assert [c["outcome"] for c in calls] == ["ok"] * 5 + ["tool_error", "ok", "ok"]  # type: ignore[union-attr]
    # Only perturbations that changed the call: the first list paged, the get was delayed, the last list was not.
    perturbed = {c["index"]: [p["name"] for p in c["perturbations"]] for c in calls if c["perturbations"]}  # type: ignore[union-attr]
    assert perturbed == {3: ["pages"], 5: ["lag"]}
    assert episode["counts"] == {
        "calls": 8,
        "ok": 7,
        "tool_errors": 1,
        "protocol_errors": 0,
        "perturbed_calls": 2,
        "perturbations": {"latency": 1, "paginate": 1},
        "by_tool": {"create_ticket": 3, "delete_ticket": 2, "get_ticket": 1, "list_tickets": 2},
        "by_route": {"sim": 8},
        "entities": {"ticket": 1},
        "deleted": {"ticket": 2},
    }


def test_python_and_cli_give_the_admin_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    over_http, path = anyio.run(play, tmp_path)

    async def from_python() -> None:
        async with open_sessions(path) as sessions:
            assert (await sessions.episode("ep")).model_dump(mode="json") == over_http
            with pytest.raises(KeyError, match="no session 'nope'"):
                await sessions.episode("nope")

    anyio.run(from_python)
    capsys.readouterr()
    assert main(["sessions", "episode", str(path), "ep"]) == 0
    assert json.loads(capsys.readouterr().out) == over_http
