"""``route: auto``: the rule, the evidence read from a real recordings file, and the flip as evidence accumulates."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from mcp_sim.config import AutoConfig, Experiment
from mcp_sim.errors import StartupError
from mcp_sim.routing.auto import AutoRouter, Evidence, load_report, rule
from mcp_sim.routing.recordings import ROOT, ObservationKey, Recordings

POLICY = AutoConfig(threshold=0.9, min_samples=5, window=10, recheck_every=0)
REAL = {"content": [{"type": "text", "text": "{}"}]}


async def shadow_run(recordings: Recordings, tool: str, divergence: float, experiment: str = "exp") -> None:
    """A shadow row as routing/recorded.py stores it (its fidelity JSON carries the divergence)."""
    key = ObservationKey(tool, "{}", ROOT)
    score = {"status_match": True, "structure": 1.0 - divergence, "divergence": divergence}
    await recordings.add(key, route="shadow", experiment=experiment, session="s", call_index=0, real=REAL,
                         sim=REAL, fidelity=score)  # fmt: skip


@pytest.mark.parametrize(
    ("evidence", "has_real", "route", "decided", "flagged"),
    [
        (Evidence("none", 0, None), True, "shadow", False, False),
        (Evidence("shadow", 4, 1.0, 4), True, "shadow", False, False),  # too few samples, however good
        (Evidence("none", 0, None), False, "sim", False, True),
        (Evidence("shadow", 5, 0.9, 5), True, "sim", True, False),  # at the threshold counts as reached
        (Evidence("shadow", 5, 0.8999, 5), True, "real", True, False),
        (Evidence("report", 40, 0.5), False, "sim", True, True),
    ],
)
def test_the_rule(evidence: Evidence, has_real: bool, route: str, decided: bool, flagged: bool) -> None:
    decision = rule("get_x", evidence, POLICY, has_real)
    assert (decision.route, decision.decided, decision.flagged is not None) == (route, decided, flagged)


async def test_a_tool_flips_to_sim_when_its_measured_fidelity_crosses_the_threshold(tmp_path: Path) -> None:
    recordings = Recordings(tmp_path / "rec.sqlite")
    auto = AutoRouter(POLICY, recordings, "exp", real_tools=["get_x"])
    try:
        assert (await auto.decide("get_x")).route == "shadow"  # nothing measured yet
        for _ in range(5):
            await shadow_run(recordings, "get_x", 0.5)
        low = await auto.decide("get_x")
        assert (low.route, low.evidence) == ("real", Evidence("shadow", 5, 0.5, 5))
        routes = []
        for _ in range(8):  # the simulator got better: each run pushes an old bad one out of the window of 10
            await shadow_run(recordings, "get_x", 0.0)
            routes.append((await auto.decide("get_x")).route)
        # 5 bad + k good, newest 10 counted: fidelity 0.58 ... 0.85 for k <= 7, then 1 - 2 * 0.5 / 10 = 0.9
        assert routes == ["real"] * 7 + ["sim"]
        assert (await auto.evaluate("get_x")).evidence == Evidence("shadow", 10, 0.9, 10)
        worse = []
        for _ in range(3):  # worse again: new bad runs first push out the two old bad ones, then a good one
            await shadow_run(recordings, "get_x", 0.5)
            worse.append((await auto.decide("get_x")).route)
        assert worse == ["sim", "sim", "real"]
    finally:
        recordings.close()


async def test_evidence_is_per_experiment_and_tool(tmp_path: Path) -> None:
    recordings = Recordings(tmp_path / "rec.sqlite")
    try:
        for _ in range(5):
            await shadow_run(recordings, "get_x", 0.0, experiment="other")
            await shadow_run(recordings, "get_y", 0.0)
        auto = AutoRouter(POLICY, recordings, "exp", real_tools=["get_x"])
        assert (await auto.evidence("get_x")) == Evidence("none", 0, None, 0)
    finally:
        recordings.close()


async def test_a_decided_tool_is_rechecked_in_shadow_every_nth_call(tmp_path: Path) -> None:
    recordings = Recordings(tmp_path / "rec.sqlite")
    policy = AutoConfig(threshold=0.9, min_samples=1, window=1, recheck_every=3)
    try:
        await shadow_run(recordings, "get_x", 0.0)
        auto = AutoRouter(policy, recordings, "exp", real_tools=["get_x"])
        decisions = [await auto.decide("get_x") for _ in range(6)]
        assert [d.route for d in decisions] == ["sim", "sim", "shadow", "sim", "sim", "shadow"]
        assert [d.recheck for d in decisions] == [False, False, True, False, False, True]
        assert auto.latest()["get_x"].route == "sim"  # the latest decision, not the recheck
        unmeasured = AutoRouter(policy, recordings, "exp", real_tools=[])  # no real backend: never shadow
        assert {(await unmeasured.decide("get_x")).route for _ in range(3)} == {"sim"}
    finally:
        recordings.close()


async def test_a_fidelity_report_decides_until_shadow_runs_suffice(tmp_path: Path) -> None:
    group = {"calls": 12, "measures": {"is_error_agreement": {"rate": 1.0, "hits": 12, "of": 12},
                                       "structural_match": {"rate": 0.5, "hits": 6, "of": 12},
                                       "key_overlap": {"rate": 0.75, "hits": 9, "of": 12},
                                       "semantic": {"rate": None, "hits": 0, "of": 0}}}  # fmt: skip
    path = tmp_path / "fidelity.json"
    path.write_text(json.dumps({"overall": group, "servers": {"s": group}, "tools": {"s": {"get_x": group}}}))
    report = load_report(path)
    assert report == {"get_x": Evidence("report", 12, 0.75)}
    recordings = Recordings(tmp_path / "rec.sqlite")
    try:
        auto = AutoRouter(POLICY, recordings, "exp", ["get_x"], report)
        assert (await auto.evaluate("get_x")).route == "real"  # 0.75 < 0.9, from the report
        for _ in range(5):
            await shadow_run(recordings, "get_x", 0.0)
        decision = await auto.evaluate("get_x")
        assert (decision.route, decision.evidence.source) == ("sim", "shadow")  # own measurements win
    finally:
        recordings.close()


def test_a_file_that_is_no_fidelity_report_is_a_start_up_error(tmp_path: Path) -> None:
    path = tmp_path / "trace.json"
    path.write_text('{"calls": []}')
    with pytest.raises(StartupError, match="is not a fidelity report") as raised:
        load_report(path)
    assert raised.value.field == "auto.report"


def test_auto_config_is_checked() -> None:
    experiment = Experiment.model_validate({"name": "x", "route": "auto", "routes": {"get_*": "auto"}})
    assert experiment.auto == AutoConfig()
    with pytest.raises(ValidationError, match="window"):
        AutoConfig.model_validate({"min_samples": 20, "window": 10})
    with pytest.raises(ValidationError, match="threshold"):
        Experiment.model_validate({"name": "x", "auto": {"threshold": 1.5}})
