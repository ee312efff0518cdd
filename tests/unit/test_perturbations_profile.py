"""Profile loading: files and inline lists; every error names the file, line, entry and field."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from mcp_sim.config import load_experiment
from mcp_sim.config.profiles import load_profile
from mcp_sim.errors import ConfigError
from mcp_sim.perturbations.registry import ORDER, TYPES
from tests.unit.perturb_helpers import REPO, write_experiment

PROFILE = """\
name: test
perturbations:
  - type: paginate
    match: {tools: ["*list*"]}
    page_size: 5
  - type: error
    name: rate-limits
    probability: 0.1
    kind: rate_limited
"""


def _problems(path: Path) -> list[str]:
    with pytest.raises(ConfigError) as caught:
        load_profile(path)
    return caught.value.problems


def test_a_profile_file_loads_with_typed_parameters(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    path.write_text(PROFILE)
    profile = load_profile(path)
    assert [e.type for e in profile.entries] == ["paginate", "error"]
    assert profile.entries[0].params.model_dump()["page_size"] == 5
    assert profile.entries[1].probability == 0.1 and profile.entries[1].label == "rate-limits"


def test_unknown_key_names_file_line_entry_and_field(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    path.write_text(PROFILE.replace("    page_size: 5", "    page_sise: 5"))
    [problem] = _problems(path)
    assert problem.startswith(f"{path}:5: perturbations[0]: page_sise: unknown key")


def test_bad_type_and_bad_probability_name_the_entry_by_name(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    text = PROFILE.replace("probability: 0.1", "probability: 1.5").replace("kind: rate_limited", "kind: sometimes")
    path.write_text(text)
    problems = _problems(path)
    assert any(p.startswith(f"{path}:8: perturbations[1] (rate-limits): probability:") for p in problems), problems
    text = PROFILE.replace("kind: rate_limited", "kind: sometimes")
    path.write_text(text)
    [problem] = _problems(path)
    assert problem.startswith(f"{path}:9: perturbations[1] (rate-limits): kind: Input should be")


def test_unknown_type_lists_the_known_ones(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    path.write_text(PROFILE.replace("type: paginate", "type: paginat"))
    [problem] = _problems(path)
    assert f"{path}:3: perturbations[0]: type: unknown type 'paginat'" in problem and "schema_drift" in problem


def test_bad_match_and_wrong_value_type(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    path.write_text(PROFILE.replace('tools: ["*list*"]', 'tools: ["*list*"], turns: "three-"').replace("5", "lots"))
    problems = _problems(path)
    assert any("perturbations[0]: match.turns:" in p for p in problems), problems
    assert any("perturbations[0]: page_size: Input should be a valid integer" in p for p in problems), problems


def test_experiment_paths_are_relative_to_the_experiment_file(tmp_path: Path) -> None:
    (tmp_path / "profiles").mkdir()
    (tmp_path / "profiles" / "p.yaml").write_text(PROFILE)
    loaded = load_experiment(write_experiment(tmp_path, "profiles/p.yaml"))
    assert loaded.profile is not None and len(loaded.profile.entries) == 2


def test_inline_entries_report_the_experiment_file(tmp_path: Path) -> None:
    path = write_experiment(tmp_path, [{"type": "latency", "distribution": "uniform", "min_ms": 5}])
    with pytest.raises(ConfigError) as caught:
        load_experiment(path)
    [problem] = caught.value.problems
    assert problem.startswith(f"{path.resolve()}:") and "perturbations[0]: (entry): Value error" in problem
    assert "needs min_ms and max_ms" in problem or "needs max_ms" in problem


def test_every_type_has_a_place_in_the_order() -> None:
    assert set(ORDER) == set(TYPES)


@pytest.mark.parametrize("name", ["pagination", "flaky", "partial-batch", "slow", "hostile"])
def test_ready_profiles_validate_through_the_cli(tmp_path: Path, name: str) -> None:
    profile = REPO / "perturbations" / f"{name}.yaml"
    assert profile.read_text().startswith("#"), "each ready profile explains itself in a header comment"
    experiment = write_experiment(tmp_path, str(profile))
    done = subprocess.run(
        [sys.executable, "-m", "mcp_sim", "validate", str(experiment)], cwd=REPO, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert "perturbation" in done.stdout


def test_validate_cli_reports_a_broken_profile(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(PROFILE.replace("probability: 0.1", "probability: -1"))
    done = subprocess.run(
        [sys.executable, "-m", "mcp_sim", "validate", str(write_experiment(tmp_path, str(bad)))],
        cwd=REPO,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 1
    assert f"{bad}:8: perturbations[1] (rate-limits): probability:" in done.stderr
