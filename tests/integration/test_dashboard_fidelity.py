"""The dashboard's fidelity panel in headless Chromium: a bar per tool and measure, from the experiment's JSON."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from mcp_sim.reporting.fidelity.command import measure
from tests.hosting import experiment_file, serve
from tests.integration.test_dashboard import TOKEN, chromium, headless  # noqa: F401 - chromium is a fixture

pytestmark = pytest.mark.integration

DATA = Path(__file__).parents[1] / "data"


def test_dashboard_shows_the_figures_of_the_named_fidelity_json(chromium: Path, tmp_path: Path) -> None:  # noqa: F811
    trajectories = [DATA / "trajectories" / "memory.jsonl", DATA / "trajectories" / "time.jsonl"]
    tools = [DATA / "tool_lists" / "memory.tools.yaml", DATA / "tool_lists" / "time.tools.yaml"]
    report = measure(trajectories, tools, "zero-config")
    (tmp_path / "fidelity.json").write_text(json.dumps(report))
    experiment = experiment_file(tmp_path, "desk")
    experiment.write_text(experiment.read_text() + "fidelity: fidelity.json\n")
    with serve(experiment, token=TOKEN) as server:
        url = f"{server.base_url}/admin/#token={TOKEN}"
        dom = headless(chromium, tmp_path / "profile-dom", "--dump-dom", url).stdout
        headless(chromium, tmp_path / "profile-shot", f"--screenshot={tmp_path / 'fidelity.png'}", url)
    panel = dom[dom.index('class="fidelity-panel"') :]
    assert "Fidelity per tool (" in panel and "mode zero-config" in panel
    for server_name, of_server in report["tools"].items():
        for tool, pooled in of_server.items():
            row = re.search(rf'<tr class="" data-scope="{server_name} / {tool}">(.*?)</tr>', panel)
            assert row is not None, f"no row for {server_name} / {tool}"
            agreement = pooled["measures"]["is_error_agreement"]
            cell = row.group(1).split('data-measure="is_error_agreement"')[1].split("</td>")[0]
            assert f"{agreement['hits']}/{agreement['of']}" in cell  # the counts behind the percentage
            assert ('class="met"' if agreement["rate"] >= 0.95 else 'class="missed"') in cell
