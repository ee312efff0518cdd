"""Once the host has started, what start-up made is frozen for the garbage collector (``host.settled``)."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from mcp_sim.config import load_experiment
from mcp_sim.serving import host
from mcp_sim.serving.host import host_app, running_experiments
from tests.hosting import experiment_file


def test_settled_moves_what_exists_to_the_permanent_generation() -> None:
    made_at_start_up = [{"a": [1, 2]} for _ in range(100)]
    before = gc.get_freeze_count()
    thresholds = gc.get_threshold()
    try:
        host.settled()
        assert gc.get_freeze_count() >= before + len(made_at_start_up)
        assert gc.get_count()[2] == 0  # nothing left for the next full collection to walk
        # the calls' short-lived objects: young collections ten times rarer, the older generations' rhythm kept
        assert gc.get_threshold() == (host.YOUNG_THRESHOLD, *thresholds[1:])
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)


async def test_the_host_settles_once_its_endpoints_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    events: list[str] = []
    monkeypatch.setattr(host, "settled", lambda: events.append("settled"))
    async with running_experiments([load_experiment(experiment_file(tmp_path, "desk"))]) as paths:
        app = host_app(paths, host="127.0.0.1")
        async with app.router.lifespan_context(app):
            events.append("serving")
    assert events == ["settled", "serving"]
