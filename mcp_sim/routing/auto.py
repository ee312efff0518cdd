"""``route: auto``: per tool, measured fidelity decides between the simulator and the real backend.

A tool's fidelity is 1 - the mean divergence (``divergence.py``) of its newest ``auto.window`` shadow runs;
with fewer than ``auto.min_samples`` of those, a fidelity report (``auto.report``, the JSON of
``mcp-sim fidelity --json``) may stand in. Then:

- at least ``auto.threshold``: simulated;
- below it: real, or simulated and *flagged* when the tool has no real backend (nobody can do better, but
  someone should know);
- not enough evidence yet: shadow, so every call adds a sample (simulated and flagged without a real backend).

Each call re-reads the evidence, so a decision follows the shadow data as it accumulates; every
``auto.recheck_every``-th call of a decided tool runs shadow to keep measuring it (a simulated tool would
otherwise never be compared with the real one again). The rule itself (``rule``) is a pure function.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any, Literal

import structlog

from mcp_sim.config import AutoConfig, RouteName
from mcp_sim.config.yamlfile import read_text_file
from mcp_sim.errors import ConfigError, StartupError
from mcp_sim.routing.recordings import Recordings

log = structlog.get_logger("mcp_sim.routing.auto")

AUTO = "auto"
# The agreement measures of a fidelity report that make up its per-tool score (reporting/fidelity/pooled.py).
REPORT_MEASURES = ("is_error_agreement", "structural_match", "key_overlap", "semantic")


@dataclass(frozen=True)
class Evidence:
    """What a decision rests on: where the fidelity was measured, from how many calls, and its value."""

    source: Literal["shadow", "report", "none"]
    samples: int
    fidelity: float | None
    shadow_samples: int = 0  # shadow runs seen, also when a report decided (they were too few)


@dataclass(frozen=True)
class Decision:
    tool: str
    route: RouteName  # sim | real | shadow
    decided: bool  # False while evidence is still being gathered
    reason: str
    evidence: Evidence
    flagged: str | None = None  # why a person should look: no real backend to fall back on
    recheck: bool = False  # this call runs shadow only to keep measuring a decided tool

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def rule(tool: str, evidence: Evidence, policy: AutoConfig, has_real: bool) -> Decision:
    """The decision for one tool, from its evidence alone."""
    if evidence.fidelity is None or evidence.samples < policy.min_samples:
        reason = f"{evidence.shadow_samples} shadow runs of the {policy.min_samples} needed"
        if has_real:
            return Decision(tool, "shadow", False, f"measuring: {reason}", evidence)
        flag = "no real backend to measure against: simulated without evidence"
        return Decision(tool, "sim", False, f"unmeasured: {reason}", evidence, flag)
    measured = f"fidelity {evidence.fidelity:.3f} over {evidence.samples} {evidence.source} calls"
    if evidence.fidelity >= policy.threshold:
        return Decision(tool, "sim", True, f"{measured} >= threshold {policy.threshold:g}", evidence)
    below = f"{measured} < threshold {policy.threshold:g}"
    if has_real:
        return Decision(tool, "real", True, below, evidence)
    return Decision(tool, "sim", True, below, evidence, "fidelity below the threshold and no real backend")


class AutoRouter:
    """Decides ``auto`` routes for one experiment and remembers each tool's latest decision (the admin API
    shows them)."""

    def __init__(
        self,
        policy: AutoConfig,
        recordings: Recordings | None,
        experiment: str,
        real_tools: Iterable[str],
        report: Mapping[str, Evidence] | None = None,
    ) -> None:
        self.policy = policy
        self.recordings = recordings
        self.experiment = experiment
        self.real_tools = frozenset(real_tools)  # exposed names whose real backend answered at start-up
        self.report = dict(report or {})
        self._latest: dict[str, Decision] = {}
        self._calls: dict[str, int] = {}

    async def evidence(self, tool: str) -> Evidence:
        divergences = []
        if self.recordings is not None:
            divergences = await self.recordings.divergences(self.experiment, tool, self.policy.window)
        shadow = len(divergences)
        measured = round(1.0 - sum(divergences) / shadow, 4) if shadow else None
        if shadow >= self.policy.min_samples:
            return Evidence("shadow", shadow, measured, shadow)
        reported = self.report.get(tool)
        if reported is not None and reported.samples >= self.policy.min_samples:
            return replace(reported, shadow_samples=shadow)
        return Evidence("shadow" if shadow else "none", shadow, measured, shadow)

    async def evaluate(self, tool: str) -> Decision:
        """The decision the evidence gives now (no call is counted; the admin API asks this)."""
        return rule(tool, await self.evidence(tool), self.policy, tool in self.real_tools)

    async def decide(self, tool: str) -> Decision:
        """The route of one call of ``tool``."""
        decision = await self.evaluate(tool)
        previous = self._latest.get(tool)
        self._latest[tool] = decision
        if previous is not None and previous.route != decision.route:
            log.info("route: auto changed its decision", experiment=self.experiment, tool=tool,
                     was=previous.route, now=decision.route, reason=decision.reason)  # fmt: skip
        if decision.flagged and (previous is None or previous.flagged != decision.flagged):
            log.warning("route: auto flagged a tool", experiment=self.experiment, tool=tool, flag=decision.flagged)
        count = self._calls[tool] = self._calls.get(tool, 0) + 1
        every = self.policy.recheck_every
        if decision.decided and tool in self.real_tools and every and count % every == 0:
            return replace(decision, route="shadow", recheck=True)
        return decision

    def latest(self) -> dict[str, Decision]:
        """Each tool's decision at its latest call."""
        return dict(self._latest)


def load_report(path: Path) -> dict[str, Evidence]:
    """Per-tool evidence from ``mcp-sim fidelity --json``: the mean of the pooled agreement rates
    (``REPORT_MEASURES`` that apply), over the tool's call count. A tool name two servers share is left out."""
    try:
        data = json.loads(read_text_file(path))
        servers = data["tools"]
        found: dict[str, Evidence] = {}
        seen: set[str] = set()
        for tools in servers.values():
            for tool, group in tools.items():
                pooled = [group["measures"][m]["rate"] for m in REPORT_MEASURES if m in group["measures"]]
                rates = [float(rate) for rate in pooled if rate is not None]
                if tool in seen:
                    found.pop(tool, None)
                    continue
                seen.add(tool)
                if rates:
                    found[tool] = Evidence("report", int(group["calls"]), round(sum(rates) / len(rates), 4))
        return found
    except ConfigError as exc:
        raise StartupError(exc.problems[0], field="auto.report") from None
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise StartupError(
            f"{path} is not a fidelity report (`mcp-sim fidelity --json`): {type(exc).__name__}: {exc}",
            field="auto.report",
        ) from None
