"""Sessions: list, show, reset, fork, delete. Everything goes through the experiment's StateStore."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import APIRouter, HTTPException, Query, Request, Response

from mcp_sim.admin.experiments import checked_change, lab_of
from mcp_sim.admin.models import (
    ForkRequest,
    ForkResult,
    GroupRequest,
    GroupResult,
    RoutingView,
    SessionDetail,
    SessionRoutingChange,
    SessionSummary,
)
from mcp_sim.calls import CallPath
from mcp_sim.errors import InvalidSessionKey
from mcp_sim.routing import flags as router
from mcp_sim.sessions import Sessions
from mcp_sim.state.base import SessionState
from mcp_sim.state.episode import Episode, episode_of
from mcp_sim.state.keys import checked_key

api = APIRouter(prefix="/sessions", tags=["sessions"])


@api.get("", summary="List stored sessions, newest first")
async def list_sessions(
    request: Request,
    experiment: str | None = Query(None, description="Only sessions of this experiment"),
    max_age_s: float | None = Query(None, ge=0, description="Only sessions whose first call is this recent"),
    min_age_s: float | None = Query(None, ge=0, description="Only sessions whose first call is at least this old"),
) -> list[SessionSummary]:
    lab = lab_of(request)
    paths = [lab.get(experiment).path] if experiment else [h.path for h in lab]
    now = time.time()
    found = []
    for path in paths:
        for key in await path.store.sessions(path.experiment.name):
            summary = await _summary(path, await path.store.load(path.experiment.name, key))
            age = None if summary.first_call_at is None else now - summary.first_call_at
            if max_age_s is not None and (age is None or age > max_age_s):
                continue
            if min_age_s is not None and (age is None or age < min_age_s):
                continue
            found.append(summary)
    return sorted(found, key=lambda s: s.last_call_at or 0.0, reverse=True)


@api.get("/{experiment}/{key}", summary="Show a session: its flags, entity ledger and every call")
async def show_session(experiment: str, key: str, request: Request) -> SessionDetail:
    path = await _session_path(request, experiment, key)
    state = await path.store.load(experiment, key)
    turns = await path.store.turns(experiment, key)
    summary = await _summary(path, state)
    return SessionDetail(
        **summary.model_dump(),
        ledger=state.ledger.to_json(),
        cursors=state.cursors,
        turns=[t.to_json() for t in turns],
    )


@api.get(
    "/{experiment}/{key}/episode",
    summary="The episode as a reward function reads it: final ledger, calls, effective perturbations, counts, seed",
)
async def show_episode(experiment: str, key: str, request: Request) -> Episode:
    async with _held(request, experiment, key) as path:
        state = await path.store.load(experiment, key)
        return episode_of(state, await path.store.turns(experiment, key), path.experiment.seed)


@api.patch(
    "/{experiment}/{key}/routing",
    summary="Switch the sim-vs-real flag of one session",
    responses={409: {"description": "A tool would be routed to a real backend it does not have"}},
)
async def switch_session_routing(
    experiment: str, key: str, change: SessionRoutingChange, request: Request
) -> SessionSummary:
    async with _held(request, experiment, key) as path:
        state = await path.store.load(experiment, key)
        own = router.Routing.from_json(state.routing)
        state.routing = checked_change(path, own or path.routing, change).to_json()
        await path.store.save(state)
    return await _summary(path, state)


@api.post("/{experiment}/{key}/reset", status_code=204, summary="Reset a session: its next call starts afresh")
async def reset_session(experiment: str, key: str, request: Request) -> Response:
    async with _held(request, experiment, key) as path:
        await path.store.reset(experiment, key)
        await path.end_session(key)
    return Response(status_code=204)


@api.post(
    "/{experiment}/{key}/fork",
    summary="Copy a session (state and history) into new sessions: a group from one world",
    responses={409: {"description": "A named copy already exists, or names repeat"}},
)
async def fork_session(experiment: str, key: str, body: ForkRequest, request: Request) -> ForkResult:
    path = await _session_path(request, experiment, key)
    for new_key in body.keys or []:
        _checked(new_key)
    if body.keys is not None:
        taken = sorted(set(body.keys) & set(await path.store.sessions(experiment)))
        if taken or len(set(body.keys)) != len(body.keys):
            raise HTTPException(409, f"fork keys must be new and distinct (already used: {taken or 'duplicates'})")
    sessions = Sessions(path.store, experiment, path.experiment.seed)
    try:
        keys = await sessions.fork(key, body.keys, 0 if body.keys is not None else body.count, body.seed)
    except ValueError as exc:
        raise HTTPException(409, str(exc)) from None
    return ForkResult(source=key, keys=keys, seed=body.seed)


@api.post(
    "/{experiment}",
    summary="Create a group of fresh sessions '<name>.1' .. '<name>.<count>' from the world seed",
    responses={409: {"description": "A member's key is already in use"}},
)
async def create_group(experiment: str, body: GroupRequest, request: Request) -> GroupResult:
    path = lab_of(request).get(experiment).path
    _checked(f"{body.name}.{body.count}")  # the longest member name
    try:
        keys = await Sessions(path.store, experiment, path.experiment.seed).create(body.name, body.count, body.seed)
    except ValueError as exc:
        raise HTTPException(409, str(exc)) from None
    return GroupResult(name=body.name, keys=keys, seed=body.seed)


@api.delete("/{experiment}/{key}", status_code=204, summary="Delete a session and its history")
async def delete_session(experiment: str, key: str, request: Request) -> Response:
    async with _held(request, experiment, key) as path:
        await path.store.delete(experiment, key)
        await path.end_session(key)
    return Response(status_code=204)


async def _session_path(request: Request, experiment: str, key: str) -> CallPath:
    path = lab_of(request).get(experiment).path
    _checked(key)
    if key not in await path.store.sessions(experiment):
        raise HTTPException(404, f"experiment '{experiment}' has no session {key!r}")
    return path


@asynccontextmanager
async def _held(request: Request, experiment: str, key: str) -> AsyncIterator[CallPath]:
    """The session's call path, holding the session's lock so that no call of it is half-way."""
    path = await _session_path(request, experiment, key)
    async with path.store.lock(experiment, key):
        yield path


async def _summary(path: CallPath, state: SessionState) -> SessionSummary:
    first = await path.store.turns(state.experiment, state.key, 0, 1)
    last = await path.store.turns(state.experiment, state.key, max(state.call_count - 1, 0), 1)
    routing = state.routing
    return SessionSummary(
        experiment=state.experiment,
        key=state.key,
        calls=state.call_count,
        routing=RoutingView(default=routing["default"], overrides=routing.get("overrides", {})) if routing else None,
        profile=state.profile,
        first_call_at=first[0].started_at if first else None,
        last_call_at=last[0].started_at if last else None,
    )


def _checked(key: str) -> str:
    """The session-key rule of every entry point (state/keys.py), as a 422 naming the problem."""
    try:
        return checked_key(key)
    except InvalidSessionKey as exc:
        raise HTTPException(422, exc.message) from None
