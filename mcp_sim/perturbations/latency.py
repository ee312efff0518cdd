"""``latency``: delay the answer, as a slow network or a busy backend would.

    - type: latency
      distribution: lognormal      # fixed | uniform | lognormal (WireMock's names)
      median_ms: 300
      sigma: 0.6
      max_ms: 5000                 # a cap keeps lognormal tails bounded

The delay is an ``anyio.sleep``: only this call waits; other calls and sessions go on. It is drawn from
the entry's seeded RNG, so the same seed gives the same delays (recorded as ``delay_ms``).
"""

from __future__ import annotations

import math
from typing import ClassVar, Literal

import anyio
from pydantic import Field, model_validator

from mcp_sim.outcome import Outcome
from mcp_sim.perturbations.base import Call, Decision, Next, Params, Perturbation

MAX_DELAY_MS = 600_000.0  # ten minutes: longer than any client waits, so a larger delay is a typo


class LatencyParams(Params):
    distribution: Literal["fixed", "uniform", "lognormal"] = "fixed"
    ms: float | None = Field(None, ge=0, le=MAX_DELAY_MS)  # fixed
    min_ms: float | None = Field(None, ge=0, le=MAX_DELAY_MS)  # uniform
    max_ms: float | None = Field(None, ge=0, le=MAX_DELAY_MS)  # uniform upper bound; cap for lognormal
    median_ms: float | None = Field(None, gt=0, le=MAX_DELAY_MS)  # lognormal
    sigma: float = Field(0.5, ge=0, le=10)  # lognormal

    @model_validator(mode="after")
    def _complete(self) -> LatencyParams:
        needed = {"fixed": ("ms",), "uniform": ("min_ms", "max_ms"), "lognormal": ("median_ms",)}
        missing = [k for k in needed[self.distribution] if getattr(self, k) is None]
        if missing:
            raise ValueError(f"distribution {self.distribution!r} needs {' and '.join(missing)}")
        if self.distribution == "uniform" and (self.min_ms or 0) > (self.max_ms or 0):
            raise ValueError("min_ms must not exceed max_ms")
        return self

    def draw_ms(self, rng_value: float, gauss: float) -> float:
        if self.distribution == "fixed":
            return float(self.ms or 0)
        if self.distribution == "uniform":
            low, high = float(self.min_ms or 0), float(self.max_ms or 0)
            return low + (high - low) * rng_value
        delay = float(self.median_ms or 0) * math.exp(self.sigma * gauss)
        return min(delay, self.max_ms if self.max_ms is not None else MAX_DELAY_MS)


class Latency(Perturbation[LatencyParams]):
    type: ClassVar[str] = "latency"
    Params = LatencyParams

    async def apply(self, call: Call, call_next: Next, decision: Decision) -> Outcome:
        delay_ms = round(self.params.draw_ms(decision.rng.random(), decision.rng.gauss(0.0, 1.0)), 3)
        decision.note(delay_ms=delay_ms)
        await anyio.sleep(delay_ms / 1000)
        return await call_next(call)
