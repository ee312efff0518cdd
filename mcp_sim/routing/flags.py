"""The sim-vs-real flag: pure functions from (experiment, session, tool) to a route."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from typing import Any

from mcp_sim.config import REAL_ROUTES, RouteName, needs_real

AUTO = "auto"  # resolved per call by routing/auto.py into sim, real or shadow; needs no real backend to start


@dataclass(frozen=True)
class Routing:
    """A default route plus ordered per-tool overrides (glob on the exposed name; first match wins)."""

    default: RouteName
    overrides: tuple[tuple[str, RouteName], ...] = field(default=())

    @classmethod
    def of(cls, default: RouteName, overrides: Mapping[str, RouteName]) -> Routing:
        return cls(default, tuple(overrides.items()))

    def to_json(self) -> dict[str, Any]:
        """The shape ``SessionState.routing`` stores."""
        return {"default": self.default, "overrides": dict(self.overrides)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> Routing | None:
        """A session's stored flags (``to_json``), or None when the session has none yet."""
        return None if data is None else cls.of(data["default"], data.get("overrides", {}))

    def match(self, tool: str) -> RouteName | None:
        for pattern, route in self.overrides:
            if fnmatchcase(tool, pattern):
                return route
        return None


def route(experiment: Routing, tool: str, session: Routing | None = None) -> RouteName:
    """Session flags win over experiment flags; per-tool overrides win over defaults."""
    if session is not None:
        return session.match(tool) or session.default
    return experiment.match(tool) or experiment.default


__all__ = ["AUTO", "REAL_ROUTES", "Routing", "needs_real", "route"]
