"""Section 6: memory (placeholder until implemented)."""

from __future__ import annotations

from benchmarks.harness import SectionResult, Settings


async def run(settings: Settings) -> SectionResult:
    raise NotImplementedError("memory section not written yet")
