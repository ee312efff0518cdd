"""RL operations from Python (mcp_sim.sessions) and from the CLI (mcp-sim sessions ...), on a real SQLite file."""

from __future__ import annotations

import json
from pathlib import Path

import anyio
import pytest

from mcp_sim.cli import main
from mcp_sim.ledger.entities import Effect
from mcp_sim.sessions import open_sessions
from mcp_sim.state.base import Turn

SPECS = Path(__file__).parents[2] / "tool_specs" / "tickets.yaml"


@pytest.fixture
def exp(tmp_path: Path) -> Path:
    path = tmp_path / "exp.yaml"
    path.write_text(f"name: rl\ntools: [{SPECS}]\nstate: sqlite:///sessions.db\n")
    return path


async def played(exp: Path, key: str = "warmup") -> None:
    async with open_sessions(exp) as sessions:
        state = await sessions.store.load("rl", key)
        state.ledger.apply(Effect("create", "ticket", "t-1", {"id": "t-1"}))
        state.call_count = 1
        await sessions.store.commit(state, Turn(0, "create_ticket", {"title": "x"}, "sim", {}))


async def test_python_fork_reset_export_restore_delete(exp: Path) -> None:
    await played(exp)
    async with open_sessions(exp) as sessions:
        keys = await sessions.fork("warmup", n=3)
        assert keys == ["warmup.fork-1", "warmup.fork-2", "warmup.fork-3"]
        assert [(s.key, s.calls, s.entities) for s in await sessions.list()][:2] == [
            ("warmup", 1, 1),
            ("warmup.fork-1", 1, 1),
        ]
        exported = await sessions.export("warmup.fork-1")
        await sessions.reset("warmup.fork-1")
        assert (await sessions.summary("warmup.fork-1")).calls == 0
        assert await sessions.restore(exported, "again") == "again"
        assert (await sessions.summary("again")).entities == 1
        assert await sessions.delete("again") and not await sessions.delete("again")
    assert (exp.parent / "sessions.db").exists()  # relative sqlite paths live next to the experiment


def test_cli_operations(exp: Path, capsys: pytest.CaptureFixture[str]) -> None:
    anyio.run(played, exp)
    assert main(["sessions", "fork", str(exp), "warmup", "g1", "g2"]) == 0
    assert capsys.readouterr().out.split() == ["g1", "g2"]
    assert main(["sessions", "list", str(exp)]) == 0
    listing = capsys.readouterr().out
    assert all(k in listing for k in ("warmup", "g1", "g2"))
    out = exp.parent / "g1.json"
    assert main(["sessions", "export", str(exp), "g1", "-o", str(out)]) == 0
    assert json.loads(out.read_text())["state"]["key"] == "g1"
    assert main(["sessions", "import", str(exp), str(out), "--key", "g3"]) == 0
    assert main(["sessions", "reset", str(exp), "g3"]) == 0
    assert main(["sessions", "show", str(exp), "g3"]) == 0
    shown = capsys.readouterr().out
    assert json.loads(shown[shown.index("{") :])["state"]["call_count"] == 0
    assert main(["sessions", "delete", str(exp), "g2"]) == 0
    assert main(["sessions", "delete", str(exp), "g2"]) == 1
    assert main(["sessions", "show", str(exp), "nope"]) == 1
    assert "no session 'nope'" in capsys.readouterr().err
