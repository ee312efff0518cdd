"""Experiments: list, show, and switch the sim-vs-real flag and the perturbation profile at run time.

A switch changes what new sessions get. A session takes the experiment's flags at its first call and keeps
them (calls.py), so an episode never changes world half-way, unless the request says ``apply_to_running``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import get_args

import anyio
from fastapi import APIRouter, HTTPException, Request

from mcp_sim.admin.lab import Hosted, Lab
from mcp_sim.admin.models import (
    ExperimentView,
    ProfileChange,
    RoutingChange,
    RoutingView,
    SessionRoutingChange,
    SwitchResult,
    ToolView,
)
from mcp_sim.calls import CallPath
from mcp_sim.config import RouteName
from mcp_sim.errors import SimError
from mcp_sim.perturbations.profile_book import NO_PROFILE
from mcp_sim.routing import flags as router
from mcp_sim.state.base import SessionState

api = APIRouter(prefix="/experiments", tags=["experiments"])


def lab_of(request: Request) -> Lab:
    lab: Lab = request.app.state.lab
    return lab


@api.get("", summary="List hosted experiments")
async def list_experiments(request: Request) -> list[ExperimentView]:
    lab = lab_of(request)
    return [await view(h, lab) for h in lab]


@api.get("/{name}", summary="Show one experiment: flags, profile, tools and their routes")
async def show_experiment(name: str, request: Request) -> ExperimentView:
    lab = lab_of(request)
    return await view(lab.get(name), lab)


@api.patch(
    "/{name}/routing",
    summary="Switch the sim-vs-real flag (default and per tool)",
    responses={409: {"description": "A tool would be routed to a real backend it does not have"}},
)
async def switch_routing(name: str, change: RoutingChange, request: Request) -> SwitchResult:
    lab = lab_of(request)
    path = lab.get(name).path
    routing = checked_change(path, path.routing, change)
    path.routing = routing
    return await _switched(lab, name, lambda s: setattr(s, "routing", routing.to_json()), change.apply_to_running)


@api.put(
    "/{name}/profile",
    summary="Switch the perturbation profile",
    responses={400: {"description": "The profile does not load"}},
)
async def switch_profile(name: str, change: ProfileChange, request: Request) -> SwitchResult:
    lab = lab_of(request)
    path = lab.get(name).path
    assert path.profiles is not None
    ref = change.profile or NO_PROFILE
    try:  # in a worker thread: reading and validating a file must not hold up the calls being served
        path.perturbations = await anyio.to_thread.run_sync(path.profiles.switch, ref)
    except SimError as exc:
        raise HTTPException(400, f"profile {ref!r} does not load: {exc}") from None
    path.catalog = path.exposed(path.perturbations)  # tools/list as the new sessions' profile lists them
    return await _switched(lab, name, lambda s: setattr(s, "profile", ref), change.apply_to_running)


async def view(hosted: Hosted, lab: Lab) -> ExperimentView:
    path = hosted.path
    experiment = path.experiment
    assert path.profiles is not None
    return ExperimentView(
        name=experiment.name,
        description=experiment.description,
        seed=experiment.seed,
        default=hosted.name == lab.default,
        mcp_paths=hosted.mcp_paths,
        routing=RoutingView(default=path.routing.default, overrides=dict(path.routing.overrides)),
        profile=path.profiles.current,
        route_names=list(get_args(RouteName)),
        sessions=len(await path.store.sessions(experiment.name)),
        tools=[
            ToolView(name=e.name, route=router.route(path.routing, e.name), upstream=e.upstream, source=e.source)
            for e in path.catalog
        ],
    )


def checked_change(path: CallPath, current: router.Routing, change: SessionRoutingChange) -> router.Routing:
    """``current`` with ``change`` applied, or the 4xx that says why it cannot be."""
    _check_patterns(path, change)
    routing = _changed(current, change)
    _check_backends(path, routing)
    return routing


def _changed(current: router.Routing, change: SessionRoutingChange) -> router.Routing:
    overrides: dict[str, RouteName] = dict(current.overrides)
    for pattern, route in change.tools.items():
        overrides.pop(pattern, None)
        if route is not None:
            overrides[pattern] = route
    return router.Routing.of(change.default or current.default, overrides)


def _check_patterns(path: CallPath, change: SessionRoutingChange) -> None:
    """A per-tool override that matches no tool is a typo: say so rather than silently doing nothing."""
    names = [e.name for e in path.catalog]
    for pattern, route in change.tools.items():
        probe = router.Routing.of("sim", {pattern: "sim"})
        if route is not None and not any(probe.match(n) for n in names):
            raise HTTPException(422, f"tools.{pattern}: matches no tool of experiment '{path.experiment.name}'")


def _check_backends(path: CallPath, routing: router.Routing) -> None:
    missing = [
        f"{e.name} ({'no real backend: it comes from ' + e.source if e.upstream is None else 'upstream ' + e.upstream})"
        for e in path.catalog
        if router.needs_real(router.route(routing, e.name)) and (e.upstream is None or e.upstream not in path.backends)
    ]
    if missing:
        raise HTTPException(409, "cannot route to a real backend: " + "; ".join(missing))


async def _switched(lab: Lab, name: str, move: Callable[[SessionState], None], apply: bool) -> SwitchResult:
    """After a switch: the stored sessions moved too when asked, and the experiment as it now is."""
    hosted = lab.get(name)
    moved = await _move_sessions(hosted.path, move) if apply else 0
    return SwitchResult(experiment=await view(hosted, lab), sessions_moved=moved)


async def _move_sessions(path: CallPath, move: Callable[[SessionState], None]) -> int:
    """Apply ``move`` to every stored session, each under its lock so no call of it is half-way."""
    name = path.experiment.name
    keys = await path.store.sessions(name)
    for key in keys:
        async with path.store.lock(name, key):
            state = await path.store.load(name, key)
            move(state)
            await path.store.save(state)
    return len(keys)
