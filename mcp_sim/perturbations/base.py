"""Perturbations: the hook on the path of one call.

A ``Plan`` is decided before any backend runs (from the experiment seed, the session, the tool and the
call index) and then wraps the backend call ``call_next`` style. The profile issue fills this in; the
empty plan below is what an experiment without a profile gets.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from mcp_sim.outcome import Outcome

CallNext = Callable[[list[str]], Awaitable[Outcome]]  # takes world-model instructions


@dataclass(frozen=True)
class CallInfo:
    """What a plan may look at: the call, where it goes, and its place in the session."""

    experiment_seed: int
    session: str
    tool: str
    arguments: dict[str, Any]
    route: str
    call_index: int


@dataclass
class Plan:
    """The perturbations decided for one call, and the record of what they did."""

    decisions: list[dict[str, Any]] = field(default_factory=list)

    async def run(self, call: CallInfo, call_next: CallNext) -> Outcome:
        return await call_next([])


class Pipeline(Protocol):
    """Builds the plan of each call."""

    def plan(self, call: CallInfo) -> Plan: ...


class NoPerturbations:
    def plan(self, call: CallInfo) -> Plan:
        return Plan()
