"""Per-tool fidelity of the simulator against reality, aggregated from observed calls."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from statistics import fmean
from typing import Any

from mcp_sim.reporting.sources import ObservedCall
from mcp_sim.routing import divergence as fidelity

SchemaOf = Callable[[str], dict[str, Any] | None]  # tool name -> outputSchema (None when unknown)


@dataclass
class ToolFidelity:
    """One row of the report. Rates and means are over the calls where the measure applies (None: none)."""

    tool: str
    calls: int = 0  # calls with a real observation
    pairs: int = 0  # of those, with a simulated counterpart
    real_errors: int = 0
    scores: list[fidelity.Fidelity] = field(default_factory=list)

    @property
    def status_match(self) -> float | None:
        return _rate([s.status_match for s in self.scores])

    @property
    def sim_schema_valid(self) -> float | None:
        return _rate([s.sim_schema_valid for s in self.scores if s.sim_schema_valid is not None])

    @property
    def real_schema_valid(self) -> float | None:
        return _rate([s.real_schema_valid for s in self.scores if s.real_schema_valid is not None])

    @property
    def structure(self) -> float | None:
        return _mean([s.structure for s in self.scores])

    @property
    def deterministic(self) -> float | None:
        return _mean([s.deterministic for s in self.scores if s.deterministic is not None])

    @property
    def divergence(self) -> float | None:
        return _mean([s.divergence for s in self.scores])

    def to_json(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in COLUMNS}


# Report columns in display order, with their headings.
COLUMNS = {
    "tool": "tool",
    "calls": "real",
    "pairs": "pairs",
    "real_errors": "real\nerrors",
    "status_match": "status",
    "sim_schema_valid": "sim\nschema",
    "real_schema_valid": "real\nschema",
    "structure": "struct",
    "deterministic": "determ",
    "divergence": "diverg",
}
MEASURES = ("status_match", "sim_schema_valid", "structure", "deterministic", "divergence")


def summarize(calls: list[ObservedCall], schema_of: SchemaOf) -> list[ToolFidelity]:
    """Rows sorted by tool, plus a last row ``(all)`` over every call."""
    rows: dict[str, ToolFidelity] = {}
    overall = ToolFidelity("(all)")
    for call in calls:
        if call.real is None:
            continue
        row = rows.setdefault(call.tool, ToolFidelity(call.tool))
        score = score_of(call, schema_of(call.tool))
        for target in (row, overall):
            target.calls += 1
            target.real_errors += fidelity.is_error(call.real)
            if score is not None:
                target.pairs += 1
                target.scores.append(score)
    return [rows[name] for name in sorted(rows)] + ([overall] if rows else [])


def score_of(call: ObservedCall, schema: dict[str, Any] | None) -> fidelity.Fidelity | None:
    """Scored afresh; a schema-less rescoring keeps the schema verdicts stored when the call was shadowed."""
    if call.real is None or call.sim is None:
        return None
    score = fidelity.compare(call.real, call.sim, schema)
    stored = call.fidelity or {}
    if schema is None and stored.get("sim_schema_valid") is not None:
        score = fidelity.Fidelity(
            score.status_match,
            stored.get("real_schema_valid"),
            stored["sim_schema_valid"],
            score.structure,
            score.deterministic,
        )
    return score


def _rate(values: list[bool]) -> float | None:
    return round(sum(values) / len(values), 4) if values else None


def _mean(values: list[float]) -> float | None:
    return round(fmean(values), 4) if values else None
