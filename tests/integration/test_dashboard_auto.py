"""The dashboard's route: auto table in headless Chromium: each auto-routed tool, its decision and why."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.hosting import TICKETS, serve
from tests.integration.test_dashboard import TOKEN, chromium, headless

pytestmark = pytest.mark.integration
__all__ = ["chromium"]  # the fixture, imported for the tests below


def test_dashboard_shows_each_auto_decision_and_its_flag(chromium: Path, tmp_path: Path) -> None:
    experiment = tmp_path / "desk.yaml"
    experiment.write_text(f"name: desk\ntools: [{TICKETS}]\nroutes: {{get_ticket: auto}}\n", encoding="utf-8")
    with serve(experiment, token=TOKEN) as server:
        dom = headless(chromium, tmp_path / "profile", "--dump-dom", f"{server.base_url}/admin/#token={TOKEN}").stdout
    table = dom[dom.index('class="auto"') :]
    assert 'data-auto-tool="get_ticket"' in table and "create_ticket" not in table  # only the auto-routed tool
    assert "route: auto (threshold 0.9, min 5 samples)" in dom
    assert "no real backend to measure against" in table  # spec-only: simulated and flagged
