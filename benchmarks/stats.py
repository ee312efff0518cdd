"""Latency summaries and the tables every section prints (markdown, so the README can quote them)."""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Summary:
    """Median / p99 of one series of samples, in milliseconds."""

    n: int
    median_ms: float
    p99_ms: float
    mean_ms: float

    @classmethod
    def of(cls, samples_s: list[float]) -> Summary:
        ms = sorted(s * 1000 for s in samples_s)
        rank = max(1, math.ceil(0.99 * len(ms)))  # nearest-rank p99
        return cls(len(ms), statistics.median(ms), ms[rank - 1], statistics.fmean(ms))

    def to_json(self) -> dict[str, Any]:
        return {
            "n": self.n,
            "median_ms": round(self.median_ms, 3),
            "p99_ms": round(self.p99_ms, 3),
            "mean_ms": round(self.mean_ms, 3),
        }


def ratio(value: float, baseline: float) -> float:
    return value / baseline if baseline > 0 else math.inf


@dataclass
class Table:
    """A titled table; cells are already formatted strings."""

    title: str
    columns: list[str]
    rows: list[list[str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def add(self, *cells: object) -> None:
        self.rows.append([str(c) for c in cells])

    def markdown(self) -> str:
        widths = [
            max(len(c), *(len(r[i]) for r in self.rows)) if self.rows else len(c) for i, c in enumerate(self.columns)
        ]

        def line(cells: list[str]) -> str:
            return "| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)) + " |"

        out = [f"**{self.title}**", "", line(self.columns), "|" + "|".join("-" * (w + 2) for w in widths) + "|"]
        out += [line(r) for r in self.rows]
        out += [""] + [f"- {n}" for n in self.notes] if self.notes else []
        return "\n".join(out)

    def to_json(self) -> dict[str, Any]:
        return {"title": self.title, "columns": self.columns, "rows": self.rows, "notes": self.notes}


def ms(value: float) -> str:
    return f"{value:.2f}"


def times(value: float) -> str:
    return f"{value:.2f}x"
