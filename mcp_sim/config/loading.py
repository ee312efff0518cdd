"""Reading an experiment file and everything it references, with every problem collected before raising."""

from __future__ import annotations

from pathlib import Path

from mcp_sim.config.models import Experiment, RouteName, ToolSpecFile
from mcp_sim.config.profiles import Profile, profile_of
from mcp_sim.config.yamlfile import load_yaml
from mcp_sim.errors import ConfigError


class LoadedExperiment:
    """An experiment plus the files it references, read and validated, paths resolved."""

    def __init__(
        self,
        path: Path,
        experiment: Experiment,
        spec_files: list[tuple[Path, ToolSpecFile]],
        profile: Profile | None = None,
        route_override: RouteName | None = None,
    ) -> None:
        self.path = path
        self.route_override = route_override  # `serve --route`: stored sessions take it too (runtime.py)
        self.experiment = experiment
        self.spec_files = spec_files
        self.profile = profile  # the perturbation profile, entries validated

    @property
    def base_dir(self) -> Path:
        return self.path.parent

    def resolve(self, relative: str) -> Path:
        return (self.base_dir / relative).resolve()


def load_experiment(path: Path, route_override: RouteName | None = None) -> LoadedExperiment:
    """Read the experiment and every tool spec it lists; collect all problems before raising."""
    path = path.resolve()
    doc = load_yaml(path)
    experiment = doc.validate(Experiment)
    if experiment.fidelity is not None:  # read later, by the admin API, which knows no experiment directory
        experiment = experiment.model_copy(update={"fidelity": str((path.parent / experiment.fidelity).resolve())})
    if route_override is not None:
        # The CLI flag flips every tool, so per-tool overrides give way too.
        experiment = experiment.model_copy(update={"route": route_override, "routes": {}})
    problems: list[str] = []
    spec_files: list[tuple[Path, ToolSpecFile]] = []
    for i, rel in enumerate(experiment.tools):
        spec_path = (path.parent / rel).resolve()
        if not spec_path.exists():
            problems.append(f"{path}:{doc.line_of(('tools', i))}: tools.{i}: no such file: {spec_path}")
            continue
        try:
            spec_files.append((spec_path, load_yaml(spec_path).validate(ToolSpecFile)))
        except ConfigError as exc:
            problems.extend(exc.problems)
    profile = None
    try:
        profile = profile_of(experiment.perturbations, doc)
    except ConfigError as exc:
        problems.extend(exc.problems)
    if problems:
        raise ConfigError(problems)
    return LoadedExperiment(path, experiment, spec_files, profile, route_override)
