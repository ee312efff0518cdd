"""Routing that cannot surprise: replay.on_miss, stored sessions whose flags differ, serve --route moving them.

The real backend is ``tests/servers/echo_upstream.py`` over stdio; sessions live in the default SQLite file.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from structlog.testing import capture_logs

from mcp_sim.catalog.specs import build_catalog
from mcp_sim.config import RouteName, load_experiment
from mcp_sim.errors import ConfigError, StartupError
from mcp_sim.routing import flags as router
from mcp_sim.runtime import check_routes
from mcp_sim.serving.host import running_experiments
from tests.hosting import experiment_file
from tests.unit.test_metrics import sample


def desk(tmp_path: Path, extra: str = "") -> Path:
    path = experiment_file(tmp_path, "desk", echo=True)
    path.write_text(path.read_text() + extra, encoding="utf-8")
    return path


def text(result: object) -> str:
    return "".join(getattr(block, "text", "") for block in getattr(result, "content", []))


async def echo(path: Path, key: str, route: RouteName | None = None, said: str = "hi") -> tuple[str, dict[str, object]]:
    """One echo call in a freshly started experiment: what the agent got and the turn's trace."""
    async with running_experiments([load_experiment(path, route_override=route)]) as [desk_path]:
        result = await desk_path.call(key, "echo", {"text": said})
        turn = (await desk_path.store.turns("desk", key))[-1]
        return text(result), {"route": turn.route, **turn.trace}


@pytest.mark.parametrize(
    ("on_miss", "answer"),
    [("sim", None), ("real", "real echo: hi"), ("error", "replay miss: no recorded observation of 'echo'")],
)
async def test_on_miss_decides_what_a_miss_does(tmp_path: Path, on_miss: str, answer: str | None) -> None:
    path = desk(tmp_path, f"routes: {{echo: replay}}\nreplay: {{on_miss: {on_miss}}}\n")
    before = sample("mcp_sim_replay_total", experiment="desk", result="miss")
    got, trace = await echo(path, f"miss-{on_miss}")
    assert trace["replay"] == "miss" and trace["on_miss"] == on_miss
    assert sample("mcp_sim_replay_total", experiment="desk", result="miss") == before + 1
    if answer is not None:
        assert got.startswith(answer)
    else:
        assert "real echo" not in got  # the simulator answered
    assert ("backend" in trace) == (on_miss == "real")  # error calls nothing; sim calls no backend


def test_on_miss_typos_and_missing_backends_are_start_up_errors(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="on_miss"):
        load_experiment(desk(tmp_path, "replay: {on_miss: simulate}\n"))
    loaded = load_experiment(desk(tmp_path, "route: replay\nreplay: {on_miss: real}\n"))
    catalog = build_catalog(loaded, {})
    with pytest.raises(StartupError, match=r"'get_ticket' is routed replay \(replay.on_miss: real\) but has no real"):
        check_routes(catalog, router.Routing("replay"), {}, {}, "real")


async def test_a_recorded_session_follows_serve_route_after_a_restart(tmp_path: Path) -> None:
    recording = desk(tmp_path, "routes: {echo: record}\n")
    assert (await echo(recording, "old"))[1]["route"] == "record"
    replaying = desk(tmp_path, "routes: {echo: replay}\nreplay: {on_miss: error}\n")

    # Restarted with route: replay, the stored session keeps its record flag: start-up says so.
    with capture_logs() as events:
        got, trace = await echo(replaying, "old")
    assert trace["route"] == "record"  # the flag is the session's: it quietly recorded again
    warned = [e for e in events if "differ from the experiment's" in e["event"]]
    assert len(warned) == 1 and warned[0]["sessions"] == 1 and "old (sim, echo: record)" in warned[0]["differing"]

    # serve --route replay moves it: the next call replays (a hit: recorded at the same state version).
    before = sample("mcp_sim_replay_total", experiment="desk", result="hit")
    with capture_logs() as events:
        got, trace = await echo(replaying, "old", route="replay", said="hi")
    assert trace["route"] == "replay" and any("moved stored sessions" in e["event"] for e in events)
    assert trace["replay"] == "miss"  # two recorded writes moved the state version: this one was never seen
    assert got.startswith("replay miss")  # on_miss: error, nothing called
    new_got, new_trace = await echo(replaying, "fresh", route="replay")
    assert new_trace["replay"] == "hit" and new_got == "real echo: hi"
    assert sample("mcp_sim_replay_total", experiment="desk", result="hit") == before + 1
