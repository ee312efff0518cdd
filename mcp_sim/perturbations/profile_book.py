"""Which perturbation pipeline each session runs.

A session keeps the profile that was current at its first call, so switching an experiment's profile at
run time (admin API) reaches new sessions only, unless the switch asks to move running sessions too.
Profiles are named by a reference: a profile file or ready-profile name as an experiment file writes it,
``<inline>`` for the experiment's inline list, ``<none>`` for no perturbations. The session stores only
the reference (``SessionState.profile``); pipelines are loaded once per process and kept here.
"""

from __future__ import annotations

from collections.abc import Callable

import structlog

from mcp_sim.errors import SimError, StartupError
from mcp_sim.perturbations.base import NoPerturbations, Pipeline
from mcp_sim.state.base import SessionState

NO_PROFILE = "<none>"
INLINE_PROFILE = "<inline>"

PipelineLoader = Callable[[str], Pipeline]  # reference -> pipeline; raises ConfigError / StartupError

log = structlog.get_logger("mcp_sim.perturbations.profile_book")


class ProfileBook:
    """The current profile of an experiment plus every pipeline a session of this process has used."""

    def __init__(
        self,
        current: str,
        pipeline: Pipeline,
        loader: PipelineLoader | None = None,
        on_switch: Callable[[str], None] | None = None,
    ) -> None:
        self.current = current
        self._pipelines: dict[str, Pipeline] = {NO_PROFILE: NoPerturbations()}
        self._pipelines[current] = pipeline
        self._loader = loader
        self._on_switch = on_switch  # remembers a switch across restarts (runtime.py)

    def switch(self, ref: str) -> Pipeline:
        """Make ``ref`` the profile of new sessions. A profile that does not load raises and changes nothing."""
        pipeline = self.load(ref)
        self.current = ref
        if self._on_switch is not None:
            self._on_switch(ref)
        return pipeline

    def load(self, ref: str) -> Pipeline:
        if ref not in self._pipelines:
            if self._loader is None:
                raise StartupError(f"profile {ref!r}: this experiment cannot load perturbation profiles")
            self._pipelines[ref] = self._loader(ref)
        return self._pipelines[ref]

    def for_session(self, state: SessionState) -> Pipeline:
        """The session's pipeline; a session without one takes the current profile for good."""
        if state.profile is None:
            state.profile = self.current
        try:
            return self.load(state.profile)
        except SimError as exc:
            # A stored session of an earlier run whose profile no longer loads: keep serving, say why.
            log.warning("session profile unavailable", session=state.key, profile=state.profile, error=str(exc))
            return self.load(self.current)
