"""Experiment-wide switches (admin API: routing, profile) reach every process that shares the store.

A switch lands in the one worker (or replica) that took the admin request. Each process compares, once a
second, its experiments' flags with what it last agreed on: when they moved here, it publishes them to the
store; when the store's moved, it takes them. So a switch reaches every process within about a second, and
the last switch wins. Sessions keep the flags they started with either way (admin/experiments.py).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

import anyio
import structlog

from mcp_sim.calls import CallPath
from mcp_sim.errors import SimError
from mcp_sim.routing import flags as router

log = structlog.get_logger("mcp_sim.serving.flag_sync")

EVERY_S = 1.0


def flags_of(path: CallPath) -> dict[str, Any]:
    assert path.profiles is not None  # set by CallPath.__post_init__
    return {"routing": path.routing.to_json(), "profile": path.profiles.current}


def apply_flags(path: CallPath, flags: dict[str, Any]) -> None:
    routing = router.Routing.from_json(flags["routing"])
    assert routing is not None and path.profiles is not None
    if flags["profile"] != path.profiles.current:
        path.perturbations = path.profiles.switch(flags["profile"])
    path.routing = routing


async def sync_once(path: CallPath, agreed: dict[str, Any]) -> dict[str, Any]:
    """One comparison; returns the flags now agreed on."""
    store: Any = path.store
    mine = flags_of(path)
    if mine != agreed:  # switched here since: tell the others
        await store.put_flags(path.experiment.name, mine)
        return mine
    shared: dict[str, Any] | None = await store.get_flags(path.experiment.name)
    if shared is None or shared == mine:
        return mine
    try:
        apply_flags(path, shared)
    except SimError as exc:  # a profile another process could load and this one cannot: say so, keep ours
        log.warning("shared flags not applied", experiment=path.experiment.name, error=str(exc))
        return shared
    log.info("flags switched by another process", experiment=path.experiment.name, **shared)
    return shared


@asynccontextmanager
async def synced_flags(paths: Sequence[CallPath], every_s: float = EVERY_S) -> AsyncIterator[None]:
    """Keep the experiments' flags in step with the store while the context runs."""

    async def keep(path: CallPath) -> None:
        shared = await path.store.get_flags(path.experiment.name)  # type: ignore[attr-defined]
        agreed = flags_of(path)
        if shared is not None and shared != agreed:  # joined after a switch: take it
            apply_flags(path, shared)
            agreed = shared
        while True:
            await anyio.sleep(every_s)
            try:
                agreed = await sync_once(path, agreed)
            except SimError as exc:  # the store is away for a moment: try again next time
                log.warning("flag sync failed", experiment=path.experiment.name, error=str(exc))

    async with anyio.create_task_group() as tasks:
        for path in paths:
            if hasattr(path.store, "get_flags"):
                tasks.start_soon(keep, path)
        yield
        tasks.cancel_scope.cancel()
