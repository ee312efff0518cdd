"""What every benchmark section receives and returns; sections plug in through ``sections.SECTIONS``."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.stats import Table


@dataclass(frozen=True)
class Settings:
    """``quick``: a short run (fewer calls / sessions) to check the harness, not to quote figures."""

    quick: bool
    workdir: Path  # scratch files of this run (experiment files, logs)


@dataclass
class SectionResult:
    tables: list[Table] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)  # raw figures for the JSON file


@dataclass(frozen=True)
class Section:
    """One benchmark section: a key for ``--only``, a title, a bounded coroutine."""

    key: str
    title: str
    run: Callable[[Settings], Awaitable[SectionResult]]
    time_limit_s: float  # the section is cancelled past this, so the run always stops by itself
