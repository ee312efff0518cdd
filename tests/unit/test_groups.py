"""Groups: forks and fresh groups with shared or distinct seeds, from the admin API, Python and the CLI."""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest

from mcp_sim.calls import CallPath
from mcp_sim.cli import main
from mcp_sim.sessions import open_sessions
from tests.hosting import TICKETS, hosted

# Coin flips on every call, so two members with different seeds part ways within a few calls (2^-12 odds not).
PROFILE = """perturbations:
  - type: error
    name: coin
    probability: 0.5
    kind: unavailable
"""


def experiment(tmp_path: Path) -> Path:
    path = tmp_path / "desk.yaml"
    path.write_text(f"name: desk\nseed: 3\ntools: [{TICKETS}]\nstate: sqlite:///desk.db\n{PROFILE}")
    return path


async def rolls(desk: CallPath, key: str, calls: int = 12) -> list[bool]:
    """Whether the coin fired on each of the same ``calls`` list calls."""
    for _ in range(calls):
        await desk.call(key, "list_tickets", {})
    turns = await desk.store.turns("desk", key)
    return [bool(t.decisions) for t in turns[-calls:]]


async def test_shared_forks_roll_alike_and_distinct_ones_do_not(tmp_path: Path) -> None:
    async with hosted(experiment(tmp_path)) as ([desk], client):
        await desk.call("root", "create_ticket", {"title": "one"})
        shared = await client.post("/admin/sessions/desk/root/fork", json={"count": 4, "seed": "shared"})
        assert shared.status_code == 200, shared.text
        assert shared.json() == {"source": "root", "keys": [f"root.fork-{i}" for i in range(1, 5)], "seed": "shared"}
        distinct = (await client.post("/admin/sessions/desk/root/fork", json={"count": 4})).json()
        assert distinct["keys"] == [f"root.fork-{i}" for i in range(5, 9)] and distinct["seed"] == "distinct"

        shared_rolls = [await rolls(desk, key) for key in shared.json()["keys"]]
        assert all(r == shared_rolls[0] for r in shared_rolls) and any(shared_rolls[0]) and not all(shared_rolls[0])
        assert len({tuple(await rolls(desk, key)) for key in distinct["keys"]}) > 1

        episode = (await client.get("/admin/sessions/desk/root.fork-2/episode")).json()
        assert episode["seed"] == {"experiment_seed": 3, "session": "root", "shared": True}
        bad = await client.post("/admin/sessions/desk/root/fork", json={"count": 2, "seed": "same"})
        assert bad.status_code == 422 and "shared" in bad.text


async def test_fresh_groups_start_from_the_world_and_share_their_seed(tmp_path: Path) -> None:
    async with hosted(experiment(tmp_path)) as ([desk], client):
        made = await client.post("/admin/sessions/desk", json={"name": "g1", "count": 3, "seed": "shared"})
        assert made.status_code == 200, made.text
        assert made.json()["keys"] == ["g1.1", "g1.2", "g1.3"]
        listed = {s["key"]: s["calls"] for s in (await client.get("/admin/sessions?experiment=desk")).json()}
        assert listed == {"g1.1": 0, "g1.2": 0, "g1.3": 0}
        group = [await rolls(desk, key) for key in made.json()["keys"]]
        assert group[0] == group[1] == group[2]
        other = (await client.post("/admin/sessions/desk", json={"name": "g2", "count": 3})).json()["keys"]
        assert len({tuple(await rolls(desk, key)) for key in other}) > 1
        again = await client.post("/admin/sessions/desk", json={"name": "g1", "count": 4})
        assert again.status_code == 409 and "g1.1" in again.json()["detail"]


def test_python_and_cli_make_the_same_groups(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = experiment(tmp_path)

    async def play() -> dict[str, str]:
        async with hosted(path) as ([desk], _):
            await desk.call("root", "create_ticket", {"title": "one"})
        async with open_sessions(path) as sessions:
            assert await sessions.fork("root", n=2, seed="shared") == ["root.fork-1", "root.fork-2"]
            assert await sessions.create("py", 2) == ["py.1", "py.2"]
            with pytest.raises(ValueError, match="seed must be 'shared' or 'distinct'"):
                await sessions.fork("root", n=1, seed="same")  # type: ignore[arg-type]
            with pytest.raises(KeyError, match="no session 'nope'"):
                await sessions.fork("nope", n=1)
            return {
                key: (await sessions.store.load("desk", key)).seed_name
                for key in ("root.fork-1", "root.fork-2", "py.1", "py.2")
            }

    assert anyio.run(play) == {"root.fork-1": "root", "root.fork-2": "root", "py.1": "py.1", "py.2": "py.2"}
    capsys.readouterr()
    assert main(["sessions", "fork", str(path), "root", "-n", "2", "--seed", "shared"]) == 0
    assert capsys.readouterr().out.split() == ["root.fork-3", "root.fork-4"]
    assert main(["sessions", "create", str(path), "cli", "-n", "2", "--seed", "shared"]) == 0
    assert capsys.readouterr().out.split() == ["cli.1", "cli.2"]
    assert main(["sessions", "episode", str(path), "cli.2"]) == 0  # created, not played yet: an empty episode
    assert '"session": "cli"' in capsys.readouterr().out
    assert main(["sessions", "create", str(path), "cli", "-n", "1"]) == 1
    assert "cli.1 already exist" in capsys.readouterr().err
